"""`sanitize`: strip invisible characters, cap free text, fence text that reads like an attack.

Inventories carry text written by anyone who could tag a resource; a model reading a result
must be able to tell data from instructions. Control, zero-width, bidi, variation-selector and
tag characters are removed (they hide text from people but not from models), free-text fields
are capped (once redaction rewrote them, between tokens: see `cutting`), and strings that look
like prompt injection are wrapped in `⟦untrusted⟧ … ⟦/untrusted⟧` (or flagged, or redacted).
Fence markers already in the data are removed first, so nobody can close a fence early. Detection
is heuristic by nature.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from cloudg_lab.privacy import fusion
from cloudg_lab.privacy.common import skipped_key
from cloudg_lab.privacy.cutting import shorten
from cloudg_lab.privacy.detectors.keys import TAG_PARENTS, normalize
from cloudg_lab.privacy.invisible import INVISIBLE, visible
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.stages import SAME, Effect, Same
from cloudg_lab.types import JSON

if TYPE_CHECKING:  # for the annotation only
    from cloudg_lab.privacy.walk import Run

FENCE_OPEN, FENCE_CLOSE = "⟦untrusted⟧", "⟦/untrusted⟧"
_INVISIBLE = re.compile(f"{INVISIBLE.pattern}|⟦/?untrusted⟧")
"""What is stripped: the invisible characters, and fence markers already in the data (a value's
controls between two visible characters become a space: `invisible.visible`)."""
_FENCES = re.compile("⟦/?untrusted⟧")
_TRIGGERS = ("ignore", "disregard", "forget", "instruction", "system", "prompt", "assistant",
             "[inst", "<|", "you are now", "the user", "jailbreak", "developer mode", "override",
             "reveal", "exfiltrate", "send ", "post ", "upload", "curl ", "act as", "pretend")
_INJECTION = re.compile(
    r"(?i)\b(?:ignore|disregard|forget|override|bypass)\b.{0,40}\b(?:previous|prior|above|earlier|"
    r"all|any|your|the|these|system)\b.{0,30}\b(?:instructions?|prompts?|rules|messages?|"
    r"directives?|guidelines|polic(?:y|ies)|context)"
    r"|\byou\s+are\s+now\b|\b(?:new|updated|revised|real)\s+(?:system\s+)?instructions?\s*:"
    r"|\bsystem\s+prompt\b|<\|?(?:system|im_start|im_end|endoftext)\|?>|\[/?INST\]|</?system>"
    r"|#{2,}\s*(?:instruction|system)|\bdo\s+not\s+(?:tell|inform|alert|warn)\s+the\s+user"
    r"|\b(?:reveal|print|show|output|repeat)\s+(?:your|the)\s+(?:system\s+prompt|instructions|"
    r"secrets?|api\s+keys?|credentials|tokens?)"
    r"|\b(?:send|post|upload|exfiltrate|forward|leak)\b.{0,60}\b(?:to|at|via)\s+https?://"
    r"|\bcurl\s+[^\n]{0,80}https?://|\bjailbreak|\bdeveloper\s+mode\b|\bDAN\s+mode\b"
    r"|\b(?:act|pretend)\s+(?:as|to\s+be)\s+(?:an?\s+)?(?:unrestricted|unfiltered|evil|admin|root)",
    re.DOTALL)
_FREE_TEXT = frozenset({
    "description", "title", "summary", "message", "comment", "comments", "note", "notes",
    "details", "detail", "remediation", "reason", "body", "text", "label", "name", "display_name",
    "value", "evidence", "content", "explanation", "recommendation", "subject",
})


class SanitizeOptions(TransformOptions):
    max_free_text: int | None = Field(default=2000, ge=16)
    on_suspicious: Literal["fence", "flag", "redact"] = "fence"


def suspicious(text: str) -> bool:
    """Heuristic: does `text` read like instructions aimed at a model?"""
    if len(text) < 12:
        return False
    low = text.lower()
    return any(t in low for t in _TRIGGERS) and _INJECTION.search(text) is not None


class Sanitize:
    """The `sanitize` transform; runs as a stage of a fused walk (see `fusion`)."""

    name = "sanitize"

    def __init__(self, options: SanitizeOptions) -> None:
        self.options = options
        self._stage = _SanitizeStage(options)

    def stage(self, ctx: TransformContext, value: object) -> fusion.Fused[int]:
        return self._stage

    def apply(self, value: JSON, ctx: TransformContext) -> JSON:
        return fusion.apply((self,), value, ctx)


_PLAIN, _FREE, _TAGS, _SKIP = 0, 1, 2, 3
_U = "untrusted"


def _stripped(text: str) -> tuple[str, int]:
    """`text` as shown (invisible characters and planted fences gone, controls between visible
    characters a space) and how many characters that took out; `text` itself when none."""
    removed = sum(map(len, _INVISIBLE.findall(text)))
    return (_FENCES.sub("", visible(text)) if removed else text), removed


def _strip_effects(removed: int) -> tuple[Effect, ...]:
    return ((_U, "stripped_chars", removed, None, ""), (_U, "sanitized_fields", 1, None, "")) \
        if removed else ()


class _SanitizeStage(fusion.Fused[int]):
    """States: plain, free text (capped), tags (values are free text), skipped."""

    name = "sanitize"
    root = _PLAIN
    settles = True

    def __init__(self, options: SanitizeOptions) -> None:
        self.cap = options.max_free_text
        self.action = options.on_suspicious

    def key(self, state: int, key: object, flavor: object) -> tuple[object, int, tuple[Effect, ...]]:
        if state == _SKIP:
            return key, _SKIP, ()
        if not isinstance(key, str):
            return key, _PLAIN, ()
        clean, removed = _stripped(key)
        if state == _TAGS:
            child = _FREE
        else:
            norm = normalize(key)
            child = _SKIP if skipped_key(key) else _TAGS if norm in TAG_PARENTS else \
                _FREE if norm in _FREE_TEXT or norm.endswith(("_description", "_name", "_message")) \
                else _PLAIN
        return clean, child, _strip_effects(removed)

    def item(self, state: int) -> int:
        return _FREE if state == _TAGS else state

    def leaf(self, state: int, value: object) -> tuple[str | Same, tuple[Effect, ...], int]:
        if state == _SKIP or not isinstance(value, str) or \
                (value.isascii() and value.isprintable() and len(value) < 12):
            return SAME, (), -1
        out, stripped = _stripped(value)
        effects = list(_strip_effects(stripped))
        if suspicious(out):
            if self.action == "fence":
                out = f"{FENCE_OPEN}{out}{FENCE_CLOSE}"
                effects.append((_U, "suspicious", 1, "fenced", "prompt_injection"))
            elif self.action == "redact":
                out = "[REDACTED:suspected_prompt_injection]"
                effects.append((_U, "suspicious", 1, "redacted", "prompt_injection"))
            else:
                effects.append((_U, "suspicious", 1, None, ""))
        return (SAME if out == value else out), tuple(effects), -1

    def settle(self, state: int, value: str) -> tuple[str | Same, tuple[Effect, ...]]:
        """The free-text cap, on text redaction already saw (see `cutting`)."""
        if state != _FREE or self.cap is None:
            return SAME, ()
        cut = shorten(value, self.cap, (FENCE_OPEN, FENCE_CLOSE))
        return (SAME, ()) if cut is None else (cut, ((_U, "truncated", 1, None, ""),))

    def finish(self, out: object, run: Run) -> object:
        if run.counts.get((_U, "suspicious")):
            run.ctx.report.merge(_U, {"action": self.action})
        return out


register_transform("sanitize", SanitizeOptions, Sanitize)
