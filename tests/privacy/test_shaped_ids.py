"""Ids shaped like addresses, hosts, UUIDs or other clouds' ids (`shaped_ids`) under `strict`:
one pseudonym wherever the id stands (an asset's field, a projection to id and name, another
record's prose), and the components of an id shaped like an Azure id are identifiers of the
data before the id was ever shown."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from tests.privacy import shaped_ids

CALLER = Principal.parse("alice:analyst")


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, object]]]:
    root, _ = shaped_ids.estate(tmp_path_factory.mktemp("shaped"), 5150)
    path = root / "inventory-map.json"
    data = json.loads(path.read_text())
    assets = data["assets"]
    ids = [str(a["id"]) for a in assets]
    assets.append({"id": "notes-1", "name": "notes-1", "asset_type": "NOTEBOOK", "provider": "AWS",
                   "region": "us-east-1", "metadata": {
                       "notes": [f"peer {i} reached" for i in ids], "peers": ids}})
    path.write_text(json.dumps(data))
    return root, assets


def _layer(root: Path) -> Layer:
    return Layer(policy="strict", datasets={"ds": root}, allowed_roots=[root], vault_key="one-key")


async def test_an_id_has_one_pseudonym_in_any_listing_and_in_prose(
        estate: tuple[Path, list[dict[str, object]]]) -> None:
    root, _ = estate
    layer = _layer(root)
    full = (await layer.call_tool("find_assets", {"limit": 100}, principal=CALLER)).structured
    slim = (await layer.call_tool("find_assets", {"limit": 100, "fields": ["id", "name"]},
                                  principal=CALLER)).structured
    assert full is not None and slim is not None
    shown = [item["id"] for item in full["items"]]
    assert [item["id"] for item in slim["items"]] == shown
    notes = (await layer.call_tool("get_asset", {"ref": shown[-1]}, principal=CALLER)).structured
    assert notes is not None
    assert notes["metadata"]["peers"] == shown[:-1]
    assert notes["metadata"]["notes"] == [f"peer {i} reached" for i in shown[:-1]]


async def test_the_group_of_an_id_shaped_like_an_azure_id_is_hidden_before_the_id_is_shown(
        estate: tuple[Path, list[dict[str, object]]], tmp_path: Path) -> None:
    root, assets = estate
    groups = {m.group(1) for a in assets if isinstance(a["id"], str)
              for m in [re.search(r"/resourceGroups/([^/]+)/", a["id"])] if m}
    assert groups
    data = json.loads((root / "inventory-map.json").read_text())
    data["assets"][-1]["metadata"] = {"runbook": " and ".join(f"restart {g} nightly" for g in sorted(groups))}
    (tmp_path / "inventory-map.json").write_text(json.dumps(data))
    layer = _layer(tmp_path)
    page = (await layer.call_tool("find_assets", {"asset_types": ["NOTEBOOK"], "fields": ["id"]},
                                  principal=CALLER)).structured
    assert page is not None and page["items"]
    first = await layer.call_tool("get_asset", {"ref": page["items"][0]["id"]}, principal=CALLER)
    text = json.dumps(first.structured)
    assert "restart" in text and not [g for g in groups if g in text]


async def test_a_name_that_is_also_a_project_id_has_one_pseudonym_a_fresh_layer_resolves(
        tmp_path: Path) -> None:
    projects = [f"{word}-{n}{n * 7}-{400_000 + n * 1_111}" for n, word in
                enumerate(("ledger", "quartz", "amber", "copper"))]
    assets = [{"id": f"//cloudresourcemanager.googleapis.com/projects/{p}", "name": p,
               "asset_type": "GCP_PROJECT", "provider": "GCP", "account_id": p, "region": "global"}
              for p in projects]
    (tmp_path / "inventory-map.json").write_text(json.dumps(
        {"assets": assets, "edges": [], "regions": {}, "unresolved_references": []}))
    page = (await _layer(tmp_path).call_tool("find_assets", {"limit": 10}, principal=CALLER)).structured
    assert page is not None and len(page["items"]) == len(projects)
    fresh = _layer(tmp_path)
    for item in page["items"]:
        assert item["name"] == item["account_id"] not in projects
        found = await fresh.call_tool("get_asset", {"ref": item["name"]}, principal=CALLER)
        assert not found.is_error and found.structured is not None
        assert found.structured["id"] == item["id"]


def _write(directory: Path, assets: list[dict[str, object]]) -> Path:
    (directory / "inventory-map.json").write_text(json.dumps(
        {"assets": assets, "edges": [], "regions": {}, "unresolved_references": []}))
    return directory


async def test_an_organizations_arn_names_its_member_account_as_the_account_is_named(
        tmp_path: Path) -> None:
    manager = "974515294189"
    members = [str(410_000_000_000 + n * 7_919) for n in range(4)]
    root = _write(tmp_path, [
        {"id": f"acct-{n}", "name": f"member-{n}", "asset_type": "AWS_ACCOUNT", "provider": "AWS",
         "account_id": member, "region": "global",
         "arn": f"arn:aws:organizations::{manager}:account/o-{'abcdefgh'[n:n + 4]}x/{member}"}
        for n, member in enumerate(members)])
    page = (await _layer(root).call_tool("find_assets", {"limit": 10}, principal=CALLER)).structured
    assert page is not None
    for item in page["items"]:
        assert item["arn"].rsplit("/", 1)[1] == item["account_id"] not in members
        found = await _layer(root).call_tool("get_asset", {"ref": item["arn"]}, principal=CALLER)
        assert not found.is_error and found.structured is not None
        assert found.structured["id"] == item["id"]


async def test_accounts_of_other_shapes_filter_in_a_fresh_layer(tmp_path: Path) -> None:
    accounts = {"OCI": "ocid1.tenancy.oc1..aaaaaaaa" + "q7" * 26,
                "IBM": "crn:v1:bluemix:public:iam::a/" + "5e" * 16 + "::",
                "AZURE": "8d3c1f0e-6a2b-4c5d-9e7f-0a1b2c3d4e5f", "AWS": "630912847561"}
    root = _write(tmp_path, [
        {"id": f"vm-{provider.lower()}", "name": f"node-{provider.lower()}", "asset_type": "VM",
         "provider": provider, "account_id": account, "region": "r-1"}
        for provider, account in accounts.items()])
    page = (await _layer(root).call_tool("find_assets", {"limit": 10}, principal=CALLER)).structured
    assert page is not None and len(page["items"]) == len(accounts)
    for item in page["items"]:
        assert item["account_id"] not in accounts.values()
        found = (await _layer(root).call_tool("find_assets", {"account_id": item["account_id"]},
                                              principal=CALLER)).structured
        assert found is not None, item["account_id"]
        assert [i["id"] for i in found["items"]] == [item["id"]]


TAGS_IN_CLEAR = {"name": "tags-in-clear", "extends": "strict", "transforms": [
    {"type": "redact", "rules": {"secret": "redact", "credential": "redact", "identifier": "pseudonymize",
                                 "network": "pseudonymize", "pii": "pseudonymize", "free_text": "keep"}}]}
"""Strict but for tag values and other free text, which it shows in clear."""


@pytest.mark.parametrize("policy", ["strict", TAGS_IN_CLEAR], ids=["strict", "tags-in-clear"])
async def test_a_name_that_is_a_tag_value_is_named_as_the_tag_unless_that_shows_it(
        tmp_path: Path, policy: str | dict[str, object]) -> None:
    team = "quartzline-ops"
    root = _write(tmp_path, [{"id": "vm-1", "name": "ledger-node", "asset_type": "VM", "provider": "AWS",
                              "account_id": "123456789012", "region": "us-east-1", "tags": {"team": team},
                              "metadata": {"components": [{"name": team, "kind": "svc"}]}}])
    layer = Layer(policy=policy, datasets={"ds": root}, allowed_roots=[root], vault_key="one-key")
    page = (await layer.call_tool("find_assets", {"limit": 1}, principal=CALLER)).structured
    assert page is not None
    asset = (await layer.call_tool("get_asset", {"ref": page["items"][0]["id"]}, principal=CALLER)).structured
    assert asset is not None
    shown_name = asset["metadata"]["components"][0]["name"]
    assert shown_name != team
    assert (asset["tags"]["team"] == shown_name) == (policy == "strict")
