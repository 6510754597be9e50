"""Privacy tools: what the policy in force does, previews of it, detectors, reveal and the audit.

These are for the people who run the layer and write policies; `reveal_token` and
`privacy_audit_log` are `restricted`, so `strict` (ceiling `confidential`) hides both and
`standard` lets only the `admin` and `privacy-admin` roles reveal.
"""

from __future__ import annotations

import json
from typing import Annotated

from pydantic import Field

from cloudg_lab.catalog.common import choose, one_of
from cloudg_lab.errors import InvalidArgumentsError, NotFoundError
from cloudg_lab.policy.audit import DECISIONS
from cloudg_lab.ports import PrivilegedContext
from cloudg_lab.privacy.entities import CATEGORIES
from cloudg_lab.registry.registrar import Registrar
from cloudg_lab.types import JSON, META_PREFIX

CATEGORY = "privacy"
ADMIN_ROLES = frozenset({"admin", "privacy-admin"})
MAX_REVEAL_CHARS = 20_000
DetectorCategory = Annotated[str, one_of(CATEGORIES)]
DecisionName = Annotated[str, one_of(DECISIONS)]


def pipeline_names(ctx: PrivilegedContext) -> dict[str, list[str]]:
    policy = ctx.port.policy
    return {"output": policy.output_pipeline(None, ctx.principal).names,
            "input": policy.input_pipeline(None, ctx.principal).names}


def detector_listing(ctx: PrivilegedContext, category: str | None) -> dict[str, object]:
    """The policy's compiled detectors as plain rows (also the `cloudg://privacy/detectors` resource).

    Raises:
        InvalidArgumentsError: for an unknown category, listing the valid ones.
    """
    policy = ctx.port.policy
    wanted = choose(category, CATEGORIES, "category") if category else None
    rows: list[dict[str, object]] = policy.detectors.describe(wanted)
    return {"policy": policy.name, "categories": list(CATEGORIES), "total": len(rows), "detectors": rows}


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the privacy tools: every one inspects the policy, vault or audit, so all go through
    `trusted`."""

    @trusted.tool(category=CATEGORY)
    async def privacy_status(ctx: PrivilegedContext) -> dict[str, object]:
        """The policy in force for you: visible tools, transform pipelines, vault and audit figures."""
        port = ctx.port
        policy = port.policy
        model = policy.model
        pseudonyms: dict[str, object] = {"active": policy.transforms_anything}
        if policy.transforms_anything:
            pseudonyms.update(_vault_figures(port.vault_stats(), policy.may(ctx.principal, "reveal")))
        return {"policy": policy.name, "description": policy.description, "origin": policy.origin,
                "extends": model.extends,
                "principal": {"id": ctx.principal.id, "roles": sorted(ctx.principal.roles)},
                "max_sensitivity": model.max_sensitivity,
                "denied_capabilities": sorted(model.deny_capabilities),
                "visible_tools": [s.name for s in port.visible_tools(ctx.principal)],
                "pipelines": pipeline_names(ctx), "pseudonymisation": pseudonyms,
                "audit_enabled": model.audit, "counters": port.audit_counters()}

    @trusted.tool(category=CATEGORY)
    def preview_transform(ctx: PrivilegedContext, *,
                          data: Annotated[JSON, Field(description="Any JSON value (a JSON text is "
                                                                  "parsed first).")],
                          tool: str | None = Field(None, description="Preview the pipeline this tool "
                                                                     "gets; default the base one.")
                          ) -> dict[str, object]:
        """What the current policy's output transforms would do to a value, with their report."""
        port = ctx.port
        spec = None
        if tool:
            spec = port.tool(tool)
            if spec is None or not port.policy.is_allowed(spec, ctx.principal):
                raise NotFoundError("Unknown tool to preview; see list_capabilities",
                                    {"argument": "tool"})  # never the name: see finding_index
        names, transformed, report = port.preview(_parsed(data), spec, ctx.principal,
                                                  tool or "preview_transform")
        # The report sits under the layer's own `_meta` key, which transforms leave alone: under
        # any other key its counts ("password": 1) would be redacted by the very pipeline it reports.
        return {"policy": port.policy.name, "tool": tool, "pipeline": names,
                "transformed": transformed, META_PREFIX + "transforms": report}

    @trusted.tool(category=CATEGORY, sensitivity="public")
    def list_detectors(ctx: PrivilegedContext, *,
                       category: Annotated[DetectorCategory | None, Field(
                           description="Only this category (secret, credential, identifier, pii, "
                                       "...).")] = None
                       ) -> dict[str, object]:
        """The detectors the policy's transforms use: entity, category and confidence."""
        return detector_listing(ctx, category)

    @trusted.tool(category=CATEGORY, sensitivity="restricted", capabilities=("read_state", "reveal"))
    def reveal_token(ctx: PrivilegedContext, *,
                     token: str = Field(description="A pseudonym, or text holding pseudonyms.")
                     ) -> dict[str, object]:
        """The real value behind a pseudonym (your vault namespace only). Needs the reveal right."""
        if len(token) > MAX_REVEAL_CHARS:
            raise InvalidArgumentsError(f"Argument 'token' is longer than {MAX_REVEAL_CHARS} characters",
                                        {"max_length": MAX_REVEAL_CHARS})
        return ctx.port.reveal(token, ctx.principal)

    @trusted.tool(category=CATEGORY, sensitivity="restricted")
    async def privacy_audit_log(ctx: PrivilegedContext, *,
                                limit: int = Field(50, ge=1, le=1000, description="Entries, newest first."),
                                decision: Annotated[DecisionName | None, Field(
                                    description="Only allowed, denied, rate_limited, rejected or "
                                                "not_found.")] = None
                                ) -> dict[str, object]:
        """Recent policy decisions (argument hashes only): your own, or everyone's for admins."""
        everyone = bool(ctx.principal.roles & ADMIN_ROLES)
        wanted = choose(decision, DECISIONS, "decision") if decision else None
        port = ctx.port
        entries = port.audit_entries(last=limit, decision=wanted,
                                     principal=None if everyone else ctx.principal.id)
        return {"policy": port.policy.name, "audit_enabled": port.policy.model.audit,
                "scope": "all" if everyone else "own", "total": len(entries),
                "entries": [e.to_dict() for e in entries]}


def _vault_figures(stats: dict[str, object], may_reveal: bool) -> dict[str, object]:
    """The vault's figures as this caller may see them. Its counts move whenever a value is
    pseudonymized for the first time, so they tell a value the vault already held (a real one,
    shown to someone) from one it never met (an invented one): only a caller who may reveal
    sees them, entity counts as records (a count under a key named `resource_name` would be
    pseudonymized as a name) and never per namespace (those name the other principals)."""
    entities = stats.pop("entities", {})
    stats.pop("namespaces", None)
    if not may_reveal:
        stats.pop("entries", None)
        return stats
    counts = entities.items() if isinstance(entities, dict) else ()
    return {**stats, "entities": [{"entity": e, "entries": n} for e, n in sorted(counts)]}


def _parsed(data: JSON) -> JSON:
    if isinstance(data, str) and data.strip()[:1] in ("{", "["):
        try:
            return json.loads(data)
        except ValueError:
            return data
    return data
