"""Answers for read-only, idempotent tools, served again only to whom the policy still allows.

A hit is never a way around the policy. The key holds the serving policy's identity (siblings made
by `Layer.with_policy` share this middleware object), the principal's id and sorted roles, the
tool, the caller's arguments and the dataset and registry versions; and before a hit is served the
serving policy's `check_call` runs again, so access, rate limits and the audit trail see it like any
other call. Errors are never stored, completions never cached, a call to a tool that changes state
clears the cache, and so does any dataset change the workspace announces.
"""

from __future__ import annotations

import copy
import itertools
import json
import threading
import time
import weakref
from collections.abc import Callable

from cachetools import TTLCache

from cloudg_lab.registry import ToolSpec
from cloudg_lab.types import META_PREFIX, CallGate, CallInfo, CallNext, Observable, ToolResult

CACHE_META = META_PREFIX + "cache"
_DURATION = META_PREFIX + "duration_ms"
_tokens = itertools.count(1)


class CachingMiddleware:
    """An LRU of tool results with a time to live (`cachetools.TTLCache`, behind a lock: the
    layer's worker threads and the event loop share one middleware)."""

    def __init__(self, ttl: float = 60.0, maxsize: int = 256) -> None:
        """Raises:
            ValueError: for a non-positive ttl or maxsize.
        """
        if ttl <= 0 or maxsize < 1:
            raise ValueError("ttl must be positive and maxsize at least 1")
        self.ttl = ttl
        self.maxsize = maxsize
        self._entries: TTLCache[tuple[object, ...], ToolResult] = TTLCache(maxsize, ttl,
                                                                           timer=time.monotonic)
        self._lock = threading.Lock()
        self._policy_ids: weakref.WeakKeyDictionary[object, int] = weakref.WeakKeyDictionary()
        self._watched: weakref.WeakKeyDictionary[object, Callable[[], None]] = weakref.WeakKeyDictionary()
        self.hits = 0
        self.misses = 0

    async def __call__(self, info: CallInfo, call_next: CallNext) -> object:
        if info.kind != "tool":
            return await call_next(info)
        spec = info.spec
        if not (isinstance(spec, ToolSpec) and spec.read_only and spec.idempotent):
            result = await call_next(info)
            self.clear()
            return result
        gate = info.gate
        if gate is None:  # not called by a layer: nothing says what a result depends on
            return await call_next(info)
        self._watch(gate.workspace)
        key = self._key(info, gate)
        if key is None:
            return await call_next(info)
        cached = self._get(key)
        if cached is not None:
            await gate.check(info)
            self.hits += 1
            return _as_hit(cached)
        self.misses += 1
        result = await call_next(info)
        if isinstance(result, ToolResult) and not result.is_error:
            self._put(key, copy.deepcopy(result))
        return result

    def clear(self, *_event: object) -> None:
        """Drop every entry (also the workspace's change listener)."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    # ------------------------------------------------------------------ keys and storage

    def _key(self, info: CallInfo, gate: CallGate) -> tuple[object, ...] | None:
        try:
            arguments = json.dumps(info.arguments or {}, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return None
        principal = info.principal
        return (self._policy_id(gate.policy), principal.id, tuple(sorted(principal.roles)), info.name,
                arguments, gate.workspace.version, gate.registry_version)

    def _policy_id(self, policy: object) -> int:
        """A number for each policy object; unlike `id()` it is never reused for another one."""
        with self._lock:
            found = self._policy_ids.get(policy)
            if found is None:
                found = self._policy_ids[policy] = next(_tokens)
            return found

    def _get(self, key: tuple[object, ...]) -> ToolResult | None:
        with self._lock:
            return self._entries.get(key)

    def _put(self, key: tuple[object, ...], result: ToolResult) -> None:
        with self._lock:
            self._entries[key] = result

    def _watch(self, workspace: Observable) -> None:
        """Subscribe once per workspace to its change events (loads, reloads, unloads)."""
        if workspace not in self._watched:
            with self._lock:
                if workspace not in self._watched:
                    self._watched[workspace] = workspace.on_change(self.clear)


def _as_hit(cached: ToolResult) -> ToolResult:
    """A private copy marked as a hit; the layer stamps this call's own duration."""
    result = copy.deepcopy(cached)
    result.meta.pop(_DURATION, None)
    result.meta[CACHE_META] = "hit"
    return result
