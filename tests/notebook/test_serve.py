"""`%mcp serve` on the kernel's loop, answering a real `mcp` client from this (other) process.

Every client call here happens while the kernel is idle between cells: the endpoint runs as a
task on the kernel's own loop. The last test unloads the extension and checks that no task and
no listening port remain.
"""

from __future__ import annotations

import socket

import httpx2
import issuer as local_issuer
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

pytestmark = pytest.mark.kernel

ME_TOOL = '''
from cloudg_lab import ToolContext
from cloudg_lab.notebook import tool

@tool(category="demo")
async def me(ctx: ToolContext) -> dict:
    """Who the layer thinks is calling."""
    return {"id": ctx.principal.id, "roles": sorted(ctx.principal.roles)}
'''

NO_SERVER_LEFT = '''
import asyncio, socket

def port_open(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0

for _ in range(200):
    busy = [t for t in asyncio.all_tasks() if t.get_name().startswith("cloudg-lab-http")]
    if not busy and not port_open(port):
        break
    await asyncio.sleep(0.05)
left = (len(busy), port_open(port))
'''


async def call_server(url: str, token: str) -> tuple[list[str], dict, dict]:
    http = httpx2.AsyncClient(headers={"authorization": f"Bearer {token}"},
                              timeout=httpx2.Timeout(30, read=60))
    async with http, Client(streamable_http_client(url, http_client=http)) as client:
        tools = sorted(t.name for t in (await client.list_tools()).tools)
        added = (await client.call_tool("add", {"a": 20, "b": 22})).structured_content
        me = (await client.call_tool("me", {})).structured_content
    return tools, added, me


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/", 1)[0])


def refused(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


async def test_serve_answers_a_real_client_while_the_kernel_is_idle(kernel):
    kernel.ok(ME_TOOL)
    kernel.ok("srv = %mcp serve --port 0")
    try:
        url, token = kernel.value("srv.url, srv.token")
        counters = "cloudg_lab.notebook.session.current().audit_log().counters['allowed']"
        before = kernel.value(counters)
        tools, added, me = await call_server(url, token)
        assert {"add", "me", "find_assets"} <= set(tools)
        assert added["sum"] == 42
        assert me == {"id": "local", "roles": ["default", "local"]}
        assert kernel.value(counters) == before + 2  # the two calls, checked by the session's policy
        async with httpx2.AsyncClient(timeout=10) as http:
            anonymous = await http.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
        assert anonymous.status_code == 401
        status = kernel.ok("%mcp status").result["text/plain"]
        assert url in status and "true" in status  # a running server, as the table reads it (no Python reprs)
        assert "Already serving" in kernel.run("%mcp serve --port 0").stderr
    finally:
        stopped = kernel.ok("%mcp stop").result["text/plain"]
    assert url in stopped and refused(port_of(url))
    assert "Nothing is being served" in kernel.run("%mcp stop").stderr


async def test_serve_shows_a_hint_and_a_config_but_never_the_token(kernel):
    cell = kernel.ok("%mcp serve --port 0 --policy strict")
    try:
        text = cell.result["text/plain"]
        token = kernel.value("cloudg_lab.notebook.session.current().servers['http'].token")
        assert "policy strict" in text and "bearer token:" in text and '"mcpServers"' in text
        assert token not in text and token not in cell.result["text/html"]
    finally:
        kernel.ok("%mcp stop")


async def test_tokens_from_an_environment_variable_map_to_their_principals(kernel):
    kernel.ok("import os\nos.environ['NB_TOKENS'] = 'notebook-token-01:analyst+lead:bob'")
    kernel.ok("srv = %mcp serve --port 0 --token-env NB_TOKENS")
    try:
        url, token = kernel.value("srv.url, srv.token")
        assert token is None
        _, _, me = await call_server(url, "notebook-token-01")
        assert me == {"id": "bob", "roles": ["analyst", "default", "lead"]}
    finally:
        kernel.ok("%mcp stop")
    assert "holds no tokens" in kernel.run("%mcp serve --port 0 --token-env NB_EMPTY_TOKENS").stderr


async def test_serve_with_oauth_maps_a_jwt_client_to_its_principal(kernel):
    with local_issuer.running() as idp:
        kernel.ok(f"srv = %mcp serve --port 0 --oauth-issuer {idp.url} "
                  f"--oauth-audience {local_issuer.AUDIENCE}")
        try:
            url = kernel.value("srv.url")
            _, added, me = await call_server(url, idp.token(client_id="nb-agent", scopes="analyst"))
            assert added["sum"] == 42 and me == {"id": "nb-agent", "roles": ["analyst", "default"]}
            async with httpx2.AsyncClient(timeout=10) as http:
                expired = await http.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                                          headers={"authorization": f"Bearer {idp.token(expires_in=-600)}"})
            assert expired.status_code == 401 and "invalid_token" in expired.headers["www-authenticate"]
        finally:
            kernel.ok("%mcp stop")
    missing = kernel.run("%mcp serve --port 0 --oauth-issuer https://login.example")
    assert not missing.ok and "--oauth-audience is required" in missing.stderr


def test_unload_leaves_no_task_or_port_and_a_reload_starts_clean(kernel):
    kernel.ok("srv = %mcp serve --port 0\nport = int(srv.url.rsplit(':', 1)[1].split('/')[0])")
    port = kernel.value("port")
    kernel.ok("%unload_ext cloudg_lab")
    kernel.ok(NO_SERVER_LEFT)
    assert kernel.value("left") == (0, False)
    assert refused(port)
    gone = kernel.run("%mcp tools")
    assert "UsageError" in gone.stderr and "not found" in gone.stderr
    assert kernel.value("'__cloudg_mcp__' in globals()") is False
    again = kernel.ok("%load_ext cloudg_lab")
    assert again.stdout.count("\n") == 1 and "cloudg_lab" in again.stdout
    assert kernel.ok("%mcp tools").payload["kind"] == "listing"
