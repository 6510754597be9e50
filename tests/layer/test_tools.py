"""The tool lifecycle, one test (or a few) per numbered statement of layer.md."""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import json
import logging
import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import BaseModel, Field

from cloudg_lab import (
    META_PREFIX,
    InvalidArgumentsError,
    NotFoundError,
    Principal,
    TextContent,
    ToolContext,
    ToolResult,
)
from cloudg_lab.layer.finalize import TRUNCATION_MARKER
from cloudg_lab.types import CallInfo

DURATION = META_PREFIX + "duration_ms"
CODE = META_PREFIX + "error_code"
DATA = META_PREFIX + "error_data"


# --------------------------------------------------------------- 3. lookup, prefix, not_found


async def test_hidden_and_unknown_tools_give_byte_identical_protocol_errors(make_layer):
    layer = make_layer({"name": "p", "deny_tools": ["secret_*"]})

    @layer.tool()
    async def secret_tool() -> str:
        return "x"

    errors = []
    for name in ("secret_tool", "no_such_tool"):
        with pytest.raises(NotFoundError) as caught:
            await layer.call_tool(name, {})
        errors.append((caught.value.code, caught.value.message.replace(name, "NAME"), caught.value.data))
    assert errors[0] == errors[1] == (-32602, "Unknown tool: NAME", None)
    entries = layer.audit_log.entries()
    assert [(e.decision, e.name) for e in entries] == [("not_found", "no_such_tool"),
                                                       ("not_found", "secret_tool")]
    assert "secret_tool" not in [t["name"] for t in await layer.list_tools()]


async def test_a_hidden_tool_and_a_missing_one_of_the_same_name_fail_byte_for_byte(make_layer):
    hiding = make_layer({"name": "p", "deny_tools": ["alpha"]})
    empty = make_layer({"name": "p"})

    @hiding.tool()
    async def alpha() -> str:
        return "x"

    seen = []
    for layer in (hiding, empty):
        with pytest.raises(NotFoundError) as caught:
            await layer.call_tool("alpha", {"a": 1})
        error = caught.value
        seen.append(json.dumps({"code": error.code, "message": error.message, "data": error.data,
                                "type": type(error).__name__}))
    assert seen[0] == seen[1]


async def test_with_a_prefix_only_prefixed_names_resolve(make_layer):
    layer = make_layer(prefix="inv_")

    @layer.tool()
    async def ping() -> str:
        return "pong"

    assert [t["name"] for t in await layer.list_tools()] == ["inv_ping"]
    assert (await layer.call_tool("inv_ping")).structured == {"result": "pong"}
    for wrong in ("ping", "inv_", "xinv_ping"):
        with pytest.raises(NotFoundError, match=f"Unknown tool: {wrong}$"):
            await layer.call_tool(wrong)


async def test_a_non_string_tool_name_is_an_unknown_tool(make_layer):
    layer = make_layer()
    with pytest.raises(NotFoundError, match="Unknown tool: 42"):
        await layer.call_tool(42)  # type: ignore[arg-type]


# --------------------------------------------------------------- 4. CallInfo and middleware


async def test_middleware_runs_outermost_first_before_the_policy_check(make_layer):
    seen: list[str] = []

    def recorder(tag: str) -> Any:
        async def mw(info: CallInfo, call_next: Any) -> Any:
            seen.append(f"{tag}:in:{info.kind}:{info.name}:{info.arguments}")
            result = await call_next(info)
            seen.append(f"{tag}:out:{result.is_error}")
            return result

        return mw

    layer = make_layer({"name": "p", "hide_denied": False, "deny_tools": ["blocked"]},
                       middleware=[recorder("outer"), recorder("inner")])

    @layer.tool()
    async def blocked(x: int) -> int:
        return x

    with pytest.raises(Exception) as caught:  # the denial propagates through middleware...
        await layer.chain("tool")(_info(layer, "blocked", {"x": 1}))
    assert caught.value.code == -31001
    result = await layer.call_tool("blocked", {"x": 1})  # ...and call_tool turns it into a result
    assert result.is_error and result.error_code == -31001
    assert seen[:2] == ["outer:in:tool:blocked:{'x': 1}", "inner:in:tool:blocked:{'x': 1}"]


