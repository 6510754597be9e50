"""`redact`: per entity, parent entity, detector or category: redact, mask, hash, pseudonymize,
drop or keep.

It walks the value once: dict keys give the rules for their values (sensitive subtrees, typed
identifiers, tags), each string is decided by the `Scanner` and the outcome is memoised per
string, so a page whose values repeat costs a dictionary look-up per value. Names pseudonymized
late in a walk are looked for again in the free text met earlier (one more pass, only then).

For later transforms of the same run it leaves `ctx.state["redact_value"]`: a function
`(value, entity) -> str` giving what this policy makes of a value (annotate uses it to name the
dataset by its pseudonym).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from pydantic import Field

from cloudg_lab.privacy.actions import Action, Rules
from cloudg_lab.privacy.detectors import DEFAULT, DetectorSet
from cloudg_lab.privacy.detectors.keys import (
    ASSET_RESOURCE,
    ASSET_SIBLINGS,
    DATASET_LISTING,
    DATASET_SIBLINGS,
    KEY,
    NONE,
    KeyRule,
)
from cloudg_lab.privacy.entities import category_of
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.scanner import SAME, Effect, Outcome, Plan, Scanner, plan_for
from cloudg_lab.privacy.transforms.common import fallback_vault, fail_closed
from cloudg_lab.privacy.walk import DROP, Visitor, Walk, rewrite
from cloudg_lab.types import Mark

_log = logging.getLogger("cloudg_lab.privacy")
_MEMO_LIMIT = 400_000
_MEMOS = 16
_JSON_DEPTH = 3


class RedactOptions(TransformOptions):
    rules: dict[str, Action] = {}
    """entity | parent entity | detector | category | `default` → action."""
    min_confidence: float = Field(default=0.6, ge=0, le=1)
    mask_keep_last: int = Field(default=4, ge=0, le=16)
    name_mentions: bool = True
    """Rewrite known names (and names pseudonymized before) where they appear in free text."""


class Redact:
    """The `redact` transform; one instance per policy step, shared by concurrent calls."""

    name = "redact"

    def __init__(self, options: RedactOptions) -> None:
        self.options = options
        self.rules = Rules(options.rules)
        self._plans: dict[int, tuple[DetectorSet, Plan]] = {}
        self._memos: dict[tuple[Any, ...], tuple[Any, dict[int, dict[str, Outcome]]]] = {}

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        try:
            return self._apply(value, ctx)
        except Exception:
            return fail_closed(self.name, value, ctx)

    def _apply(self, value: Any, ctx: TransformContext) -> Any:
        detectors = ctx.detectors if isinstance(ctx.detectors, DetectorSet) else DEFAULT
        plan = self._plan(detectors)
        vault = ctx.vault if ctx.vault is not None else fallback_vault()
        known = ctx.known if isinstance(ctx.known, Mapping) else None
        scanner = Scanner(plan, self.rules, detectors, vault=vault, namespace=ctx.namespace,
                          known=known, min_confidence=self.options.min_confidence,
                          keep_last=self.options.mask_keep_last)
        ctx.state["redact_value"] = lambda v, entity: v if vault.is_issued(v, ctx.namespace) \
            else _as_text(scanner.whole(v, entity, category_of(entity), "annotate")[0], v, entity)
        visitor = _Redactor(scanner, self._memo(vault, ctx.namespace, known), ctx, detectors)
        out = rewrite(value, visitor, NONE, ctx.path)
        if visitor.first_version is not None and vault.names_version != visitor.first_version:
            visitor.first_version = None
            out = rewrite(out, visitor, NONE, ctx.path)
        visitor.flush()
        return out

    def _plan(self, detectors: DetectorSet) -> Plan:
        found = self._plans.get(id(detectors))
        if found is None or found[0] is not detectors:
            found = (detectors, plan_for(self.rules, detectors, self.options.name_mentions))
            self._plans[id(detectors)] = found
        return found[1]

    def _memo(self, vault: Any, namespace: str, known: Any) -> dict[int, dict[str, Outcome]]:
        key = (vault, vault.generation, namespace, id(known))
        found = self._memos.get(key)
        if found is None or found[0] is not known:
            if len(self._memos) >= _MEMOS:
                self._memos.clear()
            found = (known, {})
            self._memos[key] = found
        return found[1]


def _as_text(outcome_value: Any, original: str, entity: str) -> str:
    if outcome_value is SAME:
        return original
    return outcome_value if isinstance(outcome_value, str) else f"[REDACTED:{entity}]"


class _Redactor(Visitor):
    wants_keys = True
    skip_types = frozenset({bool, type(None), float})

    def __init__(self, scanner: Scanner, memo: dict[int, dict[str, Outcome]],
                 ctx: TransformContext, detectors: DetectorSet) -> None:
        self.scanner, self.memo, self.ctx, self.detectors = scanner, memo, ctx, detectors
        self.rules = scanner.rules
        self.counts: dict[tuple[str, str], int] = {}
        self.first_version: int | None = None
        self.json_depth = 0

    # ------------------------------------------------------------------ hooks

    def key(self, key: Any, state: KeyRule, parent: dict[Any, Any], walk: Walk) -> tuple[Any, Any]:
        kind = state.kind
        if kind in ("sensitive", "skip"):
            child = state
        elif not isinstance(key, str):
            return key, NONE
        elif kind == "tags":
            child = self._tag_child(key, parent)
        else:
            child = self._child(key, parent)
        if child.kind == "sensitive" and child is not state and \
                self.rules.resolve(child.entity or "secret", "secret", child.detector) == "drop":
            self._record(("dropped", child.entity or "secret", None), walk, key)
            return DROP, child
        if kind == "skip" or not isinstance(key, str) or not key:
            return key, child
        new, effects, _ = self._outcome(key, KEY)
        if effects:
            for effect in effects:
                self._record(effect, walk, key if new is SAME or new is DROP else new)
        if new is SAME:
            return key, child
        return new, child

    def leaf(self, value: Any, state: KeyRule, walk: Walk) -> Any:
        if type(value) is str:
            if not value:
                return value
            if value[0] in "{[" and value[-1] in "}]" and self.json_depth < _JSON_DEPTH:
                parsed = _json(value)
                if parsed is not None:
                    return self._json_text(value, parsed, walk)
            outcome = self._outcome(value, state)
        elif type(value) is int:
            if state.kind not in ("sensitive", "typed"):
                return value
            outcome = self._outcome(str(value), state)
        else:
            if not isinstance(value, int | float | str):
                self.ctx.report.count("passed_through", type(value).__name__)
            return value
        new, effects, _ = outcome
        for effect in effects:
            self._record(effect, walk)
        if new is SAME:
            return value
        if new is DROP and walk.depth == 0:
            return f"[REDACTED:{effects[0][1]}]"
        return new

    # ------------------------------------------------------------------ helpers

    def _child(self, key: str, parent: dict[Any, Any]) -> KeyRule:
        rule = self.detectors.key_rule(key)
        if rule.kind != "asset":
            return rule
        if not ASSET_SIBLINGS.isdisjoint(parent):
            return ASSET_RESOURCE
        if key == "name" and not DATASET_SIBLINGS.isdisjoint(parent):
            return DATASET_LISTING
        return NONE

    def _tag_child(self, key: str, parent: dict[Any, Any]) -> KeyRule:
        if key in ("Value", "value"):
            tag_key = parent.get("Key", parent.get("key"))
            if isinstance(tag_key, str):
                return self.detectors.key_rule(tag_key, tag=True)
        return self.detectors.key_rule(key, tag=True)

    def _outcome(self, value: str, rule: KeyRule) -> Outcome:
        table = self.memo.get(id(rule))
        if table is None:
            table = self.memo[id(rule)] = {}
        found = table.get(value)
        if found is None or (found[2] >= 0 and found[2] != self.scanner.vault.names_version):
            found = self.scanner.outcome(value, rule)
            if len(table) < _MEMO_LIMIT:
                table[value] = found
        if found[2] >= 0 and self.first_version is None:
            self.first_version = found[2]
        return found

    def _record(self, effect: Effect, walk: Walk, key: Any = None) -> None:
        section, entity, mark = effect
        counted = (section, entity)
        self.counts[counted] = self.counts.get(counted, 0) + 1
        if mark is not None:
            self.ctx.marks.append(Mark(path=walk.pointer(key), kind=mark, entity=entity))  # type: ignore[arg-type]

    def _json_text(self, value: str, parsed: Any, walk: Walk) -> str:
        self.json_depth += 1
        try:
            out = rewrite(parsed, self, NONE, walk.pointer())
        finally:
            self.json_depth -= 1
        if out is parsed:
            return value
        return json.dumps(out, indent=2 if "\n" in value else None, ensure_ascii=False)

    def flush(self) -> None:
        for (section, entity), n in self.counts.items():
            self.ctx.report.count(section, entity, n)
        self.counts.clear()


def _json(value: str) -> Any:
    try:
        parsed = json.loads(value)
    except (ValueError, RecursionError):
        return None
    return parsed if isinstance(parsed, dict | list) else None


register_transform("redact", RedactOptions, Redact)
