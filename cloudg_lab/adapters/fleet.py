"""One instance of a fleet: its rate limits and audit trail shared through Redis.

Pseudonyms need nothing here (they derive from the key and the data, so instances with the same
key agree); what must be shared is the state each instance would otherwise keep alone: token
buckets (`redis_limits`) and the audit trail (`redis_audit`). Sessions stay per instance: a
gateway keeps a client on the instance that opened its session (or clients use the 2026 era,
which has none).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cloudg_lab.adapters.redis_audit import RedisAuditSink
from cloudg_lab.adapters.redis_limits import RedisBuckets
from cloudg_lab.policy import Policy
from cloudg_lab.policy.audit import AuditLog


class FleetMember(Protocol):
    """What joining a fleet needs of a layer: its policy's rate limiter and its audit trail."""

    @property
    def policy(self) -> Policy: ...

    @property
    def audit_log(self) -> AuditLog: ...


@dataclass
class Fleet:
    """What `join_fleet` attached; `close()` sends the last audit entries."""

    limits: RedisBuckets | None = None
    audit: RedisAuditSink | None = None

    def close(self) -> None:
        if self.audit is not None:
            self.audit.close()


def join_fleet(layer: FleetMember, *, rate_limit_store: str | None = None, audit_sink: str | None = None,
               instance: str | None = None) -> Fleet:
    """Share `layer`'s rate limits and audit trail through the Redis servers named.

    Raises:
        ValueError: for a URL that is not a Redis URL.
        ConnectionError: when a Redis named does not answer.
    """
    fleet = Fleet()
    if rate_limit_store:
        fleet.limits = RedisBuckets(rate_limit_store)
        layer.policy.rate_limiter.store = fleet.limits
    if audit_sink:
        fleet.audit = RedisAuditSink(audit_sink, layer.audit_log, instance=instance)
    return fleet
