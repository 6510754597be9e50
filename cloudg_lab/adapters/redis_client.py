"""One way to a Redis server for the fleet's shared state (rate limits, the audit stream)."""

from __future__ import annotations

from urllib.parse import urlsplit

import redis
import redis.asyncio
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

SCHEMES = ("redis://", "rediss://", "unix://")


def connect(url: str, option: str, *, timeout: float = 5.0) -> redis.Redis:
    """A client for `url` (no connection is made until the first command).

    Raises:
        ValueError: naming `option` when `url` is not a Redis URL (the URL itself is not quoted:
            it may hold a password).
    """
    _check(url, option)
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=2.0)


def connect_async(url: str, option: str, *, timeout: float = 5.0) -> redis.asyncio.Redis:
    """An asyncio client for `url`, bound to the loop that first uses it (no connection yet).

    A command is retried once at once (a pooled connection the server closed), never with
    backoff: the caller bounds the whole wait itself.

    Raises:
        ValueError: as `connect`.
    """
    _check(url, option)
    return redis.asyncio.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout,
                                        retry=Retry(NoBackoff(), 1))


def _check(url: str, option: str) -> None:
    if not url.startswith(SCHEMES):
        raise ValueError(f"{option} must be a redis://, rediss:// or unix:// URL")


def where(url: str) -> str:
    """Host and port of a Redis URL, without credentials (for titles and messages)."""
    parts = urlsplit(url)
    if not parts.hostname:
        return parts.path or "the socket"
    return parts.hostname + (f":{parts.port}" if parts.port else "")


def reachable(client: redis.Redis, url: str, option: str) -> None:
    """Raises:
        ConnectionError: naming `option` and the server (never its credentials) when it does
            not answer a PING.
    """
    try:
        client.ping()
    except redis.RedisError:
        raise ConnectionError(f"{option}: cannot reach Redis at {where(url)}") from None