async def test_middleware_sees_a_complete_call_info_and_can_answer_itself(make_layer):
    captured: list[CallInfo] = []

    async def answer(info: CallInfo, call_next: Any) -> ToolResult:
        captured.append(info)
        return ToolResult(content=[TextContent("from middleware")])

    layer = make_layer(middleware=[answer])

    @layer.tool()
    async def never(x: int) -> int:
        raise AssertionError("the handler must not run")

    context = ToolContext(principal=Principal.parse("ann:ops"), request_id=7)
    result = await layer.call_tool("never", {"x": "1"}, context=context)
    assert result.text == "from middleware"
    info = captured[0]
    assert (info.kind, info.name, info.arguments, info.principal.id, info.request_id) == (
        "tool", "never", {"x": "1"}, "ann", 7)
    assert info.spec.name == "never" and isinstance(info.context, ToolContext)
    assert isinstance(info.started, float) and DURATION in result.meta


async def test_an_error_raised_by_middleware_becomes_an_error_result(make_layer):
    async def refuse(info: CallInfo, call_next: Any) -> Any:
        raise InvalidArgumentsError("middleware says no", {"why": "test"})

    layer = make_layer(middleware=[refuse])

    @layer.tool()
    async def t() -> int:
        return 1

    result = await layer.call_tool("t")
    assert result.is_error and result.text == "middleware says no"
    assert result.meta[CODE] == -32602 and result.meta[DATA] == {"why": "test"}


# --------------------------------------------------------------- 5. check_call


async def test_a_denied_listed_tool_is_an_error_result_with_an_audit_entry(make_layer):
    layer = make_layer({"name": "lenient", "hide_denied": False, "deny_capabilities": ["exec"]})

    @layer.tool(capabilities=["exec"])
    async def run_it(cmd: str) -> str:
        return cmd

    assert "run_it" in [t["name"] for t in await layer.list_tools()]
    result = await layer.call_tool("run_it", {"cmd": "ls"}, principal=Principal.parse("eve"))
    assert result.is_error and result.error_code == -31001
    assert result.text == "Access to tool 'run_it' denied: capability 'exec' denied by policy 'lenient'"
    assert result.meta[DATA] == {"policy": "lenient",
                                 "reason": "capability 'exec' denied by policy 'lenient'"}
    entry = layer.audit_log.entries()[0]
    assert (entry.decision, entry.name, entry.principal) == ("denied", "run_it", "eve")
    assert set(entry.arguments) == {"cmd"} and entry.arguments["cmd"] != "ls"
    assert len(entry.arguments["cmd"]) == 12


async def test_a_rate_limited_call_carries_retry_after(make_layer):
    layer = make_layer({"name": "tight", "rate_limits": [{"rate": 2, "per": "minute",
                                                          "scope": "principal"}]})

    @layer.tool()
    async def t() -> int:
        return 1

    first = [await layer.call_tool("t") for _ in range(2)]
    third = await layer.call_tool("t")
    assert not any(r.is_error for r in first)
    assert third.is_error and third.error_code == -31029
    data = third.meta[DATA]
    assert 0 < data["retry_after"] <= 30 and data["limit"] == "2/minute" and data["scope"] == "principal"
    assert third.text.startswith("Rate limit exceeded for tool 't' (2/minute); retry in ")
    assert layer.audit_log.entries()[0].decision == "rate_limited"
    other = await layer.call_tool("t", principal=Principal.parse("someone-else"))
    assert not other.is_error  # the bucket is per principal


# --------------------------------------------------------------- 6. input pipeline


