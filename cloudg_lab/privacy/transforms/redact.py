"""`redact`: per entity, parent entity, detector or category: redact, mask, hash, pseudonymize,
drop or keep.

Dict keys give the rules for their values (sensitive subtrees, typed identifiers, tags, asset
ids and names beside asset-like keys); each string is decided by the `Scanner`. It runs as a
stage of a fused walk, so its answers are memoised per (rule, string). Names pseudonymized late
in a walk are looked for again in the free text met earlier: when the vault learned new names
during the walk, the output is walked once more by this stage alone.

For later transforms of the same run it leaves `ctx.state["redact_value"]`, a function
`(value, entity) -> str` giving what this policy makes of a value of that entity, and
`ctx.state["redact_text"]`, the same for free text (annotate uses them for the dataset and the
resource URI in provenance).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from pydantic import Field

from cloudg_lab.privacy import fusion
from cloudg_lab.privacy.actions import Action, Rules
from cloudg_lab.privacy.common import fallback_vault
from cloudg_lab.privacy.detectors import DEFAULT, DetectorSet, records
from cloudg_lab.privacy.detectors.keys import (
    ASSET_RESOURCE,
    ASSET_SIBLINGS,
    DATASET_LISTING,
    DATASET_SIBLINGS,
    KEY,
    NONE,
    KeyRule,
    items_rule,
)
from cloudg_lab.privacy.entities import category_of
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.scanner import Plan, Scanner, Written, plan_for
from cloudg_lab.privacy.stages import DROP, SAME, Container, Effect
from cloudg_lab.privacy.transforms.sanitize import FENCE_CLOSE, FENCE_OPEN
from cloudg_lab.privacy.walk import Run
from cloudg_lab.types import JSON

_DATASET_NUMBER = 100
"""Numbers this large anywhere are looked up among the dataset's values (an account id stored as
a number); under id-like keys every number is an identifier; other numbers stay numbers."""

_JSON_DEPTH = 3
_JWK, _FLAGS, _KIND = records.JWK, records.FLAGS, records.KIND
_VALUE_KEYS = ("Value", "value")
_TAG_KEYS = ("Key", "key")


class RedactOptions(TransformOptions):
    rules: dict[str, Action] = Field(default_factory=dict)
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
        self.hides_identifiers = self.rules.acts_on(("identifier", "pii", "network", "free_text"))
        self._plans: dict[int, tuple[DetectorSet, Plan]] = {}
        self.written = Written()
        self.solo = fusion.Fusion((self,))

    def shown(self, pairs: Sequence[tuple[str, str]], ctx: TransformContext) -> list[str]:
        """What this step shows for each `(value, key)` of an asset record (`name`, `id`, `arn`,
        `account_id`...): the decision its walk takes for that value under that key beside an
        asset's other fields, without the walk. For search and sorting over what callers see,
        on every row of a large estate."""
        stage = self.stage(ctx, None)
        scanner = stage.scanner
        rules: dict[str, KeyRule] = {}
        out: list[str] = []
        for value, key in pairs:
            rule = rules.get(key)
            if rule is None:
                rule = rules[key] = stage._child(key, (True, False, ()))
            found = scanner.outcome(value, rule)[0] if value else SAME
            out.append(_as_text(found, value, rule.entity or "value"))
        return out

    def stage(self, ctx: TransformContext, value: object) -> RedactStage:
        detectors = ctx.detectors if isinstance(ctx.detectors, DetectorSet) else DEFAULT
        vault = ctx.vault if ctx.vault is not None else fallback_vault()
        known = ctx.known if isinstance(ctx.known, Mapping) else None
        scanner = Scanner(self._plan(detectors), self.rules, detectors, vault=vault,
                          namespace=ctx.namespace, known=known,
                          min_confidence=self.options.min_confidence,
                          keep_last=self.options.mask_keep_last, written=self.written)
        return RedactStage(self, ctx, scanner, detectors)

    def apply(self, value: JSON, ctx: TransformContext) -> JSON:
        return fusion.apply((self,), value, ctx)

    def _plan(self, detectors: DetectorSet) -> Plan:
        found = self._plans.get(id(detectors))
        if found is None or found[0] is not detectors:
            found = (detectors, plan_for(self.rules, detectors, self.options.name_mentions))
            self._plans[id(detectors)] = found
        return found[1]


_Flavor = tuple[bool, bool, "tuple[tuple[str, KeyRule], ...]"] | str | None
"""A dict's flavor: (asset-like, dataset-listing-like, the keys its record marks secret) for a record,
the tag's name for a tag's dict, None for neither."""


class RedactStage(fusion.Fused[KeyRule]):
    """States are key rules (`KeyRule`); the flavor of a dict says whether it is asset-like."""

    name = "redact"
    root = NONE
    leaf_types = frozenset({str, int, float})

    def __init__(self, owner: Redact, ctx: TransformContext, scanner: Scanner,
                 detectors: DetectorSet) -> None:
        self.owner, self.ctx, self.scanner, self.detectors = owner, ctx, scanner, detectors
        self.rules = owner.rules
        vault = scanner.vault
        known = scanner.known
        self.memo_key = (id(vault), vault.generation, scanner.namespace,
                         getattr(known, "memo_key", id(known)),
                         None if known is None else len(known), id(detectors))
        self.memo_refs = (vault, known, detectors)
        self.version_source = vault
        self.start_version = vault.names_version
        self.json_depth = 0

    # ------------------------------------------------------------------ keys

    def flavored(self, state: KeyRule) -> bool:
        return state.kind not in ("sensitive", "skip")

    def flavor(self, state: KeyRule, container: dict[object, object]) -> _Flavor:
        if state.kind == "tags":
            for name in _VALUE_KEYS:
                if name in container:
                    tag = container.get(_TAG_KEYS[0], container.get(_TAG_KEYS[1]))
                    return tag if isinstance(tag, str) else None
            return None
        pair = records.named_pair(container, self.detectors.key_rule)
        pairs: tuple[tuple[str, KeyRule], ...] = () if pair is None else (pair,)
        if state.members or _JWK in container or _FLAGS in container or _KIND in container:  # look-ups
            pairs = self._flagged_pairs(state, container, pairs)
        if "id" in container or "name" in container:  # a pair's name is a key, not an asset's name
            return (not records.names_its_value(container) and not ASSET_SIBLINGS.isdisjoint(container),
                    not DATASET_SIBLINGS.isdisjoint(container), pairs)
        return (False, False, pairs) if pairs else None

    def _flagged_pairs(self, state: KeyRule, container: dict[object, object],
                       found: tuple[tuple[str, KeyRule], ...]) -> tuple[tuple[str, KeyRule], ...]:
        """`found` and (key, rule) for each key the record itself marks secret (`records`): a
        JWK's private members, the attributes a Terraform instance flags (and their parent's)."""
        members = records.secret_members(container, state.members)
        if members:
            secret = self.detectors.key_rule("secret")
            found += tuple((key, secret) for key in members)
        attributes = records.flagged(container)
        return found if attributes is None else (*found, (records.ATTRIBUTES, attributes))

    def int_floor(self, state: KeyRule) -> int | None:
        """Secrets, and numbers under id-like keys, at any size; elsewhere numbers from 100 on,
        to be looked up among the dataset's values. A count (`assets: 2500000`, `total`) stays a
        number at any size: the key decides, never the magnitude."""
        return 0 if state.kind == "sensitive" or state.numbers else _DATASET_NUMBER

    def item(self, state: KeyRule) -> KeyRule:
        return items_rule(state)

    def key(self, state: KeyRule, key: object, flavor: object) -> tuple[object, KeyRule, tuple[Effect, ...]]:
        kind = state.kind
        if kind in ("sensitive", "skip"):
            child = state
        elif not isinstance(key, str):
            return key, NONE, ()
        elif kind == "tags":
            tag_key = flavor if key in _VALUE_KEYS and isinstance(flavor, str) else key
            child = NONE if key in _TAG_KEYS and flavor is not None else \
                self.detectors.key_rule(tag_key, tag=True)
        else:
            child = self._child(key, flavor)
        if child.kind == "sensitive" and child is not state and \
                self.rules.resolve(child.entity or "secret", "secret", child.detector) == "drop":
            return DROP, child, (("dropped", child.entity or "secret", 1, None, ""),)
        if not isinstance(key, str) or not key:
            return key, child, ()
        new, effects, _ = self.scanner.outcome(key, state if kind == "skip" else KEY)
        if new is DROP:
            return DROP, child, _effects(effects)
        return (key if new is SAME else new), child, _effects(effects)

    def _child(self, key: str, flavor: object) -> KeyRule:
        """The rule of `key`'s value in a dict of this `flavor` (what `flavor` said of it)."""
        asset: bool
        listing: bool
        pairs: tuple[tuple[str, KeyRule], ...]
        asset, listing, pairs = flavor if isinstance(flavor, tuple) else (False, False, ())
        for name, rule in pairs:
            if key == name:
                return rule
        rule = self.detectors.key_rule(key)
        if rule.kind != "asset":
            return rule
        if asset:
            return ASSET_RESOURCE
        return DATASET_LISTING if key == "name" and listing else NONE

    # ------------------------------------------------------------------ values

    def leaf(self, state: KeyRule, value: object) -> tuple[object, tuple[Effect, ...], int]:
        if type(value) is float and state.kind != "sensitive":
            return SAME, (), -1  # a fraction is an identifier nowhere, a secret under its key
        if type(value) is int or type(value) is float:
            new, effects, version = self.scanner.number(str(value), state)
            return (SAME if new is SAME else new), _effects(effects), version
        if not isinstance(value, str) or not value:  # `leaf_types`: a string is what is left
            return SAME, (), -1
        if value.startswith(FENCE_OPEN) and value.endswith(FENCE_CLOSE) and \
                len(value) > len(FENCE_OPEN) + len(FENCE_CLOSE):
            return self._fenced(state, value)
        if value[0] in "{[" and value.rstrip()[-1] in "}]" and self.json_depth < _JSON_DEPTH:  # `{..}\n` too
            parsed = _json(value)
            if parsed is not None:
                return self._json_text(value, parsed)
        new, effects, version = self.scanner.outcome(value, state)
        return (SAME if new is SAME else new), _effects(effects), version

    def _fenced(self, state: KeyRule, value: str) -> tuple[object, tuple[Effect, ...], int]:
        """Text `sanitize` fenced is redacted as what it holds (a JSON context stays structure,
        so its key rules hold), and stays fenced."""
        inner = value[len(FENCE_OPEN): len(value) - len(FENCE_CLOSE)]
        new, effects, version = self.leaf(state, inner)
        if new is SAME or new is DROP:
            return new, effects, version
        return f"{FENCE_OPEN}{new}{FENCE_CLOSE}", effects, version

    def _json_text(self, value: str, parsed: Container) -> tuple[object, tuple[Effect, ...], int]:
        """A JSON document inside a string is redacted as structure, then written back. Its walk
        is a run of its own, whose effects become the string's, never committed by that run."""
        self.json_depth += 1
        try:
            inner = Run([self], self.owner.solo.context([self]), self.ctx)
            out = inner.walk(parsed)
        finally:
            self.json_depth -= 1
        if out is parsed:
            return SAME, (), -1
        effects: list[Effect] = [(section, label, n, None, "")
                                 for (section, label), n in inner.counts.items()]
        effects += [("", "", 0, mark.kind, mark.entity) for mark in inner.marks]
        text = json.dumps(out, indent=2 if "\n" in value else None, ensure_ascii=False)
        return text, tuple(effects), self.scanner.vault.names_version

    def finish(self, out: object, run: Run) -> object:
        scanner = self.scanner
        vault = scanner.vault
        if scanner.plan.mentions and vault.names_version != self.start_version:
            self.start_version = vault.names_version
            out = self._names_again(out, run)
        run.ctx.state["redact_value"] = lambda v, entity: v if vault.is_issued(v, scanner.namespace) \
            else _as_text(scanner.whole(v, entity, category_of(entity), "annotate")[0], v, entity)
        run.ctx.state["redact_text"] = lambda v: _as_text(scanner.outcome(v, NONE)[0], v, "value")
        return out


    def _names_again(self, out: object, run: Run) -> object:
        """Walk the output once more for the names the vault learned during the walk, and for
        nothing else: every value was scanned in the first walk, and the markers in the output
        are ours (a marker planted in the data was data, and scanned as such). Its own memos."""
        first = self.memo_key
        self.memo_key = (*first, "names-only")
        self.scanner.names_only = True
        try:
            return run.rewalk([self], out, self.owner.solo)
        finally:
            self.memo_key, self.scanner.names_only = first, False


def _effects(effects: tuple[tuple[str, str, str | None], ...]) -> tuple[Effect, ...]:
    return tuple((section, entity, 1, mark, entity) for section, entity, mark in effects)


def _as_text(outcome_value: object, original: str, entity: str) -> str:
    if outcome_value is SAME:
        return original
    return outcome_value if isinstance(outcome_value, str) else f"[REDACTED:{entity}]"


def _json(value: str) -> Container | None:
    try:
        parsed = json.loads(value)
    except (ValueError, RecursionError):
        return None
    return parsed if isinstance(parsed, dict | list) else None


register_transform("redact", RedactOptions, Redact)
