"""The seed's §4.3 table, row by row, for resources, prompts and completions."""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

import pytest

from cloudg_lab import (
    META_PREFIX,
    AccessDeniedError,
    EmbeddedResource,
    InvalidArgumentsError,
    MCPLayerError,
    NotFoundError,
    PromptMessage,
    PromptResult,
    RateLimitedError,
    ResourceLink,
    TextContent,
    TextResourceContents,
)
from cloudg_lab.types import CallInfo

SHOUT = {"name": "shout", "transforms": [{"type": "shout"}]}


def _recorder(seen: list[CallInfo]) -> Any:
    async def mw(info: CallInfo, call_next: Any) -> Any:
        seen.append(info)
        return await call_next(info)

    return mw


# --------------------------------------------------------------- lookup


async def test_resource_lookup_tries_the_exact_uri_then_templates_longest_first(make_layer):
    layer = make_layer()

    @layer.resource("cloudg://assets/special")
    def special() -> dict[str, str]:
        return {"which": "exact"}

    @layer.resource("cloudg://assets/{+ref}")
    def asset(ref: str) -> dict[str, str]:
        return {"which": "asset", "ref": ref}

    @layer.resource("cloudg://assets/{+ref}/neighbors")
    def neighbors(ref: str) -> dict[str, str]:
        return {"which": "neighbors", "ref": ref}

    @layer.resource("cloudg://findings/{finding_id}")
    def finding(finding_id: str) -> dict[str, str]:
        return {"which": "finding", "id": finding_id}

    async def read(uri: str) -> dict[str, Any]:
        return json.loads((await layer.read_resource(uri))[0].text)

    assert await read("cloudg://assets/special") == {"which": "exact"}
    assert await read("cloudg://assets/arn:aws:s3:::b/k") == {"which": "asset", "ref": "arn:aws:s3:::b/k"}
    assert await read("cloudg://assets/a/b/neighbors") == {"which": "neighbors", "ref": "a/b"}
    assert await read("cloudg://findings/f%201") == {"which": "finding", "id": "f 1"}
    with pytest.raises(NotFoundError, match="Unknown resource"):
        await read("cloudg://findings/a/b")  # {var} stops at '/'


async def test_prompt_lookup_strips_the_prefix(make_layer):
    layer = make_layer(prefix="inv_")

    @layer.prompt()
    def brief(topic: str) -> str:
        return f"about {topic}"

    assert [p["name"] for p in await layer.list_prompts()] == ["inv_brief"]
    result = await layer.get_prompt("inv_brief", {"topic": "x"})
    assert result.messages[0].content.text == "about x"
    with pytest.raises(NotFoundError):
        await layer.get_prompt("brief", {"topic": "x"})


# --------------------------------------------------------------- unknown or hidden


async def test_unknown_and_hidden_resources_and_prompts_are_recorded_protocol_errors(make_layer):
    layer = make_layer({"name": "p", "deny_resources": ["cloudg://hidden*"], "deny_prompts": ["secret"]})

    @layer.resource("cloudg://hidden")
    def hidden() -> str:
        return "no"

    @layer.prompt()
    def secret() -> str:
        return "no"

    for call in (layer.read_resource("cloudg://hidden"), layer.read_resource("cloudg://nothing"),
                 layer.get_prompt("secret"), layer.get_prompt("nothing")):
        with pytest.raises(NotFoundError) as caught:
            await call
        assert caught.value.code == -32602
    decisions = [(e.decision, e.kind, e.name) for e in reversed(layer.audit_log.entries())]
    assert decisions == [("not_found", "resource", "cloudg://hidden"),
                         ("not_found", "resource", "cloudg://nothing"),
                         ("not_found", "prompt", "secret"), ("not_found", "prompt", "nothing")]
    assert await layer.list_resources() == [] and await layer.list_prompts() == []


async def test_unknown_or_hidden_completion_targets_give_the_empty_result(make_layer):
    layer = make_layer({"name": "p", "deny_prompts": ["secret"]})

    @layer.prompt(completions={"x": lambda ctx, value, context_arguments: ["a"]})
    def secret(x: str) -> str:
        return x

    empty = {"values": [], "total": 0, "hasMore": False}
    assert await layer.complete({"type": "ref/prompt", "name": "secret"}, {"name": "x", "value": ""}) == empty
    assert await layer.complete({"type": "ref/prompt", "name": "nope"}, {"name": "x", "value": ""}) == empty
    template = {"type": "ref/resource", "uri": "x://{y}"}
    assert await layer.complete(template, {"name": "y", "value": ""}) == empty
    assert await layer.complete("not a ref", {"name": "x"}) == empty  # type: ignore[arg-type]


