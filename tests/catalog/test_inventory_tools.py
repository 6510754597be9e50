"""Inventory tools on the sample estate under `open`: exact counts, orders and fields."""

from __future__ import annotations

import json

from cloudg_lab.data import SAMPLE_PATH

BRIEF_KEYS = ["id", "name", "type", "provider", "region", "account_id", "arn", "internet_exposed",
              "open_findings", "max_severity", "uri"]


async def test_find_assets_default_page_is_file_order_with_the_brief_fields(tools):
    page = await tools.ok("find_assets")
    assert (page["dataset"], page["total"], page["offset"], page["returned"]) == ("sample", 50, 0, 50)
    assert page["next_cursor"] is None and page["truncated"] is False
    source = json.loads((SAMPLE_PATH / "inventory-map.json").read_text())["assets"]
    assert [i["id"] for i in page["items"]] == [a["id"] for a in source]
    first = page["items"][0]
    assert list(first) == BRIEF_KEYS
    assert first["name"] == "aws-522496710336" and first["type"] == "CLOUD_ACCOUNT"
    assert first["uri"] == f"cloudg://assets/{first['id']}"


async def test_find_assets_filters_combine_and_enums_ignore_case(tools):
    page = await tools.ok("find_assets", provider="aws", asset_types=["ec2"], region="US-WEST-2",
                          fields=["name", "region"])
    assert [i["name"] for i in page["items"]] == ["prod-billing-web-001", "dev-identity-web-004",
                                                   "staging-mobile-web-008"]
    assert all(list(i) == ["id", "name", "region"] for i in page["items"])


async def test_find_assets_exposure_findings_and_severity_filters(tools):
    exposed = await tools.ok("find_assets", internet_exposed=True, fields=["name"])
    assert exposed["total"] == 7
    assert (await tools.ok("find_assets", internet_exposed=False))["total"] == 43
    with_findings = await tools.ok("find_assets", has_findings=True, fields=["name"])
    assert with_findings["total"] == 13
    critical = await tools.ok("find_assets", min_severity="critical", fields=["name"])
    assert [i["name"] for i in critical["items"]] == ["dev-identity-web-000", "vm-staging-payments-006",
                                                       "vm-prod-payments-010"]
    high = await tools.ok("find_assets", min_severity="HIGH")
    assert high["total"] == 7


async def test_find_assets_tag_query_and_account_filters(tools):
    owned = await tools.ok("find_assets", tag="owner")
    assert owned["total"] == 18
    keyed = await tools.ok("find_assets", tag="db_password", fields=["name"])
    assert [i["name"] for i in keyed["items"]] == ["stdevplatformd08554"]
    env = await tools.ok("find_assets", tag="env=prod")
    assert env["total"] == 7
    text = await tools.ok("find_assets", query="PAYMENTS-0", fields=["name"])
    assert [i["name"] for i in text["items"]] == ["vm-staging-payments-006", "vm-prod-payments-010"]
    account = await tools.ok("find_assets", account_id="238398143889")
    assert account["total"] == 13


async def test_find_assets_sorts_by_risk_descending_by_default(tools):
    page = await tools.ok("find_assets", sort_by="RISK", limit=5, fields=["name", "max_severity"])
    assert [(i["name"], i["max_severity"]) for i in page["items"]] == [
        ("dev-identity-web-000", "CRITICAL"), ("vm-staging-payments-006", "CRITICAL"),
        ("vm-prod-payments-010", "CRITICAL"), ("identity-dev-role-000", "HIGH"),
        ("acme-dev-identity-7e8ebc", "HIGH")]
    by_name = await tools.ok("find_assets", sort_by="name", limit=3, descending=True, fields=["name"])
    assert [i["name"] for i in by_name["items"]] == ["vm-staging-payments-006", "vm-prod-payments-010",
                                                      "vm-dev-platform-002"]


async def test_find_assets_with_no_match_gives_a_hint(tools):
    page = await tools.ok("find_assets", region="mars-north-1")
    assert page["total"] == 0 and page["items"] == [] and "hint" in page


async def test_find_assets_tags_only_on_request(tools):
    page = await tools.ok("find_assets", tag="notes", fields=["tags", "name"])
    (item,) = page["items"]
    assert list(item) == ["id", "name", "tags"]
    assert item["tags"]["notes"].startswith("ci token ghp_FAKE")


async def test_get_asset_resolves_every_kind_of_reference(tools):
    ident = await tools.asset_id("dev-identity-web-000")
    arn = "arn:aws:ec2:eu-west-1:522496710336:instance/i-0188ace5839583a57"
    for ref in (ident, arn, "dev-identity-web-000", "i-0188ace5839583a57", "DEV-IDENTITY-WEB-000"):
        assert (await tools.ok("get_asset", ref=ref))["id"] == ident