async def test_an_input_refusal_rewrites_the_allowed_entry_to_rejected(make_layer):
    layer = make_layer({"name": "guarded", "audit": True, "input_transforms": [{"type": "refuse"}]})

    @layer.tool()
    async def echo(text: str) -> str:
        return text

    ok = await layer.call_tool("echo", {"text": "hello"})
    refused = await layer.call_tool("echo", {"text": "a forbidden word"})
    assert not ok.is_error
    assert refused.is_error and refused.error_code == -32602
    assert refused.meta[DATA] == {"entities": ["word"]}
    entries = layer.audit_log.entries()
    assert [e.decision for e in entries] == ["rejected", "allowed"]
    assert entries[0].reason == "Arguments carry a refused word"
    assert layer.audit_log.counters["rejected"] == 1 and layer.audit_log.counters["allowed"] == 1


async def test_a_refusal_without_full_audit_still_lands_as_rejected(make_layer):
    layer = make_layer({"name": "guarded", "input_transforms": [{"type": "refuse"}]})

    @layer.tool()
    async def echo(text: str) -> str:
        return text

    await layer.call_tool("echo", {"text": "fine"})
    await layer.call_tool("echo", {"text": "forbidden"})
    assert [e.decision for e in layer.audit_log.entries()] == ["rejected"]


# --------------------------------------------------------------- 7. validation


class FindArgs(BaseModel):
    """Arguments of find: this docstring must not leak into the schema."""

    query: str = ""
    limit: int = Field(default=50, ge=1, le=500)
    tags: list[str] = []


async def test_flat_and_model_signatures_publish_the_same_schema_and_validate_alike(make_layer):
    layer = make_layer()

    @layer.tool()
    async def flat(ctx: ToolContext, query: str = "", limit: int = Field(default=50, ge=1, le=500),
                   tags: list[str] = []) -> dict[str, Any]:  # noqa: B006
        return {"query": query, "limit": limit, "tags": tags}

    @layer.tool()
    async def model(ctx: ToolContext, args: FindArgs) -> dict[str, Any]:
        return args.model_dump()

    tools = {t["name"]: t for t in await layer.list_tools()}
    assert json.dumps(tools["flat"]["inputSchema"]) == json.dumps(tools["model"]["inputSchema"])
    for name in ("flat", "model"):
        ok = await layer.call_tool(name, {"limit": "5"})
        assert ok.structured == {"query": "", "limit": 5, "tags": []}
        extra = await layer.call_tool(name, {"limit": 5, "bogus": 1})
        assert extra.is_error and extra.meta[DATA] == [
            {"loc": ["(undeclared)"], "msg": "Extra inputs are not permitted", "type": "extra_forbidden"}]
        low = await layer.call_tool(name, {"limit": 0, "query": "needle-value"})
        assert low.is_error and low.meta[DATA][0]["loc"] == ["limit"]
        assert "needle-value" not in json.dumps(low.to_wire())


async def test_validation_errors_name_the_field_and_never_echo_the_value(make_layer):
    layer = make_layer()

    @layer.tool()
    async def need(count: int, label: str) -> str:
        return label * count

    result = await layer.call_tool("need", {"count": "not-a-number-SECRET"})
    assert result.is_error and result.error_code == -32602
    assert result.text.startswith("Invalid arguments for tool 'need': count: Input should be a valid integer")
    assert "(and 1 more)" in result.text
    assert {tuple(e["loc"]) for e in result.meta[DATA]} == {("count",), ("label",)}
    assert "SECRET" not in json.dumps(result.to_wire())


# --------------------------------------------------------------- 8. invocation and timeouts


