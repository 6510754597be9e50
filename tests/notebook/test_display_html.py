"""The `text/html` fallback: scoped styles, readable tables, bars, conversations and the banner.

Records are generated (random field names, values and sizes), not the bundled estate, so the tests
hold for the class of shapes the renderer and fallback share, not for one example.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from cloudg_lab.notebook.display import (
    CallResult,
    Listing,
    Origin,
    Panel,
    PromptView,
    ReadResult,
    Table,
    Text,
)
from cloudg_lab.notebook.display.style import ROOT, STYLE
from cloudg_lab.notebook.display.values import plain_text
from cloudg_lab.notebook.payload import MIME_TYPE
from cloudg_lab.notebook.session import Session
from cloudg_lab.types import (
    Mark,
    Principal,
    PromptMessage,
    PromptResult,
    TextContent,
    TextResourceContents,
    ToolResult,
)

ANN = Principal.parse("ann:auditor")
RNG = random.Random(1313)


def origin(kind: Any = "tool", name: str = "probe", **fields: Any) -> Origin:
    return Origin(kind=kind, name=name, policy="custom", principal=ANN, display_limit=500, **fields)


def word(rng: random.Random = RNG) -> str:
    return "".join(rng.choice("qwxzjkvy") for _ in range(rng.randint(3, 9)))


def tbody_rows(html: str) -> list[str]:
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    return re.findall(r"<tr>(.*?)</tr>", body)


def selectors(style: str) -> list[str]:
    body = style.removeprefix("<style>").removesuffix("</style>")
    return [s.strip() for block in re.findall(r"(?:^|})([^{}]+)\{", body) for s in block.split(",")]


def test_every_style_selector_starts_at_our_root_and_no_colour_is_hard_coded():
    found = selectors(STYLE)
    assert len(found) > 20
    assert [s for s in found if not s.startswith(f".{ROOT}")] == []
    fixed = r"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(|(?<![-\w])(?:white|black|red|gray|grey)(?![-\w])"
    assert re.findall(fixed, STYLE) == []


@dataclasses.dataclass
class Limit:
    rate: float
    burst: int | None


def every_output() -> list[Any]:
    records = [{"id": word(), "n": i} for i in range(3)]
    prompt = PromptResult(messages=[PromptMessage(role="user", content=TextContent(text="hi"))])
    return [Table("t", records), Text("help", "usage"), Panel("p", [("s", Table("u", records))]),
            CallResult(ToolResult(content=[], structured={"items": records}), origin()),
            PromptView(prompt, origin("prompt")),
            ReadResult([TextResourceContents(uri="x://y", text="{}", mime_type="application/json")],
                       origin("resource")),
            Listing(origin("listing", "tools"), [{"name": "a"}], [{"name": "a"}], ["name"])]


@pytest.mark.parametrize("shown", every_output(), ids=lambda s: type(s).__name__)
def test_every_output_lives_inside_one_root_after_its_style_block(shown: Any):
    html = shown._repr_mimebundle_()["text/html"]
    assert html.startswith(STYLE + f'<div class="{ROOT}"') and html.endswith("</div>")
    assert html.count("<style>") == html.count(STYLE), "only our scoped style block, ever"
    assert "cloudg-result" not in html, "the renderer's root class is the renderer's alone"


def test_table_cells_read_as_text_never_as_python_reprs():
    rows = [{"flag": True, "off": False, "none": None, "rate": 30.0, "limit": Limit(2.5, None),
             "roles": ["b", "a"], "policy": {"burst": None, "rate": 7.0}}]
    html = Table("t", rows).html_body()
    plain = Table("t", rows).plain()
    for text in (html, plain):
        assert "True" not in text and "None" not in text and "30.0" not in text and "burst" not in text
        assert "rate=" not in text and "Limit(" not in text
    cells = re.findall(r"<td[^>]*>(.*?)</td>", tbody_rows(html)[0])
    assert cells == ["true", "false", "—", "30", "rate 2.5", "b, a", "rate 7"]


def test_numbers_align_right_and_text_left_in_generated_tables():
    for _ in range(20):
        columns = [word() for _ in range(RNG.randint(2, 6))]
        numeric = {c: RNG.random() < 0.5 for c in columns}
        rows = [{c: (RNG.randint(-999, 999) if numeric[c] else word()) for c in columns}
                for _ in range(RNG.randint(1, 12))]
        html = Table("t", rows).html_body()
        heads = re.findall(r"<th( class=\"cloudg-num\")?>", html)
        assert [bool(h) for h in heads] == [numeric[c] for c in columns]
        assert len(tbody_rows(html)) == len(rows)


def test_a_page_of_records_is_a_table_with_every_row_and_badges_in_their_own_cells():
    size = RNG.randint(20, 60)
    fields = [word() for _ in range(4)]
    items = [{f: f"{word()}-{i}" for f in fields} for i in range(size)]
    marked = sorted(RNG.sample(range(size), 5))
    marks = [Mark(path=f"/structuredContent/items/{i}/{fields[1]}", kind="pseudonym", entity="asset_id")
             for i in marked]
    result = ToolResult(content=[], structured={"total": size * 3, "items": items}, marks=marks)
    html = CallResult(result, origin())._repr_mimebundle_()["text/html"]
    rows = tbody_rows(html)
    assert len(rows) == size
    badged = [i for i, row in enumerate(rows) if 'data-entity="asset_id"' in row]
    assert badged == marked
    for i in marked:
        cells = re.findall(r"<td[^>]*>(.*?)</td>", rows[i])
        assert "cloudg-badge" in cells[1]
        assert all("cloudg-badge" not in c for j, c in enumerate(cells) if j != 1)
    assert f'<span class="cloudg-key">total</span> {size * 3}' in html
    assert "<details><summary>as JSON</summary>" in html


def test_grouped_counts_are_bars_scaled_to_the_largest_with_severity_tints():
    groups = [{"key": word(), "count": RNG.randint(1, 500)} for _ in range(RNG.randint(3, 15))]
    structured = {"groups": groups, "by_severity": {"CRITICAL": 4, "HIGH": 2, "LOW": 0},
                  "compliance": {"CIS": {"PASS": 1, "FAIL": 9}, "GDPR": {"PASS": 0, "FAIL": 2}}}
    shown = CallResult(ToolResult(content=[], structured=structured), origin())
    html = shown._repr_mimebundle_()["text/html"]
    widths = [float(w) for w in re.findall(r'style="width:([\d.]+)%"', html)]
    top = max(g["count"] for g in groups)
    assert widths[:len(groups)] == [round(100 * g["count"] / top, 1) for g in groups]
    assert widths[len(groups):] == [100.0, 50.0, 0.0]
    assert re.findall(r'data-severity="(\w+)"', html) == ["critical", "high", "low"]
    matrix = html[html.index('compliance</div>'):]
    assert len(tbody_rows(matrix)) == 2 and "<th>compliance</th>" in matrix


@pytest.mark.parametrize("size", [1, 9, 30])
def test_a_neighbourhood_is_a_picture_with_a_node_per_neighbour_and_badges_where_marked(size: int):
    items = [{"edge_type": word(), "direction": RNG.choice(["incoming", "outgoing"]),
              "node": {"id": word(), "name": word(), "type": word()}} for _ in range(size)]
    marked = sorted(RNG.sample(range(size), min(size, 3)))
    marks = [Mark(path=f"/structuredContent/items/{i}/node/name", kind="pseudonym", entity="resource_name")
             for i in marked]
    structured = {"asset": {"id": word(), "name": word()}, "total": size, "items": items}
    result = ToolResult(content=[], structured=structured, marks=marks)
    html = CallResult(result, origin())._repr_mimebundle_()
    svg = html["text/html"].split("<svg", 1)[1].split("</svg>", 1)[0]
    shown = min(size, 24)
    assert svg.count('<g class="cloudg-graph-node"') == shown + 1
    assert svg.count("<line ") == shown
    assert svg.count("stroke-dasharray") == sum(i["direction"] == "incoming" for i in items[:shown])
    assert svg.count('data-entity="resource_name"') == len([i for i in marked if i < shown])
    assert ("more in the table" in html["text/html"]) is (size > 24)


def test_a_prompt_is_a_conversation_with_json_context_formatted_and_marks_summarised_once():
    context = '{"asset": {"id": "res-1", "name": "res-2"}, "edges": [1, 2]}'
    messages = [PromptMessage(role="user", content=TextContent(text="Explain the asset below.")),
                PromptMessage(role="user", content=TextContent(text=context))]
    marks = [Mark(path="/messages/1/content/text", kind="pseudonym", entity=e)
             for e in ("resource_name", "resource_name", "asset_id")]
    shown = PromptView(PromptResult(messages=messages, marks=marks), origin("prompt"))
    html = shown._repr_mimebundle_()["text/html"]
    assert html.count('class="cloudg-message" data-role="user"') == 2
    assert '<pre class="cloudg-json">{\n  &quot;asset&quot;: {\n    &quot;id&quot;' in html
    assert html[len(STYLE):].count("cloudg-badge") == 2, "one badge per entity, none over the text"
    assert "resource_name ×2" in html and "asset_id ×1" in html


@pytest.mark.parametrize(("reason", "structured", "is_error", "banner"), [
    ("", {"found": True}, False, False),
    ("policy", {"items": []}, False, True),
    ("policy", None, True, True),
    ("reveal", {"found": True, "value": "x"}, False, True),
    ("reveal", {"found": False, "value": None}, False, False),
    ("reveal", None, True, False),
])
def test_the_banner_rule(reason: Any, structured: Any, is_error: bool, banner: bool):
    result = ToolResult(content=[TextContent(text="m")], structured=structured, is_error=is_error)
    bundle = CallResult(result, origin(real_values=reason))._repr_mimebundle_()
    assert ('class="cloudg-banner"' in bundle["text/html"]) is banner
    assert bundle[MIME_TYPE]["real_values"] is banner


def test_the_standalone_banner_brings_its_root_and_style():
    from cloudg_lab.notebook.display.html import standalone_banner

    shown = standalone_banner()
    assert shown.startswith(STYLE + f'<div class="{ROOT}"><div class="cloudg-banner" role="note">')
    assert "Real values" in shown


async def test_the_session_marks_outputs_under_open_and_nothing_else():
    session = Session()
    shown_open = await session.call("find_assets", {"limit": 1}, policy="open")
    shown_strict = await session.call("find_assets", {"limit": 1}, policy="strict")
    listing = await session.listing("tools", policy="open")
    assert shown_open.shows_real_values and not shown_strict.shows_real_values
    assert listing._repr_mimebundle_()[MIME_TYPE]["real_values"] is False
    prompt = await session.prompt("investigate_asset", {"ref": shown_open.structured["items"][0]["id"]},
                                  policy="open")
    assert 'class="cloudg-banner"' in prompt._repr_mimebundle_()["text/html"]


def test_plain_text_of_generated_values_never_looks_like_python():
    for _ in range(200):
        value = RNG.choice([True, False, None, RNG.random() * 100, float(RNG.randint(0, 9)),
                            [RNG.choice([True, None, 1.0])], {"k": RNG.choice([None, 2.0, False])}])
        text = plain_text(value)
        assert not re.search(r"\b(True|False|None)\b|\d\.0\b", text), (value, text)
