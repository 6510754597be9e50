"""The composition root: the one place that builds a layer's policy, services and catalog.

Everything else receives what it needs from here: stages get the policy and `Services`, handlers
get a `HandlerContext` (and privileged ones a `PolicyPort`), middleware a `CallGate`. The catalog
is registered through two `Registrar`s, a plain one and a privileged one, so it never imports the
layer and only the primitives this module marks can inspect the policy, the vault or the audit.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from cloudg_lab.catalog import register_catalog
from cloudg_lab.data.workspace import Workspace
from cloudg_lab.layer.services import Services
from cloudg_lab.policy import Policy
from cloudg_lab.privacy.classify import DatasetClassifier
from cloudg_lab.privacy.vault import Vault
from cloudg_lab.registry import Registry
from cloudg_lab.registry.registrar import Registrar

DEFAULT_POLICY_ENV = "CLOUDG_LAB_POLICY"


def load_policy(source: object) -> Policy:
    """The policy `source` names; default from `$CLOUDG_LAB_POLICY`, else `standard`.

    Raises:
        PolicyError: for an invalid policy.
    """
    return Policy.load(source if source is not None else os.environ.get(DEFAULT_POLICY_ENV, "standard"))


def build_services(policy: Policy, *, registry: Registry | None, workspace: Workspace | None,
                   allowed_roots: Sequence[str | Path] | None,
                   vault_key: str | bytes | None) -> Services:
    """The state a layer runs with; a fresh registry and workspace unless given."""
    vault = (Vault.from_config(policy.model.vault, key=vault_key) if vault_key is not None
             else policy.vault)
    if workspace is None:
        workspace = Workspace(allowed_roots=allowed_roots, classifier=DatasetClassifier())
    services = Services(vault=vault, audit=policy.audit, limiter=policy.rate_limiter,
                        workspace=workspace, registry=registry or Registry())
    _derive_pseudonyms(services, policy)
    return services


def bind(policy: Policy, services: Services) -> Policy:
    """`policy` enforced with `services`' audit, buckets and vault, scrubbing with its data."""
    return policy.bound(audit=services.audit, rate_limiter=services.limiter, vault=services.vault,
                        known_source=services.workspace.known_identifiers)


def install_catalog(registry: Registry) -> None:
    """Register the shipped catalog; its inspectors through the privileged registrar."""
    register_catalog(Registrar(registry), Registrar(registry, privileged=True))


def _derive_pseudonyms(services: Services, policy: Policy) -> None:
    """Let the vault resolve pseudonyms of the workspace's data it never issued, and build
    the cheap part of that reverse map at each load rather than on the first resolution."""
    vault, workspace = services.vault, services.workspace
    vault.derive_from(workspace.known_identifiers, policy.detectors.shapes)

    def on_change(event: str, _name: str) -> None:
        if event in ("loaded", "replaced"):
            vault.prepare()

    workspace.on_change(on_change)
