"""Raw HTTP against a real `HttpEndpoint` on 127.0.0.1: the requests a browser or a script sends.

The SDK client hides the edge (status codes, headers, session ids); these helpers show it. Tokens
are generated per test, so nothing depends on the sample tokens a reader might copy.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx2
import testlayer
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from cloudg_lab import Layer
from cloudg_lab.adapters import HttpEndpoint

LEGACY = "2025-11-25"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": LEGACY, "capabilities": {},
                         "clientInfo": {"name": "raw", "version": "0"}}}
HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def new_token() -> str:
    return secrets.token_urlsafe(18)


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@asynccontextmanager
async def serving(tokens: Sequence[str] = (), policy: Any = None,
                  **options: Any) -> AsyncIterator[HttpEndpoint]:
    endpoint = HttpEndpoint(testlayer.build_layer(policy or testlayer.ROLES_POLICY), port=0,
                            tokens=list(tokens), **options)
    await endpoint.start()
    try:
        yield endpoint
    finally:
        await endpoint.stop()


def base(endpoint: HttpEndpoint) -> str:
    return f"http://127.0.0.1:{endpoint.port}"


async def post(endpoint: HttpEndpoint, body: Any, **headers: str) -> httpx2.Response:
    assert endpoint.url is not None
    async with httpx2.AsyncClient(timeout=10) as http:
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        return await http.post(endpoint.url, content=content, headers={**HEADERS, **headers})


def messages(response: httpx2.Response) -> list[dict[str, Any]]:
    """The JSON-RPC messages of a POST answer, whether sent as JSON or as SSE events."""
    if response.headers.get("content-type", "").startswith("application/json"):
        return [dict(response.json())]
    data = [line[5:].strip() for line in response.text.splitlines() if line.startswith("data:")]
    return [dict(json.loads(d)) for d in data if d]


def rpc_body(response: httpx2.Response) -> dict[str, Any]:
    """The answer itself: the last message (notifications for the request come before it)."""
    return messages(response)[-1]


async def open_session(endpoint: HttpEndpoint, token: str) -> str:
    """Initialize a handshake-era session as `token` and return its `Mcp-Session-Id`."""
    opened = await post(endpoint, INITIALIZE, **bearer(token))
    assert opened.status_code == 200, opened.text
    session = opened.headers["mcp-session-id"]
    done = await post(endpoint, {"jsonrpc": "2.0", "method": "notifications/initialized"},
                      **in_session(session, token))
    assert done.status_code == 202
    return session


def in_session(session: str, token: str) -> dict[str, str]:
    return {"mcp-session-id": session, "mcp-protocol-version": LEGACY, **bearer(token)}


@asynccontextmanager
async def clients_as(layer: Layer, tokens: Mapping[str, str], mode: str) -> AsyncIterator[dict[str, Client]]:
    """`layer` served on 127.0.0.1 with one connected `mcp.Client` per principal: `tokens` maps a
    name to its `TOKEN:ROLES:ID` spec, and each client sends its own bearer token."""
    endpoint = HttpEndpoint(layer, port=0, tokens=list(tokens.values()))
    await endpoint.start()
    try:
        assert endpoint.url is not None
        async with AsyncExitStack() as stack:
            opened: dict[str, Client] = {}
            for who, spec in tokens.items():
                http = await stack.enter_async_context(httpx2.AsyncClient(
                    headers=bearer(spec.partition(":")[0]), timeout=httpx2.Timeout(30, read=60)))
                opened[who] = await stack.enter_async_context(
                    Client(streamable_http_client(endpoint.url, http_client=http), mode=mode))
            yield opened
    finally:
        await endpoint.stop()
