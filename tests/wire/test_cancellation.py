"""A cancel stops the work, through real clients: `cloudg-lab serve` over stdio and streamable HTTP.

Each test starts `load_dataset` on a generated estate, waits for its first progress
notification (the worker thread is reading), cancels the awaiting task (the `mcp` client then
sends `notifications/cancelled`, or closes the request's stream in the 2026-07-28 era) and checks
that the load never becomes a dataset, that no progress arrives after the server has answered a
later request, and that the work itself stopped: the server process goes idle having spent far
less CPU than a full load costs (stdio), or the principal's worker slot frees (HTTP).
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client, StdioServerParameters, types
from mcp.client.streamable_http import streamable_http_client

from cloudg_lab import Layer
from cloudg_lab.adapters import HttpEndpoint
from cloudg_lab.sample import generate

BIG_ASSETS = 200_000
STORM_ASSETS = 20_000
STORM = 50
WARM_UP = 50
"""Loads before the baseline: the executor starts its threads lazily and each thread's malloc
arena grows once, so RSS climbs over the first ~30 cancelled loads and then stays flat (a probe:
118 MB at start, 141 after 30, 143-145 after 60, 90, 120, 150); how fast it gets there depends
on how loads happen to overlap (a storm's next load may start while the last cancelled one
still parses its chunk), so each load waits for the server to go idle and the baseline is taken
after as many loads as the storm has."""
WAIT_S = 30.0
OPERATOR = "operator-token-0001"
TICK = os.sysconf("SC_CLK_TCK")


@pytest.fixture(scope="module")
def estates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One root holding `big` (200k assets), `storm` (20k) and `home` (the server's own, small);
    generated once per module."""
    root = tmp_path_factory.mktemp("estates")
    generate(assets=BIG_ASSETS, seed=21, out=root / "big")
    generate(assets=STORM_ASSETS, seed=22, out=root / "storm")
    generate(assets=60, seed=23, out=root / "home")
    return root


@dataclass
class Watch:
    """Every progress notification the client received, with its arrival time."""

    progress: list[float] = field(default_factory=list)
    first: asyncio.Event = field(default_factory=asyncio.Event)

    async def handler(self, message: Any) -> None:
        if isinstance(message, types.ProgressNotification):
            self.progress.append(time.monotonic())
            self.first.set()

    def reset(self) -> None:
        self.first = asyncio.Event()


async def cancelled_load(client: Client, watch: Watch, path: str, name: str) -> float:
    """Start a load, cancel it after its first progress; the time the cancel was sent."""
    watch.reset()
    call = asyncio.ensure_future(client.call_tool("load_dataset", {"path": path, "name": name},
                                                  progress_callback=_ignore))
    await asyncio.wait_for(watch.first.wait(), WAIT_S)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    return time.monotonic()


async def _ignore(progress: float, total: float | None, message: str | None) -> None:
    """A progress callback makes the client send a progress token."""


async def names(client: Client) -> list[str]:
    result = await client.call_tool("list_datasets", {})
    assert result.structured_content is not None
    return [d["name"] for d in result.structured_content["datasets"]]


# --------------------------------------------------------------------------- stdio


@asynccontextmanager
async def serve_stdio(root: Path, watch: Watch,
                      home: str = "home") -> AsyncIterator[tuple[Client, int]]:
    """`cloudg-lab serve` (standard policy, the local user) with `root/home` loaded as `home`,
    and its process id."""
    marker = f"home={root / home}"
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "cloudg_lab", "serve", "--dataset", marker],
                                   env={**os.environ, "CLOUDG_LAB_ALLOWED_ROOTS": str(root),
                                        # glibc grows a malloc arena per worker thread, by
                                        # timing; pinned, RSS measures what the layer keeps
                                        "MALLOC_ARENA_MAX": "2"})
    async with Client(params, message_handler=watch.handler, mode="legacy") as client:
        yield client, _child_with(marker)


