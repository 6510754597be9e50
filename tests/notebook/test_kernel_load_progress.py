"""`%mcp load` in a real kernel: a progress bar while it parses, and an interrupt that leaves the
workspace exactly as it was (the old dataset active, nothing partial registered)."""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from notebook_kernel import CELL_TIMEOUT, Kernel, start_kernel

from cloudg_lab.sample import generate

pytestmark = pytest.mark.kernel

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WORKSPACE = "__import__('cloudg_lab.notebook.session').notebook.session.current().layer.workspace"


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 30k-asset estate: a few seconds of parsing, long enough to interrupt mid-way."""
    return Path(generate(assets=30_000, seed=20261201, out=tmp_path_factory.mktemp("estate")))


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kernel]:
    started = start_kernel(tmp_path_factory.mktemp("kernel"), CLOUDG_LAB_POLICY="standard",
                           CLOUDG_LAB_VAULT_KEY="notebook-tests-key")
    try:
        started.ok("%load_ext cloudg_lab")
        yield started
    finally:
        started.close()


def run_until_bar(kernel: Kernel, code: str) -> tuple[list[tuple[str, dict]], str]:
    """Start `code`; return the iopub messages up to the first widget shown, and the msg id."""
    msg_id = kernel.client.execute(code)
    seen: list[tuple[str, dict]] = []
    deadline = time.monotonic() + CELL_TIMEOUT
    while time.monotonic() < deadline:
        msg = kernel.client.get_iopub_msg(timeout=CELL_TIMEOUT)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        seen.append((msg["msg_type"], msg["content"]))
        if msg["msg_type"] == "display_data" and WIDGET_VIEW in msg["content"]["data"]:
            return seen, msg_id
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            break
    raise AssertionError(f"no progress widget appeared: {seen}")


def finish(kernel: Kernel, msg_id: str) -> dict:
    """Wait (bounded) for the cell's shell reply; drain its iopub messages."""
    while True:
        reply = kernel.client.get_shell_msg(timeout=CELL_TIMEOUT)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    while True:
        try:
            kernel.client.get_iopub_msg(timeout=0.2)
        except queue.Empty:
            return dict(reply["content"])


def test_a_load_shows_a_tqdm_bar_and_ends_loaded(kernel: Kernel, estate: Path) -> None:
    seen, msg_id = run_until_bar(kernel, f"%mcp load big={estate}")
    opened = [c for t, c in seen if t == "comm_open"]
    assert any(c["data"]["state"].get("_model_name") == "FloatProgressModel" for c in opened), seen
    assert finish(kernel, msg_id)["status"] == "ok"
    assert kernel.value(f"sorted(d.name for d in {WORKSPACE}.datasets())") == ["big", "sample"]
    assert kernel.value(f"{WORKSPACE}.active_for(None)") == "big"
    kernel.ok("%mcp select sample")


def test_an_interrupted_load_leaves_the_old_dataset_active_and_nothing_partial(
        kernel: Kernel, estate: Path) -> None:
    kernel.ok(f"{WORKSPACE}.unload('big') if 'big' in [d.name for d in {WORKSPACE}.datasets()] else None")
    _seen, msg_id = run_until_bar(kernel, f"%mcp load other={estate}")
    kernel.manager.interrupt_kernel()
    reply = finish(kernel, msg_id)
    assert reply["status"] == "error" and reply["ename"] in ("KeyboardInterrupt", "CancelledError"), reply
    names = f"sorted(d.name for d in {WORKSPACE}.datasets())"
    assert kernel.value(names) == ["sample"]
    assert kernel.value(f"{WORKSPACE}.active_for(None)") == "sample"
    # the worker thread has stopped for good: a later load runs and the interrupted one never lands
    kernel.ok(f"%mcp load again={estate}")
    assert kernel.value(names) == ["again", "sample"]


def test_a_preview_of_several_columns_shows_a_bar_that_goes_away(kernel: Kernel) -> None:
    cell = kernel.ok("%mcp preview find_assets limit=1 --policies standard,strict,open")
    opened = [c for t, c in cell.messages if t == "comm_open"]
    bars = [c["comm_id"] for c in opened if c["data"]["state"].get("_model_name") == "FloatProgressModel"]
    assert len(bars) == 1, cell.describe()
    holders = [c["comm_id"] for c in opened if f"IPY_MODEL_{bars[0]}" in str(c["data"]["state"])]
    closed = {c["comm_id"] for t, c in cell.messages if t == "comm_close"}
    assert holders and set(holders) <= closed  # a finished preview leaves no bar on the page
