"""A streamable-HTTP session belongs to the principal whose token opened it (guarantee 3)."""

from __future__ import annotations

import httpx2
from httpkit import INITIALIZE, LEGACY, bearer, in_session, new_token, open_session, post, rpc_body, serving
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

LIST_TOOLS = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
WHOAMI = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "whoami", "arguments": {}}}


async def test_another_principals_token_gets_404_on_post_get_and_delete_and_the_owner_carries_on():
    owner, intruder = new_token(), new_token()
    async with serving([f"{owner}:analyst:owner-{owner[:4]}", f"{intruder}:analyst:other"]) as endpoint:
        session = await open_session(endpoint, owner)
        foreign = in_session(session, intruder)
        async with httpx2.AsyncClient(timeout=10) as http:
            posted = await post(endpoint, WHOAMI, **foreign)
            streamed = await http.get(endpoint.url or "", headers={"accept": "text/event-stream", **foreign})
            deleted = await http.delete(endpoint.url or "", headers=foreign)
            mine = await post(endpoint, WHOAMI, **in_session(session, owner))
            ended = await http.delete(endpoint.url or "", headers=in_session(session, owner))
            gone = await post(endpoint, LIST_TOOLS, **in_session(session, owner))
    assert (posted.status_code, streamed.status_code, deleted.status_code) == (404, 404, 404)
    assert rpc_body(posted)["error"]["message"] == "Session not found"
    assert rpc_body(mine)["result"]["structuredContent"]["id"] == f"owner-{owner[:4]}"
    assert (ended.status_code, gone.status_code) == (200, 404)


async def test_the_owners_open_stream_survives_a_foreign_attempt_to_use_its_session():
    owner, intruder = new_token(), new_token()
    async with serving([f"{owner}:analyst:alice", f"{intruder}::mallory"]) as endpoint:
        assert endpoint.url is not None
        session = await open_session(endpoint, owner)
        listen = {"accept": "text/event-stream", **in_session(session, owner)}
        async with httpx2.AsyncClient(timeout=10) as http, \
                http.stream("GET", endpoint.url, headers=listen) as stream:
            refused = await post(endpoint, LIST_TOOLS, **in_session(session, intruder))
            listed = await post(endpoint, LIST_TOOLS, **in_session(session, owner))
            assert stream.status_code == 200
    assert refused.status_code == 404
    assert sorted(t["name"] for t in rpc_body(listed)["result"]["tools"]) == ["add", "whoami"]


async def test_a_real_client_keeps_its_session_while_a_foreign_token_is_refused():
    owner, intruder = new_token(), new_token()
    sessions: list[str] = []

    async def remember(response: httpx2.Response) -> None:
        sessions.extend(v for k, v in response.headers.items() if k == "mcp-session-id")

    async with serving([f"{owner}:analyst:alice", f"{intruder}:analyst:bob"]) as endpoint:
        assert endpoint.url is not None
        http = httpx2.AsyncClient(headers=bearer(owner), timeout=httpx2.Timeout(30, read=60),
                                  event_hooks={"response": [remember]})
        transport = streamable_http_client(endpoint.url, http_client=http)
        async with http, Client(transport, mode="legacy") as client:
            refused = await post(endpoint, WHOAMI, **in_session(sessions[0], intruder))
            me = (await client.call_tool("whoami", {})).structured_content
    assert refused.status_code == 404
    assert me is not None and me["id"] == "alice"


async def test_without_tokens_a_session_stays_open_to_anonymous_callers():
    async with serving() as endpoint:
        opened = await post(endpoint, INITIALIZE)
        again = await post(endpoint, LIST_TOOLS, **{"mcp-session-id": opened.headers["mcp-session-id"],
                                                    "mcp-protocol-version": LEGACY})
    assert again.status_code == 200
    assert "tools" in rpc_body(again)["result"]
