"""Mounted calls land in the policy's audit trail like the layer's own: decisions, hashes only."""

from __future__ import annotations

import pytest
from canaries import leaks
from mcp.server.mcpserver import MCPServer

from cloudg_lab import Layer
from cloudg_lab.errors import NotFoundError


def app(account_id: str, received: list[str]) -> MCPServer:
    server = MCPServer("audit-upstream")

    @server.tool()
    def whoami() -> dict[str, str]:
        return {"account_id": account_id}

    @server.tool()
    def wipe() -> str:
        received.append("wipe")
        return "wiped"

    @server.tool()
    def describe(account_id: str) -> str:
        received.append(account_id)
        return f"account {account_id}"

    return server


async def test_allowed_rejected_and_hidden_mounted_calls_are_audited_without_values(canary):
    received: list[str] = []
    layer = Layer(policy={"extends": "strict", "audit": True, "deny_tools": ["up_wipe"]},
                  catalog=False)
    await layer.mount("up", app(canary["account_id"], received))
    try:
        refused = await layer.call_tool("up_describe", {"account_id": canary["account_id"]})
        shown = (await layer.call_tool("up_whoami")).structured
        assert shown is not None
        ok = await layer.call_tool("up_describe", {"account_id": shown["account_id"]})
        hidden = await layer.list_tools()
        with pytest.raises(NotFoundError):
            await layer.call_tool("up_wipe")
    finally:
        await layer.unmount("up")
    entries = sorted((e.to_dict() for e in layer.audit_log.entries()), key=lambda e: e["seq"])
    mounted = [e for e in entries if e["name"] == "up_describe"]
    assert [e["decision"] for e in mounted] == ["rejected", "allowed"]
    assert refused.is_error and not ok.is_error and received == [canary["account_id"]]
    assert mounted[1]["duration_ms"] is not None
    assert [e["decision"] for e in entries if e["name"] == "up_wipe"] == ["not_found"]
    assert "up_wipe" not in {t["name"] for t in hidden} and "wipe" not in received
    assert leaks(entries, canary) == []
