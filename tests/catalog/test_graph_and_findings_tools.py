"""Graph and findings tools on the sample estate under `open`."""

from __future__ import annotations


async def test_neighbors_filters_by_direction_and_edge_type(tools):
    both = await tools.ok("neighbors", ref="dev-identity-web-000")
    assert both["total"] == 5 and both["truncated"] is False
    assert both["asset"]["name"] == "dev-identity-web-000"
    assert [(i["direction"], i["edge_type"]) for i in both["items"]] == [
        ("incoming", "ATTACHED_TO"), ("outgoing", "ASSUMES_ROLE"), ("incoming", "SECURITY_GROUP_RULE"),
        ("incoming", "LOAD_BALANCER_TARGET"), ("incoming", "CONTAINS")]
    assert both["items"][0]["rule_direction"] == "ingress"
    inbound = await tools.ok("neighbors", ref="dev-identity-web-000", direction="INCOMING",
                             edge_types=["security_group_rule"])
    (edge,) = inbound["items"]
    assert edge["node"] == {"id": "0.0.0.0/0", "external": True}
    assert (edge["ports"], edge["cidr"], edge["protocol"]) == ([22], "0.0.0.0/0", "tcp")
    limited = await tools.ok("neighbors", ref="dev-identity-web-000", limit=2)
    assert limited["returned"] == 2 and limited["truncated"] is True


async def test_neighbors_rejects_unknown_direction_and_edge_type(tools):
    direction = await tools.fails("neighbors", ref="dev-identity-web-000", direction="sideways")
    assert direction.data["valid"] == ["outgoing", "incoming", "both"]
    kind = await tools.fails("neighbors", ref="dev-identity-web-000", edge_types=["TELEPORTS"])
    assert "CONTAINS" in kind.data["valid"] and "TELEPORTS" not in kind.message


async def test_internet_exposure_lists_why_riskiest_first(tools):
    exposure = await tools.ok("internet_exposure", limit=4)
    assert exposure["total"] == 7 and exposure["returned"] == 4 and exposure["truncated"] is True
    assert [(i["name"], i["max_severity"]) for i in exposure["items"]] == [
        ("dev-identity-web-000", "CRITICAL"), ("vm-staging-payments-006", "CRITICAL"),
        ("vm-prod-payments-010", "CRITICAL"), ("dev-identity-alb-000", None)]
    assert exposure["items"][3]["via"] == ["is_internet_exposed", "INTERNET_EXPOSED edge"]
    rest = await tools.ok("internet_exposure", limit=4, cursor=exposure["next_cursor"])
    assert [i["name"] for i in rest["items"]] == ["dev-identity-alb-004", "staging-platform-web-005",
                                                  "staging-mobile-alb-008"]


async def test_find_paths_follows_edges_shortest_first(tools):
    found = await tools.ok("find_paths", source="dev-identity-alb-000", target="acme-dev-identity-e2aad9")
    assert found["total"] == 1 and found["truncated"] is False
    (path,) = found["paths"]
    assert path["length"] == 3
    assert [n["name"] for n in path["nodes"]] == ["dev-identity-alb-000", "dev-identity-web-000",
                                                  "identity-dev-role-000", "acme-dev-identity-e2aad9"]
    assert path["edges"] == ["LOAD_BALANCER_TARGET", "ASSUMES_ROLE", "GRANTS_ACCESS"]
    too_short = await tools.ok("find_paths", source="dev-identity-alb-000",
                               target="acme-dev-identity-e2aad9", max_depth=2)
    assert too_short["total"] == 0
    backwards = await tools.ok("find_paths", source="acme-dev-identity-e2aad9",
                               target="dev-identity-alb-000")
    assert backwards["total"] == 0
    undirected = await tools.ok("find_paths", source="acme-dev-identity-e2aad9",
                                target="dev-identity-alb-000", directed=False, max_paths=1)
    assert undirected["total"] == 1 and undirected["truncated"] is True


async def test_find_paths_bounds_depth(tools):
    deep = await tools.fails("find_paths", source="a", target="b", max_depth=7)
    assert deep.code == -32602 and "max_depth" in deep.message


async def test_list_findings_worst_first_with_filters(tools):
    page = await tools.ok("list_findings", limit=3)
    assert page["total"] == 15 and page["next_cursor"] is not None
    assert [(f["severity"], f["cvss_score"]) for f in page["items"]] == [
        ("CRITICAL", 9.3), ("CRITICAL", 9.3), ("CRITICAL", 9.3)]
    everything = await tools.ok("list_findings", status="ALL", limit=500)
    assert everything["total"] == 16
    assert [f["is_suppressed"] for f in everything["items"]].count(True) == 1
    suppressed = await tools.ok("list_findings", status="suppressed")
    assert [f["title"] for f in suppressed["items"]] == ["Security group allows SSH from 0.0.0.0/0"]
    high = await tools.ok("list_findings", severity="high")
    assert high["total"] == 4 and {f["severity"] for f in high["items"]} == {"HIGH"}
    on_asset = await tools.ok("list_findings", resource="dev-identity-web-000")
    assert [f["severity"] for f in on_asset["items"]] == ["CRITICAL", "MEDIUM"]


async def test_get_finding_joins_asset_and_compliance(tools):
    (first,) = (await tools.ok("list_findings", limit=1))["items"]
    finding = await tools.ok("get_finding", finding_id=first["id"])
    assert finding["id"] == first["id"] and finding["severity"] == "CRITICAL"
    assert finding["asset"]["name"] == "dev-identity-web-000"
    assert finding["remediation"] == "See the provider hardening guide."
    assert [(c["framework"], c["status"]) for c in finding["compliance"]] == [("CIS-AWS", "FAIL")]
    missing = await tools.fails("get_finding", finding_id="no-such-finding")
    assert missing.code == -32602 and "no-such-finding" not in missing.message


async def test_findings_summary(tools):
    summary = await tools.ok("findings_summary")
    assert (summary["total"], summary["open"], summary["suppressed"]) == (16, 15, 1)
    assert summary["by_source_tool"] == {"checkov": 7, "scoutsuite": 4, "prowler": 2, "trivy": 2}
    assert [a["name"] for a in summary["top_assets"][:2]] == ["dev-identity-web-000",
                                                             "dev-identity-web-004"]
    assert summary["compliance"]["CIS-AWS"]["FAIL"] == 9
