"""A layer in front of real SDK servers (stdio and streamable HTTP), seen through a real client.

Each test mounts `upstream_server.py` into a `strict` layer, serves the layer over streamable
HTTP and talks to it with `mcp.Client`, as an agent would.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from canaries import leaks
from mcp import MCPError
from mountkit import serve, stdio_command, wait_for_file

from cloudg_lab import Layer

STRICT_WITH_DENIED = {"extends": "strict", "deny_tools": ["up_*"], "deny_resources": ["up+*"],
                      "deny_prompts": ["up_*"]}


async def mounted(upstream: Any, policy: Any = "strict", **options: Any) -> Layer:
    layer = Layer(policy=policy, catalog=False)
    await layer.mount("up", upstream, **options)
    return layer


async def refusal(request: Any) -> dict[str, Any]:
    """The JSON-RPC error `request` ends in (only its data is kept)."""
    try:
        await request
    except MCPError as exc:
        return exc.error.model_dump()
    raise AssertionError("the request was not refused")


def wire(result: Any) -> Any:
    return result.model_dump(by_alias=True, mode="json")


async def test_under_strict_no_canary_leaves_a_mounted_upstream(upstream, canary):
    layer = await mounted(upstream)
    try:
        async with serve(layer) as client:
            seen: list[Any] = [wire(await client.list_tools()), wire(await client.list_prompts()),
                               wire(await client.list_resources())]
            for tool in ("up_canary", "up_refuse", "up_explode"):
                seen.append(wire(await client.call_tool(tool, {})))
            seen.append(wire(await client.read_resource("up+memo://about")))
            result = await client.call_tool("up_canary", {})
            assert result.structured_content is not None
            pseudonym = result.structured_content["account_id"]
            seen.append(wire(await client.get_prompt("up_brief", {"account_id": pseudonym})))
            seen.append(await refusal(client.get_prompt("up_brief",  # strict: pseudonyms only
                                                        {"account_id": canary["account_id"]})))
    finally:
        await layer.unmount("up")
    assert [leaks(s, canary) for s in seen] == [[]] * len(seen)
    shown = result.structured_content
    assert shown is not None and re.fullmatch(r"\d{12}", shown["account_id"])
    assert shown["account_id"] != canary["account_id"]  # a pseudonym of the same shape
    assert seen[4]["isError"] and seen[4]["_meta"]["cloudg/error_code"] == "upstream_error"
    assert seen[5]["isError"] and seen[5]["_meta"]["cloudg/error_data"]["upstream_code"] == -32050
    assert "spoofed" not in json.dumps(seen[3])  # the upstream cannot write the layer's _meta keys


async def test_pseudonyms_passed_back_reach_the_upstream_as_the_real_values(upstream, canary, state):
    layer = await mounted(upstream)
    try:
        async with serve(layer) as client:
            shown = (await client.call_tool("up_canary", {})).structured_content
            assert shown is not None
            sent = {k: shown[k] for k in ("arn", "account_id", "hostname")}
            echoed = await client.call_tool("up_echo", sent)
            contents = await client.read_resource(f"up+memo://accounts/{shown['account_id']}")
    finally:
        await layer.unmount("up")
    got = json.loads((state / "echo.json").read_text())
    assert got == {k: canary[k] for k in ("arn", "account_id", "hostname")}
    assert json.loads((state / "resource.json").read_text()) == {"account_id": canary["account_id"]}
    assert leaks(wire(echoed), canary) == [] and leaks(wire(contents), canary) == []
    assert echoed.structured_content is not None and echoed.structured_content["got"] == sent


async def test_a_denied_upstream_is_hidden_from_every_listing_and_unknown_when_called(state):
    layer = await mounted(stdio_command(state), policy=STRICT_WITH_DENIED)
    try:
        async with serve(layer) as client:
            tools = (await client.list_tools()).tools
            resources = (await client.list_resources()).resources
            templates = (await client.list_resource_templates()).resource_templates
            prompts = (await client.list_prompts()).prompts
            refused = await refusal(client.call_tool("up_canary", {}))
    finally:
        await layer.unmount("up")
    assert (tools, resources, templates, prompts) == ([], [], [], [])
    # under strict the name is not repeated: a real value typed as a name would come back pseudonymized
    assert (refused["code"], refused["message"]) == (-32602, "Unknown tool")


async def test_invalid_arguments_are_refused_against_the_upstream_schema_before_it_is_called(state):
    layer = await mounted(stdio_command(state))
    try:
        async with serve(layer) as client:
            bad = await client.call_tool("up_echo", {"arn": 7, "account_id": "x"})
    finally:
        await layer.unmount("up")
    assert bad.is_error and bad.meta is not None and bad.meta["cloudg/error_code"] == -32602
    assert "up_echo" in bad.content[0].text  # type: ignore[union-attr]
    assert not (state / "echo.json").exists()


async def test_an_upstream_timeout_is_a_clean_error_and_cancels_the_upstream_call(state):
    layer = await mounted(stdio_command(state), timeout_seconds=1.0)
    try:
        async with serve(layer) as client:
            result = await client.call_tool("up_slow", {"seconds": 30})
            assert await wait_for_file(state / "cancelled")
            after = await client.call_tool("up_echo", {"arn": "a", "account_id": "b", "hostname": "c"})
    finally:
        await layer.unmount("up")
    assert result.is_error and result.meta is not None and result.meta["cloudg/error_code"] == "timeout"
    assert "Traceback" not in json.dumps(wire(result))
    assert not after.is_error  # the session survived the cancelled request


async def test_an_upstream_crash_is_a_clean_error_and_the_next_call_reconnects(state):
    layer = await mounted(stdio_command(state))
    try:
        async with serve(layer) as client:
            crashed = await client.call_tool("up_crash", {})
            after = await client.call_tool("up_echo", {"arn": "a", "account_id": "b", "hostname": "c"})
    finally:
        await layer.unmount("up")
    text = crashed.content[0].text  # type: ignore[union-attr]
    assert crashed.is_error and crashed.meta is not None
    assert crashed.meta["cloudg/error_code"] == "upstream_error"
    assert text == "Upstream up closed the connection" and "Traceback" not in json.dumps(wire(crashed))
    assert not after.is_error and json.loads((state / "echo.json").read_text())["arn"] == "a"


async def test_an_http_upstream_gets_the_bearer_token_and_headers_on_every_request(http_upstream,
                                                                                   state):
    layer = await mounted(http_upstream, token="mount-test-token", headers={"X-Team": "blue"})
    try:
        result = await layer.call_tool("up_credentials")
    finally:
        await layer.unmount("up")
    assert not result.is_error
    assert json.loads((state / "headers.json").read_text()) == {
        "authorization": "Bearer mount-test-token", "x-team": "blue"}


async def test_a_client_cancel_reaches_the_upstream(upstream, state):
    layer = await mounted(upstream)
    try:
        async with serve(layer) as client:
            call = asyncio.ensure_future(client.call_tool("up_slow", {"seconds": 30}))
            assert await wait_for_file(state / "started")
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call
            assert await wait_for_file(state / "cancelled")
    finally:
        await layer.unmount("up")


async def test_unmount_removes_every_primitive_and_a_second_mount_of_a_name_is_refused(state):
    layer = await mounted(stdio_command(state))
    with pytest.raises(ValueError, match="already mounted"):
        await layer.mount("up", stdio_command(state))
    assert {t["name"] for t in await layer.list_tools()} >= {"up_canary", "up_echo"}
    await layer.unmount("up")
    assert await layer.list_tools() == [] and await layer.list_resources() == []
    with pytest.raises(KeyError):
        await layer.unmount("up")
    async with serve(layer) as client:
        assert (await refusal(client.read_resource("up+memo://about")))["code"] == -32602


def test_a_bad_mount_name_or_upstream_is_a_precise_error(tmp_path: Path):
    layer = Layer(policy="strict", catalog=False)
    for name in ("", "has_underscore", "9lives", "x" * 40):
        with pytest.raises(ValueError, match="mount name"):
            asyncio.run(layer.mount(name, ["true"]))
    with pytest.raises(ValueError, match="program"):
        asyncio.run(layer.mount("up", []))
    with pytest.raises(ValueError, match="HTTP upstreams"):
        asyncio.run(layer.mount("up", ["true"], token="t"))
