"""An AuditLog shown in a kernel follows calls from an external `mcp` client of `%mcp serve`.

The client runs in this (pytest) process while the kernel is idle between cells; the widget's
update has to reach the front end as comm messages sent by the kernel on its own, without any
cell running, which is what this test reads off the iopub channel.
"""

from __future__ import annotations

import json
import queue
import time

import httpx2
import pytest
from mcp import Client, MCPError
from mcp.client.streamable_http import streamable_http_client

pytestmark = pytest.mark.kernel

UPDATE_TIMEOUT = 30.0


async def external_call(url: str, token: str, tool: str, arguments: dict) -> str:
    """Call `tool` as an external client; the structured result or the protocol error code."""
    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {token}"},
                              timeout=httpx2.Timeout(30, read=60))
    async with http, Client(streamable_http_client(url, http_client=http)) as client:
        try:
            return json.dumps((await client.call_tool(tool, arguments)).structured_content)
        except MCPError as exc:
            return str(exc.error.code)


def widget_updates(kernel, needle: str) -> list[str]:
    """Comm `update` messages whose state mentions `needle`, read until one arrives (bounded)."""
    deadline = time.monotonic() + UPDATE_TIMEOUT
    found: list[str] = []
    while not found and time.monotonic() < deadline:
        try:
            msg = kernel.client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        data = msg["content"].get("data") or {}
        if msg["msg_type"] == "comm_msg" and data.get("method") == "update":
            state = json.dumps(data.get("state"))
            if needle in state:
                found.append(state)
    return found


async def test_the_audit_log_updates_live_from_an_external_client(kernel):
    kernel.ok("srv = %mcp serve --port 0")
    try:
        url, token = kernel.value("srv.url, srv.token")
        kernel.ok("live = %mcp audit\nlive\nbefore = live.renders")
        allowed = kernel.value("live.log.counters['allowed']")
        assert json.loads(await external_call(url, token, "add", {"a": 40, "b": 2}))["sum"] == 42
        # standard keeps no allowed entries, yet the counter moves on screen at once
        assert widget_updates(kernel, f"allowed {allowed + 1}</span>")
        assert kernel.value("live.renders - before") == 0
        assert await external_call(url, token, "reveal_token", {"token": "res-0000000000"}) == "-32602"
        updates = widget_updates(kernel, "reveal_token")
        assert updates and "cloudg-w-dec-not_found" in updates[0]
        assert kernel.value("live.renders - before") == 1
        first = kernel.value("live.rows[0]")
        assert (first["name"], first["decision"], first["principal"]) == \
            ("reveal_token", "not_found", "local")
    finally:
        kernel.ok("%mcp stop")