# --------------------------------------------------------------- required arguments


async def test_template_variables_come_from_the_uri(make_layer):
    layer = make_layer()

    @layer.resource("cloudg://datasets/{dataset}/summary")
    def summary(dataset: str) -> dict[str, str]:
        return {"dataset": dataset}

    contents = await layer.read_resource("cloudg://datasets/prod/summary")
    assert json.loads(contents[0].text) == {"dataset": "prod"}


@pytest.mark.parametrize(("arguments", "message"), [
    ({}, "Missing required prompt arguments: ref"),
    ({"ref": ""}, "Missing required prompt arguments: ref"),
    ({"ref": "a", "extra": "x"}, "Unknown prompt arguments: extra"),
    ({"ref": 5}, "Prompt arguments must be strings: ref"),
])
async def test_prompt_arguments_are_checked(make_layer, arguments, message):
    layer = make_layer()

    @layer.prompt()
    def investigate(ref: str, dataset: str = "") -> str:
        return ref

    with pytest.raises(InvalidArgumentsError) as caught:
        await layer.get_prompt("investigate", arguments)
    assert caught.value.message == message and caught.value.code == -32602


# --------------------------------------------------------------- middleware


async def test_middleware_sees_resources_prompts_and_completions_with_their_kinds(make_layer):
    seen: list[CallInfo] = []
    layer = make_layer(middleware=[_recorder(seen)])

    @layer.resource("cloudg://assets/{+ref}",
                    completions={"ref": lambda ctx, value, context_arguments: ["a1"]})
    def asset(ref: str) -> dict[str, str]:
        return {"ref": ref}

    @layer.prompt(completions={"ref": lambda ctx, value, context_arguments: ["a1"]})
    def investigate(ref: str) -> str:
        return ref

    await layer.read_resource("cloudg://assets/a/b")
    await layer.get_prompt("investigate", {"ref": "r1"})
    await layer.complete({"type": "ref/prompt", "name": "investigate"}, {"name": "ref", "value": "a"},
                         context_arguments={"dataset": "d"})
    await layer.complete({"type": "ref/resource", "uri": "cloudg://assets/{+ref}"},
                         {"name": "ref", "value": ""})
    assert [(i.kind, i.name, i.arguments) for i in seen] == [
        ("resource", "cloudg://assets/a/b", {"ref": "a/b"}),
        ("prompt", "investigate", {"ref": "r1"}),
        ("completion", "investigate", {"argument": "ref", "value": "a", "context": {"dataset": "d"}}),
        ("completion", "cloudg://assets/{+ref}", {"argument": "ref", "value": "", "context": {}}),
    ]


# --------------------------------------------------------------- check_call


async def test_check_call_applies_to_resources_prompts_and_completions(make_layer):
    layer = make_layer({"name": "strictish", "hide_denied": False, "deny_capabilities": ["reveal"],
                        "audit": True})

    @layer.resource("cloudg://secret", capabilities=["reveal"])
    def secret() -> str:
        return "s"

    @layer.prompt(capabilities=["reveal"], completions={"x": lambda ctx, value, context_arguments: ["1"]})
    def reveal_all(x: str = "") -> str:
        return "s"

    with pytest.raises(AccessDeniedError):
        await layer.read_resource("cloudg://secret")
    with pytest.raises(AccessDeniedError):
        await layer.get_prompt("reveal_all")
    with pytest.raises(AccessDeniedError):
        await layer.complete({"type": "ref/prompt", "name": "reveal_all"}, {"name": "x", "value": ""})
    assert [(e.decision, e.kind) for e in reversed(layer.audit_log.entries())] == [
        ("denied", "resource"), ("denied", "prompt"), ("denied", "completion")]


async def test_a_rate_limited_completion_raises(make_layer):
    layer = make_layer({"name": "p", "rate_limits": [{"rate": 1, "per": "hour", "kinds": ["completion"]}]})

    @layer.prompt(completions={"x": lambda ctx, value, context_arguments: ["1"]})
    def p(x: str = "") -> str:
        return x

    ref = {"type": "ref/prompt", "name": "p"}
    assert (await layer.complete(ref, {"name": "x", "value": ""}))["values"] == ["1"]
    with pytest.raises(RateLimitedError):
        await layer.complete(ref, {"name": "x", "value": ""})
    assert (await layer.get_prompt("p")).messages  # prompts are not limited by that rule


