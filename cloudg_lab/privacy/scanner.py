"""The decision for one string: which parts are sensitive, and what replaces them.

A string is either one value (an ARN, an account id under `account_id`, a name the workspace
knows) that is replaced whole, or free text in which spans are replaced: pattern findings and
mentions of known names. Secrets always win: a typed value that contains a secret is treated
as that secret as a whole, so it is redacted, never merely pseudonymized (pseudonyms can be
revealed).

An `Outcome` is `(value or SAME, effects, names_version)`; it is memoised per string, and the
effects (report counts and marks) are replayed each time the string is met again.

Whether a value is already ours is never read from its shape: pseudonyms are the vault's, and
markers, masks, hashes and texts are ours when this step wrote them (`Written`). A look-alike in the
data (`[REDACTED:password] hunter2`, `****` around a token) is scanned like any other text.
When `redact` walks its own output again for late names (`names_only`), nothing else is looked
for: every value was scanned in the first walk.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cloudg_lab.privacy import respell, text
from cloudg_lab.privacy.actions import MARK, SECTION, Rules, act
from cloudg_lab.privacy.detectors import DetectorSet, Finding, covers
from cloudg_lab.privacy.detectors.base import Detector
from cloudg_lab.privacy.detectors.keys import KEY, NONE, KeyRule
from cloudg_lab.privacy.dictionary import Matcher
from cloudg_lab.privacy.entities import canonical, category_of
from cloudg_lab.privacy.people import people
from cloudg_lab.privacy.shapes import nullish, refine
from cloudg_lab.privacy.stages import DROP, SAME, Drop, Same

if TYPE_CHECKING:  # for the annotation only
    from cloudg_lab.privacy.vault import Vault

Effect = tuple[str, str, "str | None"]
Outcome = tuple[str | Same | Drop, tuple[Effect, ...], int]
KEEP: Outcome = (SAME, (), -1)
_SECRETS = ("secret", "credential")
_Span = tuple[int, int, str, str, str]
"""(start, end, entity, category, detector) of what `_spans` replaces."""
PERSON_IN_PROSE = "person_in_prose"
"""The detector name of a person prose introduces (`people`)."""
DATASET_VALUE = "dataset_value"
"""The detector name of a dictionary match (a value the loaded data holds)."""
_NAME_ENTITIES = ("resource_name", "person", "dataset_name", "gcp_project_id", "aws_account_id",
                  "tag_value", "azure_resource_group", "org_name", "email")


@dataclass(frozen=True)
class Plan:
    """What a set of rules makes worth looking for, per detector set (computed once)."""

    detectors: tuple[Detector, ...]
    secrets: tuple[Detector, ...]
    typed: bool
    known: bool
    mentions: bool


def plan_for(rules: Rules, detectors: DetectorSet, name_mentions: bool) -> Plan:
    """Detectors after the last one whose findings some rule acts on are not run at all."""
    def acts(d: Detector) -> bool:
        if d.entity in ("ip_address", "ipv6"):
            return any(rules.resolve(e, d.category, d.name) != "keep"
                       for e in ("private_ip", "public_ip", "private_cidr", "public_cidr"))
        return rules.resolve(d.entity, d.category, d.name) != "keep"

    ident = rules.acts_on(("identifier", "pii", "network", "free_text"))
    return Plan(
        detectors=_through_last(detectors.select(lambda d: True, "all"), acts),
        secrets=_through_last(detectors.select(lambda d: d.category in _SECRETS, "secrets"), acts),
        typed=ident or any(rules.resolve(e, category_of(e)) != "keep" for e in _NAME_ENTITIES),
        known=any(rules.resolve(e, "identifier", "known_identifier") != "keep" for e in _NAME_ENTITIES),
        mentions=name_mentions and any(rules.resolve(e, "free_text", "known_name") != "keep"
                                       for e in _NAME_ENTITIES))


def _through_last(ordered: tuple[Detector, ...],
                  acts: Callable[[Detector], object]) -> tuple[Detector, ...]:
    """Detectors up to the last one a rule acts on: a kept finding (an e-mail) must still shadow
    the lower-priority findings inside it (its domain as a host name)."""
    last = max((i for i, d in enumerate(ordered) if acts(d)), default=-1)
    return ordered[: last + 1]


class Written:
    """The markers, masks, hashes and texts one `redact` step has written. Its own output passed
    to it again (a result shown twice, a re-display) is then left as it is, while a look-alike
    planted in the data is scanned like any text. Shared by the step's runs, as its memos are."""

    _LIMIT = 200_000

    def __init__(self) -> None:
        self._values: set[str] = set()

    def add(self, value: str) -> None:
        if len(self._values) >= self._LIMIT:
            self._values.clear()
        self._values.add(value)

    def __contains__(self, value: object) -> bool:
        return value in self._values


