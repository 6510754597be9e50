"""Coalescing change notifications into one widget update on the kernel's loop.

The audit buffer and the vault call their listeners from wherever the change happened: a worker
thread running a sync tool, the HTTP endpoint's request handling, a cell. A widget must only be
touched from the kernel's loop, and a burst of a thousand calls must not become a thousand
re-renders. So a listener only queues what happened; the first item of a burst arms one
delayed flush on the loop (`call_soon_threadsafe`, then `call_later(delay)`), and the flush hands
the whole batch to the widget at once.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
DELAY = 0.05
"""Seconds a flush waits for more items: short enough to feel live, long enough to batch."""


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The loop the caller runs on (the kernel's, inside a cell or a command), else None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Coalescer(Generic[T]):
    """Collects items from any thread; `apply(batch)` runs once per burst, on the loop.

    Without a loop (plain Python, unit tests) every push applies at once on the caller's thread.
    """

    def __init__(self, apply: Callable[[list[T]], None], *, delay: float = DELAY,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        self._apply = apply
        self.delay = delay
        self.loop = loop or running_loop()
        self._lock = threading.Lock()
        self._applying = threading.Lock()
        """Without a loop, pushes from several threads flush on their own threads: one at a time."""
        self._pending: list[T] = []
        self._armed = False
        self._waiters: list[asyncio.Future[None]] = []
        self.closed = False
        self.flushes = 0
        """How many batches were applied (what a burst costs in re-renders)."""

    def push(self, item: T) -> None:
        """Queue `item`; arms a flush if none is pending. Safe from any thread."""
        with self._lock:
            if self.closed:
                return
            self._pending.append(item)
            if self._armed:
                return
            self._armed = True
        loop = self.loop
        if loop is None or loop.is_closed():
            self.flush()
            return
        try:
            loop.call_soon_threadsafe(self._arm)
        except RuntimeError:  # the loop closed between the check and the call
            self.flush()

    def _arm(self) -> None:
        if self.loop is not None:
            self.loop.call_later(self.delay, self.flush)

    def flush(self) -> None:
        """Apply everything queued now (the loop calls this; tests and `close` may too)."""
        with self._lock:
            batch, self._pending = self._pending, []
            self._armed = False
            waiters, self._waiters = self._waiters, []
        try:
            if batch and not self.closed:
                with self._applying:
                    self.flushes += 1
                    self._apply(batch)
        finally:
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(None)

    async def settled(self) -> None:
        """Return once nothing queued before this call is still waiting to be applied."""
        with self._lock:
            if not self._armed or self.loop is None:
                return
            waiter: asyncio.Future[None] = self.loop.create_future()
            self._waiters.append(waiter)
        await waiter

    def close(self) -> None:
        """Drop what is queued and ignore later pushes (the widget is gone)."""
        with self._lock:
            self.closed = True
            self._pending.clear()
        self.flush()
