"""Optional middleware around every call, between the adapter and the policy check (ARCHITECTURE.md, step 5).

Each piece has the one shape `async (info: CallInfo, call_next) -> result`, knows no framework and
lives in its own module: `audit_log` (a JSONL trail of hashes), `metrics` (calls, errors and
latency per primitive), `cache` (answers for read-only idempotent tools, re-checked by the policy on
every hit), `concurrency` (a bounded number of calls at once) and `retry` (transient failures of
idempotent tools). `outcomes` names what happened to a call, for the first two.
"""

from __future__ import annotations

from cloudg_lab.middleware.audit_log import AuditLogMiddleware
from cloudg_lab.middleware.cache import CachingMiddleware
from cloudg_lab.middleware.concurrency import ConcurrencyLimitMiddleware
from cloudg_lab.middleware.metrics import MetricsMiddleware, register_metrics_resource
from cloudg_lab.middleware.retry import RetryMiddleware

__all__ = ["AuditLogMiddleware", "CachingMiddleware", "ConcurrencyLimitMiddleware",
           "MetricsMiddleware", "RetryMiddleware", "register_metrics_resource"]