class Scanner:
    """Computes outcomes for one pipeline run (one vault namespace, one workspace)."""

    def __init__(self, plan: Plan, rules: Rules, detectors: DetectorSet, *, vault: Vault,
                 namespace: str, known: Mapping[str, str] | None, min_confidence: float,
                 keep_last: int, written: Written | None = None) -> None:
        self.plan, self.rules, self.detectors = plan, rules, detectors
        self.written = written if written is not None else Written()
        self.names_only = False
        """Set while `redact` walks its own output again for names learned late: everything
        else was decided in the first walk, and our markers in that output are not data."""
        self.vault, self.namespace, self.known = vault, namespace, known
        self.dictionary = known if isinstance(known, Matcher) else None
        self.held: Mapping[str, str] = self.dictionary.held if self.dictionary is not None else {}
        self.prose_people = rules.resolve("person", "pii", PERSON_IN_PROSE) != "keep"
        self.min_confidence, self.keep_last = min_confidence, keep_last
        self.max_words = 1
        if plan.mentions:
            self.max_words = max(text.max_words(known) if known else 1, vault.max_name_words)

    def outcome(self, value: str, rule: KeyRule) -> Outcome:
        """What becomes of `value` found under a key with `rule`; when it holds a value of the
        dictionary only in an encoding (`respell`), its readable text with that value replaced."""
        found = self._outcome(value, rule)
        if self.names_only or rule.kind in ("sensitive", "skip") or found[0] is DROP \
                or value in self.written:  # our output is not decoded either (`¹` read as `1`)
            return found
        view = respell.readable(value, self._holds)
        if view is None:
            return found
        again = self._outcome(view, NONE if rule is KEY else rule)  # decoded, a key is no schema word
        return again if again[0] is not SAME and len(again[1]) > len(found[1]) else found

    def _holds(self, decoded: str) -> bool:
        found = self.dictionary
        return found is not None and (found.lookup(decoded) is not None or bool(found.find(decoded)))

    def _outcome(self, value: str, rule: KeyRule) -> Outcome:
        if value in self.written or (self.names_only and rule.kind in ("sensitive", "skip")):
            return KEEP
        if rule.kind == "sensitive":
            return self.whole(value, rule.entity or "secret", "secret", rule.detector)
        if rule.kind == "skip":
            return self._spans(value, self._scan(value, self.plan.secrets, rule), False)
        if nullish(value) or self.vault.is_issued(value, self.namespace):
            return KEEP
        if self.names_only:
            return self._spans(value, [], self.plan.mentions and rule is not KEY)
        listed = self._listed(value, rule, secrets_only=rule.kind in ("typed", "asset"))
        if listed is not None:
            return listed
        findings = self._scan(value, self.plan.detectors, rule)
        secret = any(f.category in _SECRETS for f in findings)
        if len(findings) == 1 and covers(findings[0], value):
            f = findings[0]
            return self.whole(value, f.entity, f.category, f.detector)
        if secret and rule.kind == "typed":
            first = next(f for f in findings if f.category in _SECRETS)
            return self.whole(value, first.entity, first.category, first.detector)
        if not secret and rule.kind == "typed" and self.plan.typed:
            entity = refine(self._typed_entity(value, rule), value.strip())
            if entity is not None and (rule.forced or findings):
                return self.whole(value, entity, category_of(entity), rule.detector)
        if not secret and self.plan.known and self.known is not None and _may_be_name(value, rule):
            entity = self.known.get(value)
            if entity is not None and text.mentionable(value):
                refined = refine(canonical(entity), value)
                if refined is not None:
                    return self.whole(value, refined, category_of(refined), "known_identifier")
        return self._spans(value, findings, self.plan.mentions and rule is not KEY,
                           key=rule is KEY)

    def number(self, text: str, rule: KeyRule) -> Outcome:
        """A number (as `text`): an identifier under an id-like or secret key (in the lists of a
        plural one: `trusted_accounts`), or when the dataset holds it as a value; otherwise a
        number, a count at any size (`assets`, `accounts`, `total`)."""
        if self.names_only:
            return KEEP
        if rule.kind == "sensitive" or rule.numbers:
            return self.outcome(text, rule)
        listed = self._listed(text, rule)
        padded = respell.with_zeros(text) if listed is None else None
        if padded is not None:  # an account the data holds as text, here an integer
            listed = self._listed(padded, rule)
        return KEEP if listed is None else listed

    def _typed_entity(self, value: str, rule: KeyRule) -> str:
        """The entity a typed key gives `value`; under a generic name key (an asset's `name`),
        the data's own entity for a value it holds as something else (a GCP project's id that
        is also its asset's name, a tag value), so the value has one pseudonym wherever it
        stands, unless the policy would show that entity in clear."""
        entity = rule.entity or "resource_name"
        if entity == "resource_name" and self.dictionary is not None:
            found = self.dictionary.lookup(value)
            held = None if found is None or found[1] != value else canonical(found[0])
            if held is not None and self.rules.resolve(held, category_of(held), DATASET_VALUE) != "keep":
                return held  # never an entity the policy shows in clear: a name stays hidden
        return entity

    def _listed(self, value: str, rule: KeyRule, *, secrets_only: bool = False) -> Outcome | None:
        """The outcome for a value the dataset's dictionary holds, whatever key it sits under
        now, when a rule acts on its entity; None otherwise. Under a typed key only a secret
        is decided here (the key knows best what else the value is)."""
        if self.dictionary is None or not _may_be_name(value, rule):
            return None
        found = self.dictionary.lookup(value)
        if found is None:
            return None
        entity, real = found
        if real != value and not text.mentionable(value.strip()):
            return None
        refined = refine(canonical(entity), real)
        if refined is None:
            return None
        category = category_of(refined)
        if category not in _SECRETS:
            if secrets_only:  # the caller's own scan decides the rest (it would scan again)
                return None
            shaped = self._scan(real, self.plan.detectors, rule)  # its own shape, as under an
            if len(shaped) == 1 and covers(shaped[0], real):  # asset's key: one pseudonym
                refined, category = shaped[0].entity, shaped[0].category
        if self.rules.resolve(refined, category, DATASET_VALUE) == "keep":
            return None
        return self.whole(real, refined, category, DATASET_VALUE)

    def whole(self, value: str, entity: str, category: str, detector: str) -> Outcome:
        """Replace `value` as one unit (or drop it); a value `sanitize` showed without its
        invisible characters is replaced as the data holds it (`Matcher.held`)."""
        action = self.rules.resolve(entity, category, detector)
        if action == "keep":
            return KEEP
        held = self.held.get(value, value) if self.held else value
        new = act(action, held, entity, vault=self.vault, namespace=self.namespace,
                  avoid=self.known, keep_last=self.keep_last)
        if new is not DROP and new == value:
            return KEEP
        if isinstance(new, str):
            self.written.add(new)
        return (new, ((SECTION[action], entity, MARK[action]),), -1)

    def _ours(self, value: str) -> bool:
        return value in self.written or self.vault.is_issued(value, self.namespace)

    def _scan(self, value: str, detectors: tuple[Detector, ...], rule: KeyRule) -> list[Finding]:
        if not detectors and not rule.scoped:
            return []
        return self.detectors.scan(value, detectors, rule, self.min_confidence)

    def _spans(self, value: str, findings: list[Finding], mentions: bool, *,
               key: bool = False) -> Outcome:
        """Pattern findings, dictionary values (not inside a dict key: `internet_exposed` is
        schema, whatever asset is named `internet`) and known names, each replaced."""
        spans: list[_Span] = [
            (f.start, f.end, f.entity, f.category, f.detector) for f in findings]
        spelled: dict[tuple[int, int], str] = {}
        if self.dictionary is not None and not key:
            spans = _merge(spans, self._dictionary_spans(value, spelled))
        if self.prose_people and not key:
            spans = _merge(spans, [(s, e, "person", "pii", PERSON_IN_PROSE)
                                   for s, e in people(value)])
        version = -1
        if mentions:
            version = self.vault.names_version
            for start, end, entity in text.find(value, self._lookup, self.max_words):
                if not any(start < s_end and s_start < end for s_start, s_end, *_ in spans):
                    spans.append((start, end, entity, "free_text", "known_name"))
            spans.sort()
        spans = _whole_tokens(value, spans)
        replaced: list[tuple[int, int, str]] = []
        effects: list[Effect] = []
        for start, end, entity, category, detector in spans:
            piece = value[start:end]
            if self._ours(piece):
                continue
            action = self.rules.resolve(entity, category, detector)
            if action == "keep":
                continue
            new = act(action, spelled.get((start, end), piece), entity, vault=self.vault,
                      namespace=self.namespace, avoid=self.known, keep_last=self.keep_last)
            if new is DROP:
                new = f"[REDACTED:{entity}]"
            elif new == piece:
                continue
            self.written.add(new)
            replaced.append((start, end, new))
            effects.append((SECTION[action], entity, MARK[action]))
        if not replaced:
            return (SAME, (), version)
        out = text.replace(value, replaced)
        self.written.add(out)
        return (out, tuple(effects), version)

    def _dictionary_spans(self, value: str,
                          spelled: dict[tuple[int, int], str]) -> list[_Span]:
        """Spans of dictionary values in `value`; `spelled` gets the value each span spells, so
        `ANA LEE` and `ana-lee` become the pseudonym of `Ana Lee`."""
        assert self.dictionary is not None
        out: list[_Span] = []
        for start, end, entity, real in self.dictionary.find(value):
            refined = refine(canonical(entity), real)
            if refined is None:
                continue
            category = category_of(refined)
            if self.rules.resolve(refined, category, DATASET_VALUE) != "keep":
                out.append((start, end, refined, category, DATASET_VALUE))
                spelled[(start, end)] = real
        return out

    def _lookup(self, token: str) -> str | None:
        entity = self.known.get(token) if self.known is not None else None
        if entity is None:
            entity = self.vault.names(self.namespace).get(token)
        if entity is None or not text.mentionable(token) or self.vault.is_issued(token, self.namespace):
            return None
        return refine(canonical(entity), token)


