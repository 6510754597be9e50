"""Classifying a dataset once, at load: which of its values are sensitive, whatever key they sit under.

The output pipeline decides most values by the key they sit under (`password`, `owner`,
`account_id`). That protection is lost as soon as a value leaves its key: a listing of tag
values, an error that quotes an argument, fenced text, a handler's echo, a dict key. So each
dataset is walked once when it loads, with the same key rules, and every value that a key marks
sensitive (secrets, people, accounts, resource names...) is recorded with its entity. The
`Dictionary` built from it is then matched in every output, wherever the value appears.

Values that only a pattern recognises (an e-mail, an IP, a token format) need no entry: the
pattern detectors find them anywhere. The walk is a flat loop over decoded records with the key
rules memoised, so it costs a fraction of the load.
"""

from __future__ import annotations

import json
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from typing import Any

from cloudg_lab.privacy import derive
from cloudg_lab.privacy.detectors.builtin import refine_ip
from cloudg_lab.privacy.detectors.keys import TAGS, KeyRule, items_rule, key_rule, tag_rule
from cloudg_lab.privacy.dictionary import Dictionary
from cloudg_lab.privacy.entities import canonical
from cloudg_lab.privacy.shapes import nullish, refine

MIN_SECRET = 4
"""Shorter values under a secret key (`no`, `***`) are placeholders, not secrets."""
_TAG_PAIR_KEYS = (("Key", "Value"), ("key", "value"))
_LEAVES = (str, int, float)
_COMPOSITE_ENTITIES = frozenset({"aws_arn", "azure_resource_id", "gcp_resource_name", "resource_id"})
"""Identifier entities whose values may be paths of other identifiers (an ARN's account)."""
_MARKING = frozenset({"sensitive", "typed", "asset"})
"""Rule kinds whose values the dictionary records (others are left to the pattern detectors)."""
_UNTYPED = frozenset({"ip_address"})
"""Entities a key suggests but only a value's shape confirms (patterns catch those anywhere)."""


def sensitive_values(records: Iterable[Any], known: Container[str] = ()) -> dict[str, str]:
    """value → entity for every value a key rule marks sensitive in any of `records`, but for
    those already `known` (the inventory's id, name and ARN columns)."""
    found: dict[str, str] = {}
    for record in records:
        if isinstance(record, dict) and "source_id" in record and "target_id" in record:
            record.pop("id", None)  # an edge's own id is never shown: edge views give its ends
        for value, rule in _leaves(record):
            if value not in known:
                _record(found, value, rule)
    return found


def dataset_dictionary(raw_records: Iterable[str], identifiers: Mapping[str, str]) -> Dictionary:
    """The dictionary of one dataset: its identifiers (ids, names, ARNs, accounts) with their
    components, plus the sensitive values of its records (`raw_records`: their JSON text)."""
    entries = sensitive_values((json.loads(raw) for raw in raw_records), identifiers)
    entries.update(identifiers)  # the columns know best what an id, a name or an account is
    composite = {v: e for v, e in identifiers.items() if e in _COMPOSITE_ENTITIES}
    for value, entity in derive.candidates(composite):
        entries.setdefault(value, entity)
    return Dictionary(entries)


def _record(found: dict[str, str], value: Any, rule: KeyRule) -> None:
    text = _text(value)
    if text is None or nullish(text):
        return
    if rule.kind == "sensitive":
        if len(text) >= MIN_SECRET:
            found[text] = rule.entity or "secret"
        return
    entity = rule.entity
    if entity is None or entity in _UNTYPED or rule.kind not in ("typed", "asset"):
        return
    if not isinstance(value, str) and not rule.numbers:
        return  # a count under `assets` or `accounts` is a count, however large
    if text[:1].isdigit() and ("." in text or ":" in text):
        address = refine_ip(text.strip())
        if address is not None:  # an address under a name key: its own shape decides
            if not address.startswith("special"):
                found.setdefault(text.strip(), address)
            return
    refined = refine(canonical(entity), text.strip())
    if refined is not None:
        found.setdefault(text.strip(), refined)


def _text(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return None


def _leaves(record: Any) -> Iterator[tuple[Any, KeyRule]]:
    """(scalar, the rule of the key it sits under) for every scalar of `record`; a sensitive
    key's rule holds for its whole subtree, tags are ruled by their tag keys, and the keys of a
    dict under a person key are people."""
    stack: list[tuple[Any, KeyRule | None]] = [(record, None)]
    while stack:
        node, rule = stack.pop()
        if isinstance(node, dict):
            pair = _tag_pair(node) if rule is TAGS else None
            if pair is not None:
                stack.append((pair[1], tag_rule(pair[0])))
                continue
            if rule is not None and rule.kind == "typed" and rule.entity == "person":
                yield from ((key, rule) for key in node)  # {"approvals": {"Ana Lee": "yes"}}
            for key, value in node.items():
                child = rule if rule is not None and rule.kind == "sensitive" else \
                    tag_rule(key) if rule is TAGS and isinstance(key, str) else \
                    key_rule(key) if isinstance(key, str) else rule
                if isinstance(value, _LEAVES):
                    if child is not None and child.kind in _MARKING:
                        yield value, child
                elif isinstance(value, dict | list):
                    stack.append((value, child))
        elif isinstance(node, list):
            marking = rule is not None and rule.kind in _MARKING
            for item in node:
                if isinstance(item, _LEAVES):
                    if marking:
                        yield item, items_rule(rule)  # type: ignore[arg-type]
                elif isinstance(item, dict | list):
                    stack.append((item, rule))
        elif isinstance(node, _LEAVES) and rule is not None and rule.kind in _MARKING:
            yield node, rule


def _tag_pair(node: dict[str, Any]) -> tuple[str, Any] | None:
    """`{"Key": k, "Value": v}` as AWS lists tags."""
    for k, v in _TAG_PAIR_KEYS:
        if isinstance(node.get(k), str) and v in node:
            return node[k], node[v]
    return None


class DatasetClassifier:
    """The workspace's classifier (`data.workspace.Classifier`): a `Dictionary` per dataset."""

    def dataset(self, records: Iterable[str], identifiers: Mapping[str, str]) -> Dictionary:
        return dataset_dictionary(records, identifiers)

    def combine(self, parts: Sequence[Mapping[str, str]]) -> Dictionary:
        merged: dict[str, str] = {}
        for part in reversed(parts):
            merged.update(part)
        return Dictionary(merged)
