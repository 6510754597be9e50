"""The HTTP endpoint as an OAuth resource server: JWT access tokens from a local issuer.

A real issuer on 127.0.0.1 (keys made by the test), a real endpoint, the real `mcp` client for
the accepted token and raw HTTP for the refusals, whose status and challenge are the point.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx2
import issuer as local
import pytest
import testlayer
from httpkit import INITIALIZE, base, bearer, in_session, new_token, open_session, post, rpc_body
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from cloudg_lab.adapters import HttpEndpoint
from cloudg_lab.adapters.oauth import OAuthSettings

CHALLENGE = re.compile(r'^Bearer realm="cloudg-lab"(, error="invalid_token")?, resource_metadata="[^"]+"$')
STATIC = new_token()
WHOAMI = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "whoami", "arguments": {}}}


@asynccontextmanager
async def serving(idp: local.Issuer, **options: Any) -> AsyncIterator[HttpEndpoint]:
    settings = OAuthSettings(issuer=idp.url, audience=local.AUDIENCE, leeway=5, **options)
    endpoint = HttpEndpoint(testlayer.build_layer(testlayer.ROLES_POLICY), port=0,
                            tokens=[f"{STATIC}:analyst:static-alice"], oauth=settings)
    await endpoint.start()
    try:
        yield endpoint
    finally:
        await endpoint.stop()


async def whoami(endpoint: HttpEndpoint, token: str) -> dict[str, Any]:
    assert endpoint.url is not None
    async with httpx2.AsyncClient(headers=bearer(token), timeout=20) as http, \
            Client(streamable_http_client(endpoint.url, http_client=http)) as client:
        result = await client.call_tool("whoami", {})
    assert not result.is_error and result.structured_content is not None, result.content
    return result.structured_content


@pytest.fixture
def idp():
    with local.running() as found:
        yield found


async def test_a_valid_token_makes_its_client_the_principal_and_its_scopes_the_roles(idp):
    async with serving(idp) as endpoint:
        me = await whoami(endpoint, idp.token(client_id="agent-7f3", scopes="analyst reader"))
        static = await whoami(endpoint, STATIC)
    assert (me["id"], me["roles"], me["transport"]) == ("agent-7f3", ["analyst", "default", "reader"], "http")
    assert (static["id"], static["roles"]) == ("static-alice", ["analyst", "default"])


def _none_token(idp: local.Issuer) -> str:
    header = {"alg": "none", "typ": "JWT", "kid": idp.current}
    claims = json.loads(base64.urlsafe_b64decode(idp.token().split(".")[1] + "=="))
    encode = lambda part: base64.urlsafe_b64encode(json.dumps(part).encode()).rstrip(b"=").decode()  # noqa: E731
    return f"{encode(header)}.{encode(claims)}."


BAD = {
    "expired": lambda idp: idp.token(expires_in=-120),
    "wrong audience": lambda idp: idp.token(audience="https://other.example/mcp"),
    "wrong issuer": lambda idp: idp.token(issuer=idp.url + "-evil"),
    "unknown key id": lambda idp: idp.token(kid="not-published"),
    "alg none": _none_token,
    "not a jwt": lambda idp: new_token(),
    "tampered": lambda idp: idp.token()[:-6] + "AAAAAA",
}


@pytest.mark.parametrize("case", sorted(BAD))
async def test_a_token_that_does_not_verify_gets_401_with_a_challenge(idp, case):
    token = BAD[case](idp)
    async with serving(idp) as endpoint:
        refused = await post(endpoint, INITIALIZE, **bearer(token))
        missing = await post(endpoint, INITIALIZE)
    assert refused.status_code == 401, (case, refused.text)
    assert CHALLENGE.match(refused.headers["www-authenticate"])
    assert 'error="invalid_token"' in refused.headers["www-authenticate"]
    assert missing.status_code == 401 and 'error=' not in missing.headers["www-authenticate"]
    assert token not in refused.text


async def test_a_rotated_key_is_picked_up_and_the_withdrawn_one_refused(idp):
    async with serving(idp, key_refresh_cooldown=0.3) as endpoint:
        before = idp.token(client_id="before-rotation")
        assert (await whoami(endpoint, before))["id"] == "before-rotation"
        fetched = idp.fetches
        old = idp.current
        idp.rotate(kind="ec")
        await asyncio.sleep(0.4)  # the cooldown since the last fetch of the key set
        after = idp.token(client_id="after-rotation")
        assert (await whoami(endpoint, after))["id"] == "after-rotation"
        assert idp.fetches > fetched  # the new key id made the verifier fetch the set again
        refused = await post(endpoint, INITIALIZE, **bearer(before))  # signed with the withdrawn key
    assert old not in json.dumps(idp.jwks())
    assert refused.status_code == 401


async def test_the_metadata_names_the_issuer_and_a_missing_scope_is_403(idp):
    async with serving(idp, required_scopes=("inventory.read",)) as endpoint, \
            httpx2.AsyncClient(timeout=10) as http:
        document = (await http.get(base(endpoint) + "/.well-known/oauth-protected-resource/mcp")).json()
        short = await post(endpoint, INITIALIZE, **bearer(idp.token(scopes="analyst")))
        enough = await post(endpoint, INITIALIZE, **bearer(idp.token(scopes="analyst inventory.read")))
    assert document["authorization_servers"] == [idp.url]
    assert short.status_code == 403 and 'error="insufficient_scope"' in short.headers["www-authenticate"]
    assert enough.status_code == 200


def test_bad_settings_are_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="--oauth-issuer must be an http"):
        OAuthSettings(issuer="login.example", audience="a")
    with pytest.raises(ValueError, match="--oauth-audience is required"):
        OAuthSettings(issuer="https://login.example", audience="")


async def test_a_session_opened_with_one_clients_token_is_closed_to_another_client(idp):
    mine, theirs = idp.token(client_id="owner-agent"), idp.token(client_id="other-agent")
    async with serving(idp) as endpoint:
        session = await open_session(endpoint, mine)
        foreign = await post(endpoint, WHOAMI, **in_session(session, theirs))
        own = await post(endpoint, WHOAMI, **in_session(session, idp.token(client_id="owner-agent")))
    assert foreign.status_code == 404
    assert own.status_code == 200 and rpc_body(own)["result"]["structuredContent"]["id"] == "owner-agent"
