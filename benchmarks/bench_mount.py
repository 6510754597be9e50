"""Issue 17: what mounting adds to a trivial upstream tool's round trip (target: at most 1 ms).

In the same run and with the same client (`mcp.Client`, modern era by default), each row calls
a trivial SDK tool (`ping`) twice over: directly on the upstream, and as `up_ping` through a
layer that mounts that upstream. In memory the upstream is an in-process `MCPServer` and the
layer is served in-process too (`Client(build_server(layer))`), so the difference is the layer's
lifecycle plus one in-process forward. Over stdio the upstream is a subprocess, reached either
directly or through `cloudg-lab serve --mount up=...` (a second process in between, as a gateway
is deployed). Each row is measured under `open` (no transforms) and `strict` (the full privacy
pipeline over the result).
Run: `python benchmarks/bench_mount.py [--calls N] [--mode legacy|auto]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import statistics
import sys
import time
from typing import Any

from mcp import Client, StdioServerParameters
from mcp.server.mcpserver import MCPServer

from cloudg_lab import Layer
from cloudg_lab.adapters import build_server

POLICIES = ("open", "strict")


def upstream() -> MCPServer:
    server = MCPServer("bench-upstream")

    @server.tool()
    async def ping() -> str:
        """A trivial tool: the cost measured is the path's, not the handler's."""
        return "pong"

    return server


async def median_us(client: Client, tool: str, n: int) -> float:
    await client.list_tools()
    for _ in range(min(200, n)):
        await client.call_tool(tool, {})
    samples = []
    for _ in range(n):
        start = time.perf_counter_ns()
        await client.call_tool(tool, {})
        samples.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(samples)


async def in_memory(policy: str, n: int, mode: str) -> tuple[float, float]:
    server = upstream()
    async with Client(server, mode=mode) as client:
        direct = await median_us(client, "ping", n)
    layer = Layer(policy=policy, catalog=False)
    await layer.mount("up", server)
    try:
        async with Client(build_server(layer), mode=mode) as client:
            mounted = await median_us(client, "up_ping", n)
    finally:
        await layer.unmount("up")
    return direct, mounted


def _upstream_command() -> list[str]:
    return [sys.executable, os.path.abspath(__file__), "--serve-upstream"]


async def stdio(policy: str, n: int, mode: str) -> tuple[float, float]:
    command = _upstream_command()
    async with Client(StdioServerParameters(command=command[0], args=command[1:]), mode=mode) as c:
        direct = await median_us(c, "ping", n)
    gateway = StdioServerParameters(
        command=sys.executable, env={**os.environ, "CLOUDG_LAB_VAULT_KEY": "bench-mount-key"},
        args=["-m", "cloudg_lab", "serve", "--policy", policy, "--mount", "up=" + shlex.join(command)])
    async with Client(gateway, mode=mode) as c:
        mounted = await median_us(c, "up_ping", n)
    return direct, mounted


async def main(n: int, mode: str) -> None:
    print(f"{'path':22} {'policy':8} {'direct µs':>10} {'mounted µs':>11} {'added µs':>9} {'ratio':>6}")
    for label, measure in (("in-memory", in_memory), ("stdio", stdio)):
        for policy in POLICIES:
            direct, mounted = await measure(policy, n, mode)
            print(f"{label:22} {policy:8} {direct:10.1f} {mounted:11.1f} {mounted - direct:9.1f} "
                  f"{mounted / direct:6.2f}")


def serve_upstream() -> Any:
    upstream().run()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=2000, help="timed round trips per row")
    parser.add_argument("--mode", default="auto", choices=("auto", "legacy"), help="client era")
    parser.add_argument("--serve-upstream", action="store_true", help=argparse.SUPPRESS)
    parsed = parser.parse_args()
    if parsed.serve_upstream:
        serve_upstream()
    else:
        asyncio.run(main(parsed.calls, parsed.mode))
