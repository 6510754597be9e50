"""`sanitize`: strip invisible characters, cap free text, fence text that reads like an attack.

Inventories carry text written by anyone who could tag a resource; a model reading a result
must be able to tell data from instructions. Control, zero-width, bidi, variation-selector and
tag characters are removed (they hide text from people but not from models), free-text fields
are capped, and strings that look like prompt injection are wrapped in
`⟦untrusted⟧ … ⟦/untrusted⟧` (or flagged, or redacted). Fence markers already in the data are
removed first, so nobody can close a fence early. Detection is heuristic by nature.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from cloudg_lab.privacy.detectors.keys import TAG_PARENTS, normalize
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.transforms.common import fail_closed, skipped_key
from cloudg_lab.privacy.walk import Visitor, Walk, rewrite
from cloudg_lab.types import Mark

FENCE_OPEN, FENCE_CLOSE = "⟦untrusted⟧", "⟦/untrusted⟧"
_INVISIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f"
                        "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufe00-\ufe0f\ufeff\ufff9-\ufffb"
                        "\U000e0000-\U000e007f\U000e0100-\U000e01ef]|⟦/?untrusted⟧")
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
_MEMO_LIMIT = 200_000


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
    """The `sanitize` transform."""

    name = "sanitize"

    def __init__(self, options: SanitizeOptions) -> None:
        self.options = options
        self._memo: dict[str, tuple[str | None, int, bool]] = {}
        self._keys: dict[str, tuple[str, int]] = {}

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        try:
            visitor = _Sanitizer(self, ctx)
            out = rewrite(value, visitor, _PLAIN, ctx.path)
            visitor.report()
            return out
        except Exception:
            return fail_closed(self.name, value, ctx)

    def clean(self, text: str) -> tuple[str | None, int, bool]:
        """(stripped text or None when unchanged, characters removed, suspicious)."""
        found = self._memo.get(text)
        if found is None:
            stripped = _INVISIBLE.sub("", text)
            removed = len(text) - len(stripped)
            found = (stripped if removed else None, removed, suspicious(stripped))
            if len(self._memo) < _MEMO_LIMIT:
                self._memo[text] = found
        return found

    def key_state(self, key: str) -> tuple[str, int]:
        """(clean key, state of its value): free text, plain, tags or skipped."""
        found = self._keys.get(key)
        if found is None:
            clean, removed, _ = self.clean(key)
            norm = normalize(key)
            state = _SKIP if skipped_key(key) else _TAGS if norm in TAG_PARENTS else \
                _FREE if norm in _FREE_TEXT or norm.endswith(("_description", "_name", "_message")) \
                else _PLAIN
            found = (clean if clean is not None else key, state)
            if len(self._keys) < _MEMO_LIMIT:
                self._keys[key] = found
        return found


_PLAIN, _FREE, _TAGS, _SKIP = 0, 1, 2, 3


class _Sanitizer(Visitor):
    wants_keys = True
    skip_types = frozenset({bool, type(None), int, float})

    def __init__(self, owner: Sanitize, ctx: TransformContext) -> None:
        self.owner, self.ctx = owner, ctx
        self.cap = owner.options.max_free_text
        self.action = owner.options.on_suspicious
        self.stripped = self.fields = self.flagged = self.truncated = 0

    def key(self, key: Any, state: int, parent: dict[Any, Any], walk: Walk) -> tuple[Any, Any]:
        if state == _SKIP:
            return key, _SKIP
        if not isinstance(key, str):
            return key, _PLAIN
        if state == _TAGS:
            clean, removed, _ = self.owner.clean(key)
            self._count_strip(removed)
            return (clean if clean is not None else key), _FREE
        clean, child = self.owner.key_state(key)
        if clean is not key:
            self._count_strip(len(key) - len(clean))
        return clean, child

    def item(self, state: int, parent: list[Any]) -> int:
        return _FREE if state == _TAGS else state

    def leaf(self, value: Any, state: int, walk: Walk) -> Any:
        if type(value) is not str or state == _SKIP:
            return value
        if value.isascii() and value.isprintable() and len(value) < 12 and "⟦" not in value:
            return value
        clean, removed, flagged = self.owner.clean(value)
        out = value if clean is None else clean
        self._count_strip(removed)
        if state == _FREE and self.cap is not None and len(out) > self.cap:
            out = f"{out[: self.cap]}… [+{len(out) - self.cap} chars]"
            self.truncated += 1
        if flagged:
            self.flagged += 1
            if self.action == "fence":
                out = f"{FENCE_OPEN}{out}{FENCE_CLOSE}"
                self._mark(walk, "fenced")
            elif self.action == "redact":
                out = "[REDACTED:suspected_prompt_injection]"
                self._mark(walk, "redacted")
        return out

    def _mark(self, walk: Walk, kind: Any) -> None:
        self.ctx.marks.append(Mark(path=walk.pointer(), kind=kind, entity="prompt_injection"))

    def _count_strip(self, removed: int) -> None:
        if removed:
            self.stripped += removed
            self.fields += 1

    def report(self) -> None:
        counts = {"stripped_chars": self.stripped, "sanitized_fields": self.fields,
                  "suspicious": self.flagged, "truncated": self.truncated}
        counts = {k: v for k, v in counts.items() if v}
        if counts:
            self.ctx.report.merge("untrusted", counts)
        if self.flagged:
            self.ctx.report.merge("untrusted", {"action": self.action})


register_transform("sanitize", SanitizeOptions, Sanitize)
