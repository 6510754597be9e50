"""P5, P6, P7: loading big inventories, and querying them through the layer.

On generated estates of 10k, 100k and 1M assets (`cloudg_lab.sample.generate`), each figure next
to its baseline from the same run:
- P5 load time of `load_inventory` as a ratio to `orjson.loads` of the same two files
  (inventory-map.json + findings.json, read as bytes), medians of alternating runs after a
  warm-up of each; peak memory of one load in a fresh interpreter as a multiple of the files'
  size: RSS high-water mark growth (VmHWM, what the machine pays) for both, and tracemalloc's
  peak for ours (the baseline's tracemalloc run would need ~14x the files, so it is skipped
  above 100k assets);
- P6 `find_assets` with one selective filter, limit 50, `open`, median through `call_tool`;
- P7 `count_assets(group_by=type)`, median through `call_tool`;
- the curve: each figure at the largest size over the smallest, against the growth in assets
  (load should grow linearly, P6 stay flat).
Run: `python benchmarks/bench_catalog.py [--sizes 10000 100000 1000000] [--repeat N] [--dir DIR]`.
The 1 GiB file limit is raised for the run (a 1M-asset inventory is about 1 GB).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

from cloudg_lab import Layer, Principal
from cloudg_lab.data import load_inventory
from cloudg_lab.data.loader import MAX_BYTES_ENV
from cloudg_lab.sample import generate

FILES = ("inventory-map.json", "findings.json")
SELECTIVE = {"asset_types": ["LOAD_BALANCER"], "limit": 50}
TRACE_BASELINE_MAX = 100_000
MEMORY_PROBE = """
import gc, sys, tracemalloc
from pathlib import Path
import orjson
folder, mode, trace = Path(sys.argv[1]), sys.argv[2], sys.argv[3] == "trace"
def status(key):  # VmHWM, not ru_maxrss: the latter survives fork+exec from a big parent
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) * 1024 for line in fh if line.startswith(key + ":"))
from cloudg_lab.data import load_inventory
gc.collect()
before = status("VmRSS")
if trace:
    tracemalloc.start()
if mode == "orjson":
    kept = [orjson.loads((folder / name).read_bytes()) for name in ("inventory-map.json", "findings.json")]
else:
    kept = load_inventory(folder)
peak = tracemalloc.get_traced_memory()[1] if trace else 0
print(peak, status("VmHWM") - before)
"""


def estate(folder: Path, assets: int) -> Path:
    """A generated estate, reused when `folder` already holds one of this size."""
    target = folder / f"estate-{assets}"
    marker = target / "assets.txt"
    if not (marker.exists() and marker.read_text() == str(assets)):
        generate(assets=assets, seed=1, out=target)
        marker.write_text(str(assets))
    return target


def size_of(folder: Path) -> int:
    return sum((folder / name).stat().st_size for name in FILES)


def plain_load(folder: Path) -> Any:
    return [orjson.loads((folder / name).read_bytes()) for name in FILES]


def load_times(folder: Path, repeat: int) -> tuple[float, float]:
    """Median seconds of orjson.loads and of load_inventory, alternating, after one warm-up each
    (each result dropped before the next load, so only one is alive at a time)."""
    for load in (plain_load, load_inventory):
        load(folder)
    base, ours = [], []
    for _ in range(repeat):
        for load, samples in ((plain_load, base), (load_inventory, ours)):
            start = time.perf_counter()
            load(folder)
            samples.append(time.perf_counter() - start)
    return statistics.median(base), statistics.median(ours)


def memory(folder: Path, mode: str, trace: bool) -> int:
    """Peak bytes of one load in a fresh interpreter: tracemalloc's, or the RSS growth."""
    done = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(folder), mode,
                           "trace" if trace else "rss"],
                          capture_output=True, text=True, timeout=1800, check=True)
    peak, grown = (int(x) for x in done.stdout.split())
    return peak if trace else grown


async def query_medians(folder: Path, calls: int) -> dict[str, float]:
    """Median ms of the P6 and P7 calls through the layer, and the first call's ms (index build)."""
    layer = Layer(policy="open", datasets={"bench": folder})
    who = Principal.local()

    async def timed(tool: str, arguments: dict[str, Any]) -> list[float]:
        samples = []
        for _ in range(calls):
            start = time.perf_counter()
            result = await layer.call_tool(tool, arguments, principal=who)
            samples.append((time.perf_counter() - start) * 1000)
            assert not result.is_error, result.text
        return samples

    first = (await timed("find_assets", SELECTIVE))[0]
    find = await timed("find_assets", SELECTIVE)
    count = await timed("count_assets", {"group_by": "type"})
    total = (await layer.call_tool("find_assets", SELECTIVE, principal=who)).structured["total"]
    return {"first_ms": first, "find_ms": statistics.median(find), "find_p95": _p95(find),
            "count_ms": statistics.median(count), "count_p95": _p95(count), "matches": total}


