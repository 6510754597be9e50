"""The dataset dictionary: sensitive values classified at load, found again wherever they appear."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from cloudg_lab.privacy.classify import dataset_dictionary, sensitive_values
from cloudg_lab.privacy.dictionary import Dictionary
from cloudg_lab.privacy.people import reordered

NAMES = Dictionary({"Mobydo Lowali Kumadu": "resource_name", "quarry-ledger-07": "resource_name",
                    "Dana O'Neil": "person", "blue": "tag_value", "db": "resource_name",
                    "618243790115": "aws_account_id"})


@pytest.mark.parametrize(("text", "found"), [
    ("Escalated: MOBYDO LOWALI KUMADU is degraded.", "MOBYDO LOWALI KUMADU"),
    ("failover to Mobydo\u00a0Lowali\u00a0Kumadu done", "Mobydo\u00a0Lowali\u00a0Kumadu"),
    ("backup job mobydolowalikumaduNightly02 ok", "mobydolowalikumadu"),
    ("mobydo-lowali-kumadu-snapshot taken", "mobydo-lowali-kumadu"),
    ("see quarry-ledger-07-replica for lag", "quarry-ledger-07"),
    ("Dana O\u2019Neil's approval", "Dana O\u2019Neil"),
    ("GET /assets?name=Mobydo%20Lowali%20Kumadu", "Mobydo%20Lowali%20Kumadu"),
    ("trusted 618243790115.", "618243790115"),
])
def test_values_are_found_inside_text_in_any_spelling(text: str, found: str) -> None:
    spans = NAMES.find(text)
    assert [text[s:e] for s, e, _, _ in spans] == [found]
    assert NAMES.get(spans[0][3]) is not None  # the value as the data holds it


@pytest.mark.parametrize("text", ["a blue door", "the db is up", "nothing here", "quarry-ledger-0"])
def test_short_generic_and_partial_values_are_not_found_inside_text(text: str) -> None:
    assert NAMES.find(text) == []


def test_whole_values_match_in_any_case_or_spacing() -> None:
    assert NAMES.lookup("mobydo lowali kumadu") == ("resource_name", "Mobydo Lowali Kumadu")
    assert NAMES.lookup(" DANA O\u2019NEIL ") == ("person", "Dana O'Neil")
    assert NAMES.lookup("db") == ("resource_name", "db") and NAMES.lookup("unknown") is None


def test_classification_follows_key_rules_into_tags_lists_and_numbers() -> None:
    records = [{"tags": {"db_password": "correct horse battery staple", "owner": "Ana Lee",
                         "env": "prod"},
                "metadata": {"approved_by": "Ivo Marsh", "assets": 250_000,
                             "peer": {"owner_account_id": 618243790115.0},
                             "Tags": [{"Key": "api_key", "Value": "zx-81-secret"}]}}]
    found = sensitive_values(records)
    assert found["correct horse battery staple"] == "password"
    assert found["zx-81-secret"] == "api_token"
    assert found["Ana Lee"] == "person" and found["Ivo Marsh"] == "person"
    assert found["618243790115"] == "aws_account_id"
    assert "250000" not in found and "prod" not in found


def test_the_dictionary_holds_the_components_of_identifiers() -> None:
    arn = "arn:aws:lambda:eu-central-2:444455556666:function:nightly-export-x9"
    dictionary = dataset_dictionary([], {arn: "aws_arn"})
    assert dictionary[arn] == "aws_arn"
    assert dictionary.get("444455556666") == "aws_account_id"
    assert dictionary.get("nightly-export-x9") == "resource_name"


def _estate(folder: Path) -> Path:
    assets = [{"id": f"a-{i}", "name": f"node-{i}", "asset_type": "EC2", "provider": "AWS",
               "tags": {"deploy_password": f"Plum{i} Tiger Lantern", "steward": "Orla Kestrel"},
               "metadata": {"note": "rotate monthly"}} for i in range(3)]
    (folder / "inventory-map.json").write_text(json.dumps(
        {"assets": assets, "edges": [], "regions": {}, "providers": ["AWS"]}))
    return folder


async def test_a_value_listed_apart_from_its_key_is_still_protected(tmp_path: Path) -> None:
    """`list_tags` shows tag values without their keys; classification at load remembers them."""
    bob = Principal.parse("bob:analyst")
    for policy, hidden in (("standard", ["Tiger Lantern"]), ("strict", ["Tiger Lantern", "Orla"])):
        layer = Layer(policy=policy, datasets={"e": _estate(tmp_path)})
        for arguments in ({}, {"key": "deploy_password"}, {"key": "steward"}):
            result = await layer.call_tool("list_tags", arguments, principal=bob)
            wire = json.dumps(result.to_wire())
            assert not result.is_error
            assert [h for h in hidden if h in wire] == [], (policy, arguments)
    opened = await Layer(policy="open", datasets={"e": _estate(tmp_path)}).call_tool(
        "list_tags", {"key": "deploy_password"}, principal=bob)
    assert "Tiger Lantern" in json.dumps(opened.to_wire())


async def test_every_spelling_of_a_value_becomes_its_one_pseudonym(tmp_path: Path) -> None:
    name = "Quill Moraine Tavish"
    assets = [{"id": "a-1", "name": name, "asset_type": "EC2", "provider": "AWS",
               "metadata": {"notes": [f"{name.upper()} rebooted", f"{name.lower().replace(' ', '-')}"
                                      "-replica lags", f"job {name.replace(' ', '')}Nightly ok"]}}]
    (tmp_path / "inventory-map.json").write_text(json.dumps(
        {"assets": assets, "edges": [], "regions": {}, "providers": ["AWS"]}))
    layer = Layer(policy="strict", datasets={"e": tmp_path})
    alice = Principal.parse("alice:analyst")
    page = (await layer.call_tool("find_assets", {"fields": ["id", "name"]}, principal=alice)).structured
    pseudonym = page["items"][0]["name"]
    asset = await layer.call_tool("get_asset", {"ref": page["items"][0]["id"]}, principal=alice)
    notes = asset.structured["metadata"]["notes"]
    assert [note.split()[0] if i != 1 else note.split("-replica")[0]
            for i, note in enumerate(notes)][:2] == [pseudonym, pseudonym]
    assert notes[2].startswith(f"job {pseudonym}")
    assert "quill" not in json.dumps(asset.to_wire()).lower()


def test_the_keys_of_a_dict_under_a_person_key_are_people() -> None:
    found = sensitive_values([{"evidence": {"approvals": {"Eudora Abekernathy": "yes"},
                                            "reviewers": ["Ivo Marsh"]}}])
    people = ("Eudora Abekernathy", "Ivo Marsh")
    assert found == {spelled: "person" for name in people for spelled in (name, *reordered(name))}


def test_an_edge_record_s_own_id_is_not_a_value_to_protect_its_ends_are() -> None:
    found = sensitive_values([{"id": "edge-7781", "source_id": "vm-ledger-1", "target_id": "db-9",
                               "edge_type": "ATTACHED_TO"}])
    assert "edge-7781" not in found and found["vm-ledger-1"] == "resource_name"


def test_a_name_is_found_with_its_words_joined_any_way_and_ids_keep_their_joints() -> None:
    """`quartz-ledger-store` written as a constant (`QUARTZ_LEDGER_STORE`), a host label
    (`quartz.ledger.store`) or prose is the same name; in an ARN or an address the joint is part
    of the value, so `x_y` is not the bucket `x-y` and `10-0-0-5` is not `10.0.0.5`."""
    import random

    r = random.Random("joints")
    words = ["quartz", "ledger", "store", "amber", "relay", "orbit", "nimbus", "cobalt", "delta"]
    for _ in range(12):
        parts = r.sample(words, r.randrange(2, 5))
        name = r.choice("-_.").join(parts)
        d = Dictionary({name: "resource_name", "arn:aws:s3:::x-y": "aws_arn", "10.0.0.5": "private_ip"})
        for joint in ("-", "_", ".", " ", "__"):
            spelled = joint.join(parts)
            spelled = r.choice([spelled, spelled.upper(), spelled.title()])
            text = f"writes to {spelled} nightly"
            assert [(s, e, v) for s, e, _, v in d.find(text)] == [(10, 10 + len(spelled), name)], text
        assert d.find("arn:aws:s3:::x_y and ip-10-0-0-5") == []
