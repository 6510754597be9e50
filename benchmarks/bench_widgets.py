"""P10: the AuditLog widget over a full audit buffer: building its table and applying one entry.

Measured in process (the widget code itself; ipywidgets without a kernel sends nothing) and in a
real kernel (the same, plus serialising and sending the comm update on iopub), at
`display_limit` 200, medians after a warm-up:

- build: `AuditLog(buffer)` over a buffer already holding N entries (first page rendered);
- update: one `buffer.record(...)` until the table shows it (listener, row, page re-render);
- update, filtered: the same with a decision filter on (a pass over the rows kept);
- burst: 1,000 entries recorded back to back on a running loop, and how many re-renders they cost;
- baseline, in the same run: what a widget without its own row store would do per update:
  rebuild rows from `buffer.entries()` and lay out the first 200 in a pandas table.

Sizes 10,000 and 100,000 show how the figures move: the unfiltered update only lays out the page
in view (flat); a filtered one passes over every row (linear); the baseline is linear too.

    python benchmarks/bench_widgets.py [--quick] [--no-kernel]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from cloudg_lab.notebook.widgets import AuditLog
from cloudg_lab.notebook.widgets.audit_rows import COLUMNS, rows
from cloudg_lab.notebook.widgets.tables import frame_html
from cloudg_lab.policy.audit import AuditLog as Buffer

LIMIT = 200
TARGET_MS = 50.0
DECISIONS = ("denied", "not_found", "rate_limited", "rejected")


def filled(size: int) -> Buffer:
    buffer = Buffer(size=size)
    for i in range(size):
        record(buffer, i)
    return buffer


def record(buffer: Buffer, i: int) -> None:
    buffer.record(DECISIONS[i % 4], kind="tool", name=f"tool_{i % 23}", principal_id=f"user{i % 9}",
                  roles=("analyst", "default"), arguments={"ref": f"{i:012x}", "limit": "0a1b2c3d4e5f"},
                  reason="unknown or hidden by policy")


def median_ms(run: Callable[[], Any], repeat: int, warmup: int = 3) -> float:
    for _ in range(warmup):
        run()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def baseline(buffer: Buffer) -> str:
    """A full rebuild: rows from the whole buffer, the first page as a pandas table."""
    data = rows(buffer.entries())
    return frame_html([[str(r[c]) for c in COLUMNS] for r in data[:LIMIT]], COLUMNS)


def in_process(size: int, repeat: int) -> dict[str, float]:
    buffer = filled(size)
    build = median_ms(lambda: AuditLog(buffer, page_size=LIMIT).close(), max(3, repeat // 10))
    shown = AuditLog(buffer, page_size=LIMIT)  # no running loop: each entry applies at once
    counter = iter(range(size, size * 10))
    update = median_ms(lambda: record(buffer, next(counter)), repeat)
    shown.decision.value = "denied"
    filtered = median_ms(lambda: record(buffer, next(counter)), repeat)
    shown.close()
    base = median_ms(lambda: baseline(buffer), max(5, repeat // 4))
    return {"build": build, "update": update, "filtered": filtered, "baseline": base}


KERNEL_CELL = '''
import statistics, time
from cloudg_lab.notebook.widgets import AuditLog
from cloudg_lab.policy.audit import AuditLog as Buffer

def bench(size, repeat):
    buffer = Buffer(size=size)
    def record(i):
        buffer.record(("denied", "not_found")[i % 2], kind="tool", name=f"tool_{{i % 23}}",
                      principal_id=f"user{{i % 9}}", roles=("analyst",), arguments={{"ref": "0a1b2c3d4e5f"}})
    for i in range(size):
        record(i)
    started = time.perf_counter()
    shown = AuditLog(buffer, page_size={limit})
    build = (time.perf_counter() - started) * 1000
    samples = []
    for i in range(repeat + 3):
        started = time.perf_counter()
        record(size + i)
        shown._coalescer.flush()  # apply now, as the loop would after the debounce
        samples.append((time.perf_counter() - started) * 1000)
    shown.close()
    return build, statistics.median(samples[3:])
'''


async def burst(size: int, calls: int) -> tuple[int, float]:
    """`calls` entries recorded back to back on the loop: (re-renders, ms until all are shown)."""
    buffer = filled(size)
    shown = AuditLog(buffer, page_size=LIMIT)
    before = shown.renders
    started = time.perf_counter()
    for i in range(calls):
        record(buffer, size + i)
    await shown.updated()
    elapsed = (time.perf_counter() - started) * 1000
    shown.close()
    return shown.renders - before, elapsed


def in_kernel(sizes: list[int], repeat: int) -> dict[int, tuple[float, float]]:
    from jupyter_client.manager import KernelManager

    manager = KernelManager(kernel_name="python3")
    with tempfile.TemporaryDirectory() as cwd:
        manager.start_kernel(cwd=cwd, env={**os.environ, "CLOUDG_LAB_POLICY": "open"})
        client = manager.client()
        client.start_channels()
        try:
            client.wait_for_ready(timeout=60)
            out: dict[int, tuple[float, float]] = {}
            run(client, KERNEL_CELL.format(limit=LIMIT))
            run(client, "bench(2000, 5)")  # warm-up: imports, first renders
            for size in sizes:
                out[size] = ast.literal_eval(run(client, f"print(bench({size}, {repeat}))"))
            return out
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)


def run(client: Any, code: str) -> str:
    printed: list[str] = []

    def hook(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
            printed.append(msg["content"]["text"])
        if msg["msg_type"] == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))

    reply = client.execute_interactive(code, output_hook=hook, timeout=600, allow_stdin=False)
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"cell failed: {code[:60]!r}")
    return "".join(printed).strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--no-kernel", action="store_true", help="skip the in-kernel figures")
    args = parser.parse_args()
    repeat = 20 if args.quick else 100
    sizes = [10_000, 100_000]
    figures = {size: in_process(size, repeat) for size in sizes}
    renders, burst_ms = asyncio.run(burst(sizes[0], 1000))
    kernel = {} if args.no_kernel else in_kernel(sizes, repeat)
    print(f"display_limit {LIMIT}; medians in ms")
    print(f"{'entries':>8} {'build':>9} {'update':>9} {'filtered':>9} {'baseline':>9} "
          f"{'kernel build':>13} {'kernel update':>14}")
    for size in sizes:
        f = figures[size]
        k_build, k_update = kernel.get(size, (float("nan"), float("nan")))
        print(f"{size:>8,} {f['build']:9.1f} {f['update']:9.2f} {f['filtered']:9.2f} "
              f"{f['baseline']:9.2f} {k_build:13.1f} {k_update:14.2f}")
    print(f"burst of 1,000 entries at 10,000: {renders} re-render(s), all shown after {burst_ms:.0f} ms "
          "(debounce included)")
    small, big = figures[sizes[0]], figures[sizes[-1]]
    in_kernel_note = f", {kernel[sizes[0]][1]:.1f} ms in a kernel" if kernel else ""
    print(f"SUMMARY P10 AuditLog update at 10,000 entries: {small['update']:.1f} ms median"
          f"{in_kernel_note} (target ≤ {TARGET_MS:.0f} ms; baseline full rebuild "
          f"{small['baseline']:.1f} ms, {small['baseline'] / small['update']:.1f}×); build "
          f"{small['build']:.0f} ms; at 100,000: update {big['update']:.1f} ms (flat), filtered "
          f"{big['filtered']:.1f} ms (linear)")


if __name__ == "__main__":
    main()
