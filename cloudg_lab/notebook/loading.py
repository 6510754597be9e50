"""A workspace load with a progress bar, that the kernel's interrupt stops without a trace.

The load parses in a worker thread (the kernel stays responsive); an interrupt cancels the cell's
task, and the thread learns it at its next progress report or at the moment it would register the
dataset, and stops there. Registration and the cancel share a lock, so a load either registered
before the interrupt or changes nothing: the active dataset stays the old one and no partial
dataset is left in the workspace. The bar is `tqdm.auto` (a widget in a kernel, text elsewhere),
drawn from the kernel's loop, never from the worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from tqdm.auto import tqdm

from cloudg_lab.data.loader import FINDINGS_FILE, inventory_file
from cloudg_lab.data.workspace import Dataset, Workspace
from cloudg_lab.errors import MCPLayerError

STEPS = 100
"""How many redraws a load makes at most (one per percent)."""


class LoadCancelled(Exception):
    """Raised in the worker thread once the cell was interrupted."""


def total_bytes(path: str) -> int | None:
    """What the load will read: the inventory file and its findings, or None when not there."""
    try:
        file = inventory_file(path)
    except MCPLayerError:
        return None
    findings = file.with_name(FINDINGS_FILE)
    return file.stat().st_size + (findings.stat().st_size if findings.is_file() else 0)


class LoadGuard:
    """The bar, the cancel flag and the commit gate of one load."""

    def __init__(self, label: str, total: int | None, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.label = label
        self.total = total
        self.bar = tqdm(total=total, desc=label, unit="B", unit_scale=True, leave=False)
        self._cancelled = threading.Event()
        self._gate = threading.Lock()
        self._base = 0
        self._file_total = 0
        self._reported = 0

    def progress(self, done: int, file_total: int) -> None:
        """The loader's report (worker thread): stop when interrupted, else redraw each step.

        Raises:
            LoadCancelled: once the cell was interrupted.
        """
        if self._cancelled.is_set():
            raise LoadCancelled
        if file_total != self._file_total:  # the next file (findings) began
            self._base += self._file_total
            self._file_total = file_total
        position = self._base + done
        step = max((self.total or file_total) // STEPS, 1)
        if position - self._reported >= step:
            self._reported = position
            self.loop.call_soon_threadsafe(self._draw, position)

    @contextlib.contextmanager
    def commit(self) -> Iterator[None]:
        """Held around the registration (worker thread); refuses after an interrupt.

        Raises:
            LoadCancelled: when the cell was interrupted before the dataset was registered.
        """
        with self._gate:
            if self._cancelled.is_set():
                raise LoadCancelled
            yield

    def cancel(self) -> None:
        """Stop the load; returns once a registration in progress (if any) has finished."""
        with self._gate:
            self._cancelled.set()

    def _draw(self, position: int) -> None:
        """Move the bar to `position`, short of full: read is not loaded (the columns, indexes
        and classification come after the last byte), so only `finish` fills it, and an
        interrupt while the indexes are built leaves it red, not full."""
        if self.total is not None:
            position = min(position, self.total - 1)
        if self.bar.disable or position <= self.bar.n:
            return
        self.bar.update(position - self.bar.n)
        if self.total is not None and position >= self.total * (STEPS - 1) // STEPS:
            self.bar.set_description(f"{self.label} · indexing")  # parsed; the indexes come next

    def stopped(self) -> None:
        """Say on the bar (left in place, red) that the interrupt loaded nothing."""
        self.bar.set_description(f"{self.label} · interrupted, nothing loaded")

    def finish(self) -> None:
        """The load ended well: fill the bar (the loader counts characters, the total is bytes)."""
        if self.total is not None and self.bar.n < self.total:
            self.bar.update(self.total - self.bar.n)

    def close(self) -> None:
        self.bar.close()


async def load(workspace: Workspace, path: str, name: str | None, *, replace: bool) -> Dataset:
    """`workspace.load(path, name)` in a thread, with a bar; an interrupt leaves no trace.

    Raises:
        MCPLayerError: what the workspace raises for a bad path, name or file.
        asyncio.CancelledError: when the cell is interrupted (nothing was registered then).
    """
    label = f"loading {name or Path(path).name}"
    guard = LoadGuard(label, total_bytes(path), asyncio.get_running_loop())
    try:
        dataset = await asyncio.to_thread(workspace.load, path, name, replace=replace,
                                          progress=guard.progress, commit=guard.commit())
        guard.finish()
        return dataset
    except asyncio.CancelledError:
        guard.cancel()
        guard.stopped()
        raise
    finally:
        guard.close()
