"""The dictionary of a workspace's sensitive values, matched inside any text in one pass.

A `Dictionary` is a read-only mapping value → entity (what the pipeline's `known` always was)
that also finds its values *inside* text: glued into longer tokens, in another case, with
non-breaking spaces or typographic apostrophes, URL-encoded. Matching 100,000 names with a loop
of regexes or token look-ups misses glued names and costs seconds; an Aho-Corasick automaton
(`pyahocorasick`, C, one pass per string whatever the number of values) finds all of them.

Only values long and specific enough to mean something inside other text are matched as
substrings (`text.mentionable`); shorter ones still match as whole values.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from urllib.parse import quote

import ahocorasick

from cloudg_lab.privacy import text

_FOLD = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " ", "\u2009": " ",
                       "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2010": "-", "\u2011": "-"})
MIN_SUBSTRING = 5
MAX_SUBSTRING = 200
"""Longer values (certificates, user data) are matched whole; their patterns find them inside."""
_WHOLE_ONLY = frozenset({"tag_value", "dataset_name", "aws_arn", "azure_resource_id",
                         "gcp_resource_name", "cloudg_uri"})
"""Too generic to look for inside other words (a tag value `blue`), or composite: an ARN's
account and resource segments are entries of their own, and its pattern finds it anywhere."""


def fold(value: str) -> str:
    """The matching form: spaces and apostrophes unified, lower case, same length as `value`."""
    folded = value.translate(_FOLD)
    lowered = folded.lower()
    if len(lowered) == len(value):
        return lowered
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in folded)


class Dictionary(Mapping[str, str]):
    """value → entity, plus `find` for the values inside a text."""

    def __init__(self, entries: Mapping[str, str]) -> None:
        self._entries = dict(entries)
        self._folded: dict[str, str] | None = None
        self._automaton: ahocorasick.Automaton | None = None
        self._lock = threading.Lock()

    def __getitem__(self, value: str) -> str:
        return self._entries[value]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, value: object) -> bool:
        return value in self._entries

    def get(self, value: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return self._entries.get(value, default)

    def entity(self, value: str) -> str | None:
        """The entity of `value` as it is, or in another case or spacing."""
        found = self._entries.get(value)
        if found is None and value:
            found = self._fold_map().get(fold(value.strip()))
        return found

    def find(self, value: str) -> list[tuple[int, int, str]]:
        """Non-overlapping `(start, end, entity)` of dictionary values inside `value`, longest
        first, left to right."""
        if len(value) < MIN_SUBSTRING:
            return []
        automaton = self._matcher()
        if automaton is None:
            return []
        hits = [(end + 1 - length, end + 1, entity)
                for end, (length, entity) in automaton.iter(fold(value))]
        if not hits:
            return []
        hits.sort(key=lambda h: (h[0], h[0] - h[1]))
        out: list[tuple[int, int, str]] = []
        last = 0
        for start, end, entity in hits:
            if start >= last:
                out.append((start, end, entity))
                last = end
        return out

    def merged(self, other: Mapping[str, str]) -> Dictionary:
        """A dictionary of both (this one's entities win)."""
        return Dictionary({**other, **self._entries})

    def _fold_map(self) -> dict[str, str]:
        if self._folded is None:
            with self._lock:
                if self._folded is None:
                    self._folded = {fold(v): e for v, e in self._entries.items()}
        return self._folded

    def _matcher(self) -> ahocorasick.Automaton | None:
        if self._automaton is None:
            with self._lock:
                if self._automaton is None:
                    self._automaton = _build(self._entries)
        return self._automaton if len(self._automaton) else None


def spellings(value: str) -> set[str]:
    """The folded forms a value takes in other text: as it is, URL-encoded, and for a name of
    several words, glued or joined by `-`, `_` or `.` (`Ana Lee` → `analee`, `ana-lee`)."""
    base = fold(value)
    out = {base, fold(quote(value, safe=""))}
    if " " in base:
        out.update(base.replace(" ", joint) for joint in ("", "-", "_", "."))
    return out


def _build(entries: Mapping[str, str]) -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for value, entity in entries.items():
        if entity in _WHOLE_ONLY or len(value) < MIN_SUBSTRING or len(value) > MAX_SUBSTRING \
                or not text.mentionable(value):
            continue
        for variant in spellings(value):
            automaton.add_word(variant, (len(variant), entity))
    if len(automaton):
        automaton.make_automaton()
    return automaton
