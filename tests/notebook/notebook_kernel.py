"""A real IPython kernel driven through jupyter_client, for the notebook and widget tests.

`Kernel.run(code)` executes a cell through jupyter_client and returns every iopub message of that
cell, so tests see exactly what a notebook front end would: stdout, stderr, display data and
error messages (with or without a traceback).
"""

from __future__ import annotations

import os
import queue
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jupyter_client.manager import KernelManager

from cloudg_lab.notebook.payload import MIME_TYPE

CELL_TIMEOUT = 60.0

TOOLS_CELL = '''
import asyncio, cloudg_lab
from cloudg_lab.notebook import tool

@tool(category="demo")
async def add(a: int, b: int) -> dict:
    """Add two integers (async: runs on the kernel's loop)."""
    return {"sum": a + b, "loop": id(asyncio.get_running_loop())}

@tool(category="demo", sensitivity="confidential")
def numbers(limit: int = 2, cursor: str | None = None) -> dict:
    """Pages through 0..4 (sync: runs in a worker thread)."""
    start = int(cursor or 0)
    items = [{"n": i, "square": i * i} for i in range(start, min(start + limit, 5))]
    following = str(start + limit) if start + limit < 5 else None
    return {"total": 5, "returned": len(items), "next_cursor": following, "items": items}
'''


@dataclass
class Cell:
    """What one executed cell produced."""

    reply: dict[str, Any]
    messages: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def _streams(self, name: str) -> str:
        return "".join(c["text"] for t, c in self.messages if t == "stream" and c["name"] == name)

    @property
    def stdout(self) -> str:
        return self._streams("stdout")

    @property
    def stderr(self) -> str:
        return self._streams("stderr")

    @property
    def data(self) -> list[dict[str, Any]]:
        """MIME bundles of execute_result and display_data messages, in order."""
        return [c["data"] for t, c in self.messages if t in ("execute_result", "display_data")]

    @property
    def result(self) -> dict[str, Any]:
        """The cell's single execute_result bundle."""
        found = [c["data"] for t, c in self.messages if t == "execute_result"]
        assert len(found) == 1, self.describe()
        return found[0]

    @property
    def payload(self) -> dict[str, Any]:
        return self.result[MIME_TYPE]

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [c for t, c in self.messages if t == "error"]

    @property
    def ok(self) -> bool:
        return self.reply["status"] == "ok" and not self.errors

    def describe(self) -> str:
        return (f"reply={self.reply}\nstdout={self.stdout!r}\nstderr={self.stderr!r}\n"
                f"messages={self.messages!r}")


class Kernel:
    """A started kernel and a client; `run` executes one cell and waits (bounded) for it."""

    def __init__(self, manager: KernelManager) -> None:
        self.manager = manager
        self.loaded: Cell | None = None
        self.client = manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=CELL_TIMEOUT)

    def run(self, code: str, timeout: float = CELL_TIMEOUT) -> Cell:
        messages: list[tuple[str, dict[str, Any]]] = []

        def hook(msg: dict[str, Any]) -> None:
            if msg["msg_type"] not in ("status", "execute_input"):
                messages.append((msg["msg_type"], msg["content"]))

        reply = self.client.execute_interactive(code, output_hook=hook, timeout=timeout,
                                                allow_stdin=False, stop_on_error=False)
        self._drain()
        return Cell(reply["content"], messages)

    def ok(self, code: str, timeout: float = CELL_TIMEOUT) -> Cell:
        """Run a cell that must succeed without any error or traceback."""
        cell = self.run(code, timeout)
        assert cell.ok and "Traceback" not in cell.stderr, cell.describe()
        return cell

    def complete(self, code: str) -> list[str]:
        """The kernel's completions with the cursor at the end of `code`."""
        msg_id = self.client.complete(code, len(code))
        while True:
            reply = self.client.get_shell_msg(timeout=CELL_TIMEOUT)
            if reply["parent_header"].get("msg_id") == msg_id:
                return list(reply["content"]["matches"])

    def value(self, expression: str) -> Any:
        """The value of a Python literal expression evaluated in the kernel."""
        import ast

        cell = self.ok(f"print(repr(({expression})))")
        return ast.literal_eval(cell.stdout.strip())

    def _drain(self) -> None:
        while True:
            try:
                self.client.get_iopub_msg(timeout=0.01)
            except queue.Empty:
                return

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


def start_kernel(cwd: Path, **env: str) -> Kernel:
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(cwd=str(cwd), env={**os.environ, "PYDEVD_DISABLE_FILE_VALIDATION": "1", **env})
    return Kernel(manager)
