"""`Services`: the runtime state a layer owns and its stages use, apart from the policy's rules.

A policy is rules compiled once; the vault, the audit ring buffer, the rate-limit buckets, the
workspace and the registry are state, built by the composition root (`layer.compose`) and
shared on purpose: `Layer.with_policy` keeps the vault, workspace and registry (so one call can be
previewed under several profiles over the same data and pseudonyms) and gives the new policy its
own audit and buckets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cloudg_lab.data.workspace import Workspace
from cloudg_lab.layer.workers import WorkerSlots
from cloudg_lab.policy.audit import AuditLog
from cloudg_lab.policy.ratelimit import RateLimiter
from cloudg_lab.privacy.vault import Vault
from cloudg_lab.registry import Registry
from cloudg_lab.types import PrincipalResolver


@dataclass(frozen=True)
class Services:
    """What the stages run with: vault, audit, limiter, workspace and registry."""

    vault: Vault
    audit: AuditLog
    limiter: RateLimiter
    workspace: Workspace
    registry: Registry

    def known_identifiers(self) -> Mapping[str, str] | None:
        """Real identifiers of the loaded datasets (value → entity), for free-text detection."""
        return self.workspace.known_identifiers()


@dataclass(frozen=True)
class Settings:
    """What a layer and its `with_policy` siblings share besides the services: fixed at build."""

    prefix: str
    max_output_chars: int
    workers: WorkerSlots
    principal_resolvers: list[PrincipalResolver]
