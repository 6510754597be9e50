"""`%time`, `%%time`, `%timeit` and `%prun` on `%mcp` lines, in a real kernel.

Before the blocking entry they failed with `SyntaxError: 'await' outside function`: the timing
magics compile what they measure as synchronous code.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from notebook_kernel import Kernel

from cloudg_lab.notebook.payload import MIME_TYPE

pytestmark = pytest.mark.kernel


def structured(bundle: dict[str, object]) -> object:
    payload = bundle[MIME_TYPE]
    assert isinstance(payload, dict)
    return payload["wire"]["structuredContent"]


def test_time_line_times_the_call_and_shows_its_result(kernel: Kernel) -> None:
    cell = kernel.ok("%time %mcp call add a=20 b=22")
    assert "Wall time:" in cell.stdout and "CPU times:" in cell.stdout, cell.describe()
    assert structured(cell.result)["sum"] == 42  # type: ignore[index]


def test_time_cell_runs_every_mcp_line_of_its_body(kernel: Kernel) -> None:
    cell = kernel.ok("%%time\nfirst = %mcp call add a=1 b=2\n%mcp call add a=3 b=4\n"
                     "second = first.structured['sum'] * 10\nsecond")
    assert "Wall time:" in cell.stdout, cell.describe()
    assert cell.result["text/plain"] == "30"
    assert kernel.value("first.structured['sum']") == 3


HISTORY = "__import__('cloudg_lab.notebook.session').notebook.session.current().history"


def test_timeit_repeats_the_call(kernel: Kernel) -> None:
    before = kernel.value(f"len({HISTORY})")
    cell = kernel.ok("%timeit -n 3 -r 2 %mcp call add a=1 b=1")
    assert "per loop" in cell.stdout and "2 runs, 3 loops each" in cell.stdout, cell.describe()
    assert kernel.value(f"len({HISTORY})") == before + 6


def test_prun_profiles_the_command_on_the_kernel_thread(kernel: Kernel, tmp_path: Path) -> None:
    out = tmp_path / "profile.txt"
    kernel.ok(f"%prun -q -s cumulative -T {out} %mcp call numbers limit=3")
    text = out.read_text(encoding="utf-8")
    # the dispatcher ran inside the profiled thread, not behind a wait on another one
    assert "dispatch" in text and "call_tool" in text, text[:2000]


def test_the_kernel_loop_is_intact_after_a_timed_call(kernel: Kernel) -> None:
    kernel.ok("%time %mcp tools")
    cell = kernel.ok("%mcp call add a=5 b=6")
    assert structured(cell.result)["sum"] == 11
    loop = kernel.value("id(__import__('asyncio').get_running_loop())")
    assert structured(cell.result)["loop"] == loop  # type: ignore[index]


def test_a_mistake_under_time_is_still_one_usage_line(kernel: Kernel) -> None:
    cell = kernel.run("%time %mcp call no_such_tool_here")
    assert "SyntaxError" not in cell.stderr + str(cell.errors), cell.describe()
    assert "Unknown tool" in cell.stderr + str(cell.errors), cell.describe()
