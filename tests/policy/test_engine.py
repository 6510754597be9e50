"""The decision order: rule denies, ceiling, grants or policy lists, capability denies."""

from __future__ import annotations

from typing import Any

import pytest

from cloudg_lab import Policy, Principal
from cloudg_lab.registry import PromptSpec, ResourceSpec, ToolSpec


def tool(name: str = "t", *, category: str = "inventory", sensitivity: str = "internal",
         capabilities: tuple[str, ...] = ("read_state",), tags: tuple[str, ...] = ()) -> ToolSpec:
    return ToolSpec(name=name, category=category, sensitivity=sensitivity,  # type: ignore[arg-type]
                    capabilities=frozenset(capabilities), tags=tags)


def decide(policy: dict[str, Any], spec: Any, who: str = "u") -> tuple[bool, str]:
    decision = Policy.load(policy).decide(spec, Principal.parse(who))
    return decision.allowed, decision.reason


def test_explicit_rule_denies_win_over_role_grants():
    policy = {"name": "p", "roles": {"admin": {"name": "admins", "allow_capabilities": ["reveal"]}},
              "rules": [{"name": "never-reveal", "match": {"roles": ["*"]}, "deny_capabilities": ["reveal"]}]}
    assert decide(policy, tool(capabilities=("reveal",)), "root:admin") == (
        False, "capability 'reveal' denied by rule 'never-reveal'")


def test_the_sensitivity_ceiling_comes_before_grants_and_rules_can_raise_it():
    policy = {"name": "p", "max_sensitivity": "confidential", "allow_tools": ["*"],
              "roles": {"lead": {"name": "leads", "max_sensitivity": "restricted"}}}
    assert decide(policy, tool(sensitivity="restricted")) == (
        False, "sensitivity 'restricted' exceeds the allowed 'confidential'")
    assert decide(policy, tool(sensitivity="restricted"), "l:lead") == (True, "")
    assert decide(policy, tool(sensitivity="confidential")) == (True, "")


def test_grants_bypass_policy_lists_but_not_rule_denies():
    policy = {"name": "p", "deny_categories": ["live"],
              "roles": {"collector": {"name": "collectors", "allow_categories": ["live"]}}}
    spec = tool("collect", category="live")
    assert decide(policy, spec) == (False, "tool denied by policy 'p'")
    assert decide(policy, spec, "c:collector") == (True, "")


def test_allow_lists_admit_only_what_they_match():
    policy = {"name": "p", "allow_tools": ["find_*", "!find_secrets"]}
    assert decide(policy, tool("find_assets")) == (True, "")
    assert decide(policy, tool("find_secrets")) == (False, "tool not allowed by policy 'p'")
    assert decide(policy, tool("get_asset")) == (False, "tool not allowed by policy 'p'")


def test_capability_denies_come_last_and_role_grants_lift_them():
    policy = {"name": "std", "deny_capabilities": ["reveal"],
              "roles": {"privacy-admin": {"name": "pa", "allow_capabilities": ["reveal"]}}}
    spec = tool("reveal_token", capabilities=("reveal",))
    assert decide(policy, spec) == (False, "capability 'reveal' denied by policy 'std'")
    assert decide(policy, spec, "p:privacy-admin") == (True, "")
    policy_obj = Policy.load(policy)
    assert not policy_obj.may(Principal.parse("u"), "reveal")
    assert policy_obj.may(Principal.parse("p:privacy-admin"), "reveal")


@pytest.mark.parametrize(("match", "spec", "who", "applies"), [
    ({"names": ["find_*"]}, tool("find_assets"), "u", True),
    ({"names": ["find_*"]}, tool("get_asset"), "u", False),
    ({"principals": ["bot-*"]}, tool(), "bot-7", True),
    ({"principals": ["bot-*"]}, tool(), "human", False),
    ({"categories": ["privacy"]}, tool(category="privacy"), "u", True),
    ({"kinds": ["prompt"]}, tool(), "u", False),
    ({"sensitivity": ["restricted"]}, tool(sensitivity="restricted"), "u", True),
    ({"capabilities": ["exec"]}, tool(capabilities=("exec", "read_state")), "u", True),
    ({"tags": ["start-here"]}, tool(tags=("start-here",)), "u", True),
    ({"roles": ["ops"], "names": ["t"]}, tool("t"), "u:ops", True),
    ({"roles": ["ops"], "names": ["t"]}, tool("t"), "u", False),
])
def test_rule_matching(match, spec, who, applies):
    policy = {"name": "p", "rules": [{"name": "r", "match": match, "deny_tools": ["*"]}]}
    allowed, _ = decide(policy, spec, who)
    assert allowed is not applies


def test_resources_and_prompts_use_their_own_lists():
    policy = {"name": "p", "deny_resources": ["cloudg://privacy/*"], "deny_prompts": ["policy_*"]}
    assert decide(policy, ResourceSpec(uri="cloudg://privacy/detectors")) == (
        False, "resource denied by policy 'p'")
    assert decide(policy, ResourceSpec(uri="cloudg://workspace")) == (True, "")
    assert decide(policy, PromptSpec(name="policy_review")) == (False, "prompt denied by policy 'p'")


def test_hide_denied_decides_visibility():
    spec = tool(capabilities=("exec",))
    hidden = Policy.load({"name": "h", "deny_capabilities": ["exec"]})
    shown = Policy.load({"name": "s", "deny_capabilities": ["exec"], "hide_denied": False})
    who = Principal.parse("u")
    assert not hidden.is_allowed(spec, who)
    assert shown.is_allowed(spec, who) and not shown.decide(spec, who).allowed


def test_show_denied_lists_only_the_names_it_matches_and_extends_replaces_it(tmp_path):
    base = tmp_path / "base.yaml"
    base.write_text("name: base\ndeny_capabilities: [manage_data]\nshow_denied: [load_*]\n")
    policy = Policy.load(base)
    who = Principal.parse("u")
    loader = tool("load_it", capabilities=("manage_data",))
    other = tool("drop_it", capabilities=("manage_data",))
    assert policy.is_allowed(loader, who) and not policy.decide(loader, who).allowed
    assert not policy.is_allowed(other, who)
    child = tmp_path / "child.yaml"
    child.write_text(f"name: child\nextends: {base}\nshow_denied: [drop_*]\n")
    narrowed = Policy.load(child)
    assert narrowed.is_allowed(other, who) and not narrowed.is_allowed(loader, who)


def test_audit_capabilities_keep_allowed_calls_of_those_primitives_only():
    policy = Policy.load({"name": "a", "audit_capabilities": ["manage_data"]})
    who = Principal.parse("u")
    policy.check_call(tool("load_it", capabilities=("manage_data",)), who, {}, kind="tool", name="load_it")
    policy.check_call(tool("read_it"), who, {}, kind="tool", name="read_it")
    assert [e.name for e in policy.audit.entries()] == ["load_it"]
    assert policy.audit.counters["allowed"] == 2
