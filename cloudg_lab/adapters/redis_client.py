"""One way to a Redis server for the fleet's shared state (rate limits, the audit stream)."""

from __future__ import annotations

from urllib.parse import urlsplit

import redis

SCHEMES = ("redis://", "rediss://", "unix://")


def connect(url: str, option: str, *, timeout: float = 5.0) -> redis.Redis:
    """A client for `url` (no connection is made until the first command).

    Raises:
        ValueError: naming `option` when `url` is not a Redis URL (the URL itself is not quoted:
            it may hold a password).
    """
    if not url.startswith(SCHEMES):
        raise ValueError(f"{option} must be a redis://, rediss:// or unix:// URL")
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=2.0)


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
