"""Detectors: find secrets, credentials, identifiers, PII and addresses in values and keys.

`compile_detectors` builds a policy's `DetectorSet` once (built-ins, minus the disabled ones,
plus the policy's own); transforms ask it for the findings in a string and for the rule a dict
key implies. Findings carry positions and labels only, so reports never hold a matched value.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from cloudg_lab.privacy.detectors.base import Detector
from cloudg_lab.privacy.detectors.builtin import BUILTIN
from cloudg_lab.privacy.detectors.encoded import MAX_DEPTH, OPAQUE, inherently_secret
from cloudg_lab.privacy.detectors.keys import (
    KEY_RULES_DESCRIPTION,
    NONE,
    KeyRule,
    intern,
    key_rule,
    tag_rule,
)
from cloudg_lab.privacy.detectors.prefilter import Prefilter
from cloudg_lab.privacy.entities import CATEGORIES, canonical

__all__ = ["Detector", "DetectorSet", "Finding", "KeyRule", "compile_detectors", "covers"]

_DIGITS = re.compile(r"\d")
_SECRETS = ("secret", "credential")
_REVEALING = ("identifier", "pii", "network")
"""What a decoded layer may hold that a pseudonymizing policy hides: an opaque token that wraps
`{"arn": ...}` shows the ARN to anyone who decodes it."""
_KEY_FAMILIES = frozenset(name for name, _, _ in KEY_RULES_DESCRIPTION)
_RULE_FAMILY = {"sensitive": "sensitive_key", "asset": "asset_key", "tags": "tags_key",
                "skip": "skip_key"}


@dataclass(frozen=True, slots=True)
class Finding:
    """One detected span: where, what entity, from which detector. Never the text itself."""

    start: int
    end: int
    entity: str
    category: str
    detector: str
    confidence: float


def covers(finding: Finding, value: str) -> bool:
    """Whether `finding` spans all of `value` but its surrounding blanks."""
    return finding.start <= len(value) - len(value.lstrip()) and finding.end >= len(value.rstrip())


class DetectorSpecLike(Protocol):
    """What `compile_detectors` reads of a policy's detector (`policy.model.DetectorSpec`),
    named here so the privacy layer does not import the policy layer above it."""

    @property
    def name(self) -> str: ...
    @property
    def entity(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def pattern(self) -> str: ...
    @property
    def confidence(self) -> float: ...
    @property
    def keys(self) -> Sequence[str] | None: ...


class DetectorSet:
    """The compiled detectors of one policy, with per-purpose selections cached."""

    def __init__(self, detectors: Sequence[Detector], disabled: Iterable[str] = ()) -> None:
        self.disabled = frozenset(disabled)
        self.detectors = tuple(d for d in detectors if d.name not in self.disabled)
        self._by_name = {d.name: d for d in self.detectors}
        self._keyed = tuple(d for d in self.detectors if d.keys is not None and d.enabled)
        self._selections: dict[object, tuple[Detector, ...]] = {}
        self._rules: dict[tuple[str, bool], KeyRule] = {}
        self._prefilters: dict[int, tuple[Sequence[Detector], Prefilter]] = {}
        self._inner = self.select(lambda d: d.category in _SECRETS, "inside-encoded")
        self._inner_ids = self.select(lambda d: d.category in _REVEALING and d.name != "cloudg_uri",
                                      "inside-encoded-identifiers")

    def select(self, wanted: Callable[[Detector], bool], cache_key: object) -> tuple[Detector, ...]:
        """The enabled detectors `wanted` accepts, in priority order (policy detectors first)."""
        found = self._selections.get(cache_key)
        if found is None:
            mine = [d for d in self.detectors if d.enabled and d.keys is None and wanted(d)]
            found = tuple(sorted(mine, key=lambda d: d.builtin))
            self._selections[cache_key] = found
        return found

    def scan(self, text: str, selection: Sequence[Detector], rule: KeyRule = NONE,
             min_confidence: float = 0.0, depth: int = 0) -> list[Finding]:
        """Non-overlapping findings in `text`, sorted by position; higher priority wins overlaps.

        `depth` counts the encoded layers already opened around `text`.
        """
        size = len(text)
        low = text.lower()
        digits: bool | None = None
        chosen: list[Finding] = []
        detectors: Iterable[Detector] = self._prefilter(selection).candidates(low, size,
                                                                              min_confidence)
        if rule.scoped:
            detectors = (*[self._by_name[n] for n in rule.scoped if n in self._by_name], *detectors)
        for det in detectors:
            if size < det.min_len or det.confidence < min_confidence:
                continue
            if det.gate is not None or det.triggers:
                if det.gate is not None and not det.gate(text, low):
                    continue
                hit = False
                for literal in det.literals:
                    if literal in low:
                        hit = True
                        break
                if not hit and det.digit:
                    if digits is None:
                        digits = _DIGITS.search(text) is not None
                    hit = digits
                if det.triggers and not hit:
                    continue
            for m in det.regex.finditer(text):
                start, end = det.span(m)
                if start < 0 or start == end or (det.accept is not None and not det.accept(m)):
                    continue
                entity, category = det.entity, det.category
                if det.validate is not None:
                    refined = det.validate(text[start:end])
                    if refined is None:
                        continue
                    entity = refined
                if det.decode is not None:
                    inside = self._inside(text[start:end], det, min_confidence, depth)
                    if inside is None:
                        continue
                    entity, category = inside.entity, inside.category
                if any(start < f.end and f.start < end for f in chosen):
                    continue
                chosen.append(Finding(start, end, entity, category, det.name, det.confidence))
                if start == 0 and end == size:
                    return chosen  # the whole text is one finding: nothing else can be kept
        chosen.sort(key=lambda f: f.start)
        return chosen

    def shapes(self, value: str, rule: KeyRule = NONE) -> list[str]:
        """The entities of the findings that cover `value` whole (an id that is a host name, an
        address, a UUID, an OCID): the entity the output side pseudonymizes such a value as,
        whatever the data calls it."""
        return [f.entity for f in self.scan(value, self.select(lambda d: True, "all"), rule)
                if covers(f, value)]

    def _prefilter(self, selection: Sequence[Detector]) -> Prefilter:
        found = self._prefilters.get(id(selection))
        if found is None or found[0] is not selection:
            if len(self._prefilters) > 256:
                self._prefilters.clear()
            found = (selection, Prefilter(selection))
            self._prefilters[id(selection)] = found
        return found[1]

    def _inside(self, encoded: str, det: Detector, min_confidence: float,
                depth: int) -> Finding | None:
        """The first secret inside the layer `det` decodes (None past `MAX_DEPTH` layers)."""
        if depth >= MAX_DEPTH or det.decode is None:
            return None
        decoded = det.decode(encoded)
        if decoded is None:
            return None
        opaque = det.name in OPAQUE
        whole = inherently_secret(decoded) if opaque else None
        if whole is not None:
            return Finding(0, len(decoded), whole, "secret", det.name, det.confidence)
        found = self.scan(decoded, self._inner, NONE, min_confidence, depth + 1)
        if found:
            return found[0]
        if opaque and self.scan(decoded, self._inner_ids, NONE, min_confidence, depth + 1):
            # the whole token is the identifier: pseudonymized where identifiers are, kept elsewhere
            return Finding(0, len(decoded), "encoded_id", "identifier", det.name, det.confidence)
        return None

    def key_rule(self, key: str, *, tag: bool = False) -> KeyRule:
        """The rule a dict key implies (for a tag's key when `tag`), honouring disabled families."""
        cached = self._rules.get((key, tag))
        if cached is not None:
            return cached
        rule = tag_rule(key) if tag else key_rule(key)
        family = _RULE_FAMILY.get(rule.kind) or rule.detector
        if rule.kind != "none" and family in self.disabled:
            rule = NONE
        scoped = tuple(d.name for d in self._keyed
                       if any(fnmatch.fnmatchcase(key, glob) for glob in d.keys or ()))
        if scoped:
            rule = intern(KeyRule(rule.kind, rule.entity, rule.detector, rule.forced, scoped))
        if len(self._rules) > 50_000:
            self._rules.clear()
        self._rules[(key, tag)] = rule
        return rule

    def describe(self, category: str | None = None) -> list[dict[str, object]]:
        """Rows for `list_detectors` and `cloudg://privacy/detectors`: no patterns, no values."""
        rows = [{"name": d.name, "entity": d.entity, "category": d.category,
                 "confidence": d.confidence, "kind": "value", "enabled": d.enabled,
                 "builtin": d.builtin, "description": d.description} for d in self.detectors]
        rows += [{"name": name, "entity": "(by key)", "category": cat, "confidence": 1.0,
                  "kind": "key", "enabled": name not in self.disabled, "builtin": True,
                  "description": text} for name, cat, text in KEY_RULES_DESCRIPTION]
        return [r for r in rows if category is None or r["category"] == category]


def compile_detectors(specs: Sequence[DetectorSpecLike] = (), disabled: Sequence[str] = ()) -> DetectorSet:
    """The detector set of a policy: built-ins minus `disabled`, plus `specs` (DetectorSpec).

    A policy detector with a built-in's name replaces it.

    Raises:
        ValueError: for a disabled name that no detector has, a bad pattern or category.
    """
    own: list[Detector] = []
    for spec in specs:
        if spec.category not in CATEGORIES:
            raise ValueError(f"detector {spec.name!r}: unknown category {spec.category!r}")
        try:
            regex = re.compile(spec.pattern)
        except re.error as exc:
            raise ValueError(f"detector {spec.name!r}: not a valid regular expression: {exc}") from None
        own.append(Detector(name=spec.name, entity=canonical(spec.entity), category=spec.category,
                            confidence=spec.confidence, regex=regex,
                            group="v" if "v" in regex.groupindex else None,
                            keys=tuple(spec.keys) if spec.keys else None, builtin=False,
                            description=f"policy detector for {spec.entity}"))
    replaced = {d.name for d in own}
    labels = frozenset(d.entity for d in own)
    everything = own + [_knowing(d, labels) for d in BUILTIN if d.name not in replaced]
    known = {d.name for d in everything} | _KEY_FAMILIES
    unknown = sorted(set(disabled) - known)
    if unknown:
        raise ValueError(f"disabled_detectors: unknown detector {unknown[0]!r}; known detectors: "
                         f"{', '.join(sorted(known))}")
    return DetectorSet(everything, disabled)


def _knowing(det: Detector, labels: frozenset[str]) -> Detector:
    """`det`, told the policy's own entity labels when it must tell our markers from look-alikes
    (`[REDACTED:Employee-ID]` is ours when a policy detector has that entity)."""
    if det.name != "marker_lookalike" or not labels:
        return det
    return replace(det, validate=lambda inside: None if inside in labels else det.entity)


DEFAULT = compile_detectors()
"""The built-in set, for callers (and tests) without a policy."""