async def test_sync_handlers_run_in_a_worker_thread_and_async_ones_on_the_calling_loop(make_layer):
    layer = make_layer()
    seen: dict[str, Any] = {}

    @layer.tool()
    def sync_tool() -> str:
        seen["sync"] = threading.current_thread()
        return "ok"

    @layer.tool()
    async def async_tool() -> str:
        seen["loop"] = asyncio.get_running_loop()
        seen["async"] = threading.current_thread()
        return "ok"

    await layer.call_tool("sync_tool")
    await layer.call_tool("async_tool")
    assert seen["sync"] is not threading.main_thread()
    assert seen["async"] is threading.main_thread()
    assert seen["loop"] is asyncio.get_running_loop()


async def test_a_slow_tool_times_out_and_its_thread_sees_the_cancellation(make_layer):
    layer = make_layer(default_timeout=0.2)
    stopped = threading.Event()

    @layer.tool()
    def slow(ctx: ToolContext) -> str:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if ctx.cancelled:
                stopped.set()
                return "stopped"
            time.sleep(0.01)
        return "finished"

    @layer.tool(timeout_seconds=0.05)
    async def quick_limit() -> str:
        await asyncio.sleep(1)
        return "late"

    result = await layer.call_tool("slow")
    assert result.is_error and result.error_code == "timeout"
    assert result.text == "Tool slow timed out after 0.2 s"
    assert await asyncio.to_thread(stopped.wait, 5)
    own = await layer.call_tool("quick_limit")
    assert own.text == "Tool quick_limit timed out after 0.05 s"


async def test_a_handler_raising_timeout_error_itself_is_a_handler_error(make_layer):
    layer = make_layer(default_timeout=5)

    @layer.tool()
    async def raises() -> str:
        raise TimeoutError("upstream was slow")

    result = await layer.call_tool("raises")
    assert result.error_code == "handler_error" and result.text == "TimeoutError: upstream was slow"


# --------------------------------------------------------------- 9. normalisation


class Colour(enum.Enum):
    RED = "red"


class WithRaw(BaseModel):
    name: str
    raw_data: dict[str, Any]


@dataclasses.dataclass
class Point:
    x: int
    colour: Colour


class HasToDict:
    def to_dict(self) -> dict[str, Any]:
        return {"converted": True}


@pytest.mark.parametrize(("value", "expected"), [
    (WithRaw(name="a", raw_data={"secret": 1}), {"name": "a"}),
    (Point(1, Colour.RED), {"x": 1, "colour": "red"}),
    (HasToDict(), {"converted": True}),
    (Colour.RED, {"result": "red"}),
    ([1, 2], {"result": [1, 2]}),
    ("text", {"result": "text"}),
    (None, {"result": None}),
])
async def test_return_values_are_normalised(make_layer, value, expected):
    layer = make_layer()

    @layer.tool()
    async def give() -> Any:
        return value

    result = await layer.call_tool("give")
    assert result.structured == expected
    assert json.loads(result.content[0].text) == expected


async def test_a_tool_result_built_by_the_handler_is_kept(make_layer):
    layer = make_layer()
    built = ToolResult(content=[TextContent("as built")], structured={"k": 1}, meta={"x/y": 2})

    @layer.tool()
    async def give() -> ToolResult:
        return built

    wire = (await layer.call_tool("give")).to_wire()
    assert wire["content"] == [{"type": "text", "text": "as built"}]
    assert wire["structuredContent"] == {"k": 1} and wire["_meta"]["x/y"] == 2


# --------------------------------------------------------------- 10-12. output pipeline, cap, links


