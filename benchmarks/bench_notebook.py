"""P9: what `%mcp call` adds to a cell's round trip in a real kernel.

Both variants are whole cells sent through jupyter_client (execute request to idle status), in the
same kernel, interleaved so noise hits both alike:

- baseline: `await layer.call_tool("ping", {})`, the layer called directly in the cell (its
  result shown), against `%mcp call ping` (transformer, dispatcher, session, rich display);
- baseline `r = await layer.call_tool(...)` (nothing shown) against `r = %mcp call ping`.

Run: `python benchmarks/bench_notebook.py [--cells N]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from typing import Any

from jupyter_client.manager import KernelManager

SETUP = '''
%load_ext cloudg_lab
from cloudg_lab.notebook import tool
from cloudg_lab.notebook.session import current

@tool()
async def ping() -> dict:
    """A trivial tool."""
    return {"pong": True}

layer = current().layer
'''

BASE_SHOWN = "baseline: await layer.call_tool"
BASE_KEPT = "baseline: r = await layer.call_tool"
SHOWN = "%mcp call ping"
KEPT = "r = %mcp call ping"
VARIANTS = {
    BASE_SHOWN: 'await layer.call_tool("ping", {})',
    SHOWN: "%mcp call ping",
    BASE_KEPT: 'r = await layer.call_tool("ping", {})',
    KEPT: "r = %mcp call ping",
}
BASELINE_OF = {BASE_SHOWN: BASE_SHOWN, SHOWN: BASE_SHOWN, BASE_KEPT: BASE_KEPT, KEPT: BASE_KEPT}


def run_cell(client: Any, code: str) -> float:
    """Milliseconds from the execute request to the kernel's idle status; fails on errors."""
    errors: list[str] = []

    def hook(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "error" or (msg["msg_type"] == "stream" and msg["content"]["name"] == "stderr"):
            errors.append(str(msg["content"]))

    start = time.perf_counter()
    reply = client.execute_interactive(code, output_hook=hook, timeout=60, allow_stdin=False)
    elapsed = (time.perf_counter() - start) * 1000
    if reply["content"]["status"] != "ok" or errors:
        raise RuntimeError(f"cell failed: {code!r}: {errors or reply['content']}")
    return elapsed


def measure(cells: int) -> dict[str, list[float]]:
    manager = KernelManager(kernel_name="python3")
    env = {**os.environ, "CLOUDG_LAB_POLICY": "open"}
    with tempfile.TemporaryDirectory() as cwd:
        manager.start_kernel(cwd=cwd, env=env)
        client = manager.client()
        client.start_channels()
        try:
            client.wait_for_ready(timeout=60)
            run_cell(client, "get_ipython().config.McpMagic.autoload_sample = False")
            run_cell(client, SETUP)
            for code in VARIANTS.values():
                for _ in range(30):
                    run_cell(client, code)
            samples: dict[str, list[float]] = {name: [] for name in VARIANTS}
            for _ in range(cells):
                for name, code in VARIANTS.items():
                    samples[name].append(run_cell(client, code))
            return samples
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cells", type=int, default=300, help="timed cells per variant")
    args = parser.parse_args()
    samples = measure(args.cells)
    medians = {name: statistics.median(values) for name, values in samples.items()}
    added = {name: medians[name] - medians[BASELINE_OF[name]] for name in samples}
    print(f"{'cell':38} {'median ms':>10} {'p95 ms':>10} {'added ms':>10}")
    for name, values in samples.items():
        tail = statistics.quantiles(values, n=20)[-1]
        print(f"{name:38} {medians[name]:10.2f} {tail:10.2f} {added[name]:10.2f}")
    print(f"SUMMARY P9 %mcp call cell added {added[SHOWN]:.2f} ms median displayed, "
          f"{added[KEPT]:.2f} ms captured (target ≤ 5 ms) over {args.cells} cells each")


if __name__ == "__main__":
    main()
