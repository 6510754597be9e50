"""Which log notifications a request may send: the level its session asked for, never less.

The layer sends `notifications/message` (a handler's `ctx.log`), so the server declares the
`logging` capability by serving `logging/setLevel`. In the handshake era that request sets the
level for its connection; until a client sends one, `info` and above go out (debug chatter only on
request). In the 2026-07-28 era there is no `logging/setLevel`: each request opts in through its
`_meta`, and the SDK's `allowed_log_levels` reads that opt-in.
"""

from __future__ import annotations

from typing import Any, get_args

from mcp import types
from mcp.server import ServerRequestContext
from mcp.server.connection import allowed_log_levels

from cloudg_lab.adapters.eras import is_handshake

LEVELS: tuple[types.LoggingLevel, ...] = get_args(types.LoggingLevel)
"""RFC 5424 severities, least severe first (the SDK's own order)."""
DEFAULT_LEVEL: types.LoggingLevel = "info"
SET_LEVEL = "logging/setLevel"
_STATE_KEY = "cloudg.log_level"

Ctx = ServerRequestContext[Any, Any]


def deliverable(ctx: Ctx) -> frozenset[str]:
    """The levels a log notification for this request may carry right now."""
    if not is_handshake(ctx.protocol_version):
        return frozenset(allowed_log_levels(ctx.protocol_version, ctx.meta))
    return at_or_above(_connection_state(ctx).get(_STATE_KEY, DEFAULT_LEVEL))


def at_or_above(level: types.LoggingLevel) -> frozenset[str]:
    return frozenset(LEVELS[LEVELS.index(level):])


def wire_level(level: str) -> types.LoggingLevel:
    """A handler's level as a protocol level; a name the protocol lacks is sent as `info`."""
    return next((known for known in LEVELS if known == level), DEFAULT_LEVEL)


async def set_level(ctx: Ctx, params: types.SetLevelRequestParams) -> types.EmptyResult:
    """`logging/setLevel`: remember the level for this connection (the SDK validated its name)."""
    _connection_state(ctx)[_STATE_KEY] = params.level
    return types.EmptyResult()


def _connection_state(ctx: Ctx) -> dict[str, Any]:
    # The SDK's per-connection scratch state lives on its `Connection`; the low-level request
    # context reaches it only through the session proxy (a new proxy per message, one connection).
    state: dict[str, Any] = ctx.session._connection.state
    return state
