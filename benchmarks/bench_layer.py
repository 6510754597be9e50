"""P1, P2, P3, P11: what the layer adds to a call, a find_assets page, and whether 100,000 calls
leave memory flat.

Each figure sits next to its baseline from the same run: the same handler called directly.
Run: `python benchmarks/bench_layer.py [--calls N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from cloudg_lab import Layer, Principal
from cloudg_lab.sample import generate

TWENTY_FIELDS = {f"field_{i}": f"value number {i}" for i in range(12)} | {
    "account_id": "123456789012", "arn": "arn:aws:ec2:us-east-1:123456789012:instance/i-0abc123def4567890",
    "name": "web-frontend-01", "region": "us-east-1", "type": "EC2", "provider": "AWS",
    "owner": "dana.ortiz@example.org", "private_ip": "10.1.2.3"}


def build(policy: str) -> Layer:
    layer = Layer(policy=policy, catalog=False)

    @layer.tool()
    async def ping_async() -> str:
        return "pong"

    @layer.tool()
    def ping_sync() -> str:
        return "pong"

    @layer.tool()
    async def record() -> dict[str, Any]:
        return dict(TWENTY_FIELDS)

    return layer


async def timed(call: Callable[[], Awaitable[Any]], n: int, reset: Callable[[], None]) -> list[float]:
    for _ in range(min(500, n)):
        await call()
    samples = []
    for i in range(n):
        if i % 200 == 0:
            reset()
        start = time.perf_counter_ns()
        await call()
        samples.append((time.perf_counter_ns() - start) / 1000)
    return samples


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[-1]


async def overheads(n: int) -> list[tuple[str, float, float, float]]:
    rows = []
    who = Principal.local()
    for policy in ("open", "strict"):
        layer = build(policy)
        reset = layer.policy.reset_rate_limits
        for tool, direct in (("ping_async", _direct_async), ("ping_sync", _direct_sync),
                             ("record", _direct_record)):
            base = await timed(direct, n, lambda: None)
            through = await timed(lambda t=tool, lay=layer: lay.call_tool(t, {}, principal=who), n, reset)
            rows.append((f"{policy:6} {tool}", statistics.median(base), statistics.median(through),
                         p95(through)))
    return rows


async def _direct_async() -> str:
    return "pong"


async def _direct_sync() -> str:
    return await asyncio.to_thread(lambda: "pong")


async def _direct_record() -> dict[str, Any]:
    return dict(TWENTY_FIELDS)


FIND_TARGETS_MS = {"open": 1.0, "strict": 1.5}


async def find_page(n: int, assets: int = 10_000) -> dict[str, float]:
    """P3 (issue 15): a 50-item `find_assets` page on a generated 10k-asset estate, median ms,
    through `call_tool` (query, output pipeline, text block), per profile; rate limits off."""
    rows = {}
    with tempfile.TemporaryDirectory() as folder:
        path = generate(assets, seed=5, out=Path(folder))
        for policy in FIND_TARGETS_MS:
            layer = Layer(policy=policy, datasets={"bench": path})
            layer.policy.rate_limiter.store = _Unlimited()
            samples = await timed(lambda lay=layer: lay.call_tool("find_assets", {"limit": 50}), n,
                                  lambda: None)
            rows[policy] = statistics.median(samples) / 1000
    return rows


class _Unlimited:
    """A bucket store that never refuses: the figure is the page's, not the limiter's."""

    def take(self, wants: Any) -> None:
        return None

    def reset(self) -> None:
        return None


async def memory(calls: int) -> tuple[float, float, float]:
    layer = Layer(policy={"name": "audited", "audit": True}, catalog=False)

    @layer.tool()
    async def echo(text: str) -> str:
        return text

    for i in range(2000):
        await layer.call_tool("echo", {"text": f"warm {i}"})
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(calls // 2):
        await layer.call_tool("echo", {"text": f"call {i}"})
    gc.collect()
    middle = tracemalloc.get_traced_memory()[0]
    for i in range(calls // 2):
        await layer.call_tool("echo", {"text": f"call {i}"})
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return before / 1e6, middle / 1e6, after / 1e6


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=5000, help="timed calls per row")
    parser.add_argument("--memory-calls", type=int, default=100_000)
    args = parser.parse_args()
    rows = await overheads(args.calls)
    print(f"{'policy tool':22} {'direct µs':>10} {'layer µs':>10} {'added µs':>10} {'layer p95':>10}")
    for label, base, median, tail in rows:
        print(f"{label:22} {base:10.1f} {median:10.1f} {median - base:10.1f} {tail:10.1f}")
    pages = await find_page(max(200, args.calls // 10))
    for policy, ms in pages.items():
        print(f"P3 find_assets limit 50 on 10k assets, {policy:6} {ms:.2f} ms median "
              f"(target ≤ {FIND_TARGETS_MS[policy]:.1f} ms)")
    before, middle, after = await memory(args.memory_calls)
    print(f"memory over {args.memory_calls:,} calls (audit on, ring 1000): "
          f"{before:.2f} MB → {middle:.2f} MB (half) → {after:.2f} MB")
    added_open = rows[0][2] - rows[0][1]
    added_strict = rows[5][2] - rows[5][1]
    growth = after - middle
    print(f"SUMMARY P1 open async added {added_open:.1f} µs (target ≤ 60) | "
          f"P2 strict 20-field added {added_strict:.1f} µs (target ≤ 250) | "
          f"P11 second-half growth {growth * 1000:.0f} KB (flat ≈ 0) | P3 find_assets "
          + ", ".join(f"{p} {ms:.2f} ms" for p, ms in pages.items()))


if __name__ == "__main__":
    asyncio.run(main())
