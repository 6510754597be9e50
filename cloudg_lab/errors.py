"""One error hierarchy and the one table that maps it to MCP outcomes.

Where an error surfaces depends on the kind of request and on the stage that raised it, never on
the transport. `outcome()` below decides it, and the layer's lifecycle routes every failure
through it; adapters only translate its answer to their framework (`adapters.results`):

| kind        | raised by                                   | outcome                                   |
|-------------|---------------------------------------------|-------------------------------------------|
| tool        | lookup (unknown or hidden: `NotFoundError`) | JSON-RPC error -32602                     |
| tool        | middleware, policy, inputs, validation,     | `isError: true` result with               |
|             | handler, timeout                            | `_meta["cloudg/error_code"]`              |
| resource    | anything                                    | JSON-RPC error with the error's code      |
| prompt      | anything                                    | JSON-RPC error with the error's code      |
| completion  | a policy refusal (`AccessDenied`,           | JSON-RPC error with the error's code      |
|             | `RateLimited`), wherever raised             |                                           |
| completion  | anything else (lookup, completer)           | empty result `{"values": [], ...}`        |

Unexpected exceptions keep their traceback in the server log only; callers get
`handler_error` (tools) or -32603 (resources, prompts) with `ExceptionType: message` after the
output pipeline. Error texts never echo a caller's value; details travel in `data`, which the
output pipeline transforms like any result.

What a failure was, in one word (`failure_name`), comes from the same classes: middleware records
it, the notebook's preview shows it.
"""

from __future__ import annotations

from typing import Literal

Outcome = Literal["protocol_error", "error_result", "empty_result"]
FailureName = Literal["denied", "rate_limited", "rejected", "timeout", "error", "exception"]

HANDLER_ERROR = "handler_error"
TIMEOUT = "timeout"


class MCPLayerError(Exception):
    """Base of every error the layer raises on purpose; `code` is JSON-RPC style or a string."""

    code: int | str = -32603

    def __init__(self, message: str, data: object = None) -> None:
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


FAILURE_NAMES: tuple[tuple[type[MCPLayerError], FailureName], ...] = (
    (AccessDeniedError, "denied"), (RateLimitedError, "rate_limited"),
    (InvalidArgumentsError, "rejected"), (ToolTimeoutError, "timeout"))
"""Each refusal class and its one-word name; other layer errors are `error`, anything else
`exception`."""
_NAME_BY_CODE: dict[int | str, FailureName] = {cls.code: name for cls, name in FAILURE_NAMES} | {
    HANDLER_ERROR: "exception"}


def outcome(kind: str, error: BaseException, *, stage: str = "handler") -> Outcome:
    """Decide how `error`, raised at `stage` of a `kind` request, reaches the caller.

    `stage` is "lookup" for the registry look-up, else anything (the table above).
    """
    if kind == "tool":
        return "protocol_error" if stage == "lookup" else "error_result"
    if kind == "completion":
        policy_refusal = isinstance(error, AccessDeniedError | RateLimitedError)
        return "protocol_error" if policy_refusal else "empty_result"
    return "protocol_error"


def failure_name(error: BaseException) -> FailureName:
    """`denied`, `rate_limited`, `rejected`, `timeout`, `error` (another layer error) or
    `exception` (anything else), for a raised error."""
    for cls, name in FAILURE_NAMES:
        if isinstance(error, cls):
            return name
    return "error" if isinstance(error, MCPLayerError) else "exception"


def failure_name_of_code(code: int | str | None) -> FailureName:
    """The same word for the code an `isError` result carries (unknown codes: `error`)."""
    return _NAME_BY_CODE.get(code, "error") if code is not None else "error"


def error_code(error: BaseException) -> int | str:
    """The code a caller sees for `error`: its own for layer errors, else `handler_error`."""
    return error.code if isinstance(error, MCPLayerError) else HANDLER_ERROR


def protocol_code(error: BaseException) -> int:
    """The numeric JSON-RPC code for a protocol error (string codes become -32603)."""
    code = error_code(error)
    return code if isinstance(code, int) else -32603
