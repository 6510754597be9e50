"""P8: what the wire adds to a trivial tool call, and HTTP throughput with 8 concurrent clients.

Baseline in the same run: the in-process `layer.call_tool` of the same trivial async tool under
`open`. Round trips go through the real `mcp.Client` in-memory (`Client(server)`), over stdio (a
subprocess) and over streamable HTTP on 127.0.0.1 (a server subprocess, so client and server each
have a core), in both protocol eras. Throughput: 8 clients, each on its own connection, calling
concurrently from one process; the server's own CPU per call is printed too, because on a shared
machine the calls/s figure moves with whatever else runs, and the client process costs as much.
Guarantee 1 (issue 12): deriving the reverse map at load, as a share of a 100k-asset load
(classification included), and the first resolution of pseudonyms another process issued, in
a fresh process that has loaded the same data with the same key.
Fleet (issue 16): the same 8 clients with the rate-limit buckets in memory and in Redis (and the
audit stream on), in the same run, interleaved over several rounds (median and range).
Run: `python benchmarks/bench_wire.py [--calls N] [--throughput-calls N] [--derive-assets N]
[--store-rounds N] [--stores-only] [--blocking-row]`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters

from cloudg_lab import Layer, Principal
from cloudg_lab.adapters import HttpEndpoint, build_server, serve_stdio
from cloudg_lab.adapters.fleet import join_fleet
from cloudg_lab.policy.ratelimit import BucketStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "wire"))
ERAS = (("legacy", "legacy"), ("2026-07-28", "auto"))
CLIENTS = 8


FLEET_POLICY = {"extends": "open", "name": "bench-fleet",
                "rate_limits": [{"rate": 10**9, "per": "second", "burst": 10**9, "scope": "principal"}]}
"""A limit no call reaches, so every call takes a token from the store being measured."""


def build_layer(policy: Any = "open") -> Layer:
    layer = Layer(policy=policy, catalog=False)

    @layer.tool()
    async def ping() -> str:
        """A trivial tool: the cost measured is the wire's, not the handler's."""
        return "pong"

    return layer


async def timed(call: Callable[[], Awaitable[Any]], n: int) -> list[float]:
    for _ in range(min(200, n)):
        await call()
    samples = []
    for _ in range(n):
        start = time.perf_counter_ns()
        await call()
        samples.append((time.perf_counter_ns() - start) / 1000)
    return samples


@asynccontextmanager
async def http_server(*fleet: str) -> AsyncIterator[tuple[str, asyncio.subprocess.Process]]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve", "http", *fleet, stdout=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    try:
        async with asyncio.timeout(60):
            url = (await process.stdout.readline()).decode().strip()
        yield url, process
    finally:
        process.terminate()
        async with asyncio.timeout(30):
            await process.wait()


def stdio_params() -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[__file__, "--serve", "stdio"])


async def round_trips(n: int, url: str) -> list[tuple[str, float]]:
    rows = []
    for era, mode in ERAS:
        for label, target in (("in-memory", None), ("stdio", stdio_params()), ("http", url)):
            server_or_target = build_server(build_layer()) if target is None else target
            async with Client(server_or_target, mode=mode) as client:
                await client.list_tools()
                samples = await timed(lambda c=client: c.call_tool("ping", {}), n)
            rows.append((f"{label} {era}", statistics.median(samples)))
    return rows


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return math.nan
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def throughput(url: str, total: int, mode: str) -> float:
    """Calls per second once all clients are connected (connection setup is not timed)."""
    share = total // CLIENTS
    connected: list[None] = []
    all_connected, go = asyncio.Event(), asyncio.Event()

    async def one_client() -> None:
        async with Client(url, mode=mode) as client:
            await client.list_tools()
            connected.append(None)
            if len(connected) == CLIENTS:
                all_connected.set()
            await go.wait()
            for _ in range(share):
                await client.call_tool("ping", {})

    tasks = [asyncio.ensure_future(one_client()) for _ in range(CLIENTS)]
    async with asyncio.timeout(60):
        await all_connected.wait()
    start = time.perf_counter()
    go.set()
    await asyncio.gather(*tasks)
    return share * CLIENTS / (time.perf_counter() - start)


async def main(args: argparse.Namespace) -> None:
    layer = build_layer()
    who = Principal.local()
    baseline = statistics.median(await timed(lambda: layer.call_tool("ping", {}, principal=who), args.calls))
    async with http_server() as (url, server):
        rows = await round_trips(args.calls, url)
        rates = []
        for era, mode in ERAS:
            before = cpu_seconds(server.pid)
            rate = await throughput(url, args.throughput_calls, mode)
            server_ms = (cpu_seconds(server.pid) - before) / args.throughput_calls * 1000
            rates.append((era, rate, server_ms))
    print(f"{'transport era':26} {'median µs':>10} {'× in-process':>13}")
    print(f"{'in-process call_tool':26} {baseline:10.1f} {1.0:13.1f}")
    for label, median in rows:
        print(f"{label:26} {median:10.1f} {median / baseline:13.1f}")
    for era, rate, server_ms in rates:
        print(f"http {CLIENTS} clients {era:13} {rate:10.0f} calls/s; server CPU {server_ms:.2f} ms/call "
              f"(≈ {1000 / server_ms:.0f} calls/s per core)")
    await print_store_figures(args.throughput_calls, args.store_rounds, blocking=args.blocking_row)
    figures = derive_figures(args.derive_assets)
    print(f"derive {args.derive_assets:,} assets: load {figures['load']:.2f} s, reverse map "
          f"{figures['prepare']:.3f} s (+{figures['share']:.0%}, target <= 10%); fresh process: "
          f"{figures['resolved']}/{figures['asked']} resolved, first {figures['first_ms']:.2f} ms, "
          f"median {figures['median_ms']:.3f} ms, max {figures['max_ms']:.2f} ms (target < 5 ms)")
    ratios = {label: median / baseline for label, median in rows}
    print(f"SUMMARY P8 round trip vs in-process (2026-07-28): in-memory "
          f"{ratios['in-memory 2026-07-28']:.0f}×, stdio {ratios['stdio 2026-07-28']:.0f}×, "
          f"http {ratios['http 2026-07-28']:.0f}× | {CLIENTS} HTTP clients: "
          + ", ".join(f"{era} {rate:.0f} calls/s" for era, rate, _ in rates) + " (target ≥ 400)")


STORES = ("memory store", "redis store", "redis store + audit")
BLOCKING = "redis, blocking take"
"""The Redis store taken synchronously on the event loop, as before the layer awaited it."""


async def store_figures(url: str, calls: int, rounds: int, *,
                        blocking: bool) -> dict[str, list[tuple[float, float]]]:
    """8 clients over HTTP (2026 era) with the rate-limit buckets in memory, in the Redis at
    `url`, and with the audit stream too (and with `blocking`, the Redis store taken on the loop):
    one server each, all started first, then measured in turn, `rounds` times, each round
    starting with the next store, so a neighbour's load on the shared machine falls on every
    store alike. (calls/s, server CPU ms per call) per store and round."""
    fleets = {STORES[0]: ("--store", "memory"), STORES[1]: ("--store", url),
              STORES[2]: ("--store", url, "--sink", url)}
    if blocking:
        fleets[BLOCKING] = ("--store", url, "--blocking")
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in fleets}
    async with contextlib.AsyncExitStack() as stack:
        servers = [await stack.enter_async_context(http_server(*fleet)) for fleet in fleets.values()]
        order = list(zip(fleets, servers, strict=True))
        for turn in range(rounds):  # each round starts with the next store: no fixed order
            for label, (served, server) in order[turn % len(order):] + order[:turn % len(order)]:
                before = cpu_seconds(server.pid)
                rate = await throughput(served, calls, "auto")
                runs[label].append((rate, (cpu_seconds(server.pid) - before) / calls * 1000))
    return runs


async def layer_store_figures(url: str, calls: int, rounds: int) -> dict[str, list[tuple[float, float]]]:
    """The stores' own cost, without HTTP: 8 callers at once on one loop in this process, the
    buckets in memory, in Redis (awaited) and in Redis taken on the loop. (µs, CPU µs of this
    process) per call, per store and round; Redis's own CPU is not counted."""
    layers = {label: build_layer(FLEET_POLICY) for label in (STORES[0], STORES[1], BLOCKING)}
    join_fleet(layers[STORES[1]], rate_limit_store=url)
    blocked = join_fleet(layers[BLOCKING], rate_limit_store=url).limits
    assert blocked is not None
    layers[BLOCKING].policy.rate_limiter.store = Blocking(blocked)
    who, share = Principal.local(), calls // CLIENTS
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in layers}

    async def caller(layer: Layer) -> None:
        for _ in range(share):
            await layer.call_tool("ping", {}, principal=who)

    for layer in layers.values():  # connected, the script loaded
        await layer.call_tool("ping", {}, principal=who)
    for _ in range(rounds):
        for label, layer in layers.items():
            cpu, start = time.process_time(), time.perf_counter()
            await asyncio.gather(*(caller(layer) for _ in range(CLIENTS)))
            done = share * CLIENTS / 1e6
            runs[label].append(((time.perf_counter() - start) / done, (time.process_time() - cpu) / done))
    return runs


