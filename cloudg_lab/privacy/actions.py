"""What happens to a detected value: the policy's rules and the six actions.

A rule names an entity (`aws_account_id`), a parent entity (`ip_address`), a detector
(`github_token`) or a category (`identifier`); the most specific one wins. Actions turn a value
into its replacement and say which report section counts it.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import TYPE_CHECKING, Literal

from cloudg_lab.privacy.entities import PARENT
from cloudg_lab.privacy.stages import DROP, Drop

if TYPE_CHECKING:  # for the annotation only
    from cloudg_lab.privacy.vault import Vault

Action = Literal["redact", "mask", "hash", "pseudonymize", "drop", "keep"]

SECTION = {"redact": "redacted", "mask": "masked", "hash": "hashed",
           "pseudonymize": "pseudonymized", "drop": "dropped"}
MARK = {"redact": "redacted", "mask": "masked", "hash": "hashed", "pseudonymize": "pseudonym",
        "drop": None}

DEFAULTS: dict[str, Action] = {"special_ip": "keep", "special_cidr": "keep"}
"""Loopback, link-local, documentation and `0.0.0.0/0` identify no one; a policy may override."""


class Rules:
    """A policy's `redact.rules`, resolved most specific first and cached."""

    def __init__(self, rules: Mapping[str, Action]) -> None:
        self.rules = dict(rules)
        self._cache: dict[tuple[str, str, str], Action] = {}

    def resolve(self, entity: str, category: str, detector: str = "") -> Action:
        """entity → built-in default for the entity → parent → detector → category → `default`."""
        key = (entity, category, detector)
        found = self._cache.get(key)
        if found is None:
            rules = self.rules
            found = (rules.get(entity) or DEFAULTS.get(entity) or rules.get(PARENT.get(entity, ""))
                     or rules.get(detector) or rules.get(category) or rules.get("default") or "keep")
            self._cache[key] = found
        return found

    def acts_on(self, categories: Container[str]) -> bool:
        """Does any rule act (other than keep) on one of `categories` or on everything?"""
        return any(v != "keep" and (k in categories or k == "default") for k, v in self.rules.items())


def mask(value: str, keep_last: int) -> str:
    """All but the last `keep_last` characters as `*` (fewer kept for short values)."""
    keep = min(keep_last, len(value) // 4)
    return "*" * (len(value) - keep) + (value[len(value) - keep:] if keep else "")


def act(action: Action, value: str, entity: str, *, vault: Vault, namespace: str,
        avoid: Container[str] | None, keep_last: int = 4) -> str | Drop:
    """The replacement for `value` (DROP for `drop`; `value` itself when nothing changes)."""
    if action == "redact":
        return f"[REDACTED:{entity}]"
    if action == "pseudonymize":
        return vault.tokenize(value, entity, namespace, avoid=avoid)
    if action == "mask":
        return mask(value, keep_last)
    if action == "hash":
        return vault.hash(value, entity)
    if action == "drop":
        return DROP
    return value
