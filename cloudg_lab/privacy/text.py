"""Finding known words inside free text: identifiers in descriptions, pseudonyms in arguments.

Both directions work the same way: cut the text into candidate tokens (maximal runs of
identifier characters, then their parts between `:`, `/`, `@`, `=` and `,`, plus short runs of
words for names with spaces) and look each candidate up in a set. With 100,000 known names that
costs a few dictionary look-ups per word, where one giant alternation regex would cost seconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar

T = TypeVar("T")

_TOKEN = re.compile(r"[\w][\w.@:/+=%~-]*")
_PARTS = re.compile(r"[^:/@=,]+")
_TRAILING = ".:/,;=+%~-"
_STOPWORDS = frozenset((
    "default", "main", "prod", "production", "staging", "stage", "test", "testing", "dev",
    "development", "global", "none", "null", "true", "false", "public", "private", "internal",
    "external", "admin", "root", "master", "primary", "secondary", "backup", "web", "app", "api",
    "data", "logs", "shared", "common", "core", "base", "local", "service", "services", "network",
    "default-vpc", "unknown", "other", "internet", "anywhere", "world", "everyone"
))


_IDEOGRAMS = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{2,3}")
"""Chinese and Korean names are two or three characters (`王芳`, `欧阳娜`), each a syllable."""


def mentionable(name: str) -> bool:
    """Names worth finding inside free text: not too short, not a common word or a small number."""
    if (len(name) < 4 and _IDEOGRAMS.fullmatch(name) is None) or name.lower() in _STOPWORDS:
        return False
    return not (name.isdigit() and len(name) < 6)


def find(text: str, lookup: Callable[[str], T | None], max_words: int = 1) -> list[tuple[int, int, T]]:
    """Non-overlapping `(start, end, found)` spans of candidates `lookup` knows, left to right.

    Longer candidates win: a multi-word name over its words, a whole token over its parts.
    """
    tokens: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(text):
        start, end = m.span()
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        if end > start:
            tokens.append((start, end))
    out: list[tuple[int, int, T]] = []
    i = 0
    while i < len(tokens):
        start, end = tokens[i]
        width = _multiword(text, tokens, i, lookup, max_words=max_words, out=out)
        if width:
            i += width
            continue
        found = lookup(text[start:end])
        if found is not None:
            out.append((start, end, found))
        elif any(c in text[start:end] for c in ":/@=,"):
            for part in _PARTS.finditer(text, start, end):
                p_start, p_end = part.span()
                while p_end > p_start and text[p_end - 1] in _TRAILING:
                    p_end -= 1
                if p_end > p_start:
                    hit = lookup(text[p_start:p_end])
                    if hit is not None:
                        out.append((p_start, p_end, hit))
        i += 1
    return out


def _multiword(text: str, tokens: list[tuple[int, int]], i: int, lookup: Callable[[str], T | None],
               *, max_words: int, out: list[tuple[int, int, T]]) -> int:
    for width in range(min(max_words, len(tokens) - i), 1, -1):
        last = tokens[i + width - 1]
        if any(text[tokens[j][1]:tokens[j + 1][0]] != " " for j in range(i, i + width - 1)):
            continue
        found = lookup(text[tokens[i][0]:last[1]])
        if found is not None:
            out.append((tokens[i][0], last[1], found))
            return width
    return 0


def replace(text: str, spans: list[tuple[int, int, str]]) -> str:
    """`text` with each `(start, end, replacement)` applied (spans sorted, non-overlapping)."""
    if not spans:
        return text
    pieces = []
    pos = 0
    for start, end, new in spans:
        pieces.append(text[pos:start])
        pieces.append(new)
        pos = end
    pieces.append(text[pos:])
    return "".join(pieces)


_WORDS: dict[int, tuple[Mapping[str, str], int]] = {}


def max_words(known: Mapping[str, str]) -> int:
    """The most words any known name has (cached per mapping object; names rarely have spaces)."""
    cached = _WORDS.get(id(known))
    if cached is not None and cached[0] is known:
        return cached[1]
    most = 1
    for name in known:
        if " " in name:
            most = max(most, min(name.count(" ") + 1, 6))
    if len(_WORDS) > 16:
        _WORDS.clear()
    _WORDS[id(known)] = (known, most)
    return most
