"""Finding the values of records that their keys mark sensitive, whatever the key's depth.

`sensitive_values` walks decoded records: every scalar with the rule of the key it sits under,
a sensitive key's rule over its whole subtree, tags by their tag keys, the keys of a dict under
a person key as people. `record` files one value under its rule. Big estates are not decoded
whole for this: `views` decodes only the members whose rules can mark something, and hands
every such member to this walk.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator

from cloudg_lab.privacy.detectors import records
from cloudg_lab.privacy.detectors.argv import ARGV, ARGV_KEYS, flag_values
from cloudg_lab.privacy.detectors.builtin import refine_ip
from cloudg_lab.privacy.detectors.keys import (
    NONE,
    TAGS,
    KeyRule,
    items_rule,
    key_rule,
    tag_rule,
)
from cloudg_lab.privacy.entities import canonical
from cloudg_lab.privacy.people import reordered
from cloudg_lab.privacy.shapes import BY_VALUE, nullish, refine

SECRET = key_rule("secret")
PERSON = canonical("person")
MIN_SECRET = 4
"""Shorter values under a secret key (`no`, `***`) are placeholders, not secrets."""
_TAG_PAIR_KEYS = (("Key", "Value"), ("key", "value"))
_LEAVES = (str, int, float)
_MARKING = frozenset({"sensitive", "typed", "asset"})
"""Rule kinds whose values the dictionary records (others are left to the pattern detectors)."""
_UNTYPED = frozenset({"ip_address"})
"""Entities a key suggests but only a value's shape confirms (patterns catch those anywhere)."""


def sensitive_values(records: Iterable[object], known: Container[str] = (),
                     found: dict[str, str] | None = None) -> dict[str, str]:
    """value → entity for every value a key rule marks sensitive in any of `records` (decoded),
    but for those already `known` (the inventory's id, name and ARN columns); added to `found`."""
    found = {} if found is None else found
    for item in records:
        if isinstance(item, dict) and "source_id" in item and "target_id" in item:
            item.pop("id", None)  # an edge's own id is never shown: edge views give its ends
        for value, rule in leaves(item):
            if value not in known:
                record(found, value, rule)
    return found


def record(found: dict[str, str], value: object, rule: KeyRule) -> None:
    """File `value` under `rule` (`record_all` of one value)."""
    record_all(found, (value,), rule)


def record_all(found: dict[str, str], values: Iterable[object], rule: KeyRule) -> None:
    """File each of `values` under `rule`, in turn: a secret whatever it is, a typed value as
    its shape refines the rule's entity. What holds for the rule is settled once."""
    if rule.kind == "sensitive":
        secret = rule.entity or "secret"
        for text in map(_text, values):
            if text is not None and len(text) >= MIN_SECRET and not nullish(text):
                found[text] = secret
        return
    entity = rule.entity
    if entity is None or entity in _UNTYPED or rule.kind not in ("typed", "asset"):
        return
    label = canonical(entity)
    kept = label not in BY_VALUE
    for value in values:
        if not isinstance(value, str) and not rule.numbers:
            continue  # a count under `assets` or `accounts` is a count, however large
        text = _text(value)
        if text is None or nullish(text):
            continue
        stripped = text.strip()
        if text[:1].isdigit() and ("." in text or ":" in text):
            address = refine_ip(stripped)
            if address is not None:  # an address under a name key: its own shape decides
                if not address.startswith("special"):
                    found.setdefault(stripped, address)
                continue
        refined = label if kept else refine(label, stripped)
        if refined is not None:
            found.setdefault(stripped, refined)
            if refined == PERSON:  # `Lee, Ana` on a rota: the same person
                for spelled in reordered(stripped):
                    found.setdefault(spelled, refined)
                if "ß" in stripped:  # `JÜRGEN WEISS`, `Weiss`: German writes ß as ss in capitals
                    found.setdefault(stripped.replace("ß", "ss"), refined)


def _text(value: object) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return None


