"""Finding the values of records that their keys mark sensitive, whatever the key's depth.

The generic walk (`sensitive_values`) visits every scalar of decoded records with the key
rules. Building every record of a big estate as dicts and walking each scalar costs more than
loading it, so `classify_texts` decodes the records' source texts through a typed view per kind
of record: most of a record is scalars under keys that mark nothing (`asset_type`, `severity`);
the view declares them as scalars and looks only at those whose key rule marks them, and the
members that may nest (`tags`, `metadata`, ...) are decoded and walked exactly as the generic
walk would. A view forbids unknown members and declares a scalar member as a scalar, so a record
shaped otherwise (an unseen member, a nested value where a scalar was expected) fails it, and
its batch goes through the generic walk: the views decide what is cheap, never what is found.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Sequence
from typing import Any

import msgspec

from cloudg_lab.privacy.detectors.builtin import refine_ip
from cloudg_lab.privacy.detectors.keys import TAGS, KeyRule, items_rule, key_rule, tag_rule
from cloudg_lab.privacy.entities import canonical
from cloudg_lab.privacy.shapes import nullish, refine

MIN_SECRET = 4
"""Shorter values under a secret key (`no`, `***`) are placeholders, not secrets."""
_TAG_PAIR_KEYS = (("Key", "Value"), ("key", "value"))
_LEAVES = (str, int, float)
_CONTAINERS = frozenset({dict, list})
_MARKING = frozenset({"sensitive", "typed", "asset"})
"""Rule kinds whose values the dictionary records (others are left to the pattern detectors)."""
_UNTYPED = frozenset({"ip_address"})
"""Entities a key suggests but only a value's shape confirms (patterns catch those anywhere)."""
Scalar = str | int | float | bool | None
BATCH = 4096
"""Records decoded through a view at a time."""


def sensitive_values(records: Iterable[Any], known: Container[str] = (),
                     found: dict[str, str] | None = None) -> dict[str, str]:
    """value → entity for every value a key rule marks sensitive in any of `records` (decoded),
    but for those already `known` (the inventory's id, name and ARN columns); added to `found`."""
    found = {} if found is None else found
    for record in records:
        if isinstance(record, dict) and "source_id" in record and "target_id" in record:
            record.pop("id", None)  # an edge's own id is never shown: edge views give its ends
        for value, rule in _leaves(record):
            if value not in known:
                _record(found, value, rule)
    return found


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


class View:
    """One kind of record: which members are scalars, which are walked, which are dropped."""

    def __init__(self, name: str, scalars: Sequence[str], walked: Sequence[str],
                 dropped: Sequence[str] = ()) -> None:
        fields: list[tuple[str, Any, Any]] = [(f, Scalar, None) for f in scalars]
        fields += [(f, Any, None) for f in walked]
        fields += [(f, msgspec.Raw, None) for f in dropped]
        struct = msgspec.defstruct(name, fields, forbid_unknown_fields=True, gc=False)
        self.decoder = msgspec.json.Decoder(list[struct])  # type: ignore[valid-type]
        self.marking = tuple((f, rule) for f in scalars if (rule := key_rule(f)).kind in _MARKING)
        """Scalar members whose key rule marks their value, with that rule."""
        self.tags = next((f for f in walked if key_rule(f) is TAGS), None)
        """The member holding tags, each ruled by its tag key."""
        self.plain = tuple(f for f in walked if key_rule(f).kind not in _MARKING | {"tags"})
        """Members whose own rule marks nothing: each of their members is ruled by its key."""
        special = set(walked) - set(self.plain) - {self.tags}
        if special:
            raise ValueError(f"{name}: walk {sorted(special)} as plain members")


ASSET = View("AssetView", ("id", "name", "arn", "account_id", "asset_type", "provider", "region",
                           "collected_at", "is_internet_exposed"), ("tags", "metadata", "raw_data"))
EDGE = View("EdgeView", ("source_id", "target_id", "edge_type", "direction", "relationship",
                         "description", "protocol", "cidr"), ("ports",), dropped=("id",))
"""An edge's own id is never shown (edge views give its ends): not classified."""
FINDING = View("FindingView", ("id", "resource_id", "resource_arn", "severity", "title",
                               "description", "evidence", "remediation", "source_tool", "cvss_score",
                               "detected_at", "is_suppressed"), ("compliance_frameworks",))


def classify_texts(view: View, texts: Sequence[Any], known: Container[str],
                   found: dict[str, str]) -> None:
    """File into `found` the sensitive values of `texts` (JSON texts of records of `view`'s
    kind: str, bytes or msgspec.Raw) but for those `known`."""
    filer = _Filer(known, found)
    for start in range(0, len(texts), BATCH):
        batch = texts[start:start + BATCH]
        data = b"[" + b",".join(t.encode() if isinstance(t, str) else t for t in batch) + b"]"
        try:
            items = view.decoder.decode(data)
        except msgspec.ValidationError:  # a shape the view does not know: the generic walk
            sensitive_values(msgspec.json.decode(data), known, found)
            continue
        filer.items(items, view)


class _Filer:
    """Files values into `found`, each (value, rule) once: tag values and most metadata repeat."""

    def __init__(self, known: Container[str], found: dict[str, str]) -> None:
        self.known, self.found = known, found
        self.done: set[tuple[Any, int]] = set()
        self.key_rules: dict[str, KeyRule] = {}
        self.tag_rules: dict[str, KeyRule] = {}

    def file(self, value: Any, rule: KeyRule) -> None:
        seen = (value, id(rule))  # rules are interned: one object per distinct rule
        if seen not in self.done and value not in self.known:
            self.done.add(seen)
            _record(self.found, value, rule)

    def items(self, items: Sequence[Any], view: View) -> None:
        marking, plain, tags = view.marking, view.plain, view.tags
        for item in items:
            for field, rule in marking:
                value = getattr(item, field)
                if value is not None:
                    self.file(value, rule)
            for field in plain:
                value = getattr(item, field)
                if value is not None:
                    self.plain(field, value)
            if tags is not None:
                value = getattr(item, tags)
                if value:
                    self.tags(tags, value)

    def plain(self, field: str, value: Any) -> None:
        """A member whose key rule is plain: each of its members ruled by its own key."""
        if value.__class__ is not dict:
            self.generic({field: value})
            return
        rules = self.key_rules
        for key, child in value.items():
            kind = child.__class__
            if kind is dict or kind is list:
                self.generic({key: child})
                continue
            rule = rules.get(key)
            if rule is None:
                rule = rules[key] = key_rule(key)
            if rule.kind in _MARKING and child is not None:
                self.file(child, rule)

    def tags(self, field: str, value: Any) -> None:
        if value.__class__ is not dict or _tag_pair(value) is not None:
            self.generic({field: value})
            return
        rules = self.tag_rules
        for key, child in value.items():
            if child.__class__ in _CONTAINERS:
                self.generic({field: {key: child}})
                continue
            rule = rules.get(key)
            if rule is None:
                rule = rules[key] = tag_rule(key)
            if rule.kind in _MARKING and child is not None:
                self.file(child, rule)

    def generic(self, node: dict[str, Any]) -> None:
        for value, rule in _leaves(node):
            self.file(value, rule)
