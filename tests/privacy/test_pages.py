"""`project`'s budget over a paged tool's page: whole records, honest counts, the tool's cursor.

`Cursors` stands in for the catalog's cursor code (`types.PageCursor`); the catalog end to end is
`tests/catalog/test_exact_pages.py`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from cloudg_lab.privacy import pages
from cloudg_lab.privacy.pipeline import TransformContext, build_pipeline

Ctx = Callable[..., TransformContext]
REDACT = {"type": "redact", "rules": {"secret": "redact"}}


@dataclass
class Cursors:
    """The cursors of `total` matches; remembers what the budget asked for."""

    total: int
    asked: list[int] = field(default_factory=list)

    def after(self, end: int) -> str | None:
        self.asked.append(end)
        return f"c{end}.0123456789ab" if end < self.total else None


def page(records: list[dict[str, Any]], offset: int, total: int) -> dict[str, Any]:
    end = offset + len(records)
    following = f"c{end}.0123456789ab" if end < total else None
    return {"dataset": "d", "total": total, "offset": offset, "returned": len(records),
            "next_cursor": following, "truncated": following is not None, "items": records}


def records(n: int, note: int = 80) -> list[dict[str, Any]]:
    return [{"id": f"asset-{i}", "note": f"record {i} " + "x" * note, "tags": {"k": ["a", "b"]}}
            for i in range(n)]


def shape(out: dict[str, Any], given: dict[str, Any], cursors: Cursors, limit: int) -> int:
    """Check a delivered page against the page given; how many records it kept."""
    keep = out["returned"]
    assert out["items"] == given["items"][:keep] and keep > 0, "whole records, in order"
    following = cursors.after(given["offset"] + keep)
    assert out["next_cursor"] == following and out["truncated"] is (following is not None)
    assert len(json.dumps(out)) <= limit
    return keep


@pytest.mark.parametrize(("offset", "total"), [(0, 1000), (500, 800), (9500, 9800)])
def test_the_budget_keeps_the_first_records_that_fit_and_asks_for_the_cursor_after_them(
        make_ctx: Ctx, offset: int, total: int) -> None:
    given = page(records(300), offset, total)
    cursors = Cursors(total)
    ctx = make_ctx(path="/structuredContent", page_cursor=cursors)
    out = build_pipeline([{"type": "project", "max_chars": 5000}]).apply(given, ctx)
    keep = shape(out, given, cursors, 5000)
    assert keep < 300 and len(json.dumps(page(records(keep + 1), offset, total))) > 5000 - pages.SLACK
    projection = ctx.report.to_dict()["projection"]
    assert projection["page_shortened"] == 1 and "lists_truncated" not in projection
    assert projection["budget"]["records"] == keep and projection["budget"]["records_offered"] == 300


def test_the_last_page_shortened_gets_a_cursor_for_the_rest(make_ctx: Ctx) -> None:
    given = page(records(300), 200, 500)
    assert given["next_cursor"] is None
    cursors = Cursors(500)
    out = build_pipeline([{"type": "project", "max_chars": 5000}]).apply(
        given, make_ctx(page_cursor=cursors))
    assert out["next_cursor"] == f"c{200 + out['returned']}.0123456789ab" and out["truncated"] is True


def test_a_page_that_fits_is_left_alone(make_ctx: Ctx) -> None:
    given = page(records(10), 0, 10)
    cursors = Cursors(10)
    out = build_pipeline([{"type": "project", "max_chars": 5000}]).apply(
        given, make_ctx(page_cursor=cursors))
    assert out == given and cursors.asked == []


def test_max_list_shortens_the_page_to_records(make_ctx: Ctx) -> None:
    given = page(records(30), 0, 100)
    cursors = Cursors(100)
    out = build_pipeline([{"type": "project", "max_list": 7}]).apply(
        given, make_ctx(page_cursor=cursors))
    assert shape(out, given, cursors, 10**9) == 7
    assert out["items"][0]["tags"] == {"k": ["a", "b"]}


def test_a_record_too_large_alone_is_delivered_alone_and_shrinks_inside(make_ctx: Ctx) -> None:
    huge = [{"id": f"a{i}", "text": "word " * 3000, "deep": {"l": [{"m": {"n": 1}}]}} for i in range(3)]
    given = page(huge, 0, 3)
    cursors = Cursors(3)
    ctx = make_ctx(page_cursor=cursors)
    out = build_pipeline([{"type": "project", "max_chars": 300}]).apply(given, ctx)
    assert out["returned"] == 1 and out["next_cursor"] == "c1.0123456789ab"
    record = out["items"][0]
    assert isinstance(record, dict) and record["id"] == "a0" and len(json.dumps(out)) <= 300
    assert record["text"].endswith("chars]") and record["text"].startswith("word")


def test_records_that_shrink_in_the_pipeline_make_room_for_more(make_ctx: Ctx) -> None:
    """Secrets become short markers: the page is sized on what is delivered, not on the input."""
    secret = [{"id": f"a{i}", "password": "s3cr3t-" + "q" * 400} for i in range(200)]
    given = page(secret, 0, 200)
    cursors = Cursors(200)
    out = build_pipeline([REDACT, {"type": "project", "max_chars": 6000}]).apply(
        given, make_ctx(page_cursor=cursors))
    on_input = pages.fitting([len(json.dumps(r)) for r in secret], 6000, 2)
    assert out["returned"] > 2 * on_input and len(json.dumps(out)) <= 6000
    assert all(r["password"].startswith("[REDACTED") for r in out["items"])
    assert out["next_cursor"] == f"c{out['returned']}.0123456789ab"


def test_without_the_tools_cursor_a_list_is_no_page(make_ctx: Ctx) -> None:
    """Lists in other results keep the old share-of-every-list budget (with its note)."""
    given = page(records(300), 0, 1000)
    out = build_pipeline([{"type": "project", "max_chars": 5000}]).apply(given, make_ctx())
    assert out["returned"] == 300 and out["items"][-1].endswith("more items")


@pytest.mark.parametrize(("sizes", "room", "expected"), [
    ([10, 10, 10], 34, 3), ([10, 10, 10], 33, 2), ([10, 10, 10], 22, 2), ([10, 10, 10], 21, 1),
    ([50], 10, 1), ([], 100, 1)])
def test_fitting_counts_separators_and_always_delivers_one(sizes: list[int], room: int,
                                                           expected: int) -> None:
    assert pages.fitting(sizes, room, 2) == expected