async def print_store_figures(calls: int, rounds: int, *, blocking: bool = False) -> None:
    """The store rows: median and range of calls/s, and what each Redis row costs against memory;
    then the same stores in process. One real Redis (Debian's `redis-server`, started here)."""
    import redis_server  # the tests' own starter (tests/wire): a free loopback port, stopped by its PID

    with tempfile.TemporaryDirectory() as folder, redis_server.running(Path(folder)) as url:
        runs = await store_figures(url, calls, rounds, blocking=blocking)
        in_process = await layer_store_figures(url, calls, rounds)
    medians = {label: statistics.median(rate for rate, _ in rows) for label, rows in runs.items()}
    for label, rows in runs.items():
        rates = [rate for rate, _ in rows]
        cpu = [ms for _, ms in rows]
        print(f"http {CLIENTS} clients, {label:20} median {medians[label]:6.0f} calls/s "
              f"(min {min(rates):.0f}, max {max(rates):.0f}, {rounds} interleaved rounds); "
              f"server CPU median {statistics.median(cpu):.2f} ms/call (min {min(cpu):.2f})")
    memory = runs[STORES[0]]
    memory_cpu = [ms for _, ms in memory]
    for label in list(runs)[1:]:
        paired = [1 - rate / base for (rate, _), (base, _) in zip(runs[label], memory, strict=True)]
        cpu = [ms for _, ms in runs[label]]
        print(f"fleet: {label} costs {1 - medians[label] / medians[STORES[0]]:+.0%} of the memory "
              f"store's median calls/s (per round: min {min(paired):+.0%}, median "
              f"{statistics.median(paired):+.0%}, max {max(paired):+.0%}; target <= 25%); server "
              f"CPU per call {statistics.median(cpu) / statistics.median(memory_cpu) - 1:+.0%} "
              f"(min against min {min(cpu) / min(memory_cpu) - 1:+.0%})")
    for label, rows in in_process.items():
        wall, cpu = [us for us, _ in rows], [us for _, us in rows]
        print(f"in process, {CLIENTS} callers, {label:20} median {statistics.median(wall):6.0f} µs/call "
              f"(min {min(wall):.0f}); CPU median {statistics.median(cpu):.0f} µs/call (min {min(cpu):.0f})")


