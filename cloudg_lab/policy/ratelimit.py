"""Token buckets: full at `burst`, refilled at `rate` per period, all-or-nothing across buckets.

A call takes one token from every bucket that applies or from none. Where the buckets live is a
`BucketStore`: in this process by default (`MemoryBuckets`), or shared by every instance of a
fleet (`adapters.redis_limits`), so 240 calls a minute stay 240 behind a gateway. Bucket keys are
built from the limit's definition and the caller, never from anything per process, so every
instance with the same policy names the same bucket.

A store that waits on the network is an `AsyncBucketStore`: the layer awaits it
(`RateLimiter.take_async`), so one call's round trip does not hold the event loop that serves the
others. A memory store is called directly on that path, at no extra cost.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from cloudg_lab.policy.engine import globs_match
from cloudg_lab.policy.model import RateLimit

PERIOD_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0}
_MAX_BUCKETS = 100_000


@dataclass(frozen=True)
class Want:
    """One token wanted from one bucket."""

    key: str
    capacity: int
    per_second: float

    @property
    def idle_seconds(self) -> float:
        """How long until an untouched bucket is full again (after that it may be forgotten)."""
        return self.capacity / self.per_second


class BucketStore(Protocol):
    """Where buckets live; `take` must be atomic across everyone who shares the store."""

    def take(self, wants: Sequence[Want]) -> tuple[int, float] | None:
        """One token from each bucket, or none: then (index of an empty one, seconds until it
        holds a token)."""
        ...

    def reset(self) -> None:
        """Forget every bucket (they start full again)."""
        ...


@runtime_checkable
class AsyncBucketStore(BucketStore, Protocol):
    """A store whose `take` waits on the network, so it also offers one to await."""

    async def take_async(self, wants: Sequence[Want]) -> tuple[int, float] | None:
        """As `take`, without holding the event loop while it waits."""
        ...


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


class MemoryBuckets:
    """Buckets in this process: a lock makes `take` all-or-nothing; memory stays bounded."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def take(self, wants: Sequence[Want]) -> tuple[int, float] | None:
        now = self._clock()
        with self._lock:
            buckets = []
            for i, want in enumerate(wants):
                bucket = self._buckets.get(want.key)
                if bucket is None:
                    if len(self._buckets) >= _MAX_BUCKETS:
                        self._evict_oldest()
                    bucket = self._buckets[want.key] = _Bucket(float(want.capacity), now)
                else:
                    bucket.tokens = min(want.capacity, bucket.tokens + (now - bucket.stamp) * want.per_second)
                    bucket.stamp = now
                if bucket.tokens < 1.0:
                    return i, (1.0 - bucket.tokens) / want.per_second
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


class RateLimiter:
    """The policy's limits applied to calls, over a bucket store."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 store: BucketStore | None = None) -> None:
        self.store = store if store is not None else MemoryBuckets(clock)
        self._definitions: dict[int, tuple[RateLimit, str]] = {}
        """id(limit) → (the limit, its JSON): computed once per limit, not on every call."""

    @property
    def store(self) -> BucketStore:
        return self._store

    @store.setter
    def store(self, store: BucketStore) -> None:
        """Whether the store is awaited is settled here, once, not on every call."""
        self._store = store
        self._take_async = store.take_async if isinstance(store, AsyncBucketStore) else None

    def take(self, limits: Sequence[RateLimit], *, kind: str, name: str,
             principal_id: str) -> Refusal | None:
        """Take one token from each applicable bucket, or none and say which bucket is empty."""
        applicable, wants = self._wants(limits, kind, name, principal_id)
        return _refusal(applicable, self._store.take(wants)) if wants else None

    async def take_async(self, limits: Sequence[RateLimit], *, kind: str, name: str,
                         principal_id: str) -> Refusal | None:
        """As `take`; a store that waits on the network is awaited, any other called directly."""
        applicable, wants = self._wants(limits, kind, name, principal_id)
        if not wants:
            return None
        if self._take_async is None:
            return _refusal(applicable, self._store.take(wants))
        return _refusal(applicable, await self._take_async(wants))

    def _wants(self, limits: Sequence[RateLimit], kind: str, name: str,
               principal_id: str) -> tuple[list[RateLimit], list[Want]]:
        """The limits that apply to this call, and the token each wants from its bucket."""
        applicable = [(i, lim) for i, lim in enumerate(limits)
                      if kind in lim.kinds and globs_match(lim.tools, name)]
        wants = [Want(bucket_key(i, self._definition(lim), lim, name, principal_id), _capacity(lim),
                      lim.rate / PERIOD_SECONDS[lim.per]) for i, lim in applicable]
        return [lim for _, lim in applicable], wants

    def reset(self) -> None:
        self.store.reset()

    def _definition(self, limit: RateLimit) -> str:
        found = self._definitions.get(id(limit))
        if found is None or found[0] is not limit:
            if len(self._definitions) > 1024:  # policies reloaded many times over
                self._definitions.clear()
            found = self._definitions[id(limit)] = (limit, limit.model_dump_json())
        return found[1]


def bucket_key(position: int, definition: str, limit: RateLimit, name: str, principal_id: str) -> str:
    """The same in every process with this policy: the limit's place and definition, the caller."""
    parts = [str(position), definition, *_scope_key(limit, name, principal_id)]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]


def _refusal(applicable: list[RateLimit], empty: tuple[int, float] | None) -> Refusal | None:
    if empty is None:
        return None
    index, wait = empty
    return Refusal(applicable[index], round(wait, 3))


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
