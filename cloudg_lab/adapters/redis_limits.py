"""Token buckets in Redis, shared by every instance of a fleet (`--rate-limit-store redis://...`).

Why a script of our own rather than the `limits` library: a call takes a token from every bucket
that applies or from none (a per-principal and a per-tool limit together), and `limits` checks
and takes one limit at a time, so two instances could each pass a check the other then empties.
One Lua script reads, refills and takes all the buckets of a call atomically on the server, on
the server's clock (instances' clocks may disagree). Each bucket expires once it would be full
again, so Redis holds only buckets in use.

The layer awaits `take_async`: a call waits for its round trip to Redis while the event loop serves
the other calls (the synchronous `take` would hold the loop for it), and the takes of the calls in
hand at once travel together (`redis_batch`), one script run each.

When Redis cannot be reached, or does not answer within `WAIT_SECONDS`, the call is refused as
rate limited (retry after a second) and the failure logged: a shared limit that silently stopped
limiting would be worse than a pause.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import Any

import redis

from cloudg_lab.adapters.redis_batch import ScriptBatches
from cloudg_lab.adapters.redis_client import connect, reachable
from cloudg_lab.logs import log_failure
from cloudg_lab.policy.ratelimit import Want

PREFIX = "cloudg:rl:"
WAIT_SECONDS = 2.0
"""By default, the longest a call waits for Redis before it is refused (connecting included)."""
_UNREACHABLE_RETRY = 1.0
_OPTION = "--rate-limit-store"
_log = logging.getLogger("cloudg_lab.ratelimit")

_TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local left = {}
for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[3 * i - 2])
  local rate = tonumber(ARGV[3 * i - 1])
  local state = redis.call('HMGET', key, 'tokens', 'stamp')
  local tokens = tonumber(state[1])
  if tokens == nil then
    tokens = capacity
  else
    tokens = math.min(capacity, tokens + math.max(0, now - tonumber(state[2])) * rate)
  end
  if tokens < 1 then
    return {i, tostring((1 - tokens) / rate)}
  end
  left[i] = tokens - 1
end
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, 'tokens', tostring(left[i]), 'stamp', tostring(now))
  redis.call('EXPIRE', key, tonumber(ARGV[3 * i]))
end
return {0, '0'}
"""


class RedisBuckets:
    """A `BucketStore` in one Redis database, awaited by the layer (`AsyncBucketStore`)."""

    def __init__(self, url: str, *, client: redis.Redis | None = None,
                 wait: float = WAIT_SECONDS) -> None:
        """`wait`: the longest a call waits for Redis before it is refused.

        Raises:
            ValueError: for a URL that is not a Redis URL.
            ConnectionError: when the server does not answer now (later outages refuse calls).
        """
        self._redis = client if client is not None else connect(url, _OPTION, timeout=wait)
        reachable(self._redis, url, _OPTION)
        self._take: Any = self._redis.register_script(_TAKE)
        self._batches = ScriptBatches(url, _TAKE, _OPTION, wait=wait)

    def take(self, wants: Sequence[Want]) -> tuple[int, float] | None:
        keys, args = _script_input(wants)
        try:
            reply = self._take(keys=keys, args=args)
        except redis.RedisError as exc:
            return _unreachable(exc)
        return _answer(reply)

    async def take_async(self, wants: Sequence[Want]) -> tuple[int, float] | None:
        """As `take`, waiting on the event loop instead of holding it."""
        try:
            reply = await self._batches.run(*_script_input(wants))
        except (redis.RedisError, TimeoutError) as exc:
            return _unreachable(exc)
        return _answer(reply)

    def reset(self) -> None:
        try:
            keys = list(self._redis.scan_iter(match=PREFIX + "*", count=1000))
            if keys:
                self._redis.delete(*keys)
        except redis.RedisError as exc:
            log_failure(_log, "resetting the shared rate-limit store", exc, logging.WARNING)


def _script_input(wants: Sequence[Want]) -> tuple[list[str], list[Any]]:
    """The script's keys and its (capacity, rate, expiry) triple per bucket."""
    args: list[Any] = []
    for want in wants:
        args += [want.capacity, repr(want.per_second), max(1, math.ceil(want.idle_seconds) + 1)]
    return [PREFIX + w.key for w in wants], args


def _answer(reply: Any) -> tuple[int, float] | None:
    index, wait = reply
    return None if int(index) == 0 else (int(index) - 1, float(wait))


def _unreachable(exc: BaseException) -> tuple[int, float]:
    log_failure(_log, "the shared rate-limit store", exc, logging.WARNING)
    return 0, _UNREACHABLE_RETRY