async def test_the_output_pipeline_runs_over_every_piece_of_a_built_result(make_layer):
    layer = make_layer({"name": "shout", "transforms": [{"type": "shout"}]})

    @layer.tool()
    async def built(ctx: ToolContext) -> ToolResult:
        ctx.link("cloudg://canary/1", "canary link", title="canary title", description="canary d")
        return ToolResult(content=[TextContent("a canary text"), TextContent("plain")],
                          structured={"items": [{"v": "canary value"}]}, meta={"note": "canary meta"})

    result = await layer.call_tool("built")
    wire = result.to_wire()
    assert wire["structuredContent"] == {"items": [{"v": "CANARY VALUE"}]}
    assert [c.get("text") for c in wire["content"][:2]] == ["A CANARY TEXT", "plain"]
    link = wire["content"][2]
    assert (link["type"], link["uri"], link["name"], link["title"], link["description"]) == (
        "resource_link", "CLOUDG://CANARY/1", "CANARY LINK", "CANARY TITLE", "CANARY D")
    assert wire["_meta"]["note"] == "CANARY META"
    assert wire["_meta"][META_PREFIX + "transforms"] == {"redacted": {"canary": 7}}
    assert {m.path for m in result.marks} == {
        "/structuredContent/items/0/v", "/content/0/text", "/content/2/uri", "/content/2/name",
        "/content/2/title", "/content/2/description", "/_meta/note"}


async def test_plain_returns_render_the_transformed_value_as_indented_json(make_layer):
    layer = make_layer({"name": "shout", "transforms": [{"type": "shout"}]})

    @layer.tool()
    async def plain() -> dict[str, Any]:
        return {"a": "canary", "b": 1}

    result = await layer.call_tool("plain")
    assert result.content[0].text == json.dumps({"a": "CANARY", "b": 1}, indent=2)
    assert [m.path for m in result.marks] == ["/structuredContent/a"]


@pytest.mark.parametrize("value", [2**64 + 7, -(10**30), "lone \ud800 surrogate", 1e-7, "é ü 漢"])
async def test_every_json_value_gets_its_indented_text(make_layer, value: Any) -> None:
    """The fast encoder refuses huge integers and lone surrogates; the text block never does."""
    layer = make_layer({"name": "open", "transforms": []})

    @layer.tool()
    async def odd() -> dict[str, Any]:
        return {"v": value, "n": [1, {"k": value}]}

    result = await layer.call_tool("odd")
    assert not result.is_error
    text = result.content[0].text
    assert json.loads(text) == {"v": value, "n": [1, {"k": value}]} == result.structured
    assert text.startswith('{\n  "v": ')


async def test_a_long_text_is_cut_at_the_cap_but_structured_content_stays_whole(make_layer):
    layer = make_layer()

    @layer.tool()
    async def big() -> dict[str, Any]:
        return {"blob": "word " * 50_000}

    result = await layer.call_tool("big")
    text = result.content[0].text
    full = json.dumps({"blob": "word " * 50_000}, indent=2)
    assert 200_000 - 5 <= len(text) <= 200_000 and text.endswith(" word" + TRUNCATION_MARKER)
    assert result.meta[META_PREFIX + "transforms"] == {
        "truncated_chars": len(full) - (len(text) - len(TRUNCATION_MARKER))}
    assert len(result.structured["blob"]) == 250_000


async def test_max_output_chars_is_configurable(make_layer):
    layer = make_layer(max_output_chars=1000)

    @layer.tool()
    async def medium() -> str:
        return "yes " * 1250

    assert 1000 - 4 <= len((await layer.call_tool("medium")).content[0].text) <= 1000


async def test_links_become_resource_link_blocks_after_the_content(make_layer):
    layer = make_layer()

    @layer.tool()
    def linked(ctx: ToolContext) -> dict[str, Any]:
        ctx.link("cloudg://assets/a1", "a1", title="Asset a1")
        return {"ok": True}

    wire = (await layer.call_tool("linked")).to_wire()
    assert wire["content"][1] == {"type": "resource_link", "uri": "cloudg://assets/a1", "name": "a1",
                                  "title": "Asset a1", "mimeType": "application/json"}


async def test_every_result_carries_its_duration(make_layer):
    layer = make_layer({"name": "p", "hide_denied": False, "deny_tools": ["denied"]})

    @layer.tool()
    async def fine() -> int:
        return 1

    @layer.tool()
    async def denied() -> int:
        return 1

    @layer.tool()
    async def broken() -> int:
        raise RuntimeError("x")

    for name, args in (("fine", {}), ("denied", {}), ("broken", {}), ("fine", {"bad": 1})):
        result = await layer.call_tool(name, args)
        assert isinstance(result.meta[DURATION], float) and result.meta[DURATION] >= 0


