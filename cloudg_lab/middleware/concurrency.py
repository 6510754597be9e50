"""A bound on calls in flight, overall and per principal, with a bounded wait in the queue.

A call that cannot get a slot within `queue_timeout` seconds is refused with
`RateLimitedError("Server busy ...")`, which callers already know how to back off from. Slots are
asyncio semaphores, one set per event loop, because a notebook, the CLI and tests may each run
the same middleware object on a loop of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator, Iterable

from cloudg_lab.errors import RateLimitedError
from cloudg_lab.types import CallInfo, CallNext, Kind


class _Gates:
    def __init__(self, limit: int) -> None:
        self.overall = asyncio.Semaphore(limit)
        self.by_principal: dict[str, tuple[asyncio.Semaphore, int]] = {}


class ConcurrencyLimitMiddleware:
    """At most `limit` calls at once (and `per_principal` per caller) of the given kinds."""

    def __init__(self, limit: int = 8, *, per_principal: int | None = None, queue_timeout: float = 30.0,
                 kinds: Iterable[Kind] = ("tool",)) -> None:
        """Raises:
            ValueError: for limits below 1 or a negative timeout.
        """
        if limit < 1 or (per_principal is not None and per_principal < 1) or queue_timeout < 0:
            raise ValueError("limits must be at least 1 and queue_timeout not negative")
        self.limit = limit
        self.per_principal = per_principal
        self.queue_timeout = queue_timeout
        self.kinds = frozenset(kinds)
        self._loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Gates] = (
            weakref.WeakKeyDictionary())

    async def __call__(self, info: CallInfo, call_next: CallNext) -> object:
        if info.kind not in self.kinds:
            return await call_next(info)
        gates = self._gates()
        async with self._slot(gates.overall), self._principal_slot(gates, info.principal.id):
            return await call_next(info)

    def _gates(self) -> _Gates:
        loop = asyncio.get_running_loop()
        found = self._loops.get(loop)
        if found is None:
            found = self._loops[loop] = _Gates(self.limit)
        return found

    @contextlib.asynccontextmanager
    async def _slot(self, gate: asyncio.Semaphore) -> AsyncIterator[None]:
        try:
            async with asyncio.timeout(self.queue_timeout):
                await gate.acquire()
        except TimeoutError:
            raise RateLimitedError("Server busy: too many concurrent calls; retry shortly",
                                   {"retry_after": self.queue_timeout, "limit": self.limit,
                                    "scope": "concurrency"}) from None
        try:
            yield
        finally:
            gate.release()

    @contextlib.asynccontextmanager
    async def _principal_slot(self, gates: _Gates, principal_id: str) -> AsyncIterator[None]:
        if self.per_principal is None:
            yield
            return
        gate, users = gates.by_principal.get(principal_id) or (asyncio.Semaphore(self.per_principal), 0)
        gates.by_principal[principal_id] = (gate, users + 1)
        try:
            async with self._slot(gate):
                yield
        finally:
            gate, users = gates.by_principal[principal_id]
            if users <= 1:
                del gates.by_principal[principal_id]
            else:
                gates.by_principal[principal_id] = (gate, users - 1)
