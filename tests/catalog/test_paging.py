"""Cursor paging: complete walks, and cursors that go stale or were never ours."""

from __future__ import annotations

import re
import shutil

import pytest

from cloudg_lab.data import SAMPLE_PATH

CURSOR = re.compile(r"^c\d{1,9}\.[0-9a-f]{12}$")


async def walk(tools, tool, limit, **filters):
    """Every item of every page, following next_cursor, and the pages' sizes."""
    items, sizes, cursor = [], [], None
    while True:
        page = await tools.ok(tool, limit=limit, cursor=cursor, **filters)
        items += page["items"]
        sizes.append(page["returned"])
        cursor = page["next_cursor"]
        if cursor is None:
            assert page["truncated"] is False
            return items, sizes
        assert CURSOR.match(cursor) and page["truncated"] is True


@pytest.mark.parametrize(("limit", "filters", "total"), [
    (7, {}, 50), (4, {"provider": "aws"}, 29), (1, {"internet_exposed": True}, 7),
    (500, {}, 50), (3, {"sort_by": "name"}, 50), (5, {"tag": "owner", "sort_by": "risk"}, 18)])
async def test_walking_find_assets_returns_every_match_exactly_once(tools, limit, filters, total):
    items, sizes = await walk(tools, "find_assets", limit, fields=["name"], **filters)
    everything = await tools.ok("find_assets", limit=500, fields=["name"], **filters)
    assert [i["id"] for i in items] == [i["id"] for i in everything["items"]]
    assert len({i["id"] for i in items}) == total == everything["total"]
    assert sizes == [limit] * (total // limit) + ([total % limit] if total % limit else [])


async def test_page_boundaries(tools):
    first = await tools.ok("find_assets", limit=20)
    assert (first["offset"], first["returned"], first["next_cursor"][:4]) == (0, 20, "c20.")
    second = await tools.ok("find_assets", limit=20, cursor=first["next_cursor"])
    assert (second["offset"], second["returned"], second["next_cursor"][:4]) == (20, 20, "c40.")
    last = await tools.ok("find_assets", limit=20, cursor=second["next_cursor"])
    assert (last["offset"], last["returned"], last["next_cursor"]) == (40, 10, None)


async def test_limit_may_change_between_pages(tools):
    first = await tools.ok("find_assets", limit=10)
    rest = await tools.ok("find_assets", limit=40, cursor=first["next_cursor"])
    assert rest["offset"] == 10 and rest["returned"] == 40 and rest["next_cursor"] is None


async def test_changing_a_filter_makes_the_cursor_stale(tools):
    cursor = (await tools.ok("find_assets", provider="aws", limit=5))["next_cursor"]
    stale = await tools.fails("find_assets", provider="gcp", limit=5, cursor=cursor)
    assert stale.code == -32602 and stale.message.startswith("Stale cursor")
    resorted = await tools.fails("find_assets", provider="aws", sort_by="name", cursor=cursor)
    assert resorted.message.startswith("Stale cursor")


async def test_reloading_the_dataset_makes_the_cursor_stale(tools, layer, roots):
    shutil.copytree(SAMPLE_PATH, roots / "again")
    cursor = (await tools.ok("find_assets", limit=5))["next_cursor"]
    layer.workspace.load(roots / "again", name="sample", replace=True)
    stale = await tools.fails("find_assets", limit=5, cursor=cursor)
    assert stale.message.startswith("Stale cursor")


async def test_another_dataset_makes_the_cursor_stale(tools, layer, roots):
    shutil.copytree(SAMPLE_PATH, roots / "other")
    cursor = (await tools.ok("list_findings", limit=2))["next_cursor"]
    layer.workspace.load(roots / "other")
    stale = await tools.fails("list_findings", limit=2, cursor=cursor)
    assert stale.message.startswith("Stale cursor")


@pytest.mark.parametrize("cursor", ["garbage", "c5", "c5.ABCDEF012345", "c-1.0123456789ab",
                                    "c1234567890.0123456789ab", "c5.0123456789ab"])
async def test_malformed_or_unknown_cursors_are_invalid(tools, cursor):
    invalid = await tools.fails("find_assets", cursor=cursor)
    assert invalid.code == -32602 and invalid.message.startswith("Invalid cursor")
    assert cursor not in invalid.message


async def test_a_cursor_from_another_tool_is_invalid(tools):
    cursor = (await tools.ok("list_accounts", limit=1))["next_cursor"]
    invalid = await tools.fails("find_assets", cursor=cursor)
    assert invalid.message.startswith("Invalid cursor")


async def test_every_paged_tool_walks_completely(tools):
    for tool, total in (("list_accounts", 4), ("internet_exposure", 7), ("list_findings", 15)):
        items, _ = await walk(tools, tool, 2)
        assert len(items) == total
        key = "account_id" if tool == "list_accounts" else "id"
        assert len({i[key] for i in items}) == total
