"""Listener lists for the observable state widgets watch: audit buffer, workspace, vault, results.

Observers are called synchronously on the thread that made the change (a worker thread, the event
loop, an HTTP request), so they must be quick and must never break the change they observe: a
failing listener is logged and skipped.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, ParamSpec

from cloudg_lab.logs import log_failure

P = ParamSpec("P")


class Listeners(Generic[P]):
    """A thread-safe list of callbacks sharing one signature."""

    def __init__(self, what: str) -> None:
        self._what = what
        self._items: list[Callable[P, None]] = []
        self._lock = threading.Lock()

    def add(self, listener: Callable[P, None]) -> Callable[[], None]:
        """Register `listener`; returns the function that unregisters it (safe to call twice)."""
        with self._lock:
            self._items.append(listener)

        def remove() -> None:
            with self._lock:
                if listener in self._items:
                    self._items.remove(listener)

        return remove

    def notify(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for listener in list(self._items):
            try:
                listener(*args, **kwargs)
            except Exception as exc:
                log_failure(logging.getLogger("cloudg_lab"), f"{self._what} listener", exc)

    def __len__(self) -> int:
        return len(self._items)
