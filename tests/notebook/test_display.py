"""Display objects: the MIME payload contract, badges from marks, tables, paging."""

from __future__ import annotations

from typing import Any

import pytest

from cloudg_lab.notebook.display import CallResult, Listing, Origin, PromptView, ReadResult, Table
from cloudg_lab.notebook.payload import MIME_TYPE, ResultPayload
from cloudg_lab.types import (
    META_PREFIX,
    Mark,
    Principal,
    PromptMessage,
    PromptResult,
    TextContent,
    TextResourceContents,
    ToolResult,
)

BOB = Principal.parse("bob:analyst")
REPORT = {"pseudonymized": {"aws_arn": 1}, "redacted": {"secret": 2}}


def page(offset: int = 0, total: int = 5, size: int = 2) -> ToolResult:
    items = [{"id": f"res-{i}", "arn": f"arn:aws:ec2:us-east-1:1:instance/res-{i}", "tags": {"k": "v"}}
             for i in range(offset, min(offset + size, total))]
    nxt = f"c{offset + size}" if offset + size < total else None
    structured = {"total": total, "returned": len(items), "next_cursor": nxt, "items": items}
    marks = [Mark(path="/structuredContent/items/0/arn", kind="pseudonym", entity="aws_arn"),
             Mark(path="/structuredContent/items/1/tags/k", kind="redacted", entity="secret")]
    return ToolResult(content=[TextContent(text="{}")], structured=structured,
                      meta={META_PREFIX + "transforms": REPORT, META_PREFIX + "duration_ms": 1.5},
                      marks=marks)


def origin(kind: Any = "tool", name: str = "find_assets", **arguments: Any) -> Origin:
    return Origin(kind=kind, name=name, policy="strict", principal=BOB, arguments=arguments,
                  display_limit=10)


def test_a_call_result_bundle_carries_the_validated_payload_html_and_plain_text():
    shown = CallResult(page(), origin(limit=2))
    bundle = shown._repr_mimebundle_()
    assert set(bundle) == {MIME_TYPE, "text/html", "text/plain"}
    data = ResultPayload.model_validate(bundle[MIME_TYPE])
    assert (data.kind, data.name, data.policy, data.principal.id) == ("tool", "find_assets", "strict", "bob")
    assert data.principal.roles == ["analyst", "default"]
    assert data.wire == shown.wire and data.report == REPORT and data.duration_ms == 1.5
    assert [m.path for m in data.marks] == ["/structuredContent/items/0/arn",
                                            "/structuredContent/items/1/tags/k"]
    assert "find_assets · policy strict · bob:analyst" in bundle["text/plain"]
    plain = bundle["text/plain"]
    assert "total=5" in plain and "transforms: redacted 2, pseudonymized 1" in plain


def test_html_badges_exactly_the_marked_cells_with_their_entity():
    html = CallResult(page(), origin())._repr_mimebundle_()["text/html"]
    assert "<table" in html and "cloudg-table" in html
    table = html[html.index("<table"):html.index("</table>")]
    assert table.count('class="cloudg-badge cloudg-pseudonym"') == 1
    assert 'title="pseudonym: aws_arn"' in html
    assert 'data-entity="secret"' in html  # the nested tags cell holding a redaction
    assert "pseudonymized aws_arn ×1" in html  # the report chip row


def test_include_and_exclude_are_honoured():
    shown = CallResult(page(), origin())
    assert set(shown._repr_mimebundle_(include=["text/plain"])) == {"text/plain"}
    assert MIME_TYPE not in shown._repr_mimebundle_(exclude=[MIME_TYPE])


def test_html_escapes_values():
    result = ToolResult(content=[], structured={"note": "<script>alert(1)</script>"})
    html = CallResult(result, origin())._repr_mimebundle_()["text/html"]
    assert "<script>alert" not in html and "&lt;script&gt;" in html


def test_an_error_result_is_shown_as_an_error_not_raised():
    result = ToolResult(content=[TextContent(text="Access to tool 'x' denied: nope")], is_error=True,
                        meta={META_PREFIX + "error_code": -31001})
    shown = CallResult(result, origin(name="x"))
    bundle = shown._repr_mimebundle_()
    assert shown.is_error and shown.error_code == -31001
    assert "cloudg-error" in bundle["text/html"] and "Error -31001" in bundle["text/plain"]
    with pytest.raises(ValueError, match="returned an error"):
        shown.to_frame()


def test_raw_shows_the_whole_wire_result():
    shown = CallResult(page(), origin(), raw=True)
    assert '"structuredContent"' in shown._repr_mimebundle_()["text/plain"]


def test_to_frame_gives_the_records_with_pseudonyms_kept():
    frame = CallResult(page(), origin()).to_frame()
    assert list(frame["id"]) == ["res-0", "res-1"]
    assert frame.loc[0, "arn"].endswith("res-0")