# --------------------------------------------------------------- input pipeline


async def test_the_input_pipeline_runs_over_variables_arguments_and_completion_values(make_layer):
    layer = make_layer({"name": "guarded", "input_transforms": [{"type": "refuse"}], "audit": True})
    completed: list[str] = []

    @layer.resource("cloudg://notes/{note}")
    def note(note: str) -> str:
        return note

    @layer.prompt(completions={"x": lambda ctx, value, context_arguments: completed.append(value) or ["v"]})
    def p(x: str = "") -> str:
        return x

    with pytest.raises(InvalidArgumentsError):
        await layer.read_resource("cloudg://notes/forbidden")
    with pytest.raises(InvalidArgumentsError):
        await layer.get_prompt("p", {"x": "forbidden"})
    ref = {"type": "ref/prompt", "name": "p"}
    assert (await layer.complete(ref, {"name": "x", "value": "forbidden"}))["values"] == []
    assert (await layer.complete(ref, {"name": "x", "value": "ok"},
                                 context_arguments={"y": "forbidden"}))["values"] == []
    assert completed == []
    assert [e.decision for e in layer.audit_log.entries()][-2:] == ["rejected", "rejected"]


# --------------------------------------------------------------- handler errors


async def test_resource_and_prompt_handler_errors_propagate_as_protocol_errors(make_layer):
    layer = make_layer(SHOUT)

    @layer.resource("cloudg://broken")
    def broken() -> str:
        raise ValueError("canary inside")

    @layer.prompt()
    def refusing() -> str:
        raise InvalidArgumentsError("bad canary", {"hint": "canary"})

    with pytest.raises(MCPLayerError) as caught:
        await layer.read_resource("cloudg://broken")
    assert caught.value.code == -32603 and caught.value.message == "VALUEERROR: CANARY INSIDE"
    with pytest.raises(InvalidArgumentsError) as caught2:
        await layer.get_prompt("refusing")
    assert caught2.value.message == "BAD CANARY" and caught2.value.data == {"hint": "CANARY"}


async def test_completion_handler_errors_are_swallowed(make_layer):
    layer = make_layer()

    def explode(ctx: Any, value: str, context_arguments: dict[str, Any]) -> list[str]:
        raise RuntimeError("boom")

    @layer.prompt(completions={"x": explode})
    def p(x: str = "") -> str:
        return x

    assert await layer.complete({"type": "ref/prompt", "name": "p"}, {"name": "x", "value": ""}) == {
        "values": [], "total": 0, "hasMore": False}


# --------------------------------------------------------------- no timeouts


async def test_resources_prompts_and_completions_have_no_timeout(make_layer):
    layer = make_layer(default_timeout=0.01)

    @layer.resource("cloudg://slow")
    async def slow() -> str:
        await asyncio.sleep(0.1)
        return "done"

    async def slow_complete(ctx: Any, value: str, context_arguments: dict[str, Any]) -> list[str]:
        await asyncio.sleep(0.1)
        return ["late"]

    @layer.prompt(completions={"x": slow_complete})
    async def slow_prompt(x: str = "") -> str:
        await asyncio.sleep(0.1)
        return "done"

    assert (await layer.read_resource("cloudg://slow"))[0].text == "done"
    assert (await layer.get_prompt("slow_prompt")).messages[0].content.text == "done"
    assert (await layer.complete({"type": "ref/prompt", "name": "slow_prompt"},
                                 {"name": "x", "value": ""}))["values"] == ["late"]


# --------------------------------------------------------------- output pipeline and return shapes


