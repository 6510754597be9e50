"""JSON Pointer tokens (RFC 6901): the one place that escapes `~` and `/` in a path segment.

Marks, transform reports and the notebook's badges all name a place in a result by pointer, so
they must spell `cloudg/error_data` the same way (`cloudg~1error_data`).
"""

from __future__ import annotations


def escape(token: object) -> str:
    """One path segment as a pointer token: `~` → `~0`, then `/` → `~1`."""
    text = str(token)
    return text.replace("~", "~0").replace("/", "~1") if ("~" in text or "/" in text) else text


def unescape(token: str) -> str:
    """The segment a pointer token names: `~1` → `/`, then `~0` → `~`."""
    return token.replace("~1", "/").replace("~0", "~") if "~" in token else token


def join(path: str, *tokens: object) -> str:
    """`path` extended by the escaped `tokens` (`join("/_meta", "cloudg/x")` is `/_meta/cloudg~1x`)."""
    return path + "".join("/" + escape(t) for t in tokens)