async def test_next_and_pages_follow_the_cursor_with_the_same_arguments():
    seen: list[dict[str, Any]] = []

    async def follow(arguments: dict[str, Any]) -> CallResult:
        seen.append(arguments)
        return CallResult(page(int(arguments["cursor"][1:])), origin(**arguments), follow)

    first = CallResult(page(), origin(limit=2, provider="aws"), follow)
    second = await first.next()
    assert second is not None and second.structured["items"][0]["id"] == "res-2"  # type: ignore[index]
    assert seen == [{"limit": 2, "provider": "aws", "cursor": "c2"}]
    pages = await first.pages()
    assert [p.structured["returned"] for p in pages] == [2, 2, 1]  # type: ignore[index]
    assert await pages[-1].next() is None
    frame = await first.pages().to_frame()
    assert list(frame["id"]) == [f"res-{i}" for i in range(5)]


async def test_a_page_walk_shows_its_progress_in_items(capsys):
    pages = [{"total": 5, "returned": 2, "next_cursor": "c2", "items": [{"id": "a"}, {"id": "b"}]},
             {"total": 5, "returned": 3, "next_cursor": None, "items": [{"id": c} for c in "cde"]}]

    async def follow(arguments: dict[str, Any]) -> CallResult:
        return CallResult(ToolResult(content=[], structured=pages[1]), origin(**arguments), follow)

    first = CallResult(ToolResult(content=[], structured=pages[0]), origin(limit=2), follow)
    assert len(await first.pages()) == 2
    err = capsys.readouterr().err
    assert "find_assets" in err and "/5 " in err and "item/s" in err  # a bar of 5 items, cleared when done


def test_a_table_pages_rather_than_showing_every_row():
    table = Table("t", [{"n": i} for i in range(30)], limit=5)
    bundle = table._repr_mimebundle_()
    assert "… 25 more rows" in bundle["text/plain"] and "… 25 more rows" in bundle["text/html"]
    assert len(table.to_frame()) == 30 and table.column("n")[-1] == 29


def test_a_listing_carries_its_wire_items_as_the_payload():
    wire = [{"name": "add", "description": "Add.", "inputSchema": {}}]
    listing = Listing(origin("listing", "tools"), wire, [{"name": "add"}], ["name"])
    data = ResultPayload.model_validate(listing._repr_mimebundle_()[MIME_TYPE])
    assert data.kind == "listing" and data.wire == wire and listing.names == ["add"]


def test_read_result_parses_json_and_reports():
    contents = [TextResourceContents(uri="cloudg://x", text='{"items": [{"a": 1}]}',
                                     mime_type="application/json",
                                     meta={META_PREFIX + "transforms": REPORT})]
    shown = ReadResult(contents, origin("resource", "cloudg://x"))
    assert shown.data == {"items": [{"a": 1}]} and shown.report == REPORT
    assert list(shown.to_frame()["a"]) == [1]
    data = ResultPayload.model_validate(shown._repr_mimebundle_()[MIME_TYPE])
    assert data.wire == {"contents": [contents[0].to_wire()]}


def test_prompt_view_renders_messages_with_badges():
    message = PromptMessage(role="user", content=TextContent(text="look at res-1"))
    mark = Mark(path="/messages/0/content/text", kind="pseudonym", entity="resource_name")
    result = PromptResult(messages=[message], marks=[mark])
    shown = PromptView(result, origin("prompt", "investigate_asset"))
    bundle = shown._repr_mimebundle_()
    assert "[user] look at res-1" in bundle["text/plain"]
    assert 'data-entity="resource_name"' in bundle["text/html"]
    assert ResultPayload.model_validate(bundle[MIME_TYPE]).kind == "prompt"


def test_the_payload_keeps_the_written_key_order_that_a_saved_notebook_sorts_away():
    """nbformat saves outputs with sorted keys: the payload names each unsorted object's key
    order (a record list once, by its columns), so a reopened table still leads with `id`."""
    import json
    import random

    from cloudg_lab.notebook.display.bundle import MAX_ORDERS, key_orders

    rng = random.Random(5)
    fields = ["id", "name", "type", "region", "account_id", "arn", "tags"]
    items = [{k: f"{k}-{i}" for k in fields if rng.random() < 0.9 or k == "id"} for i in range(40)]
    wire = {"structuredContent": {"total": 40, "items": items, "dataset": "d"},
            "content": [{"type": "text", "text": "{}"}], "isError": False}
    order = key_orders(wire)
    columns = list(dict.fromkeys(k for item in items for k in item))
    assert order["/structuredContent/items"] == columns and columns[0] == "id"
    assert order["/structuredContent"] == ["total", "items", "dataset"]
    assert not any(p.startswith("/structuredContent/items/") for p in order)  # records not entered
    assert "/content/0" not in order  # already sorted: nothing to keep
    resaved = json.loads(json.dumps(wire, sort_keys=True))
    lost = key_orders(resaved)  # what a saved notebook loses, and the payload keeps
    assert "/structuredContent" not in lost and lost.get("/structuredContent/items") != columns
    many = {f"k{i}": {"b": 1, "a": 2} for i in range(MAX_ORDERS * 2)}
    assert len(key_orders(many)) == MAX_ORDERS
