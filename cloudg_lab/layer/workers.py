"""Worker threads for sync handlers, at most a few per principal (ARCHITECTURE.md, step 9).

A cancelled or timed-out call stops waiting at once, but its thread runs on until the handler
next polls `ctx.cancelled`. Without a bound, a caller that starts and cancels the same heavy call
in a loop holds one thread (and its half-built data) per attempt. Here a principal's call waits
for one of its `limit` slots before a thread starts, and a slot is freed only when the thread
ends, so a storm of cancels costs at most `limit` threads. A call cancelled while it waits for a
slot never starts.
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
DEFAULT_LIMIT = 4


class WorkerSlots:
    """Counts the running threads per key (a principal id); thread-safe, any event loop."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        """Raises:
            ValueError: for a limit below 1.
        """
        if limit < 1:
            raise ValueError("worker thread limit must be at least 1")
        self.limit = limit
        self._lock = threading.Lock()
        self._busy: dict[str, int] = {}
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}

    def busy(self, key: str) -> int:
        """Threads running (or handed a slot) for `key`."""
        return self._busy.get(key, 0)

    async def run(self, key: str, fn: Callable[[], T]) -> T:
        """`fn()` in a worker thread once `key` has a free slot.

        Raises:
            asyncio.CancelledError: when the caller is cancelled; the thread, if it started, keeps
                its slot until it returns.
        """
        await self._acquire(key)
        job = _Job(fn, lambda: self._release(key))
        try:
            return await asyncio.to_thread(job)
        except asyncio.CancelledError:
            if job.abandon():  # the executor had not started it: it never will
                self._release(key)
            raise

    async def _acquire(self, key: str) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._busy.get(key, 0) < self.limit and not self._waiting.get(key):
                self._busy[key] = self._busy.get(key, 0) + 1
                return
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiting.setdefault(key, deque()).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            with self._lock:
                queue = self._waiting.get(key)
                if queue is not None and waiter in queue:
                    queue.remove(waiter)
                    if not queue:
                        del self._waiting[key]
                    raise
            if waiter.done() and not waiter.cancelled():  # handed a slot just before the cancel
                self._release(key)
            raise  # else the pending hand-over sees the cancelled waiter and passes the slot on

    def _release(self, key: str) -> None:
        """Pass the slot to the next waiter, else free it; callable from any thread."""
        with self._lock:
            queue = self._waiting.get(key)
            if queue:
                waiter = queue.popleft()
                if not queue:
                    del self._waiting[key]
                waiter.get_loop().call_soon_threadsafe(self._hand_over, key, waiter)
                return
            left = self._busy.get(key, 0) - 1
            if left > 0:
                self._busy[key] = left
            else:
                self._busy.pop(key, None)

    def _hand_over(self, key: str, waiter: asyncio.Future[None]) -> None:
        if waiter.cancelled():
            self._release(key)
        else:
            waiter.set_result(None)


class _Job(Generic[T]):
    """`fn` that runs at most once and frees its slot when it ends, unless abandoned first."""

    def __init__(self, fn: Callable[[], T], release: Callable[[], None]) -> None:
        self._fn = fn
        self._release = release
        self._lock = threading.Lock()
        self._state = "queued"

    def __call__(self) -> T:
        with self._lock:
            if self._state == "abandoned":  # nobody awaits this any more
                raise asyncio.CancelledError
            self._state = "running"
        try:
            return self._fn()
        finally:
            self._release()

    def abandon(self) -> bool:
        """True when the job had not started and now never will."""
        with self._lock:
            if self._state != "queued":
                return False
            self._state = "abandoned"
            return True