def _merge(found: list[_Span], listed: list[_Span]) -> list[_Span]:
    """Pattern findings and dictionary spans without overlaps: a secret wins, then the longer
    span (a whole passphrase over the one word a pattern saw)."""
    if not listed:
        return found
    ranked = sorted(found + listed, key=lambda s: (s[3] not in _SECRETS, s[0] - s[1]))
    kept: list[_Span] = []
    for span in ranked:
        if all(span[1] <= k[0] or k[1] <= span[0] for k in kept):
            kept.append(span)
    return sorted(kept)


def _whole_tokens(value: str, spans: list[_Span]) -> list[_Span]:
    """`spans` (sorted, apart) with each secret's span running on over the letters and digits
    glued to its end (`…EXAMPLEKEY²000`: the patterns' edges are ASCII, so a secret may end
    where a token does not). No marker is then left glued to the rest of the token, which
    read again would be a value the marker labels (`[REDACTED:password]²000`)."""
    out = list(spans)
    for n, (start, end, entity, category, detector) in enumerate(out):
        if category in _SECRETS and end < len(value) and value[end].isalnum():
            limit, stop = out[n + 1][0] if n + 1 < len(out) else len(value), end
            while stop < limit and value[stop].isalnum():
                stop += 1
            out[n] = (start, stop, entity, category, detector)
    return out


def _may_be_name(value: str, rule: KeyRule) -> bool:
    """Keys that read like schema words (`status`, `account_id`) are never taken for names."""
    return rule is not KEY or not (value.replace("_", "").isalpha() and value.islower())
