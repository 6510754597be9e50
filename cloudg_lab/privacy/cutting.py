"""Cutting text so that no piece of a token stays behind.

Every cap on the way out (free text in `sanitize`, `max_string` in `project`, the text block's
`max_output_chars` in the layer) runs on text the pipeline has already redacted, and cuts only
between tokens: the token that straddles the limit goes whole. A pseudonym, a `[REDACTED:...]`
marker, an ARN or a secret no detector knew is therefore kept whole or not at all, so no
recognisable prefix survives and no half marker reads like data. ASCII whitespace is the boundary:
none of those tokens contains any (a non-breaking space is not a boundary, so names glued with one
stay whole too).
"""

from __future__ import annotations

_SPACES = " \n\t\r\f\v"


def safe_end(text: str, limit: int) -> int:
    """The largest `end <= limit` where `text[:end]` stops between two tokens (0 if none does)."""
    if limit >= len(text):
        return len(text)
    if limit <= 0:
        return 0
    if text[limit] in _SPACES or text[limit - 1] in _SPACES:
        return limit
    return max(0, *(text.rfind(space, 0, limit) for space in _SPACES))


def shorten(text: str, cap: int, frame: tuple[str, str] | None = None) -> str | None:
    """`text` with at most `cap` characters of content, cut between tokens and noted
    (`… [+N chars]`, N the characters removed); None when it fits.

    Text inside `frame` (a fence) is cut inside it and the frame stays closed; the note, ours and
    trusted, follows the frame.
    """
    head = tail = ""
    body = text
    if frame is not None and len(text) >= len(frame[0]) + len(frame[1]) \
            and text.startswith(frame[0]) and text.endswith(frame[1]):
        head, tail = frame
        body = text[len(head):len(text) - len(tail)]
    if len(body) <= cap:
        return None
    kept = body[:safe_end(body, cap)].rstrip(_SPACES)
    return f"{head}{kept}{tail}… [+{len(body) - len(kept)} chars]"
