"""The HTTP endpoint's guards: tokens to principals, Host/Origin, body cap, health, loopback rule."""

from __future__ import annotations

import socket
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest
import testlayer
from httpkit import INITIALIZE, bearer, post
from httpkit import serving as serving_tokens
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from cloudg_lab.adapters import HttpEndpoint, TokenTable

ANALYST = "analyst-token-0001"
VIEWER = "viewer-token-0002"
TOKENS = [f"{ANALYST}:analyst:alice", VIEWER]


def serving(**options: Any) -> AbstractAsyncContextManager[HttpEndpoint]:
    return serving_tokens(TOKENS, **options)


async def test_no_token_and_a_wrong_token_get_401_with_a_challenge():
    async with serving() as endpoint:
        missing = await post(endpoint, INITIALIZE)
        wrong = await post(endpoint, INITIALIZE, **bearer("not-a-known-token"))
        right = await post(endpoint, INITIALIZE, **bearer(ANALYST))
        port = endpoint.port
    assert missing.status_code == wrong.status_code == 401
    metadata = f'resource_metadata="http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp"'
    assert missing.headers["www-authenticate"] == f'Bearer realm="cloudg-lab", {metadata}'
    invalid = 'error="invalid_token"'
    assert wrong.headers["www-authenticate"] == f'Bearer realm="cloudg-lab", {invalid}, {metadata}'
    assert right.status_code == 200


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_each_token_sees_what_the_policy_gives_its_roles_and_nothing_else(mode):
    async with serving() as endpoint:
        assert endpoint.url is not None
        seen = {}
        for token in (ANALYST, VIEWER):
            http = httpx2.AsyncClient(headers=bearer(token), timeout=httpx2.Timeout(30, read=60))
            async with http, Client(streamable_http_client(endpoint.url, http_client=http), mode=mode) as c:
                tools = sorted(t.name for t in (await c.list_tools()).tools)
                me = (await c.call_tool("whoami", {})).structured_content
                hidden = await c.call_tool("add", {"a": 1, "b": 1}) if token == ANALYST else None
                seen[token] = (tools, me, hidden)
    tools, me, added = seen[ANALYST]
    assert tools == ["add", "whoami"]
    assert me == {"id": "alice", "roles": ["analyst", "default"], "transport": "http", "client": "mcp"}
    assert added is not None and added.structured_content == {"sum": 2}
    tools, me, _ = seen[VIEWER]
    assert tools == ["whoami"]
    assert me["id"].startswith("token-") and me["roles"] == ["default"]


async def test_a_foreign_origin_gets_403_and_a_local_one_passes():
    async with serving() as endpoint:
        foreign = await post(endpoint, INITIALIZE, origin="http://evil.example", **bearer(ANALYST))
        local = await post(endpoint, INITIALIZE, origin="http://localhost:8888", **bearer(ANALYST))
    assert foreign.status_code == 403
    assert local.status_code == 200


async def test_a_foreign_host_header_gets_421():
    async with serving() as endpoint:
        response = await post(endpoint, INITIALIZE, host="rebound.example:80", **bearer(ANALYST))
    assert response.status_code == 421


async def test_a_body_over_the_cap_gets_413():
    async with serving(max_body_bytes=2048) as endpoint:
        padded = {**INITIALIZE, "params": {**INITIALIZE["params"], "padding": "x" * 4096}}
        response = await post(endpoint, padded, **bearer(ANALYST))
        fits = await post(endpoint, INITIALIZE, **bearer(ANALYST))
    assert response.status_code == 413
    assert fits.status_code == 200


async def test_healthz_answers_without_a_token():
    async with serving() as endpoint, httpx2.AsyncClient(timeout=10) as http:
        response = await http.get(f"http://127.0.0.1:{endpoint.port}/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_a_public_host_without_tokens_is_refused_before_listening():
    layer = testlayer.build_layer()
    with pytest.raises(ValueError, match=r"Refusing to serve on 0\.0\.0\.0 without bearer tokens"):
        HttpEndpoint(layer, host="0.0.0.0", port=0)
    assert HttpEndpoint(layer, host="0.0.0.0", port=0, tokens=TOKENS).tokens


async def test_the_endpoint_restarts_in_one_process_and_frees_its_port():
    endpoint = HttpEndpoint(testlayer.build_layer(), port=0)
    for _ in range(2):
        await endpoint.start()
        port, url = endpoint.port, endpoint.url
        assert port is not None and url is not None
        async with Client(url) as client:
            assert (await client.call_tool("add", {"a": 1, "b": 2})).structured_content == {"sum": 3}
        await endpoint.stop()
        assert not endpoint.running and endpoint.url is None
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", port))


async def test_a_busy_port_is_a_clear_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        endpoint = HttpEndpoint(testlayer.build_layer(), port=taken.getsockname()[1])
        with pytest.raises(OSError, match=r"Cannot listen on 127\.0\.0\.1:"):
            await endpoint.start()
    assert not endpoint.running


def test_token_specs_parse_from_the_right_and_reject_weak_tokens():
    table = TokenTable.from_text("tok:en-with-colon:reader+writer:bob;  plain-token-1\nrole-token-2:ops")
    assert table.principal_for("tok:en-with-colon").id == "bob"
    assert table.principal_for("tok:en-with-colon").roles == {"default", "reader", "writer"}
    assert table.principal_for("role-token-2").roles == {"default", "ops"}
    assert table.principal_for("plain-token-1").id.startswith("token-")
    assert table.principal_for("plain-token-") is None
    commas = TokenTable.from_text("s3cret-token-1:analyst,teamlead:alice")
    assert len(commas) == 1 and commas.principal_for("teamlead") is None
    assert commas.principal_for("s3cret-token-1").roles == {"default", "analyst", "teamlead"}
    assert "plain-token-1" not in repr(table.__dict__)
    with pytest.raises(ValueError, match="at least 8 characters"):
        TokenTable(["short"])
    with pytest.raises(ValueError, match=r"\$X: token #2 repeats an earlier token"):
        TokenTable.from_env("X", {"X": "same-token-1 same-token-1"})
