"""Which detectors of a selection may match a text, found in one pass over it.

Most detectors wait for a literal trigger (`ghp_`, `arn:`, `password`). Checking each literal
with `in` costs one scan of the text per literal, and the token families bring dozens; an
Aho-Corasick automaton over all of them (pyahocorasick; a few hundred short literals, built
once) finds every literal present in a single pass, so a new family costs nothing on texts
without it.
Detectors that also accept a digit, or have no literal, are always candidates and keep their
own checks in the scan.
"""

from __future__ import annotations

from collections.abc import Sequence

import ahocorasick

from cloudg_lab.privacy.detectors.base import Detector

_SIZES = 160
"""Texts this long or longer may meet every detector (the longest `min_len` is below it)."""


class Prefilter:
    """The candidates of one selection (in priority order) for a lower-cased text."""

    def __init__(self, selection: Sequence[Detector]) -> None:
        self.detectors = tuple(selection)
        self._always = frozenset(i for i, d in enumerate(self.detectors) if d.digit or not d.literals)
        by_literal: dict[str, list[int]] = {}
        for i, det in enumerate(self.detectors):
            if i not in self._always:
                for literal in det.literals:
                    by_literal.setdefault(literal, []).append(i)
        self._automaton: ahocorasick.Automaton | None = None
        if by_literal:
            self._automaton = ahocorasick.Automaton()
            for literal, indices in by_literal.items():
                self._automaton.add_word(literal, tuple(indices))
            self._automaton.make_automaton()
        self._plain: dict[tuple[int, float], tuple[Detector, ...]] = {}

    def candidates(self, low: str, size: int, min_confidence: float) -> Sequence[Detector]:
        """The detectors whose literal occurs in `low`, or that need no literal, by priority."""
        hits: set[int] | None = None
        if self._automaton is not None:
            for _, indices in self._automaton.iter(low):
                if hits is None:
                    hits = set(self._always)
                hits.update(indices)
        size = min(size, _SIZES)
        if hits is None:
            return self._without_literals(size, min_confidence)
        return [d for d in (self.detectors[i] for i in sorted(hits))
                if d.min_len <= size and d.confidence >= min_confidence]

    def _without_literals(self, size: int, min_confidence: float) -> tuple[Detector, ...]:
        found = self._plain.get((size, min_confidence))
        if found is None:
            found = tuple(d for i, d in enumerate(self.detectors) if i in self._always
                          and d.min_len <= size and d.confidence >= min_confidence)
            if len(self._plain) > 1024:
                self._plain.clear()
            self._plain[(size, min_confidence)] = found
        return found
