"""The text block's cap (seed step 12) after the output pipeline: between tokens, counted exactly,
and a paged tool's page shortened to whole records instead of cut."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cloudg_lab import Layer
from cloudg_lab.data.cursors import Pager
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.layer.finalize import TRUNCATION_MARKER
from cloudg_lab.types import META_PREFIX

TOKEN = "ghp_" + "R8vLq2Zt6Wn4Yc1Xb7Hm3Kd9Fs5Pj0Ga2Qe6"
SPACE = re.compile(r"[ \n\t\r\f\v]+")


def notes() -> dict[str, Any]:
    return {"notes": [f"asset arn:aws:ec2:eu-west-1:2109876543{i:02d}:instance/i-0{i:016x} "
                      f"rotated {TOKEN} for ops{i}@corp.example on host-{i}.corp.example"
                      for i in range(12)]}


def words(text: str) -> list[str]:
    return [w for w in SPACE.split(text) if w]


@pytest.mark.parametrize("policy", ["standard", "strict"])
async def test_the_text_is_cut_between_tokens_and_counted_exactly(policy: str) -> None:
    for limit in range(300, 1800, 53):
        layer = Layer(policy=policy, catalog=False, max_output_chars=limit)

        @layer.tool()
        def report() -> dict[str, Any]:
            return notes()

        result = await layer.call_tool("report", {})
        full = json.dumps(result.structured, indent=2, ensure_ascii=False)
        text = result.content[0].text
        assert len(text) <= limit and text.endswith(TRUNCATION_MARKER)
        body = text[:-len(TRUNCATION_MARKER)]
        assert full.startswith(body) and full[len(body)] in " \n", "the cut falls between tokens"
        assert words(body) == words(full)[:len(words(body))]
        assert result.meta[META_PREFIX + "transforms"]["truncated_chars"] == len(full) - len(body)
        assert TOKEN[:8] not in text


async def test_a_page_too_long_for_the_text_is_shortened_and_reported_for_what_it_holds() -> None:
    layer = Layer(policy="standard", catalog=False, max_output_chars=3000)
    total = 400

    @layer.tool()
    def secrets(ctx: ToolContext, cursor: str | None = None) -> dict[str, Any]:
        pager = Pager(total, "0123456789ab")
        ctx.page_cursor = pager
        offset = int(cursor[1:].split(".")[0]) if cursor else 0
        items = [{"id": f"s{i}", "note": f"token {TOKEN[:-2]}{i:02d} of service {i}"}
                 for i in range(offset, min(total, offset + 50))]
        return {"total": total, **pager.page(offset, 50), "items": items}

    result = await layer.call_tool("secrets", {})
    page = result.structured
    assert page is not None and 0 < page["returned"] == len(page["items"]) < 50
    assert page["next_cursor"] == f"c{page['returned']}.0123456789ab" and page["truncated"] is True
    assert json.loads(result.content[0].text) == page, "the text is the whole (shorter) page"
    report = result.meta[META_PREFIX + "transforms"]
    assert sum(report["redacted"].values()) == page["returned"] and "truncated_chars" not in report
    assert report["projection"]["page_shortened"] == 1
    assert report["projection"]["text_budget"] == {"max_output_chars": 3000, "records": page["returned"],
                                                   "records_offered": 50}
    assert all(int(m.path.split("/")[3]) < page["returned"] for m in result.marks)