async def test_get_asset_returns_detail_relations_and_findings(tools):
    asset = await tools.ok("get_asset", ref="dev-identity-web-000")
    assert asset["type"] == "EC2" and asset["internet_exposed"] is True
    assert asset["degree"] == {"in": 4, "out": 1}
    assert asset["relations"]["total"] == 5 and asset["relations"]["truncated"] is False
    assert [r["edge_type"] for r in asset["relations"]["incoming"]] == [
        "ATTACHED_TO", "SECURITY_GROUP_RULE", "LOAD_BALANCER_TARGET", "CONTAINS"]
    assert asset["relations"]["incoming"][1]["node"] == {"id": "0.0.0.0/0", "external": True}
    assert asset["relations"]["incoming"][1]["ports"] == [22]
    assert asset["relations"]["outgoing"][0]["node"]["name"] == "identity-dev-role-000"
    assert [f["severity"] for f in asset["findings"]] == ["CRITICAL", "MEDIUM"]
    assert asset["findings_total"] == 2
    assert asset["metadata_keys"] == ["imds_v2_required", "instance_id", "instance_type",
                                      "private_ip", "public_ip"]
    assert asset["tags"]["Name"] == "dev-identity-web-000"
    assert "raw_data" not in json.dumps(asset)


async def test_get_asset_limits_relations_and_can_skip_findings(tools):
    asset = await tools.ok("get_asset", ref="dev-identity-web-000", max_relations=1,
                           include_findings=False)
    assert len(asset["relations"]["incoming"]) == 1 and asset["relations"]["truncated"] is True
    assert "findings" not in asset


async def test_count_assets_groups_largest_first(tools):
    by_type = await tools.ok("count_assets")
    assert by_type["group_by"] == "type" and by_type["total"] == 50 and by_type["group_count"] == 12
    assert by_type["groups"][:3] == [{"key": "SECURITY_GROUP", "count": 8}, {"key": "EC2", "count": 6},
                                     {"key": "IAM_ROLE", "count": 6}]
    severity = await tools.ok("count_assets", group_by="Severity")
    assert severity["groups"] == [{"key": "NONE", "count": 37}, {"key": "HIGH", "count": 4},
                                  {"key": "INFO", "count": 4}, {"key": "CRITICAL", "count": 3},
                                  {"key": "MEDIUM", "count": 2}]
    filtered = await tools.ok("count_assets", group_by="region", provider="azure", top=2)
    assert filtered["total"] == 12 and filtered["group_count"] == 3 and filtered["truncated"] is True
    assert filtered["groups"] == [{"key": "uksouth", "count": 5}, {"key": "global", "count": 4}]


async def test_list_asset_types_counts_exposure_and_findings(tools):
    types = await tools.ok("list_asset_types")
    assert types["total_types"] == 12
    by_type = {i["type"]: i for i in types["items"]}
    assert by_type["EC2"] == {"type": "EC2", "count": 6, "internet_exposed": 2, "open_findings": 6}
    assert by_type["LOAD_BALANCER"]["internet_exposed"] == 3


async def test_list_accounts_pages_and_names_accounts(tools):
    first = await tools.ok("list_accounts", limit=3)
    assert first["total"] == 4 and first["returned"] == 3 and first["truncated"] is True
    assert [a["account_id"] for a in first["items"]] == ["522496710336", "238398143889",
                                                         "52304f89-8379-4744-9437-31966a7103c3"]
    assert first["items"][2]["name"] == "sub-payments" and first["items"][2]["provider"] == "AZURE"
    rest = await tools.ok("list_accounts", limit=3, cursor=first["next_cursor"])
    assert [a["account_id"] for a in rest["items"]] == ["acme-payments-623177"]
    assert rest["next_cursor"] is None and rest["offset"] == 3


async def test_list_regions_and_scanned_regions(tools):
    regions = await tools.ok("list_regions")
    assert regions["total"] == 7
    assert regions["items"][0] == {"region": "global", "providers": ["AWS", "AZURE", "GCP"],
                                   "assets": 23, "accounts": 4}
    assert regions["scanned_regions"]["gcp"] == ["global", "europe-west1", "us-central1", "asia-southeast1"]


async def test_list_tags_keys_and_values(tools):
    keys = await tools.ok("list_tags", top=3)
    assert keys["total_keys"] == 8 and keys["truncated"] is True
    assert keys["items"] == [{"key": "cost-center", "assets": 46, "distinct_values": 11},
                             {"key": "env", "assets": 46, "distinct_values": 3},
                             {"key": "team", "assets": 46, "distinct_values": 5}]
    env = await tools.ok("list_tags", key="env")
    assert env["top_values"] == [{"value": "staging", "assets": 21}, {"value": "dev", "assets": 18},
                                 {"value": "prod", "assets": 7}]
    missing = await tools.fails("list_tags", key="Env")
    assert missing.code == -32602 and missing.data["suggestions"] == ["env"]
