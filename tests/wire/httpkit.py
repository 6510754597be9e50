"""Raw HTTP against a real `HttpEndpoint` on 127.0.0.1: the requests a browser or a script sends.

The SDK client hides the edge (status codes, headers, session ids); these helpers show it. Tokens
are generated per test, so nothing depends on the sample tokens a reader might copy.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import httpx2
import testlayer

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
