"""The ninth estate's plantings: security telemetry and findings (`sleet`).

One function per class, as `plantings` does: each returns the fragments the builder places and
records their canaries on the planter. Secrets sit where security tools copy them from what they
watched: CloudTrail's request and response elements, GuardDuty's access key, WAF headers, ALB
query strings, Kubernetes audit events of Secrets, EDR command lines, scanner plugin output, an
SBOM's index URL; identifiers sit in the principals, addresses, hosts, accounts and resources
every record names.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import token_forms as tf
import token_sleet as ts
from plantings import Canary, Planter


def cast(p: Planter) -> ts.Cast:
    """The estate's customer domain, account, tenant and project (identifiers everywhere)."""
    rng = p.rng
    domain = p.ident("customer-host", f"{tf.word(rng)}{tf.word(rng, 1)}.com")
    account = p.ident("telemetry-account", str(tf.account_number(rng)), bounded=True)
    tenant = p.ident("telemetry-tenant", tf.uuid(rng))
    project = p.ident("telemetry-project", f"{tf.word(rng)}-{tf.word(rng, 2)}-{rng.randrange(100, 999)}")
    return ts.Cast(domain, account, tenant, project)


def plant(p: Planter, cls: str, told: ts.Told) -> Any:
    """Record `told`'s secrets and identifiers under `cls`, its family on each; its value."""
    for secret in told.secrets:
        p.secret(cls, secret, family=told.family)
    for value, bounded in told.ids:
        p._add(Canary(value, cls, "identifier", (), bounded, told.family))
    return told.value


def _each(
    p: Planter, cls: str, styles: tuple[str, ...], make: Callable[[random.Random, str], ts.Told]
) -> list[Any]:
    return [plant(p, cls, make(p.rng, style)) for style in styles]


def cloudtrail(p: Planter, c: ts.Cast) -> list[Any]:
    return _each(p, "cloudtrail-event", ts.CT_STYLES, lambda rng, s: ts.cloudtrail(rng, c, s))


def guardduty(p: Planter, c: ts.Cast, n: int) -> list[Any]:
    return [plant(p, "guardduty-finding", ts.guardduty(p.rng, c)) for _ in range(n)]


def asff(p: Planter, c: ts.Cast, n: int) -> list[Any]:
    return [plant(p, "asff-finding", ts.asff(p.rng, c)) for _ in range(n)]


def network_logs(p: Planter, c: ts.Cast, n: int) -> dict[str, Any]:
    return {
        "flow_logs": _each(p, "vpc-flow-log", ts.FLOW_STYLES, lambda rng, s: ts.flow_log(rng, c, s)),
        "alb_logs": _each(p, "alb-access-log", ts.ALB_STYLES, ts.alb_log),
        "waf_logs": [plant(p, "waf-log", ts.waf_log(p.rng)) for _ in range(n)],
    }


def identity_logs(p: Planter, c: ts.Cast, n: int) -> dict[str, Any]:
    return {
        "okta": [plant(p, "okta-event", ts.okta(p.rng, c)) for _ in range(n)],
        "activity": [plant(p, "azure-activity", ts.azure_activity(p.rng, c)) for _ in range(n)],
        "signins": [plant(p, "azure-signin", ts.azure_signin(p.rng, c)) for _ in range(n)],
    }


def gcp_audit(p: Planter, c: ts.Cast) -> list[Any]:
    return _each(p, "gcp-audit-log", ts.GCP_STYLES, lambda rng, s: ts.gcp_audit(rng, c, s))


def k8s_audit(p: Planter, c: ts.Cast) -> list[Any]:
    return _each(p, "k8s-audit-event", ts.K8S_STYLES, lambda rng, s: ts.k8s_audit(rng, c, s))


def edr(p: Planter, c: ts.Cast) -> list[Any]:
    return _each(p, "edr-alert", ts.EDR_STYLES, lambda rng, s: ts.edr(rng, c, s))


def scanners(p: Planter, c: ts.Cast) -> list[Any]:
    return _each(p, "scanner-output", ts.SCAN_STYLES, lambda rng, s: ts.scanner(rng, c, s))


def siem(p: Planter, c: ts.Cast) -> dict[str, Any]:
    queries = _each(p, "siem-query", ts.SIEM_STYLES, lambda rng, s: ts.siem(rng, c, s))
    return {
        "saved_searches": [
            {"name": f"{tf.word(p.rng)} hunt {i}", "query": q, "cron": "*/15 * * * *"}
            for i, q in enumerate(queries)
        ]
    }


def sbom(p: Planter, c: ts.Cast) -> list[Any]:
    return _each(p, "sbom-finding", ts.SBOM_STYLES, lambda rng, s: ts.sbom(rng, c, s))


def windows_events(p: Planter, c: ts.Cast) -> list[Any]:
    return _each(p, "windows-event", ts.WINEVT_STYLES, lambda rng, s: ts.windows_event(rng, c, s))