def _p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[-1]


def measure(folder: Path, assets: int, repeat: int, calls: int) -> dict[str, float]:
    base, ours = load_times(folder, repeat)
    size = size_of(folder)
    figures = {"assets": assets, "mb": size / 1e6, "json_s": base, "ours_s": ours,
               "ratio": ours / base, "our_peak": memory(folder, "ours", True) / size,
               "our_rss": memory(folder, "ours", False) / size,
               "json_rss": memory(folder, "orjson", False) / size,
               "json_peak": (memory(folder, "orjson", True) / size if assets <= TRACE_BASELINE_MAX
                             else float("nan"))}
    figures.update(asyncio.run(query_medians(folder, calls)))
    return figures


ROWS = [("files (MB)", "mb", "{:.1f}"), ("orjson.loads (s)", "json_s", "{:.2f}"),
        ("load_inventory (s)", "ours_s", "{:.2f}"), ("P5 load / orjson (≤ 1.0×)", "ratio", "{:.2f}×"),
        ("P5 our peak RSS growth / size (≤ 2.5×)", "our_rss", "{:.2f}×"),
        ("   our tracemalloc peak / size", "our_peak", "{:.2f}×"),
        ("   orjson peak RSS growth / size", "json_rss", "{:.2f}×"),
        ("   orjson tracemalloc peak / size", "json_peak", "{:.2f}×"),
        ("first find_assets, builds indexes (ms)", "first_ms", "{:.1f}"),
        ("P6 find_assets median (≤ 1 ms, flat)", "find_ms", "{:.2f}"), ("   p95 (ms)", "find_p95", "{:.2f}"),
        ("   matches of the filter", "matches", "{:.0f}"),
        ("P7 count_assets median (≤ 20 ms)", "count_ms", "{:.2f}"), ("   p95 (ms)", "count_p95", "{:.2f}")]


def report(results: dict[int, dict[str, float]]) -> None:
    sizes = list(results)
    many = len(sizes) > 1
    print(f"{'figure':42}" + "".join(f"{n:>12,}" for n in sizes) + (f"{'growth':>10}" if many else ""))
    for label, key, fmt in ROWS:
        cells = "".join(f"{fmt.format(results[n][key]):>12}" for n in sizes)
        growth = ""
        if many and results[sizes[0]][key]:
            growth = f"{results[sizes[-1]][key] / results[sizes[0]][key]:>9.1f}×"
        print(f"{label:42}{cells}{growth}")
    small, big = results[sizes[0]], results[sizes[-1]]
    if many:
        scale = sizes[-1] / sizes[0]
        print(f"curve {sizes[0]:,} → {sizes[-1]:,} ({scale:.0f}× the assets): load time "
              f"{big['ours_s'] / small['ours_s']:.0f}× (orjson {big['json_s'] / small['json_s']:.0f}×), "
              f"find_assets {big['find_ms'] / small['find_ms']:.2f}×, "
              f"count_assets {big['count_ms'] / small['count_ms']:.2f}×")
    worst_ratio = max(r["ratio"] for r in results.values())
    worst_rss = max(r["our_rss"] for r in results.values())
    print(f"SUMMARY at {sizes[-1]:,} assets: P5 load {big['ratio']:.2f}× orjson.loads (target ≤ 1.0; "
          f"worst of all sizes {worst_ratio:.2f}×), peak RSS {big['our_rss']:.2f}× file size (≤ 2.5; "
          f"worst {worst_rss:.2f}×; orjson {big['json_rss']:.2f}×) | P6 find_assets "
          f"{big['find_ms']:.2f} ms ({small['find_ms']:.2f} ms at {sizes[0]:,}) | P7 count_assets "
          f"{big['count_ms']:.2f} ms (≤ 20)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--repeat", type=int, default=3, help="timed loads per size")
    parser.add_argument("--calls", type=int, default=200, help="timed calls per query")
    parser.add_argument("--dir", type=Path, default=None, help="keep generated estates here")
    args = parser.parse_args()
    os.environ.setdefault(MAX_BYTES_ENV, str(4 << 30))
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.dir or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        results = {n: measure(estate(folder, n), n, args.repeat, args.calls) for n in args.sizes}
    report(results)


if __name__ == "__main__":
    main()