def leaves(tree: object) -> Iterator[tuple[object, KeyRule]]:
    """(scalar, the rule of the key it sits under) for every scalar of `tree`; a sensitive
    key's rule holds for its whole subtree, tags are ruled by their tag keys, and the keys of a
    dict under a person key are people (unless it is a reference object: then the member
    showing whom it points at is)."""
    stack: list[tuple[object, KeyRule | None]] = [(tree, None)]
    while stack:
        node, rule = stack.pop()
        if isinstance(node, dict):
            pair = tag_pair(node) if rule is TAGS else None
            if pair is not None:
                stack.append((pair[1], tag_rule(pair[0])))
                continue
            flagged_key = records.flagged_value(node)
            if flagged_key is not None:
                stack.append((node[flagged_key], SECRET))  # {"value": ..., "sensitive": true}
                continue
            shows = None
            if rule is not None and rule.kind == "typed" and rule.entity == "person":
                shows = records.referent(node)  # {"assignee": {"summary": "Ana Lee", "id": ...}}
                if shows is None:
                    yield from ((key, rule) for key in node)  # {"approvals": {"Ana Lee": "yes"}}
            members: tuple[str, ...] = () if rule is None else rule.members
            attributes = None
            if records.JWK in node or records.FLAGS in node or records.KIND in node:  # look-ups, no call
                members, attributes = records.secret_members(node, members), records.flagged(node)
            ruled = records.named_pair(node, key_rule) if rule is not TAGS else None
            ruled_names = rule is not TAGS and records.names_its_value(node)  # a pair's name is a key
            for key, value in node.items():
                child = rule if rule is not None and (rule.kind == "sensitive" or key in ("", shows)) else \
                    ruled[1] if ruled is not None and key == ruled[0] else \
                    NONE if ruled_names and key in records.PAIR_NAMES else \
                    SECRET if key in members else \
                    attributes if attributes is not None and key == records.ATTRIBUTES else \
                    tag_rule(key) if rule is TAGS and isinstance(key, str) else \
                    key_rule(key) if isinstance(key, str) else rule
                if isinstance(value, _LEAVES):
                    if child is not None and child.kind in _MARKING:
                        yield value, child
                elif isinstance(value, dict | list):
                    stack.append((value, ARGV if child is NONE and key in ARGV_KEYS else child))
        elif isinstance(node, list):
            named = list_pair(node)
            if named is not None:  # [["DB_PASSWORD", "..."]]: the name rules the value
                yield named
                continue
            if rule is ARGV:  # ["--db-password", "..."]: the flag rules the next item
                yield from ((value, SECRET) for value in flag_values(node))
            marking = rule is not None and rule.kind in _MARKING
            for item in node:
                if isinstance(item, _LEAVES):
                    if marking:
                        yield item, items_rule(rule)  # type: ignore[arg-type]
                elif isinstance(item, dict | list):
                    stack.append((item, rule))
        elif isinstance(node, _LEAVES) and rule is not None and rule.kind in _MARKING:
            yield node, rule


def list_pair(node: list[object]) -> tuple[object, KeyRule] | None:
    """(value, rule) of `[name, value]` whose name names a secret or types its value (headers,
    environments and tags listed as pairs: `["Owner", "Ana Lee"]`), else None."""
    if len(node) != 2 or not isinstance(node[0], str) or not isinstance(node[1], _LEAVES):
        return None
    rule = key_rule(node[0])
    return (node[1], rule) if records.names_a_value(rule) else None


def tag_pair(node: dict[str, object]) -> tuple[str, object] | None:
    """`{"Key": k, "Value": v}` as AWS lists tags."""
    for k, v in _TAG_PAIR_KEYS:
        if isinstance(key := node.get(k), str) and v in node:
            return key, node[v]
    return None



def fileable(rule: KeyRule) -> bool:
    """Whether `record` may file a value under `rule` (the rest is left to the patterns)."""
    if rule.kind == "sensitive":
        return True
    return rule.kind in ("typed", "asset") and rule.entity is not None and \
        rule.entity not in _UNTYPED