async def test_resource_output_transforms_text_and_json_but_not_blobs(make_layer):
    layer = make_layer(SHOUT)

    @layer.resource("cloudg://text", mime_type="text/plain")
    def text() -> str:
        return "a canary"

    @layer.resource("cloudg://json")
    def as_json() -> dict[str, Any]:
        return {"k": "canary", "n": 1}

    @layer.resource("cloudg://bytes", mime_type="application/octet-stream")
    def raw() -> bytes:
        return b"canary bytes"

    @layer.resource("cloudg://list")
    def listed() -> list[TextResourceContents]:
        return [TextResourceContents(uri="cloudg://list", text='{"v": "canary"}',
                                     mime_type="application/json"),
                TextResourceContents(uri="cloudg://list#2", text="canary", mime_type="text/plain")]

    [t] = await layer.read_resource("cloudg://text")
    assert (t.text, t.mime_type) == ("A CANARY", "text/plain")
    assert t.meta[META_PREFIX + "transforms"] == {"redacted": {"canary": 1}}
    [j] = await layer.read_resource("cloudg://json")
    assert json.loads(j.text) == {"k": "CANARY", "n": 1} and j.mime_type == "application/json"
    [b] = await layer.read_resource("cloudg://bytes")
    assert base64.b64decode(b.blob) == b"canary bytes" and b.meta is None
    first, second = await layer.read_resource("cloudg://list")
    assert json.loads(first.text) == {"v": "CANARY"} and second.text == "CANARY"


@pytest.mark.parametrize("shape", ["result", "messages", "string"])
async def test_prompt_results_of_every_shape_pass_the_pipeline(make_layer, shape):
    layer = make_layer(SHOUT)
    messages = [
        PromptMessage(role="user", content=TextContent("task about canary")),
        PromptMessage(role="user", content=EmbeddedResource(resource=TextResourceContents(
            uri="cloudg://x", text='{"a": "canary"}', mime_type="application/json"))),
        PromptMessage(role="user", content=ResourceLink(uri="cloudg://canary", name="canary")),
    ]

    @layer.prompt()
    def p() -> Any:
        if shape == "string":
            return "plain canary"
        return PromptResult(messages=messages, description="d") if shape == "result" else messages

    wire = (await layer.get_prompt("p")).to_wire()
    if shape == "string":
        assert wire["messages"] == [{"role": "user", "content": {"type": "text", "text": "PLAIN CANARY"}}]
        return
    contents = [m["content"] for m in wire["messages"]]
    assert contents[0]["text"] == "TASK ABOUT CANARY"
    assert json.loads(contents[1]["resource"]["text"]) == {"a": "CANARY"}
    assert (contents[2]["uri"], contents[2]["name"]) == ("CLOUDG://CANARY", "CANARY")
    assert wire["_meta"][META_PREFIX + "transforms"] == {"redacted": {"canary": 4}}


async def test_completion_values_are_capped_at_100_and_pass_the_pipeline(make_layer):
    layer = make_layer(SHOUT)

    def many(ctx: Any, value: str, context_arguments: dict[str, Any]) -> list[str]:
        return [f"canary-{i}" for i in range(150)]

    @layer.prompt(completions={"ref": many})
    def p(ref: str = "") -> str:
        return ref

    out = await layer.complete({"type": "ref/prompt", "name": "p"}, {"name": "ref", "value": ""})
    assert out["total"] == 150 and out["hasMore"] is True
    assert out["values"] == [f"CANARY-{i}" for i in range(100)]


async def test_completion_values_are_wrapped_under_their_argument_name(make_layer):
    layer = make_layer({"name": "keyed", "transforms": [{"type": "key_shout", "key": "ref"}]})

    @layer.prompt(completions={"ref": lambda ctx, value, context_arguments: ["a1", "b2"],
                               "other": lambda ctx, value, context_arguments: ["a1"]})
    def p(ref: str = "", other: str = "") -> str:
        return ref

    ref = {"type": "ref/prompt", "name": "p"}
    assert (await layer.complete(ref, {"name": "ref", "value": ""}))["values"] == ["A1", "B2"]
    assert (await layer.complete(ref, {"name": "other", "value": ""}))["values"] == ["a1"]


async def test_the_echoed_resource_uri_passes_the_pipeline(make_layer):
    layer = make_layer(SHOUT)

    @layer.resource("cloudg://notes/{note}")
    def note(note: str) -> dict[str, str]:
        return {"note": "x"}

    @layer.resource("cloudg://raw/{name}", mime_type="application/octet-stream")
    def raw(name: str) -> bytes:
        return b"canary"

    [contents] = await layer.read_resource("cloudg://notes/canary-1")
    assert contents.uri == "CLOUDG://NOTES/CANARY-1"
    [blob] = await layer.read_resource("cloudg://raw/canary")
    assert blob.uri == "CLOUDG://RAW/CANARY" and base64.b64decode(blob.blob) == b"canary"
