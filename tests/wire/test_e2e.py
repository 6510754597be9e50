"""Same outcomes on every transport and in both protocol eras, through the real `mcp.Client`."""

from __future__ import annotations

from typing import Any

import pytest
import testlayer
from mcp import MCPError, types

from cloudg_lab import META_PREFIX

CODE = META_PREFIX + "error_code"
DATA = META_PREFIX + "error_data"


async def test_listings_show_what_the_policy_lets_the_caller_see(wire):
    async with wire.connect() as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        resources = [r.uri for r in (await client.list_resources()).resources]
        templates = [t.uri_template for t in (await client.list_resource_templates()).resource_templates]
        prompts = [p.name for p in (await client.list_prompts()).prompts]
    assert sorted(tools) == ["account_owner", "add", "block", "chatter", "forbidden", "is_real_account",
                             "limited", "noisy", "slow", "whoami"]
    assert tools["add"].output_schema == testlayer.SUM_SCHEMA
    assert tools["add"].input_schema["required"] == ["a", "b"]
    assert tools["add"].meta[META_PREFIX + "category"] == "general"
    assert tools["add"].annotations.read_only_hint is True
    assert (resources, templates, prompts) == (["test://info", "broken://disk"], ["memo://{name}"],
                                               ["greet", "restricted"])


async def test_a_successful_call_carries_structure_progress_and_logs(wire):
    progress: list[tuple[float, float | None, str | None]] = []
    logs: list[Any] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append((value, total, message))

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        logs.append((params.level, params.data))

    async with wire.connect(logging_callback=on_log, log_level="info") as client:
        result = await client.call_tool("add", {"a": 2, "b": 3}, progress_callback=on_progress)
    assert (result.is_error, result.structured_content) == (False, {"sum": 5})
    assert '"sum": 5' in result.content[0].text
    assert result.meta[META_PREFIX + "duration_ms"] >= 0
    assert progress == [(1, 2, "adding")]
    assert logs == [("info", "added")]


async def test_a_denied_call_is_an_error_result(wire):
    async with wire.connect() as client:
        result = await client.call_tool("forbidden", {})
    assert result.is_error
    assert result.meta[CODE] == -31001
    assert result.content[0].text == "Access to tool 'forbidden' denied: tool denied by policy 'wire-test'"


async def test_a_rate_limited_call_is_an_error_result_with_retry_after(wire):
    async with wire.connect() as client:
        first = await client.call_tool("limited", {})
        second = await client.call_tool("limited", {})
    assert (first.is_error, first.structured_content) == (False, {"result": "once"})
    assert second.is_error
    assert second.meta[CODE] == -31029
    assert second.meta[DATA]["retry_after"] > 0
    assert second.content[0].text.startswith("Rate limit exceeded for tool 'limited'")


async def test_an_unknown_tool_is_a_json_rpc_error(wire):
    async with wire.connect() as client:
        with pytest.raises(MCPError) as caught:
            await client.call_tool("no_such_tool", {})
    assert (caught.value.code, caught.value.message) == (-32602, "Unknown tool: no_such_tool")


async def test_an_unknown_tool_named_with_a_secret_does_not_echo_it(wire):
    """Under `standard`, a client that pastes a token into the tool name gets the same error with
    the token scrubbed (the test policy transforms nothing, so the shipped one is served)."""
    token = "ghp_" + "Zq8xW3vN7kR2mT5yB9cL4dF6hJ1pS0aE" + "uG2o"
    async with wire.connect("standard") as client:
        with pytest.raises(MCPError) as caught:
            await client.call_tool(f"run {token}", {})
    assert caught.value.code == -32602 and caught.value.message.startswith("Unknown tool: run ")
    assert token not in caught.value.message and "[REDACTED:" in caught.value.message


async def test_invalid_arguments_are_an_error_result_without_the_value(wire):
    async with wire.connect() as client:
        result = await client.call_tool("add", {"a": "not-a-number", "b": 1})
    assert result.is_error
    assert result.meta[CODE] == -32602
    assert [e["loc"] for e in result.meta[DATA]] == [["a"]]
    assert "not-a-number" not in str(result.model_dump())


