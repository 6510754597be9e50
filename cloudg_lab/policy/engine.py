"""The access decision: pure functions from (policy, spec, principal) to allowed-or-why-not.

Decision order: matching rules (roles, then rules), their explicit denies (always win),
the sensitivity ceiling, grants or else the policy's allow/deny lists, capability denies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase

from cloudg_lab.policy.model import AccessRules, Match, PolicyModel, Rule
from cloudg_lab.registry.specs import sensitivity_rank
from cloudg_lab.types import Principal, Spec


@dataclass(frozen=True)
class Decision:
    allowed: bool
    reason: str = ""


ALLOW = Decision(True)

_NOUN = {"tool": "tool", "resource": "resource", "prompt": "prompt"}


def globs_match(patterns: Iterable[str], value: str) -> bool:
    """fnmatch globs, case-sensitive and anchored; `!pattern` excludes what it matches."""
    hit = False
    for pattern in patterns:
        if pattern.startswith("!"):
            if fnmatchcase(value, pattern[1:]):
                return False
        elif fnmatchcase(value, pattern):
            hit = True
    return hit


def matching_rules(policy: PolicyModel, spec: Spec, principal: Principal) -> tuple[Rule, ...]:
    """Role rules for the principal's roles (sorted, so the order is stable), then matching rules."""
    by_role = tuple(policy.roles[r] for r in sorted(principal.roles) if r in policy.roles)
    return by_role + tuple(r for r in policy.rules if rule_applies(r.match, spec, principal))


def rule_applies(match: Match, spec: Spec, principal: Principal) -> bool:
    if match.roles is not None and "*" not in match.roles and not principal.roles & set(match.roles):
        return False
    if match.principals is not None and not globs_match(match.principals, principal.id):
        return False
    if match.names is not None and not globs_match(match.names, spec.key):
        return False
    if match.categories is not None and not globs_match(match.categories, spec.category):
        return False
    if match.kinds is not None and spec.kind not in match.kinds:
        return False
    if match.sensitivity is not None and spec.sensitivity not in match.sensitivity:
        return False
    if match.capabilities is not None and not spec.capabilities & set(match.capabilities):
        return False
    return match.tags is None or bool(set(spec.tags) & set(match.tags))


def decide(policy: PolicyModel, spec: Spec, principal: Principal,
           rules: tuple[Rule, ...] | None = None) -> Decision:
    """Whether `principal` may use `spec` under `policy`, with a readable reason when not."""
    rules = matching_rules(policy, spec, principal) if rules is None else rules
    noun = _NOUN[spec.kind]
    for rule in rules:
        denied = _explicit_deny(rule, spec)
        if denied:
            return Decision(False, f"{denied} denied by rule '{rule.name}'")
    ceiling = _ceiling(policy, rules)
    if ceiling is not None and sensitivity_rank(spec.sensitivity) > sensitivity_rank(ceiling):
        return Decision(False, f"sensitivity '{spec.sensitivity}' exceeds the allowed '{ceiling}'")
    if not any(_grants(rule, spec) for rule in rules):
        if _in_deny_lists(policy, spec):
            return Decision(False, f"{noun} denied by policy '{policy.name}'")
        if not _in_allow_lists(policy, spec):
            return Decision(False, f"{noun} not allowed by policy '{policy.name}'")
    granted = {c for rule in rules for c in rule.allow_capabilities}
    for capability in sorted(spec.capabilities & set(policy.deny_capabilities) - granted):
        return Decision(False, f"capability '{capability}' denied by policy '{policy.name}'")
    return ALLOW


def may(policy: PolicyModel, principal: Principal, capability: str) -> bool:
    """Whether `principal` holds `capability` in general (e.g. `reveal` for the vault widget).

    Only rules that match on the principal (roles, ids) count here, since no primitive is named.
    """
    rules = tuple(policy.roles[r] for r in sorted(principal.roles) if r in policy.roles) + tuple(
        r for r in policy.rules if _applies_to_principal(r.match, principal, capability))
    if any(capability in r.deny_capabilities for r in rules):
        return False
    if capability in policy.deny_capabilities:
        return any(capability in r.allow_capabilities for r in rules)
    return True


def _applies_to_principal(match: Match, principal: Principal, capability: str) -> bool:
    if match.roles is not None and "*" not in match.roles and not principal.roles & set(match.roles):
        return False
    if match.principals is not None and not globs_match(match.principals, principal.id):
        return False
    return match.capabilities is None or capability in match.capabilities


def _names(rules: AccessRules, kind: str) -> tuple[list[str] | None, list[str]]:
    if kind == "tool":
        return rules.allow_tools, rules.deny_tools
    if kind == "resource":
        return rules.allow_resources, rules.deny_resources
    return rules.allow_prompts, rules.deny_prompts


def _explicit_deny(rule: Rule, spec: Spec) -> str | None:
    _, deny = _names(rule, spec.kind)
    if deny and globs_match(deny, spec.key):
        return _NOUN[spec.kind]
    if rule.deny_categories and globs_match(rule.deny_categories, spec.category):
        return f"category '{spec.category}'"
    hit = sorted(spec.capabilities & set(rule.deny_capabilities))
    return f"capability '{hit[0]}'" if hit else None


def _grants(rule: Rule, spec: Spec) -> bool:
    allow, _ = _names(rule, spec.kind)
    if allow and globs_match(allow, spec.key):
        return True
    return bool(rule.allow_categories) and globs_match(rule.allow_categories or [], spec.category)


def _in_deny_lists(policy: PolicyModel, spec: Spec) -> bool:
    _, deny = _names(policy, spec.kind)
    return globs_match(deny, spec.key) or globs_match(policy.deny_categories, spec.category)


def _in_allow_lists(policy: PolicyModel, spec: Spec) -> bool:
    allow, _ = _names(policy, spec.kind)
    if allow is not None and not globs_match(allow, spec.key):
        return False
    cats = policy.allow_categories
    return cats is None or globs_match(cats, spec.category)


def _ceiling(policy: PolicyModel, rules: tuple[Rule, ...]) -> str | None:
    """The highest ceiling among matching rules replaces the policy's own."""
    from_rules = [r.max_sensitivity for r in rules if r.max_sensitivity]
    if from_rules:
        return max(from_rules, key=sensitivity_rank)
    return policy.max_sensitivity
