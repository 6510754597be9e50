"""P5, P6, P7: loading big inventories, and querying them through the layer.

On generated estates of 10k and 100k assets (`cloudg_lab.sample.generate`), each figure next to
its baseline from the same run:
- P5 load time of `load_inventory` as a ratio to plain `json.load` of the same two files
  (inventory-map.json + findings.json), medians of alternating runs; peak memory of each, measured
  with tracemalloc in a fresh subprocess, as a multiple of the files' size (and RSS growth);
- P6 `find_assets` with one selective filter, limit 50, `open`, median through `call_tool`;
- P7 `count_assets(group_by=type)`, median through `call_tool`.
Run: `python benchmarks/bench_catalog.py [--sizes 10000 100000] [--repeat N] [--dir DIR]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cloudg_lab import Layer, Principal
from cloudg_lab.data import load_inventory
from cloudg_lab.sample import generate

FILES = ("inventory-map.json", "findings.json")
SELECTIVE = {"asset_types": ["LOAD_BALANCER"], "limit": 50}
MEMORY_PROBE = """
import gc, json, sys, tracemalloc
from pathlib import Path
folder, mode, trace = Path(sys.argv[1]), sys.argv[2], sys.argv[3] == "trace"
def status(key):  # VmHWM, not ru_maxrss: the latter survives fork+exec from a big parent
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) * 1024 for line in fh if line.startswith(key + ":"))
from cloudg_lab.data import load_inventory
gc.collect()
before = status("VmRSS")
if trace:
    tracemalloc.start()
if mode == "json":
    kept = [json.load(open(folder / name, encoding="utf-8"))
            for name in ("inventory-map.json", "findings.json")]
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
    return [json.loads((folder / name).read_text(encoding="utf-8")) for name in FILES]


def load_times(folder: Path, repeat: int) -> tuple[float, float]:
    """Median seconds of json.load and of load_inventory, alternating, after one warm-up each."""
    plain_load(folder)
    load_inventory(folder)
    base, ours = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        plain_load(folder)
        base.append(time.perf_counter() - start)
        start = time.perf_counter()
        load_inventory(folder)
        ours.append(time.perf_counter() - start)
    return statistics.median(base), statistics.median(ours)


def memory(folder: Path, mode: str) -> tuple[int, int]:
    """(tracemalloc peak, peak RSS growth) in bytes for one load, each in a fresh interpreter."""
    peaks = []
    for trace in ("trace", "rss"):
        done = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(folder), mode, trace],
                              capture_output=True, text=True, timeout=900, check=True)
        peak, grown = (int(x) for x in done.stdout.split())
        peaks.append(peak if trace == "trace" else grown)
    return peaks[0], peaks[1]


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


def measure(folder: Path, repeat: int, calls: int) -> dict[str, float]:
    base, ours = load_times(folder, repeat)
    size = size_of(folder)
    json_peak, json_rss = memory(folder, "json")
    our_peak, our_rss = memory(folder, "ours")
    figures = {"mb": size / 1e6, "json_s": base, "ours_s": ours, "ratio": ours / base,
               "json_peak": json_peak / size, "our_peak": our_peak / size,
               "json_rss": json_rss / size, "our_rss": our_rss / size}
    figures.update(asyncio.run(query_medians(folder, calls)))
    return figures


ROWS = [("files (MB)", "mb", "{:.1f}"), ("json.load (s)", "json_s", "{:.2f}"),
        ("load_inventory (s)", "ours_s", "{:.2f}"), ("P5 load ratio (≤ 2.5×)", "ratio", "{:.2f}×"),
        ("json.load tracemalloc peak / size", "json_peak", "{:.2f}×"),
        ("P5 our tracemalloc peak / size (≤ 4×)", "our_peak", "{:.2f}×"),
        ("json.load peak RSS growth / size", "json_rss", "{:.2f}×"),
        ("our peak RSS growth / size", "our_rss", "{:.2f}×"),
        ("first find_assets, builds indexes (ms)", "first_ms", "{:.1f}"),
        ("P6 find_assets median (≤ 5 ms)", "find_ms", "{:.2f}"), ("   p95 (ms)", "find_p95", "{:.2f}"),
        ("   matches of the filter", "matches", "{:.0f}"),
        ("P7 count_assets median (≤ 20 ms)", "count_ms", "{:.2f}"), ("   p95 (ms)", "count_p95", "{:.2f}")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=5, help="timed loads per size")
    parser.add_argument("--calls", type=int, default=200, help="timed calls per query")
    parser.add_argument("--dir", type=Path, default=None, help="keep generated estates here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.dir or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        results = {n: measure(estate(folder, n), args.repeat, args.calls) for n in args.sizes}
    sizes = list(results)
    print(f"{'figure':40}" + "".join(f"{n:>12,}" for n in sizes)
          + (f"{'growth':>10}" if len(sizes) > 1 else ""))
    for label, key, fmt in ROWS:
        cells = "".join(f"{fmt.format(results[n][key]):>12}" for n in sizes)
        growth = ""
        if len(sizes) > 1 and results[sizes[0]][key]:
            growth = f"{results[sizes[-1]][key] / results[sizes[0]][key]:>9.1f}×"
        print(f"{label:40}{cells}{growth}")
    big = results[sizes[-1]]
    print(f"SUMMARY at {sizes[-1]:,} assets: P5 load {big['ratio']:.2f}× json.load (target ≤ 2.5), "
          f"peak {big['our_peak']:.2f}× file size (≤ 4; json.load {big['json_peak']:.2f}×) | "
          f"P6 find_assets {big['find_ms']:.2f} ms (≤ 5) | P7 count_assets {big['count_ms']:.2f} ms (≤ 20)")


if __name__ == "__main__":
    main()