async def test_a_timeout_is_an_error_result(wire):
    async with wire.connect() as client:
        result = await client.call_tool("slow", {"seconds": 30})
    assert result.is_error
    assert result.meta[CODE] == "timeout"
    assert result.content[0].text == "Tool slow timed out after 0.2 s"


async def test_resources_and_templates_read(wire):
    async with wire.connect() as client:
        plain = await client.read_resource("test://info")
        templated = await client.read_resource("memo://groceries")
        with pytest.raises(MCPError) as caught:
            await client.read_resource("memo://a/b")
    assert [c.text for c in plain.contents] == ["wire test layer"]
    assert [(c.uri, c.text) for c in templated.contents] == [("memo://groceries", "memo for groceries")]
    not_found = -32002 if wire.era == "legacy" else -32602  # -32002 is retired in 2026-07-28
    assert (caught.value.code, caught.value.message) == (not_found, "Unknown resource: memo://a/b")


async def test_a_cursor_our_single_page_listings_never_issued_is_invalid_params(wire):
    async with wire.connect() as client:
        listings = (client.list_tools, client.list_resources, client.list_resource_templates,
                    client.list_prompts)
        for listing in listings:
            with pytest.raises(MCPError) as caught:
                await listing(cursor="c0.deadbeef")
            assert (caught.value.code, caught.value.message) == (
                -32602, "Invalid cursor: this listing has a single page")
        assert (await client.list_tools()).next_cursor is None


async def test_a_prompt_renders_and_a_missing_argument_is_a_protocol_error(wire):
    async with wire.connect() as client:
        prompt = await client.get_prompt("greet", {"who": "Ada"})
        with pytest.raises(MCPError) as caught:
            await client.get_prompt("greet", {})
    assert [(m.role, m.content.text) for m in prompt.messages] == [("user", "Say hello to Ada.")]
    assert (caught.value.code, caught.value.message) == (-32602, "Missing required prompt arguments: who")


async def test_a_completion_lists_matching_values(wire):
    async with wire.connect() as client:
        found = await client.complete(types.PromptReference(type="ref/prompt", name="greet"),
                                      {"name": "who", "value": "al"})
        unknown = await client.complete(types.PromptReference(type="ref/prompt", name="nope"),
                                        {"name": "who", "value": "al"})
    assert (found.completion.values, found.completion.total, found.completion.has_more) == (
        ["albert", "alice"], 2, False)
    assert unknown.completion.values == []


async def test_a_denied_prompt_and_its_completion_are_protocol_errors(wire):
    async with wire.connect() as client:
        with pytest.raises(MCPError) as prompt:
            await client.get_prompt("restricted", {"who": "Ada"})
        with pytest.raises(MCPError) as completion:
            await client.complete(types.PromptReference(type="ref/prompt", name="restricted"),
                                  {"name": "who", "value": "a"})
    assert prompt.value.code == completion.value.code == -31001
    assert prompt.value.message == "Access to prompt 'restricted' denied: prompt denied by policy 'wire-test'"
    assert prompt.value.error.data == {"policy": "wire-test", "reason": "prompt denied by policy 'wire-test'"}


async def test_a_failing_resource_handler_is_the_same_masked_error_in_both_eras(wire):
    async with wire.connect() as client:
        with pytest.raises(MCPError) as caught:
            await client.read_resource("broken://disk")
    assert (caught.value.code, caught.value.message) == (-32603, "RuntimeError: disk on fire")


async def test_the_caller_is_resolved_by_transport_and_never_from_client_info(wire):
    impostor = types.Implementation(name="admin", version="1.0")
    async with wire.connect(client_info=impostor) as client:
        me = (await client.call_tool("whoami", {})).structured_content
    expected = {"memory": ("local", "memory"), "stdio": ("local", "stdio"), "http": ("anonymous", "http")}
    assert (me["id"], me["transport"]) == expected[wire.transport]
    assert me["client"] == "admin" and "admin" not in me["roles"]
