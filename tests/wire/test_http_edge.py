"""The HTTP edge with auth on: RFC 9728 metadata, challenges that name it, CORS preflights."""

from __future__ import annotations

import random
import re

import httpx2
import pytest
from httpkit import INITIALIZE, base, bearer, new_token, post, serving

WELL_KNOWN = "/.well-known/oauth-protected-resource"
CHALLENGE = re.compile(r'^Bearer realm="cloudg-lab"(?:, error="invalid_token")?, '
                       r'resource_metadata="([^"]+)"$')


async def test_the_metadata_answers_without_a_token_at_both_rfc_9728_paths():
    async with serving([f"{new_token()}:analyst:alice"]) as endpoint, httpx2.AsyncClient(timeout=10) as http:
        root = await http.get(base(endpoint) + WELL_KNOWN)
        inserted = await http.get(base(endpoint) + WELL_KNOWN + "/mcp")
        url = endpoint.url
    assert root.status_code == inserted.status_code == 200
    assert root.json() == inserted.json() == {"resource": url, "bearer_methods_supported": ["header"],
                                              "resource_name": "cloudg-lab"}
    assert "authorization_servers" not in root.json()


async def test_a_known_authorization_server_and_a_public_url_are_published():
    public = f"https://inventory-{random.randrange(10**6)}.example/mcp"
    issuer = "https://login.example/realms/cloud"
    async with serving([new_token()], resource_url=public, authorization_servers=[issuer]) as endpoint, \
            httpx2.AsyncClient(timeout=10) as http:
        document = (await http.get(base(endpoint) + WELL_KNOWN)).json()
        challenge = (await post(endpoint, INITIALIZE)).headers["www-authenticate"]
    assert (document["resource"], document["authorization_servers"]) == (public, [issuer])
    assert challenge.endswith(f'resource_metadata="{public.removesuffix("/mcp")}{WELL_KNOWN}/mcp"')


@pytest.mark.parametrize("method", ["POST", "GET", "DELETE"])
@pytest.mark.parametrize("credential", ["none", "unknown"])
async def test_every_401_names_metadata_that_describes_this_endpoint(method, credential):
    headers = {} if credential == "none" else bearer(new_token())
    async with serving([new_token()]) as endpoint, httpx2.AsyncClient(timeout=10) as http:
        assert endpoint.url is not None
        refused = await http.request(method, endpoint.url, headers=headers, json=INITIALIZE)
        found = CHALLENGE.match(refused.headers.get("www-authenticate", ""))
        assert refused.status_code == 401 and found is not None, refused.headers
        document = (await http.get(found.group(1))).json()
        assert document["resource"] == endpoint.url


async def test_a_forged_host_header_cannot_reach_into_the_challenge():
    async with serving([new_token()]) as endpoint:
        refused = await post(endpoint, INITIALIZE, host='evil.example", error="x')
        port = endpoint.port
    found = CHALLENGE.match(refused.headers["www-authenticate"])
    assert found is not None and found.group(1).startswith(f"http://127.0.0.1:{port}/")


async def test_without_tokens_there_is_no_protected_resource_metadata():
    async with serving() as endpoint, httpx2.AsyncClient(timeout=10) as http:
        response = await http.get(base(endpoint) + WELL_KNOWN)
    assert response.status_code == 404


def preflight(origin: str) -> dict[str, str]:
    return {"origin": origin, "access-control-request-method": "POST",
            "access-control-request-headers": "authorization, content-type, mcp-session-id"}


async def test_a_preflight_from_an_allowed_origin_is_answered_and_others_are_refused():
    local = f"http://localhost:{random.randrange(1024, 65536)}"
    async with serving([new_token()], allowed_origins=["https://app.example"]) as endpoint, \
            httpx2.AsyncClient(timeout=10) as http:
        assert endpoint.url is not None
        answers = {origin: await http.options(endpoint.url, headers=preflight(origin))
                   for origin in (local, "https://app.example", "http://evil.example",
                                  "http://localhost.evil.example:80", "https://app.example.evil")}
    for origin in (local, "https://app.example"):
        allowed = answers[origin]
        assert allowed.status_code == 200 and allowed.headers["access-control-allow-origin"] == origin
        assert "POST" in allowed.headers["access-control-allow-methods"]
        assert "mcp-session-id" in allowed.headers["access-control-allow-headers"]
    for origin in ("http://evil.example", "http://localhost.evil.example:80", "https://app.example.evil"):
        assert answers[origin].status_code == 400
        assert "access-control-allow-origin" not in answers[origin].headers


async def test_answers_to_an_allowed_origin_expose_the_session_and_the_challenge():
    token, origin = new_token(), "http://127.0.0.1:8888"
    async with serving([f"{token}:analyst:alice"]) as endpoint:
        opened = await post(endpoint, INITIALIZE, origin=origin, **bearer(token))
        refused = await post(endpoint, INITIALIZE, origin=origin)
    for answer in (opened, refused):
        assert answer.headers["access-control-allow-origin"] == origin
        exposed = answer.headers["access-control-expose-headers"].lower()
        assert "mcp-session-id" in exposed and "www-authenticate" in exposed
    assert opened.status_code == 200 and opened.headers["mcp-session-id"]
    assert refused.status_code == 401
