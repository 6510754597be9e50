"""One error hierarchy and the one table that maps it to MCP outcomes.

Where an error surfaces depends on the kind of request and on the stage that raised it, never on
the transport, so every adapter and the notebook use `outcome()` below:

| kind        | raised by                                   | outcome                                   |
|-------------|---------------------------------------------|-------------------------------------------|
| tool        | lookup (unknown or hidden: `NotFoundError`) | JSON-RPC error -32602                     |
| tool        | middleware, policy, inputs, validation,     | `isError: true` result with               |
|             | handler, timeout                            | `_meta["cloudg/error_code"]`              |
| resource    | anything                                    | JSON-RPC error with the error's code      |
| prompt      | anything                                    | JSON-RPC error with the error's code      |
| completion  | lookup or handler                           | empty result `{"values": [], ...}`        |
| completion  | policy (`AccessDenied`, `RateLimited`)      | JSON-RPC error with the error's code      |

Unexpected exceptions keep their traceback in the server log only; callers get
`handler_error` (tools) or -32603 (resources, prompts) with `ExceptionType: message` after the
output pipeline. Error texts never echo a caller's value; details travel in `data`, which the
output pipeline transforms like any result.
"""

from __future__ import annotations

from typing import Any, Literal

Outcome = Literal["protocol_error", "error_result", "empty_result"]

HANDLER_ERROR = "handler_error"
TIMEOUT = "timeout"


class MCPLayerError(Exception):
    """Base of every error the layer raises on purpose; `code` is JSON-RPC style or a string."""

    code: int | str = -32603

    def __init__(self, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.data = data

    def __str__(self) -> str:
        return self.message


class InvalidArgumentsError(MCPLayerError):
    """Arguments the caller must fix: validation, refused secrets, stale cursors."""

    code = -32602


class NotFoundError(MCPLayerError):
    """Unknown or hidden primitive, or a missing dataset or reference."""

    code = -32602


class NoDatasetError(NotFoundError):
    """No dataset is loaded, or the named one does not exist."""


class ReferenceNotFoundError(NotFoundError):
    """An asset or finding reference matched nothing; `data` carries suggestions."""


class AccessDeniedError(MCPLayerError):
    """The policy denies the call, or a path lies outside the allowed roots."""

    code = -31001


class RateLimitedError(MCPLayerError):
    """A token bucket or the concurrency queue is empty; `data` has `retry_after`."""

    code = -31029


class ToolTimeoutError(MCPLayerError):
    """The handler ran past its deadline; its worker thread, if any, may still be running."""

    code = TIMEOUT


class PolicyError(ValueError):
    """A policy document is invalid; the message names the field path (and YAML line)."""


def outcome(kind: str, error: BaseException, *, stage: str = "handler") -> Outcome:
    """Decide how `error`, raised at `stage` of a `kind` request, reaches the caller.

    `stage` is "lookup" for the registry look-up, "policy" for `check_call`, else anything.
    """
    if kind == "tool":
        return "protocol_error" if stage == "lookup" else "error_result"
    if kind == "completion":
        policy_refusal = stage == "policy" and isinstance(error, AccessDeniedError | RateLimitedError)
        return "protocol_error" if policy_refusal else "empty_result"
    return "protocol_error"


def error_code(error: BaseException) -> int | str:
    """The code a caller sees for `error`: its own for layer errors, else `handler_error`."""
    return error.code if isinstance(error, MCPLayerError) else HANDLER_ERROR


def protocol_code(error: BaseException) -> int:
    """The numeric JSON-RPC code for a protocol error (string codes become -32603)."""
    code = error_code(error)
    return code if isinstance(code, int) else -32603
