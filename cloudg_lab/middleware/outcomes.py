"""What happened to one call, in one word, from its result or the exception it raised.

Tool failures reach middleware either raised (policy, validation, handler, timeout: the layer turns
them into `isError` results only after the chain) or as an `isError` result a handler or an inner
middleware built; both read the same here, from the one table in `cloudg_lab.errors`.
"""

from __future__ import annotations

import asyncio
from typing import Literal

from cloudg_lab.errors import FailureName, failure_name, failure_name_of_code
from cloudg_lab.errors import error_code as code_of
from cloudg_lab.types import ToolResult

Outcome = Literal["ok", "cancelled"] | FailureName
FAILURES: frozenset[str] = frozenset({"error", "denied", "rate_limited", "rejected", "timeout",
                                      "cancelled", "exception"})


def of_error(error: BaseException) -> Outcome:
    if isinstance(error, asyncio.CancelledError):
        return "cancelled"
    return failure_name(error)


def of_result(result: object) -> Outcome:
    if isinstance(result, ToolResult) and result.is_error:
        return failure_name_of_code(result.error_code)
    return "ok"


def error_code(result: object, error: BaseException | None) -> int | str | None:
    """The code a failed call carries, for records; None for successes."""
    if error is not None:
        return code_of(error)
    return result.error_code if isinstance(result, ToolResult) else None