DERIVE_KEY = "bench-derive-key"


def derive_figures(assets: int) -> dict[str, float]:
    """Load, derive (the vault's `prepare`), then resolve in a fresh process, same data and key."""
    import json
    import subprocess
    import tempfile

    from cloudg_lab.data.workspace import Workspace
    from cloudg_lab.privacy.classify import DatasetClassifier
    from cloudg_lab.privacy.vault import Vault
    from cloudg_lab.sample import generate

    with tempfile.TemporaryDirectory() as folder:
        path = generate(assets, seed=9, out=Path(folder))
        workspace = Workspace(classifier=DatasetClassifier())
        start = time.perf_counter()
        workspace.load(path, name="bench")
        load = time.perf_counter() - start
        vault = Vault(DERIVE_KEY)
        vault.derive_from(workspace.known_identifiers)
        start = time.perf_counter()
        vault.prepare()
        prepare = time.perf_counter() - start
        inv = workspace.get().inventory
        rows = range(0, assets, max(1, assets // 20))
        issuer = Vault(DERIVE_KEY)
        known = workspace.known_identifiers()
        pseudonyms = [issuer.tokenize(inv.names[r], "resource_name", avoid=known) for r in rows]
        pseudonyms += [issuer.tokenize(inv.ids[r], "resource_name", avoid=known) for r in rows]
        out = subprocess.run([sys.executable, __file__, "--resolve", str(path), *pseudonyms],
                             capture_output=True, text=True, check=True)
        fresh = json.loads(out.stdout)
    return {"load": load, "prepare": prepare, "share": prepare / load, **fresh}


def resolve(path: str, pseudonyms: list[str]) -> None:
    """The fresh process: a strict layer loads the data (deriving at load), then resolves."""
    import json

    layer = Layer(policy="strict", datasets={"bench": path}, vault_key=DERIVE_KEY, catalog=False)
    times, resolved = [], 0
    for pseudonym in pseudonyms:
        start = time.perf_counter()
        real = layer.vault.detokenize(pseudonym)
        times.append((time.perf_counter() - start) * 1000)
        resolved += real is not None
    print(json.dumps({"first_ms": times[0], "median_ms": statistics.median(times),
                      "max_ms": max(times), "resolved": resolved, "asked": len(pseudonyms)}))


class Blocking:
    """A Redis store seen as a plain `BucketStore`, so the layer takes its tokens on the loop."""

    def __init__(self, store: BucketStore) -> None:
        self.take, self.reset = store.take, store.reset


def serve(transport: str, store: str | None = None, sink: str | None = None, *,
          blocking: bool = False) -> None:
    """The server side of the stdio and HTTP rows, run in a subprocess."""
    layer = build_layer(FLEET_POLICY if store else "open")
    if (store and store != "memory") or sink:
        fleet = join_fleet(layer, rate_limit_store=None if store == "memory" else store, audit_sink=sink)
        if blocking and fleet.limits is not None:
            layer.policy.rate_limiter.store = Blocking(fleet.limits)
    if transport == "stdio":
        asyncio.run(serve_stdio(layer))
        return
    endpoint = HttpEndpoint(layer, port=0, log_level="error")
    asyncio.run(endpoint.run_forever(on_ready=lambda ep: print(ep.url, flush=True)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=2000, help="timed round trips per row")
    parser.add_argument("--throughput-calls", type=int, default=4000, help="calls per throughput run")
    parser.add_argument("--derive-assets", type=int, default=100_000,
                        help="assets for the reverse-map figures")
    parser.add_argument("--store-rounds", type=int, default=5,
                        help="interleaved rounds of the rate-limit store rows")
    parser.add_argument("--stores-only", action="store_true", help="only the rate-limit store rows")
    parser.add_argument("--blocking-row", action="store_true",
                        help="also the Redis store taken on the event loop (as before it was awaited)")
    parser.add_argument("--blocking", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve", choices=("stdio", "http"), help=argparse.SUPPRESS)
    parser.add_argument("--resolve", nargs="+", help=argparse.SUPPRESS)
    parser.add_argument("--store", help=argparse.SUPPRESS)
    parser.add_argument("--sink", help=argparse.SUPPRESS)
    parsed = parser.parse_args()
    if parsed.resolve:
        resolve(parsed.resolve[0], parsed.resolve[1:])
    elif parsed.serve:
        serve(parsed.serve, parsed.store, parsed.sink, blocking=parsed.blocking)
    elif parsed.stores_only:
        asyncio.run(print_store_figures(parsed.throughput_calls, parsed.store_rounds,
                                        blocking=parsed.blocking_row))
    else:
        asyncio.run(main(parsed))
