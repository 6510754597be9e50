"""What a value detector is: a regular expression behind a cheap prefilter, plus optional checks.

Each detector carries *triggers*, lower-case literals one of which must occur in the text before
its regular expression runs. Python's `re` tries every alternative at every position, so a
combined pattern costs about a quarter of a microsecond per character; a handful of `in` checks
costs almost nothing and rules out most strings. The detector modules (`secrets`, `encoded`,
`builtin`) all build theirs with `define`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

DIGIT = "\\d"
"""A trigger meaning "the text holds a digit"."""

Validator = Callable[[str], "str | None"]
"""`(matched text) -> entity, or None to drop the match`."""
Gate = Callable[[str, str], bool]
"""`(text, lower-cased text) -> may this detector match?`, checked before the triggers."""
Accept = Callable[["re.Match[str]"], bool]
"""`(the whole match) -> keep it?`, for checks that need more than the sensitive part."""
Decoder = Callable[[str], "str | None"]
"""`(matched text) -> the text it encodes, or None when it encodes no text`."""


@dataclass(frozen=True)
class Detector:
    """A value detector. `group` names the capture holding the sensitive part (or several
    alternative captures: the first that took part in the match counts), if not all of it."""

    name: str
    entity: str
    category: str
    confidence: float
    regex: re.Pattern[str]
    triggers: tuple[str, ...] = ()
    group: str | tuple[str, ...] | None = None
    validate: Validator | None = None
    gate: Gate | None = None
    enabled: bool = True
    keys: tuple[str, ...] | None = None
    description: str = ""
    builtin: bool = True
    min_len: int = 0
    """Shorter texts are not looked at (most values are short: types, regions, severities)."""
    accept: Accept | None = None
    decode: Decoder | None = None
    """Set for encoded layers: the decoded text is scanned for secrets, and a secret inside makes
    the whole match one."""
    literals: tuple[str, ...] = field(init=False)
    digit: bool = field(init=False)
    groups: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "literals", tuple(t for t in self.triggers if t != DIGIT))
        object.__setattr__(self, "digit", DIGIT in self.triggers)
        groups = (self.group,) if isinstance(self.group, str) else (self.group or ())
        object.__setattr__(self, "groups", groups)

    def span(self, match: re.Match[str]) -> tuple[int, int]:
        """Where the sensitive part of `match` is ((-1, -1) when no named capture took part)."""
        if not self.groups:
            return match.span()
        for name in self.groups:
            start, end = match.span(name)
            if start >= 0:
                return start, end
        return -1, -1


def longer_than(n: int) -> Gate:
    """A gate for detectors without literals: texts shorter than `n` are not searched."""
    return lambda text, low: len(text) >= n


def define(name: str, entity: str, category: str, confidence: float, pattern: str,  # noqa: PLR0917
           triggers: tuple[str, ...] = (), *, group: str | tuple[str, ...] | None = None,
           validate: Validator | None = None, gate: Gate | None = None, enabled: bool = True,
           flags: int = 0, min_len: int = 0, accept: Accept | None = None,
           decode: Decoder | None = None, description: str = "") -> Detector:
    """A built-in detector (the pattern compiled once, at import)."""
    return Detector(name=name, entity=entity, category=category, confidence=confidence,
                    regex=re.compile(pattern, flags), triggers=triggers, group=group,
                    validate=validate, gate=gate, enabled=enabled, description=description,
                    min_len=min_len, accept=accept, decode=decode)