def _child_with(text: str) -> int:
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        for pid in (task / "children").read_text().split():
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            if text in cmdline:
                return int(pid)
    raise AssertionError(f"no child process runs with {text!r}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def status(pid: int, field: str) -> int:
    """A number of `/proc/PID/status` (`VmRSS` in KiB, `Threads`)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} line")


def rss_kib(pid: int) -> int:
    return status(pid, "VmRSS")


async def settle(pid: int, window: float = 0.3) -> float:
    """Wait (bounded) until the process spends under 10% CPU over `window`; its CPU seconds."""
    deadline = time.monotonic() + WAIT_S
    before = cpu_seconds(pid)
    while time.monotonic() < deadline:
        await asyncio.sleep(window)
        now = cpu_seconds(pid)
        if now - before < window * 0.1:
            return now
        before = now
    raise AssertionError("the server never went idle")


async def test_a_cancelled_200k_load_over_stdio_stops_and_never_appears(estates):
    watch = Watch()
    async with serve_stdio(estates, watch) as (client, pid):
        assert await names(client) == ["home"]  # the first call's one-off work, before measuring
        await settle(pid)
        await cancelled_load(client, watch, str(estates / "big"), "big")
        at_cancel = cpu_seconds(pid)
        assert "big" not in await names(client)
        answered = time.monotonic()
        spent = await settle(pid) - at_cancel
        assert "big" not in await names(client)
        late = [t for t in watch.progress if t > answered]
        assert late == []
        assert spent < 1.0, f"the server spent {spent:.1f} s CPU after the cancel"
        again = await client.call_tool("load_dataset", {"path": str(estates / "storm"),
                                                         "name": "big"})
        assert not again.is_error  # the name was never taken


async def test_rss_returns_after_a_storm_of_50_cancelled_loads(estates):
    watch = Watch()
    # the server holds a dataset of the storm's size, as a real one does: how much RSS one
    # partly parsed load leaves in the allocator is then small beside what the server holds
    async with serve_stdio(estates, watch, home="storm") as (client, pid):
        storm = str(estates / "storm")
        for i in range(WARM_UP):
            await cancelled_load(client, watch, storm, f"warm-{i}")
            await settle(pid, window=0.05)  # the cancelled thread has let go before the next
        await settle(pid)
        baseline = rss_kib(pid)
        for i in range(STORM):
            await cancelled_load(client, watch, storm, f"storm-{i}")
            await settle(pid, window=0.05)
        await settle(pid)
        after = rss_kib(pid)
        assert await names(client) == ["home"]
    # Alone, RSS comes back within 0.2%. On a busy machine a cancelled load's thread can still
    # parse while the next starts (at most four per principal), and the allocator keeps that
    # high-water mark: up to ~16 MB here. A cancel that kept its partial dataset would add about
    # that much per load, 50 times over, so the bound below still catches the leak class.
    assert after <= baseline * 1.25, f"RSS {baseline} KiB before, {after} KiB after"


# --------------------------------------------------------------------------- HTTP


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_cancelled_200k_load_over_http_stops_and_never_appears(estates, mode):
    layer = Layer(policy="standard", allowed_roots=[estates])
    endpoint = HttpEndpoint(layer, port=0, tokens=[f"{OPERATOR}:operator:ops"])
    await endpoint.start()
    watch = Watch()
    try:
        assert endpoint.url is not None
        http = httpx2.AsyncClient(headers={"authorization": f"Bearer {OPERATOR}"},
                                  timeout=httpx2.Timeout(30, read=60))
        async with http, Client(streamable_http_client(endpoint.url, http_client=http), mode=mode,
                                message_handler=watch.handler) as client:
            await cancelled_load(client, watch, str(estates / "big"), "big")
            assert "big" not in await names(client)
            answered = time.monotonic()
            for _ in range(250):  # 5 s at most; a full load takes longer than that
                if not layer.workers.busy("ops"):
                    break
                await asyncio.sleep(0.02)
            assert layer.workers.busy("ops") == 0, "the load thread still runs"
            assert "big" not in await names(client) and layer.workspace.names() == []
            assert [t for t in watch.progress if t > answered] == []
    finally:
        await endpoint.stop()
