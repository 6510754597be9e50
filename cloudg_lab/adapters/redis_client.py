"""One way to a Redis server for the fleet's shared state (rate limits, the audit stream)."""

from __future__ import annotations

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
