"""The layer in front of a fastmcp app, mounted in-process, seen through a real client over HTTP."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import fastmcp_app
import pytest
from canaries import leaks
from mountkit import serve, wait_for_file

from cloudg_lab import Layer
from cloudg_lab.adapters.fastmcp import opener


def wire(result: Any) -> Any:
    return result.model_dump(by_alias=True, mode="json")


async def test_under_strict_a_fastmcp_app_leaks_nothing_and_gets_real_values_back(canary, state):
    layer = Layer(policy="strict", catalog=False)
    mounted = await layer.mount("app", fastmcp_app.build(canary, state))
    assert mounted.transport == "fastmcp app"
    try:
        async with serve(layer) as client:
            seen = [wire(await client.list_tools())]
            result = await client.call_tool("app_inventory", {})
            seen.append(wire(result))
            shown = result.structured_content
            assert shown is not None
            answer = await client.call_tool("app_lookup", {"arn": shown["arn"],
                                                           "account_id": shown["account_id"]})
            seen.append(wire(answer))
            seen.append(wire(await client.read_resource(f"app+vault://accounts/{shown['account_id']}")))
    finally:
        await layer.unmount("app")
    assert [leaks(s, canary) for s in seen] == [[]] * len(seen)
    got = json.loads((state / "fastmcp-echo.json").read_text())
    assert got == {"arn": canary["arn"], "account_id": canary["account_id"]}
    assert not answer.is_error and shown["arn"] != canary["arn"]


async def test_a_timeout_cancels_the_fastmcp_tool(canary, state):
    layer = Layer(policy="strict", catalog=False)
    await layer.mount("app", fastmcp_app.build(canary, state), timeout_seconds=0.5)
    try:
        result = await layer.call_tool("app_wait", {"seconds": 30})
        assert await wait_for_file(state / "cancelled")
    finally:
        await layer.unmount("app")
    assert result.is_error and result.error_code == "timeout"


def test_only_a_fastmcp_app_is_accepted(tmp_path: Path):
    with pytest.raises(TypeError, match="FastMCP"):
        opener(object())
