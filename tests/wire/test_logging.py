"""Log notifications are declared and honour the level each session asked for (guarantee 6)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import testlayer
from httpkit import INITIALIZE, LEGACY, messages, post, rpc_body, serving
from mcp import Client, types

from cloudg_lab.adapters import HttpEndpoint

Heard = list[str]


def listener() -> tuple[Heard, Callable[[types.LoggingMessageNotificationParams], Awaitable[None]]]:
    heard: Heard = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        heard.append(params.level)

    return heard, on_log


def from_level(level: str) -> list[str]:
    return list(testlayer.LOG_LEVELS[testlayer.LOG_LEVELS.index(level):])


async def test_logging_is_declared_wherever_log_notifications_are_sent(wire):
    heard, on_log = listener()
    opt_in: dict[str, Any] = {} if wire.era == "legacy" else {"log_level": "debug"}
    async with wire.connect(logging_callback=on_log, **opt_in) as client:
        declared = client.server_capabilities
        await client.call_tool("chatter", {})
    assert heard, "the tool logs, so something must arrive"
    assert declared is not None and declared.logging is not None


async def test_without_a_requested_level_a_session_gets_info_and_above_or_nothing(wire):
    heard, on_log = listener()
    async with wire.connect(logging_callback=on_log) as client:
        await client.call_tool("chatter", {})
    expected = from_level("info") if wire.era == "legacy" else []
    assert heard == expected


async def test_nothing_below_the_requested_level_is_sent(wire):
    heard, on_log = listener()
    opt_in: dict[str, Any] = {} if wire.era == "legacy" else {"log_level": "error"}
    async with wire.connect(logging_callback=on_log, **opt_in) as client:
        if wire.era == "legacy":
            await client.set_logging_level("error")
        await client.call_tool("chatter", {})
        await client.call_tool("add", {"a": 1, "b": 1})  # logs at info: below the level
    assert heard == from_level("error")


async def test_each_http_session_keeps_its_own_level():
    endpoint = HttpEndpoint(testlayer.build_layer(), port=0)
    await endpoint.start()
    try:
        assert endpoint.url is not None
        quiet, on_quiet = listener()
        chatty, on_chatty = listener()
        async with Client(endpoint.url, mode="legacy", logging_callback=on_quiet) as first, \
                Client(endpoint.url, mode="legacy", logging_callback=on_chatty) as second:
            await first.set_logging_level("critical")
            await second.set_logging_level("debug")
            await first.call_tool("chatter", {})
            await second.call_tool("chatter", {})
            await first.set_logging_level("warning")
            await first.call_tool("chatter", {})
    finally:
        await endpoint.stop()
    assert quiet == from_level("critical") + from_level("warning")
    assert chatty == list(testlayer.LOG_LEVELS)


async def test_an_unknown_level_is_invalid_params_and_changes_nothing():
    async with serving(policy=testlayer.WIRE_POLICY) as endpoint:
        opened = await post(endpoint, INITIALIZE)
        session = {"mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": LEGACY}
        await post(endpoint, {"jsonrpc": "2.0", "method": "notifications/initialized"}, **session)
        await post(endpoint, _set_level("critical"), **session)
        bad = await post(endpoint, _set_level("shouting"), **session)
        called = await post(endpoint, {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                                       "params": {"name": "chatter", "arguments": {}}}, **session)
    assert rpc_body(bad)["error"]["code"] == -32602
    heard = [m["params"]["level"] for m in messages(called) if m.get("method") == "notifications/message"]
    assert heard == from_level("critical")


def _set_level(level: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 2, "method": "logging/setLevel", "params": {"level": level}}
