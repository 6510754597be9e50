"""A durable audit trail: one JSON line per call, argument hashes only, in a file only you read.

The policy's ring buffer forgets; this file does not. Each line says who called what, when, how it
ended and how long it took, with keyed hashes of the argument values (the policy's own
`ArgumentHasher` scheme, so equal values correlate across the two trails) and never the values.
Names pass the policy's output scrubbing first, because a resource URI is whatever the caller typed.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path

from cloudg_lab.middleware import outcomes
from cloudg_lab.policy.audit import ArgumentHasher, declared_arguments
from cloudg_lab.types import CallInfo, CallNext

_log = logging.getLogger("cloudg_lab.audit_log")
FILE_MODE = 0o600


class AuditLogMiddleware:
    """Append a record of every call to a JSONL file created with mode 0600."""

    def __init__(self, path: str | Path, *, hasher: ArgumentHasher | None = None) -> None:
        """Open (or create) the file for appending.

        Raises:
            OSError: when the file cannot be opened.
        """
        self.path = Path(path)
        self.hasher = hasher or ArgumentHasher()
        self._fd: int | None = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
        os.fchmod(self._fd, FILE_MODE)
        self._lock = threading.Lock()

    async def __call__(self, info: CallInfo, call_next: CallNext) -> object:
        started = time.perf_counter()
        try:
            result = await call_next(info)
        except BaseException as exc:
            self.write(record(info, outcomes.of_error(exc), outcomes.error_code(None, exc),
                              started, self.hasher))
            raise
        self.write(record(info, outcomes.of_result(result), outcomes.error_code(result, None),
                          started, self.hasher))
        return result

    def write(self, entry: dict[str, object]) -> None:
        """Append one line; a write failure is logged and never fails the call."""
        line = (json.dumps(entry, ensure_ascii=False, default=str) + "\n").encode("utf-8", "replace")
        with self._lock:
            if self._fd is None:
                return
            try:
                os.write(self._fd, line)
            except OSError:
                _log.exception("could not append to the audit log %s", self.path)

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None


def record(info: CallInfo, outcome: str, code: int | str | None, started: float,
           hasher: ArgumentHasher) -> dict[str, object]:
    """The line written for one call: no argument value, only names and keyed hashes."""
    principal = info.principal
    entry: dict[str, object] = {
        "ts": round(time.time(), 6), "event": "mcp.call", "kind": info.kind,
        "name": _scrubbed_name(info), "principal": {"id": principal.id, "roles": sorted(principal.roles)},
        "request_id": info.request_id,
        "arguments": hasher.arguments(info.arguments, declared_arguments(info.spec, info.kind)),
        "duration_ms": round((time.perf_counter() - started) * 1000, 3), "outcome": outcome}
    if code is not None:
        entry["error_code"] = code
    return entry


def _scrubbed_name(info: CallInfo) -> str:
    """Tool and prompt names are registered ones; a resource name is the URI the caller typed."""
    if info.kind != "resource" or info.gate is None:
        return info.name
    return info.gate.scrub(info.name, info.principal)
