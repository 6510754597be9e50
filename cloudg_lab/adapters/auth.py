"""The ASGI guard in front of the streamable-HTTP app: bearer tokens, resource metadata, health.

A request with a known token continues with its principal in the ASGI scope
(`scope["cloudg.principal"]`), where the handlers' `RequestInfo` picks it up, and as the SDK's
`AuthenticatedUser` (`scope["user"]`): the SDK's session manager records that identity when a
session opens and answers 404 to any other credential carrying that `Mcp-Session-Id`, so a session
belongs to the principal that created it. A missing or unknown token gets 401 with
`WWW-Authenticate` (naming the RFC 9728 metadata) before the SDK sees a byte. `/healthz` and the
metadata (`resource_metadata`) answer without a token; the probe says nothing but that the server
is up. With no tokens configured every request passes and callers are anonymous (the endpoint
refuses that setup off loopback). With OAuth on, a token that is not a static one is a JWT access
token for the verifier (`adapters.oauth`); the SDK's auth context then carries it to the default
resolver, and a token without the required scopes gets 403 `insufficient_scope`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken, TokenVerifier
from starlette.authentication import AuthCredentials
from starlette.types import ASGIApp, Receive, Scope, Send

from cloudg_lab.adapters.requests import PRINCIPAL_SCOPE_KEY
from cloudg_lab.adapters.resource_metadata import ResourceMetadata
from cloudg_lab.adapters.tokens import TokenTable
from cloudg_lab.types import Principal

HEALTH_PATH = "/healthz"
REALM = "cloudg-lab"
_CACHE = (b"cache-control", b"public, max-age=3600")


class BearerAuth:
    """ASGI middleware: `/healthz`, the metadata, then the token check, then the wrapped app."""

    def __init__(self, app: ASGIApp, tokens: TokenTable, metadata: ResourceMetadata, *,
                 health: Mapping[str, object] | None = None, verifier: TokenVerifier | None = None,
                 required_scopes: Sequence[str] = ()) -> None:
        """`verifier` (OAuth) is asked about any token that is not a static one; `app` must then
        be wrapped in the SDK's `AuthContextMiddleware`, which hands its access token to handlers."""
        self.app = app
        self.tokens = tokens
        self.metadata = metadata
        self.health = health or {"status": "ok"}
        self.verifier = verifier
        self.required_scopes = frozenset(required_scopes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("path") == HEALTH_PATH:
            await _respond(send, 200, self.health)
            return
        if self.tokens or self.verifier is not None:
            if self.metadata.serves(scope.get("path", "")) and scope.get("method") in ("GET", "HEAD"):
                await _respond(send, 200, self.metadata.document(scope), [_CACHE])
                return
            token = _bearer(scope)
            principal = self.tokens.principal_for(token)
            if principal is not None:
                scope[PRINCIPAL_SCOPE_KEY] = principal
                scope["user"], scope["auth"] = _sdk_user(principal), AuthCredentials(sorted(principal.roles))
            else:
                access = await self.verifier.verify_token(token) \
                    if self.verifier is not None and token else None
                if access is None:
                    where = self.metadata.metadata_url(scope)
                    await _unauthorized(send, missing=token is None, metadata_url=where)
                    return
                if not self.required_scopes <= set(access.scopes):
                    await _forbidden(send, sorted(self.required_scopes), self.metadata.metadata_url(scope))
                    return
                scope["user"], scope["auth"] = AuthenticatedUser(access), AuthCredentials(access.scopes)
        await self.app(scope, receive, send)


def _sdk_user(principal: Principal) -> AuthenticatedUser:
    """The principal as the SDK's authenticated user, whose identity its session-owner check compares.

    The identity is the principal id (client id and subject alike), never the token: two tokens
    issued to one principal share its sessions, and the secret stays out of the session table.
    """
    access = AccessToken(token="", client_id=principal.id, subject=principal.id,
                         scopes=sorted(principal.roles))
    return AuthenticatedUser(access)


def _bearer(scope: Scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            return token.strip() or None if scheme.lower() == "bearer" else None
    return None


async def _unauthorized(send: Send, *, missing: bool, metadata_url: str) -> None:
    error = "" if missing else ', error="invalid_token"'
    challenge = f'Bearer realm="{REALM}"{error}, resource_metadata="{metadata_url}"'
    body = {"error": "unauthorized" if missing else "invalid_token",
            "message": "A bearer token is required" if missing else "The bearer token is not valid"}
    await _respond(send, 401, body, [(b"www-authenticate", challenge.encode("ascii"))])


async def _forbidden(send: Send, scopes: list[str], metadata_url: str) -> None:
    challenge = (f'Bearer realm="{REALM}", error="insufficient_scope", scope="{" ".join(scopes)}", '
                 f'resource_metadata="{metadata_url}"')
    body = {"error": "insufficient_scope", "message": "The token lacks a required scope"}
    await _respond(send, 403, body, [(b"www-authenticate", challenge.encode("ascii"))])


async def _respond(send: Send, status: int, body: Mapping[str, object],
                   headers: list[tuple[bytes, bytes]] | None = None) -> None:
    payload = json.dumps(body).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(payload)).encode("ascii")),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": payload})
