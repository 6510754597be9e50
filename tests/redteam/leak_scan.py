"""Finding canaries in anything a caller receives, and saying where without showing it.

Every string, dict key and number of a surface (a wire result, an error, an audit entry, a log
line) is a leaf; a leaf that is itself JSON text is parsed and walked too. Leaves are normalised
the way a reader would read them (HTML entities decoded; NFKC, so a non-breaking space is a
space; case-folded; typographic apostrophes straight; runs of white space single), and each
canary is looked for in every spelling that still gives it away: as planted, URL-encoded, as a
number (leading zeros gone), and its `forms`. The report names the class, kind, surface and
JSON path of each hit and only the first characters of the canary, never the result it was in.
"""

from __future__ import annotations

import bisect
import html
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, quote_plus

from plantings import Canary

_SPACE = re.compile(r"\s+")
_SEP = "\x00"
MAX_PLACES = 3
"""Places kept per distinct leaf text (the same text in a hundred results is one finding)."""


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", html.unescape(text)).casefold()
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return _SPACE.sub(" ", text)


def spellings(canary: Canary) -> dict[str, str]:
    """Label → normalised spelling; case-folding is implied by `normalise`."""
    out = {"as planted": canary.value}
    for label, spelled in (("url-encoded", quote(canary.value, safe="")),
                           ("form-encoded", quote_plus(canary.value, safe=""))):
        out[label] = spelled
    if canary.value.isdigit():
        out["number"] = str(int(canary.value))
    for i, form in enumerate(canary.forms):
        out[f"form {i + 1}"] = form
    seen: dict[str, str] = {}
    for label, spelled in out.items():
        seen.setdefault(normalise(spelled), label)
    return {label: text for text, label in seen.items() if text}


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(JSON path, text) for every key, string and number under `value`."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}{{key}}", str(key)
            yield from leaves(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from leaves(item, f"{path}[{i}]")
    elif isinstance(value, str):
        yield path, value
        stripped = value.lstrip()
        if stripped[:1] in ("{", "["):
            try:
                parsed = json.loads(value)
            except ValueError:
                return
            yield from leaves(parsed, f"{path}<json>")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, float) and value.is_integer():
        yield path, str(int(value))
    elif isinstance(value, int | float):
        yield path, str(value)


@dataclass(frozen=True)
class Leak:
    canary: Canary
    spelling: str
    surface: str
    path: str

    def line(self) -> str:
        shown = self.canary.value[:6] + "…"
        return (f"{self.canary.kind}/{self.canary.cls} ({shown}, {self.spelling}) at "
                f"{self.surface} {self.path}")


class Scanner:
    """The canaries of one estate, compiled once, matched against many surfaces."""

    def __init__(self, canaries: Iterable[Canary]) -> None:
        self.needles: list[tuple[Canary, str, str, re.Pattern[str] | None]] = []
        for canary in canaries:
            for label, text in spellings(canary).items():
                bound = re.compile(rf"(?<![0-9a-z]){re.escape(text)}(?![0-9a-z])") if canary.bounded else None
                self.needles.append((canary, label, text, bound))

    def scan(self, surfaces: Iterable[tuple[str, Any]]) -> list[Leak]:
        """Every (canary, spelling, place) hit; the first few places of each distinct leaf text."""
        places: dict[str, list[tuple[str, str]]] = {}
        for surface, value in surfaces:
            for path, text in leaves(value):
                found = places.setdefault(normalise(text), [])
                if len(found) < MAX_PLACES:
                    found.append((surface, path))
        texts = list(places)
        starts, offset = [], 0
        for text in texts:
            starts.append(offset)
            offset += len(text) + 1
        hay = _SEP.join(texts)
        leaks: list[Leak] = []
        for canary, label, needle, bound in self.needles:
            hits = {bisect.bisect_right(starts, at) - 1 for at in _positions(hay, needle, bound)}
            for index in sorted(hits):
                leaks.extend(Leak(canary, label, s, p) for s, p in places[texts[index]])
        return leaks

    def reached(self, surfaces: Iterable[tuple[str, Any]]) -> set[Canary]:
        return {leak.canary for leak in self.scan(surfaces)}


def _positions(hay: str, needle: str, bound: re.Pattern[str] | None) -> Iterator[int]:
    if bound is not None:
        yield from (m.start() for m in bound.finditer(hay))
        return
    at = hay.find(needle)
    while at >= 0:
        yield at
        at = hay.find(needle, at + 1)


def report(leaks: list[Leak], limit: int = 60) -> str:
    """`class → surface → distinct canaries` first, then the first `limit` hits, one line each."""
    head = [f"{n:4d}  {cls} → {surface}" for cls, by in summary(leaks).items() for surface, n in by.items()]
    lines = [leak.line() for leak in leaks[:limit]]
    distinct = len({leak.canary for leak in leaks})
    return "\n".join([f"{distinct} canaries leaked in {len(leaks)} places", *head, "first hits:", *lines])


def summary(leaks: list[Leak]) -> dict[str, dict[str, int]]:
    """class → surface → distinct canaries leaked there (the integrator's work list)."""
    out: dict[str, dict[str, set[str]]] = {}
    for leak in leaks:
        out.setdefault(f"{leak.canary.kind}/{leak.canary.cls}", {}).setdefault(leak.surface, set()).add(
            leak.canary.value)
    return {cls: {s: len(v) for s, v in sorted(by.items())} for cls, by in sorted(out.items())}
