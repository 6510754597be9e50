"""The leak rule through a real Layer: canaries in every position a result can carry.

Under `standard` no secret canary may reach the wire; under `strict` no secret and no identifier
canary. Every position is covered: keys, values, nested lists, text blocks, embedded resources,
resource links, `_meta`, error messages and error data (a layer error and a plain exception),
a resource, a prompt and a completion.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from cloudg_lab import (
    EmbeddedResource,
    InvalidArgumentsError,
    Layer,
    TextContent,
    TextResourceContents,
    ToolContext,
    ToolResult,
)

POLICIES = [("standard", False), ("strict", True)]


def register_canary_primitives(layer: Layer, c: Any) -> None:
    """The synthetic primitives that return every canary in every position."""

    @layer.tool()
    def canary_plain(ctx: ToolContext) -> dict[str, Any]:
        """A plain return with a link."""
        i = c.identifiers
        ctx.link(f"cloudg://assets/{i['resource_name']}", name=i["resource_name"],
                 title=i["arn"], description=c.secret_text() + " " + c.identifier_text())
        return c.payload()

    @layer.tool()
    def canary_result(ctx: ToolContext) -> ToolResult:
        """A handler-built result: text blocks, an embedded resource and _meta."""
        resource = TextResourceContents(uri=f"cloudg://assets/{c.identifiers['asset_id']}",
                                        text=json.dumps(c.payload()), mime_type="application/json")
        plain = TextResourceContents(uri="cloudg://notes", text=c.secret_text(),
                                     mime_type="text/plain")
        return ToolResult(content=[TextContent(text=c.secret_text()),
                                   TextContent(text=c.identifier_text()),
                                   TextContent(text=json.dumps(c.payload(), indent=2)),
                                   EmbeddedResource(resource=resource),
                                   EmbeddedResource(resource=plain)],
                          structured=c.payload(),
                          meta={"trace": c.payload(), "hint": c.secret_text()})

    @layer.tool()
    def canary_invalid(ctx: ToolContext) -> dict[str, Any]:
        """A layer error with canaries in its message and data."""
        raise InvalidArgumentsError(c.secret_text() + " " + c.identifier_text(), c.payload())

    @layer.tool()
    def canary_crash(ctx: ToolContext) -> dict[str, Any]:
        """A plain exception with canaries in its message."""
        raise ValueError(c.secret_text() + " " + c.identifier_text())

    @layer.resource("canary://report")
    def canary_resource() -> dict[str, Any]:
        """A JSON resource full of canaries."""
        return c.payload()

    @layer.resource("canary://text", mime_type="text/plain")
    def canary_text() -> str:
        """A text resource full of canaries."""
        return c.secret_text() + "\n" + c.identifier_text()

    def complete_ref(value: str, context_arguments: dict[str, Any]) -> list[str]:
        i = c.identifiers
        return [i["resource_name"], i["arn"], i["account"], i["email"], c.secret_text(),
                c.secrets["github_token"]]

    @layer.prompt(completions={"ref": complete_ref})
    def canary_prompt(ref: str) -> str:
        """A prompt whose text carries canaries."""
        return c.secret_text() + " " + c.identifier_text()


async def everything(layer: Layer, c: Any) -> str:
    """The wire form of every canary primitive, as one string."""
    parts = []
    for tool in ("canary_plain", "canary_result", "canary_invalid", "canary_crash"):
        parts.append((await layer.call_tool(tool, {})).to_wire())
    for uri in ("canary://report", "canary://text"):
        parts.append([content.to_wire() for content in await layer.read_resource(uri)])
    parts.append((await layer.get_prompt("canary_prompt", {"ref": "x"})).to_wire())
    parts.append(await layer.complete({"type": "ref/prompt", "name": "canary_prompt"},
                                      {"name": "ref", "value": "c"}))
    return json.dumps(parts, ensure_ascii=False)


@pytest.mark.parametrize(("policy", "strict"), POLICIES)
async def test_no_canary_reaches_the_wire(make_layer: Callable[..., Layer], canaries: Any,
                                          policy: str, strict: bool) -> None:
    layer = make_layer(policy)
    register_canary_primitives(layer, canaries)
    wire = await everything(layer, canaries)
    assert canaries.leaked(wire, identifiers=strict) == []


async def test_the_open_profile_leaks_everything(make_layer: Callable[..., Layer],
                                                 canaries: Any) -> None:
    """The control: without transforms every canary is on the wire, so the test can see leaks."""
    layer = make_layer("open")
    register_canary_primitives(layer, canaries)
    wire = await everything(layer, canaries)
    assert canaries.leaked(wire, identifiers=True) == sorted({**canaries.secrets,
                                                              **canaries.identifiers})


@pytest.mark.parametrize(("policy", "strict"), POLICIES)
async def test_every_result_reports_counts_and_labels_only(make_layer: Callable[..., Layer],
                                                           canaries: Any, policy: str,
                                                           strict: bool) -> None:
    layer = make_layer(policy)
    register_canary_primitives(layer, canaries)
    result = await layer.call_tool("canary_result", {})
    report = result.meta["cloudg/transforms"]
    text = json.dumps(report)
    assert canaries.leaked(text, identifiers=strict) == []
    assert report["redacted"]["aws_secret_access_key"] >= 1
    assert ("pseudonymized" in report) is strict
    assert all(m.entity and m.path.startswith("/") for m in result.marks)
    assert canaries.leaked(json.dumps([m.path for m in result.marks]), identifiers=strict) == []


async def test_strict_result_keeps_its_shape(make_layer: Callable[..., Layer], canaries: Any) -> None:
    """Pseudonyms keep shapes, content items carry audience and priority, provenance the
    dataset pseudonym."""
    layer = make_layer("strict")
    register_canary_primitives(layer, canaries)
    result = await layer.call_tool("canary_plain", {})
    item = result.structured["items"][0]
    assert len(item["account_id"]) == 12 and item["account_id"].isdigit()
    assert item["arn"].startswith("arn:aws:ec2:us-east-1:" + item["account_id"] + ":instance/i-")
    assert item["name"].startswith("res-") and item["tags"]["Name"] == item["name"]
    assert item["tags"]["db_password"] == "[REDACTED:password]"
    annotations = result.meta["cloudg/transforms"]["annotations"]
    assert annotations["provenance"]["dataset"] == result.structured["dataset"]
    assert result.structured["dataset"].startswith("ds-")
    for block in result.content:
        assert block.annotations == {"audience": ["user", "assistant"], "priority": 0.45}
