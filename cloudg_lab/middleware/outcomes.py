"""What happened to one call, in one word, from its result or the exception it raised.

Tool failures reach middleware either raised (policy, validation, handler, timeout: the layer turns
them into `isError` results only after the chain) or as an `isError` result a handler or an inner
middleware built; both read the same here.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from cloudg_lab.errors import (
    TIMEOUT,
    AccessDeniedError,
    InvalidArgumentsError,
    MCPLayerError,
    RateLimitedError,
    ToolTimeoutError,
)
from cloudg_lab.types import ToolResult

Outcome = Literal["ok", "error", "denied", "rate_limited", "rejected", "timeout", "cancelled",
                  "exception"]
FAILURES: frozenset[str] = frozenset({"error", "denied", "rate_limited", "rejected", "timeout",
                                      "cancelled", "exception"})
_BY_CODE: dict[int | str, Outcome] = {AccessDeniedError.code: "denied",
                                      RateLimitedError.code: "rate_limited",
                                      InvalidArgumentsError.code: "rejected", TIMEOUT: "timeout",
                                      "handler_error": "exception"}
_BY_CLASS: tuple[tuple[type[MCPLayerError], Outcome], ...] = (
    (AccessDeniedError, "denied"), (RateLimitedError, "rate_limited"),
    (InvalidArgumentsError, "rejected"), (ToolTimeoutError, "timeout"))


def of_error(error: BaseException) -> Outcome:
    if isinstance(error, asyncio.CancelledError):
        return "cancelled"
    for kind, outcome in _BY_CLASS:
        if isinstance(error, kind):
            return outcome
    return "error" if isinstance(error, MCPLayerError) else "exception"


def of_result(result: Any) -> Outcome:
    if isinstance(result, ToolResult) and result.is_error:
        code = result.error_code
        return _BY_CODE.get(code, "error") if code is not None else "error"
    return "ok"


def error_code(result: Any, error: BaseException | None) -> int | str | None:
    """The code a failed call carries, for records; None for successes."""
    if error is not None:
        return error.code if isinstance(error, MCPLayerError) else "handler_error"
    return result.error_code if isinstance(result, ToolResult) else None