# --------------------------------------------------------------- 13. errors


async def test_an_unexpected_exception_is_a_handler_error_whose_text_passes_the_pipeline(make_layer, caplog):
    layer = make_layer({"name": "shout", "transforms": [{"type": "shout"}]})

    @layer.tool()
    def explode(word: str) -> None:
        raise KeyError(f"{word} in the message")

    with caplog.at_level(logging.ERROR, logger="cloudg_lab.layer"):
        result = await layer.call_tool("explode", {"word": "canary"})
    assert result.error_code == "handler_error"
    assert result.text == "KEYERROR: 'CANARY IN THE MESSAGE'"
    assert "Traceback" not in json.dumps(result.to_wire())
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "explode" in logged and "raise KeyError" in logged
    assert "canary in the message" not in logged


async def test_a_layer_error_keeps_its_code_and_its_data_passes_the_pipeline(make_layer):
    layer = make_layer({"name": "shout", "transforms": [{"type": "shout"}]})

    @layer.tool()
    async def refuse() -> None:
        raise InvalidArgumentsError("no canary here", {"suggestions": ["canary-1", "ok"]})

    result = await layer.call_tool("refuse")
    assert result.meta[CODE] == -32602 and result.text == "NO CANARY HERE"
    assert result.meta[DATA] == {"suggestions": ["CANARY-1", "ok"]}
    assert {m.path for m in result.marks} == {"/content/0/text", "/_meta/cloudg~1error_data/suggestions/0"}


async def test_a_middleware_that_swaps_the_context_gets_an_error_result_and_the_handler_never_runs(
        make_layer):
    async def swap(info: CallInfo, call_next: Any) -> Any:
        return await call_next(dataclasses.replace(info, context=SimpleNamespace(
            principal=info.principal, request_id=None, kind="tool", name=info.name, cancelled=False)))

    layer = make_layer(middleware=[swap])
    ran: list[int] = []

    @layer.tool()
    def echo(ctx: ToolContext, x: int) -> int:
        ran.append(x)
        return x

    result = await layer.call_tool("echo", {"x": 3})
    assert result.is_error and "context must be the one the layer bound" in result.text
    assert ran == []


def _info(layer: Any, name: str, arguments: dict[str, Any]) -> CallInfo:
    spec = layer.registry.tool(name)
    principal = Principal.local()
    context = ToolContext(principal=principal).bind(layer.workspace, "tool", name, principal)
    return CallInfo(kind="tool", name=name, spec=spec, arguments=arguments, principal=principal,
                    context=context, started=time.perf_counter(), gate=layer.port)


async def test_the_241st_call_in_a_minute_under_strict_is_rate_limited():
    from cloudg_lab import Layer

    layer = Layer(policy="strict", catalog=False)

    @layer.tool()
    async def ping() -> str:
        return "pong"

    from cloudg_lab.policy.ratelimit import MemoryBuckets

    layer.policy.rate_limiter.store = MemoryBuckets(lambda: 1000.0)  # the whole burst in one instant
    bob = Principal.parse("bob:analyst")
    results = [await layer.call_tool("ping", principal=bob) for _ in range(241)]
    assert not any(r.is_error for r in results[:240])
    limited = results[240]
    assert limited.is_error and limited.error_code == -31029
    assert limited.meta[DATA]["limit"] == "240/minute" and limited.meta[DATA]["scope"] == "principal"
    assert limited.meta[DATA]["retry_after"] == 0.25  # one token refills in a quarter second
    assert layer.audit_log.entries()[0].decision == "rate_limited"
    other = await layer.call_tool("ping", principal=Principal.parse("carol"))
    assert not other.is_error
