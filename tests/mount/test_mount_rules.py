"""How a policy classifies mounted primitives (`policy.mounts`) and hides them, and how their
completions are forwarded, on in-process SDK `MCPServer` upstreams."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp.server.mcpserver import MCPServer
from mcp.types import Completion

from cloudg_lab import Layer
from cloudg_lab.errors import PolicyError
from cloudg_lab.policy import Policy
from cloudg_lab.policy.mounts import MountRule, classify


def app() -> MCPServer:
    server = MCPServer("rules-upstream")

    @server.tool()
    def read_issue(number: int) -> str:
        return f"issue {number}"

    @server.tool()
    def close_issue(number: int) -> str:
        return f"closed {number}"

    @server.resource("gh://repos/about")
    def about() -> str:
        return "about"

    return server


async def listed(policy: Any) -> dict[str, dict[str, Any]]:
    layer = Layer(policy=policy, catalog=False)
    await layer.mount("gh", app())
    try:
        items = await layer.list_tools() + await layer.list_resources()
        return {item.get("name") if "inputSchema" in item else item["uri"]: item["_meta"]
                for item in items}
    finally:
        await layer.unmount("gh")


def test_a_primitive_no_rule_matches_is_confidential_upstream():
    c = classify([], "gh_read_issue", "tool", "gh")
    assert (c.category, c.sensitivity, c.capabilities, c.tags) == (
        "upstream", "confidential", frozenset({"upstream"}), ("upstream:gh",))


def test_later_rules_override_earlier_ones_and_upstream_always_stays():
    rules = [MountRule(names=["gh_*"], category="code", capabilities=["read_state"], tags=["a"]),
             MountRule(names=["gh_close_*"], sensitivity="restricted", capabilities=["write_state"]),
             MountRule(names=["gh_*"], kinds=["resource"], category="never-for-tools")]
    read, close = (classify(rules, f"gh_{n}", "tool", "gh") for n in ("read_issue", "close_issue"))
    assert (read.category, read.sensitivity, read.capabilities) == (
        "code", "confidential", frozenset({"upstream", "read_state"}))
    assert (close.category, close.sensitivity, close.capabilities) == (
        "code", "restricted", frozenset({"upstream", "write_state"}))
    assert read.tags == ("upstream:gh", "a")


def test_a_bad_mount_rule_is_a_policy_error_naming_the_field():
    for rule, field in (({"capabilities": ["teleport"]}, "mounts.0.capabilities"),
                        ({"sensitivity": "secret"}, "mounts.0.sensitivity"),
                        ({"colour": "red"}, "mounts.0.colour")):
        with pytest.raises(PolicyError, match=field):
            Policy.load({"mounts": [rule]})


def test_a_child_policy_keeps_its_parents_mount_rules_and_its_own_win(tmp_path: Path):
    parent = tmp_path / "parent.yaml"
    parent.write_text("name: parent\nextends: strict\nmounts:\n"
                      "  - {names: ['gh_*'], category: parent, tags: [from-parent]}\n")
    child = Policy.load({"extends": str(parent), "mounts": [{"names": ["gh_*"], "category": "child"}]})
    found = classify(child.model.mounts, "gh_read_issue", "tool", "gh")
    assert (found.category, found.tags) == ("child", ("upstream:gh", "from-parent"))


async def test_listings_carry_the_rule_classification_of_each_mounted_primitive():
    seen = await listed({"extends": "open", "mounts": [
        {"names": ["gh_close_*"], "sensitivity": "restricted", "category": "tickets"}]})
    assert seen["gh_read_issue"]["cloudg/sensitivity"] == "confidential"
    assert (seen["gh_close_issue"]["cloudg/category"],
            seen["gh_close_issue"]["cloudg/sensitivity"]) == ("tickets", "restricted")
    assert seen["gh+gh://repos/about"]["cloudg/tags"] == ["upstream:gh"]


async def test_strict_hides_what_a_rule_marks_restricted_and_keeps_the_rest():
    seen = await listed({"extends": "strict", "mounts": [
        {"names": ["gh_close_*"], "sensitivity": "restricted"}]})
    assert set(seen) == {"gh_read_issue", "gh+gh://repos/about"}


async def test_denying_the_upstream_capability_hides_every_mount_whatever_rules_grant():
    seen = await listed({"extends": "open", "deny_capabilities": ["upstream"],
                         "mounts": [{"names": ["*"], "capabilities": ["read_state"]}]})
    assert seen == {}


async def test_completions_of_a_mounted_prompt_are_forwarded_and_pass_the_output_pipeline():
    server = MCPServer("completing-upstream")
    hostname = "ledger-7.payments.corp-431.com"

    @server.prompt()
    def triage(area: str) -> str:
        return f"triage {area}"

    @server.completion()
    async def complete(ref: Any, argument: Any, context: Any) -> Completion:
        return Completion(values=[hostname, f"{argument.value}-typed"])

    layer = Layer(policy="strict", catalog=False)
    await layer.mount("ops", server)
    try:
        found = await layer.complete({"type": "ref/prompt", "name": "ops_triage"},
                                     {"name": "area", "value": "led"})
    finally:
        await layer.unmount("ops")
    assert found["total"] == 2 and "led-typed" in found["values"]
    assert hostname not in found["values"]  # pseudonymized like any value leaving the layer
