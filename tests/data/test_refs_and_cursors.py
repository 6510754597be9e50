"""Reference resolution order and suggestions; cursor binding."""

from __future__ import annotations

import json

import pytest

from cloudg_lab.data import cursors, load_inventory
from cloudg_lab.data.refs import resolve
from cloudg_lab.errors import InvalidArgumentsError, ReferenceNotFoundError

ASSETS = [
    {"id": "id-1", "name": "web", "asset_type": "EC2", "provider": "AWS",
     "arn": "arn:aws:ec2:us-east-1:111111111111:instance/i-0aaa"},
    {"id": "id-2", "name": "Web", "asset_type": "EC2", "provider": "AWS",
     "arn": "arn:aws:ec2:us-east-1:111111111111:instance/i-0bbb"},
    {"id": "id-3", "name": "db", "asset_type": "RDS_INSTANCE", "provider": "AWS"},
    {"id": "id-4", "name": "db", "asset_type": "RDS_INSTANCE", "provider": "AWS"},
    {"id": "web", "name": "shadow", "asset_type": "EC2", "provider": "AWS"},
    {"id": "id-6", "name": "Cache-Main", "asset_type": "OTHER", "provider": "GCP"},
]


@pytest.fixture(scope="module")
def inv(tmp_path_factory):
    folder = tmp_path_factory.mktemp("refs")
    (folder / "inventory-map.json").write_text(json.dumps({"regions": {}, "assets": ASSETS, "edges": []}))
    return load_inventory(folder)


@pytest.mark.parametrize(("ref", "row"), [
    ("id-1", 0), ("web", 4), ("arn:aws:ec2:us-east-1:111111111111:instance/i-0bbb", 1), ("Web", 1),
    ("i-0aaa", 0), ("arn:aws:ec2:eu-west-1:999999999999:instance/i-0aaa", 0), ("cache-main", 5),
    ("shadow", 4)])
def test_resolution_order(inv, ref, row):
    assert resolve(inv, ref) == row


def test_ambiguous_names_list_candidates(inv):
    with pytest.raises(ReferenceNotFoundError) as caught:
        resolve(inv, "db")
    assert caught.value.data == {"ref": "db", "candidates": ["id-3", "id-4"], "matches": 2}
    assert "db" not in caught.value.message.replace("'ref'", "")


def test_misses_suggest_up_to_five_names(inv):
    with pytest.raises(ReferenceNotFoundError) as caught:
        resolve(inv, "cache")
    assert caught.value.data["suggestions"] == ["Cache-Main"]
    with pytest.raises(ReferenceNotFoundError) as fuzzy:
        resolve(inv, "shadw")
    assert fuzzy.value.data["suggestions"] == ["shadow"]
    with pytest.raises(InvalidArgumentsError):
        resolve(inv, "  ", what="source")


def test_cursor_binding_separates_tool_state_and_limit():
    bound = cursors.binding("find_assets", "prod", 3, "abc", {"provider": "AWS"})
    assert len(bound) == 12 and bound == cursors.binding("find_assets", "prod", 3, "abc", {"provider": "AWS"})
    other_tool = cursors.binding("list_findings", "prod", 3, "abc", {"provider": "AWS"})
    moved = cursors.binding("find_assets", "prod", 4, "abc", {"provider": "AWS"})
    assert other_tool[:6] != bound[:6] and moved[:6] == bound[:6] and moved != bound
    assert cursors.offset_of(cursors.make(40, bound), bound) == 40
    pager = cursors.Pager(45, bound)
    assert pager.page(40, 10) == {"offset": 40, "returned": 5, "next_cursor": None, "truncated": False}
    assert pager.page(30, 10)["next_cursor"] == pager.after(40) == cursors.make(40, bound)
    assert pager.after(45) is None
    with pytest.raises(InvalidArgumentsError, match=r"^Stale cursor"):
        cursors.offset_of(cursors.make(40, moved), bound)
    with pytest.raises(InvalidArgumentsError, match=r"^Invalid cursor"):
        cursors.offset_of(cursors.make(40, other_tool), bound)
