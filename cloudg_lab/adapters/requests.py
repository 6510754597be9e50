"""From an SDK request context to the layer's `RequestInfo`, principal and `ToolContext`.

The SDK hands every handler a `ServerRequestContext`; what it knows depends on the transport and
the protocol era (client info lives in the initialize params in the handshake era and in each
request's `_meta` in the 2026-07-28 era). This module reads it once, in one place, so handlers
never touch the SDK context themselves.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from mcp import types
from mcp.server import ServerRequestContext
from mcp.server.auth.middleware.auth_context import get_access_token

from cloudg_lab.adapters import loglevels
from cloudg_lab.adapters.served import ServedLayer
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.layer.principal import resolve_principal
from cloudg_lab.logs import log_failure
from cloudg_lab.types import OAuthToken, Principal, PrincipalResolver, RequestInfo, Transport

PRINCIPAL_SCOPE_KEY = "cloudg.principal"
"""Where the bearer-token ASGI middleware leaves the principal in the HTTP scope."""

_log = logging.getLogger("cloudg_lab.adapters")


def request_info(ctx: ServerRequestContext[Any, Any], local_transport: Transport) -> RequestInfo:
    """What this request tells us about its caller; `clientInfo` is recorded, never trusted."""
    http = ctx.request
    if http is None:
        return RequestInfo(transport=local_transport, client_info=_client_info(ctx),
                           access_token=_oauth_token())
    headers = {k.lower(): v for k, v in http.headers.items()}
    scope_principal = http.scope.get(PRINCIPAL_SCOPE_KEY)
    return RequestInfo(transport="http", headers=headers, session_id=headers.get("mcp-session-id"),
                       client_info=_client_info(ctx), access_token=_oauth_token(),
                       principal=scope_principal if isinstance(scope_principal, Principal) else None)


def _client_info(ctx: ServerRequestContext[Any, Any]) -> Mapping[str, object] | None:
    if ctx.meta:
        found = ctx.meta.get(types.CLIENT_INFO_META_KEY)
        if isinstance(found, Mapping):
            return dict(found)
    params = ctx.session.client_params
    if params is not None and params.client_info is not None:
        return params.client_info.model_dump(mode="json", exclude_none=True)
    return None


def _oauth_token() -> OAuthToken | None:
    """An access token the host validated with the SDK's own auth, if it did."""
    token = get_access_token()
    if token is None:
        return None
    return OAuthToken(client_id=token.client_id, scopes=tuple(token.scopes), subject=token.subject)


class ContextFactory:
    """Builds the principal and the `ToolContext` for one request, wired to the client session."""

    def __init__(self, layer: ServedLayer, *, local_transport: Transport = "memory",
                 principal_resolver: PrincipalResolver | None = None) -> None:
        self.layer = layer
        self.local_transport: Transport = local_transport
        self._extra: Sequence[PrincipalResolver] = (principal_resolver,) if principal_resolver else ()

    def principal(self, info: RequestInfo) -> Principal:
        """A custom resolver first, then the layer's resolvers, then the default order."""
        return resolve_principal(info, (*self._extra, *self.layer.principal_resolvers))

    def context(self, ctx: ServerRequestContext[Any, Any]) -> ToolContext:
        info = request_info(ctx, self.local_transport)
        session = ctx.session

        async def progress(value: float, total: float | None, message: str | None) -> None:
            try:
                await session.report_progress(value, total, message)
            except Exception as exc:  # a client gone away must not fail the call
                log_failure(_log, "progress notification", exc, logging.DEBUG)

        async def log(level: str, data: object, logger_name: str) -> None:
            wire_level = loglevels.wire_level(level)
            if wire_level not in loglevels.deliverable(ctx):
                return
            note = types.LoggingMessageNotification(params=types.LoggingMessageNotificationParams(
                level=wire_level, data=data, logger=logger_name))
            try:
                await session.send_notification(note, related_request_id=ctx.request_id)
            except Exception as exc:
                log_failure(_log, "log notification", exc, logging.DEBUG)

        return ToolContext(principal=self.principal(info), request_id=ctx.request_id,
                           progress=progress, log=log, request=info)

    def listing_principal(self, ctx: ServerRequestContext[Any, Any]) -> Principal:
        return self.principal(request_info(ctx, self.local_transport))
