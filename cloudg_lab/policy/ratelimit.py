"""Token buckets: full at `burst`, refilled at `rate` per period, all-or-nothing across buckets.

Buckets live in memory, per process: behind a gateway each instance limits on its own, which the
README says. A call takes one token from every bucket that applies or from none.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cloudg_lab.policy.engine import globs_match
from cloudg_lab.policy.model import RateLimit

PERIOD_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0}
_MAX_BUCKETS = 100_000


@dataclass
class _Bucket:
    tokens: float
    stamp: float


@dataclass(frozen=True)
class Refusal:
    """Why a call was refused: what the caller needs to back off correctly."""

    limit: RateLimit
    retry_after: float

    @property
    def label(self) -> str:
        rate = int(self.limit.rate) if float(self.limit.rate).is_integer() else self.limit.rate
        return f"{rate}/{self.limit.per}"


class RateLimiter:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[tuple[object, ...], _Bucket] = {}
        self._lock = threading.Lock()

    def take(self, limits: Sequence[RateLimit], *, kind: str, name: str,
             principal_id: str) -> Refusal | None:
        """Take one token from each applicable bucket, or none and say which bucket is empty."""
        applicable = [lim for lim in limits
                      if kind in lim.kinds and globs_match(lim.tools, name)]
        if not applicable:
            return None
        now = self._clock()
        with self._lock:
            buckets = []
            for lim in applicable:
                key = (id(lim), *_scope_key(lim, name, principal_id))
                bucket = self._buckets.get(key)
                capacity = _capacity(lim)
                if bucket is None:
                    if len(self._buckets) >= _MAX_BUCKETS:
                        self._evict_oldest()
                    bucket = self._buckets[key] = _Bucket(float(capacity), now)
                else:
                    per_second = lim.rate / PERIOD_SECONDS[lim.per]
                    bucket.tokens = min(capacity, bucket.tokens + (now - bucket.stamp) * per_second)
                    bucket.stamp = now
                if bucket.tokens < 1.0:
                    per_second = lim.rate / PERIOD_SECONDS[lim.per]
                    return Refusal(lim, round((1.0 - bucket.tokens) / per_second, 3))
                buckets.append(bucket)
            for bucket in buckets:
                bucket.tokens -= 1.0
        return None

    def reset(self) -> None:
        with self._lock:
            self._buckets.clear()

    def _evict_oldest(self) -> None:
        """Drop the oldest buckets so one caller spraying principal ids cannot grow memory."""
        for key in list(self._buckets)[: _MAX_BUCKETS // 10]:
            del self._buckets[key]


def _capacity(limit: RateLimit) -> int:
    return limit.burst if limit.burst is not None else max(1, math.ceil(limit.rate))


def _scope_key(limit: RateLimit, name: str, principal_id: str) -> tuple[str, ...]:
    if limit.scope == "principal":
        return (principal_id,)
    if limit.scope == "tool":
        return (name,)
    if limit.scope == "principal_tool":
        return (principal_id, name)
    return ()
