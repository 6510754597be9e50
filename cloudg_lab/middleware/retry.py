"""Another try for idempotent, read-only tools that failed for a passing reason.

Only calls that can run twice without harm are retried, and only on failures that may pass: the
exception types in `retry_on` or an error whose code is in `retry_codes` (by default a timeout).
A policy refusal or bad arguments would fail the same way again, so they are never retried. Each
attempt passes the policy check again, so rate limits and the audit trail count every attempt. The
result says how many retries it took in `_meta["cloudg/retries"]`. A timed-out sync handler keeps
its worker thread; retries can stack such threads, so keep `retries` small for sync tools.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from cloudg_lab.errors import MCPLayerError
from cloudg_lab.registry import ToolSpec
from cloudg_lab.types import META_PREFIX, CallInfo, CallNext, ToolResult

RETRIES_META = META_PREFIX + "retries"


class RetryMiddleware:
    """Up to `retries` more attempts with a doubling pause, starting at `backoff` seconds."""

    def __init__(self, retries: int = 2, *, backoff: float = 0.5,
                 retry_on: tuple[type[BaseException], ...] = (ConnectionError, TimeoutError),
                 retry_codes: Iterable[int | str] = ("timeout",)) -> None:
        """Raises:
            ValueError: for negative retries or backoff.
        """
        if retries < 0 or backoff < 0:
            raise ValueError("retries and backoff must not be negative")
        self.retries = retries
        self.backoff = backoff
        self.retry_on = retry_on
        self.retry_codes = frozenset(retry_codes)

    async def __call__(self, info: CallInfo, call_next: CallNext) -> object:
        spec = info.spec
        if not (isinstance(spec, ToolSpec) and spec.read_only and spec.idempotent):
            return await call_next(info)
        attempt = 0
        while True:
            try:
                result = await call_next(info)
            except Exception as exc:
                if attempt >= self.retries or not self._transient(exc):
                    raise
            else:
                if attempt >= self.retries or not self._transient_result(result):
                    if attempt and isinstance(result, ToolResult):
                        result.meta[RETRIES_META] = attempt
                    return result
            await asyncio.sleep(self.backoff * 2 ** attempt)
            attempt += 1

    def _transient(self, exc: Exception) -> bool:
        if isinstance(exc, MCPLayerError):
            return exc.code in self.retry_codes
        return isinstance(exc, self.retry_on)

    def _transient_result(self, result: object) -> bool:
        return isinstance(result, ToolResult) and result.is_error and result.error_code in self.retry_codes
