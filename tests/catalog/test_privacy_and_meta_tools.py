"""Privacy and meta tools under `open`, and the catalog metadata the profiles decide on."""

from __future__ import annotations

import pytest

from cloudg_lab import NotFoundError, Principal

TOOLS = ["workspace_status", "list_datasets", "load_dataset", "select_dataset", "unload_dataset",
         "dataset_summary", "diff_datasets", "find_assets", "get_asset", "count_assets",
         "list_asset_types", "list_accounts", "list_regions", "list_tags", "neighbors",
         "internet_exposure", "find_paths", "list_findings", "get_finding", "findings_summary",
         "privacy_status", "preview_transform", "list_detectors", "reveal_token", "privacy_audit_log",
         "list_capabilities"]


async def test_every_tool_carries_category_sensitivity_and_capabilities(layer):
    listed = {t["name"]: t for t in await layer.list_tools()}
    assert list(listed) == TOOLS
    specs = {s.name: s for s in layer.registry.tools()}
    assert specs["load_dataset"].capabilities == {"read_state", "read_fs", "manage_data"}
    assert specs["unload_dataset"].destructive
    assert specs["unload_dataset"].capabilities == {"write_state", "manage_data"}
    assert specs["reveal_token"].capabilities == {"read_state", "reveal"}
    assert specs["reveal_token"].sensitivity == "restricted"
    assert specs["privacy_audit_log"].sensitivity == "restricted"
    assert specs["find_assets"].sensitivity == "confidential"
    assert {s.category for s in specs.values()} == {"workspace", "inventory", "graph", "findings",
                                                   "privacy", "meta"}
    assert listed["find_assets"]["_meta"]["cloudg/tags"] == ["start-here"]
    assert listed["unload_dataset"]["annotations"]["destructiveHint"] is True


async def test_list_capabilities_is_a_start_here_map(tools):
    caps = await tools.ok("list_capabilities")
    assert caps["policy"] == "open" and caps["tool_count"] == 26 and caps["hidden_tools"] == 0
    assert caps["start_here"] == ["workspace_status", "find_assets", "list_findings", "list_capabilities"]
    assert [t["name"] for t in caps["tools"]["graph"]] == ["neighbors", "internet_exposure", "find_paths"]
    assert caps["prompts"][0] == "investigate_asset" and "cloudg://workspace" in caps["resources"]
    assert caps["why"]["active_dataset"] == "sample"


async def test_privacy_status_under_open(tools):
    status = await tools.ok("privacy_status")
    assert status["policy"] == "open" and status["pipelines"] == {"output": [], "input": []}
    assert status["pseudonymisation"] == {"active": False}
    assert len(status["visible_tools"]) == 26 and status["principal"]["id"] == "local"


async def test_preview_transform_under_open_changes_nothing(tools):
    preview = await tools.ok("preview_transform", data='{"password": "hunter2", "n": [1, 2]}')
    assert preview["transformed"] == {"password": "hunter2", "n": [1, 2]}
    assert preview["pipeline"] == [] and preview["cloudg/transforms"] == {}
    named = await tools.ok("preview_transform", data=[1], tool="find_assets")
    assert named["tool"] == "find_assets"
    unknown = await tools.fails("preview_transform", data=1, tool="no_such_tool")
    assert unknown.code == -32602 and unknown.data == {"argument": "tool"}  # never the name


async def test_list_detectors_by_category(tools):
    secrets = await tools.ok("list_detectors", category="SECRET")
    assert secrets["total"] == len(secrets["detectors"]) > 0
    assert {d["category"] for d in secrets["detectors"]} == {"secret"}
    assert "pattern" not in secrets["detectors"][0]


async def test_privacy_audit_log_is_own_entries_unless_admin(layer, tools_as):
    alice, bob = Principal.parse("alice"), Principal.parse("bob")
    for who in (alice, bob, bob):
        with pytest.raises(NotFoundError):
            await layer.call_tool("no_such_tool", {}, principal=who)
    own = await tools_as("bob").ok("privacy_audit_log")
    assert own["scope"] == "own" and own["total"] == 2
    assert {e["principal"] for e in own["entries"]} == {"bob"}
    everyone = await tools_as("root:admin").ok("privacy_audit_log", decision="NOT_FOUND", limit=2)
    assert everyone["scope"] == "all" and [e["principal"] for e in everyone["entries"]] == ["bob", "bob"]
    assert "no_such_tool" in everyone["entries"][0]["name"]
    bad = await tools_as("root:admin").fails("privacy_audit_log", decision="maybe")
    assert bad.data["valid"] == ["allowed", "denied", "rate_limited", "rejected", "not_found"]
