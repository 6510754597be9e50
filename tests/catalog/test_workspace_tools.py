"""Workspace tools: status, loading inside the allowed roots, select, unload, summary, diff."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from cloudg_lab import Layer
from cloudg_lab.data import SAMPLE_PATH
from cloudg_lab.sample import generate


async def test_workspace_status_lists_the_sample(tools, roots):
    status = await tools.ok("workspace_status")
    assert status["active_dataset"] == "sample" and status["version"] == 1
    (info,) = status["datasets"]
    assert {k: info[k] for k in ("name", "assets", "edges", "findings", "compliance_results",
                                 "providers", "active")} == {
        "name": "sample", "assets": 50, "edges": 88, "findings": 16, "compliance_results": 16,
        "providers": ["AWS", "AZURE", "GCP"], "active": True}
    assert status["allowed_roots"] == [str(roots.resolve())]
    assert "next_steps" not in status


async def test_empty_workspace_says_what_to_do_next(roots):
    layer = Layer(policy="open", allowed_roots=[roots])
    status = (await layer.call_tool("workspace_status")).structured
    assert status["datasets"] == [] and status["active_dataset"] is None
    assert "load_dataset" in status["next_steps"][0]


async def test_load_select_unload_round_trip(tools, roots):
    shutil.copytree(SAMPLE_PATH, roots / "copy")
    loaded = await tools.ok("load_dataset", path="copy", name="second")
    assert loaded["loaded"] == "second" and loaded["active"] == "second"
    assert loaded["previous_active"] == "sample" and loaded["assets"] == 50
    listed = await tools.ok("list_datasets")
    assert listed["active"] == "second" and listed["total"] == 2
    assert [d["name"] for d in listed["datasets"]] == ["sample", "second"]
    assert await tools.ok("select_dataset", name="sample") == {"active": "sample", "previous": "second"}
    gone = await tools.ok("unload_dataset", name="sample")
    assert gone == {"unloaded": "sample", "active_dataset": "second", "remaining": ["second"]}


async def test_load_dataset_links_the_summary_resource(layer, roots):
    shutil.copytree(SAMPLE_PATH, roots / "estate")
    result = await layer.call_tool("load_dataset", {"path": str(roots / "estate")})
    assert not result.is_error, result.text
    links = [c for c in result.content if getattr(c, "type", "") == "resource_link"]
    assert [link.uri for link in links] == ["cloudg://datasets/estate/summary"]


async def test_load_dataset_refuses_a_taken_name_without_replace(tools, roots):
    shutil.copytree(SAMPLE_PATH, roots / "sample")
    taken = await tools.fails("load_dataset", path="sample")
    assert taken.code == -32602
    assert taken.data == {"existing": "sample", "suggested": "sample-2"}
    replaced = await tools.ok("load_dataset", path="sample", replace=True)
    assert replaced["loaded"] == "sample" and replaced["version"] == 2


async def test_dataset_summary_counts(tools):
    summary = await tools.ok("dataset_summary")
    assert {k: summary[k] for k in ("dataset", "total_assets", "total_edges", "total_findings",
                                    "open_findings", "suppressed_findings", "accounts", "regions",
                                    "internet_exposed")} == {
        "dataset": "sample", "total_assets": 50, "total_edges": 88, "total_findings": 16,
        "open_findings": 15, "suppressed_findings": 1, "accounts": 4, "regions": 7, "internet_exposed": 7}
    assert summary["severity_breakdown"] == {"CRITICAL": 3, "HIGH": 4, "MEDIUM": 3, "LOW": 0, "INFO": 5}
    assert summary["assets_by_provider"] == {"AWS": 29, "AZURE": 12, "GCP": 9}
    assert summary["edges_by_type"]["CONTAINS"] == 46
    assert summary["compliance_frameworks"] == ["CIS-AWS", "CIS-Azure", "GDPR"]


async def test_diff_datasets_reports_changes(tools, roots):
    folder = roots / "next"
    shutil.copytree(SAMPLE_PATH, folder)
    doc = json.loads((folder / "inventory-map.json").read_text())
    doc["assets"] = [a for a in doc["assets"] if a["name"] != "sg-billing-prod-001"]
    for asset in doc["assets"]:
        if asset["name"] == "prod-billing-web-001":
            asset["is_internet_exposed"] = True
            asset["collected_at"] = "2027-01-01T00:00:00.000000"
    kept = {a["id"] for a in doc["assets"]} | {"0.0.0.0/0"}
    doc["edges"] = [e for e in doc["edges"] if {e["source_id"], e["target_id"]} <= kept]
    (folder / "inventory-map.json").write_text(json.dumps(doc))
    await tools.ok("load_dataset", path="next")
    diff = await tools.ok("diff_datasets", base="sample", limit=5)
    assert (diff["base"], diff["target"]) == ("sample", "next")
    assets = diff["assets"]
    assert assets["added"]["count"] == 0 and assets["unchanged"] == 48
    assert [a["name"] for a in assets["removed"]["items"]] == ["sg-billing-prod-001"]
    assert [(a["name"], a["changed_fields"]) for a in assets["changed"]["items"]] == [
        ("prod-billing-web-001", ["is_internet_exposed"])]
    assert [a["name"] for a in diff["newly_internet_exposed"]["items"]] == ["prod-billing-web-001"]
    assert diff["edges"]["removed"]["count"] == 2 and diff["edges"]["added"]["count"] == 0
    assert diff["findings"]["new"]["count"] == 0


async def test_diff_of_generated_estates_counts_added_assets(tools, roots):
    generate(assets=60, seed=1, out=roots / "a")
    generate(assets=70, seed=1, out=roots / "b")
    await tools.ok("load_dataset", path="a")
    await tools.ok("load_dataset", path="b")
    diff = await tools.ok("diff_datasets", base="a", target="b", limit=3)
    assert diff["assets"]["added"]["count"] == 10 and diff["assets"]["removed"]["count"] == 0
    assert len(diff["assets"]["added"]["items"]) == 3 and diff["assets"]["added"]["truncated"] is True


def test_derived_names_come_from_the_directory(tmp_path: Path):
    folder = tmp_path / "prod-estate"
    shutil.copytree(SAMPLE_PATH, folder)
    layer = Layer(policy="open", datasets=[folder / "inventory-map.json"])
    assert layer.workspace.active_name == "prod-estate"
