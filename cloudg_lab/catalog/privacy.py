"""Privacy tools: what the policy in force does, previews of it, detectors, reveal and the audit.

These are for the people who run the layer and write policies; `reveal_token` and
`privacy_audit_log` are `restricted`, so `strict` (ceiling `confidential`) hides both and
`standard` lets only the `admin` and `privacy-admin` roles reveal.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from cloudg_lab.catalog.common import choose, one_of
from cloudg_lab.errors import InvalidArgumentsError, NotFoundError
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.policy.audit import DECISIONS
from cloudg_lab.privacy.entities import CATEGORIES
from cloudg_lab.types import JSON, META_PREFIX

if TYPE_CHECKING:
    from cloudg_lab.layer.facade import Layer

CATEGORY = "privacy"
ADMIN_ROLES = frozenset({"admin", "privacy-admin"})
MAX_REVEAL_CHARS = 20_000
DetectorCategory = Annotated[str, one_of(CATEGORIES)]
DecisionName = Annotated[str, one_of(DECISIONS)]


def pipeline_names(ctx: ToolContext) -> dict[str, list[str]]:
    policy = ctx.layer.policy
    return {"output": policy.output_pipeline(None, ctx.principal).names,
            "input": policy.input_pipeline(None, ctx.principal).names}


def detector_listing(ctx: ToolContext, category: str | None) -> dict[str, Any]:
    """The policy's compiled detectors as plain rows (also the `cloudg://privacy/detectors` resource).

    Raises:
        InvalidArgumentsError: for an unknown category, listing the valid ones.
    """
    policy = ctx.layer.policy
    wanted = choose(category, CATEGORIES, "category") if category else None
    rows: list[dict[str, Any]] = policy.detectors.describe(wanted)
    return {"policy": policy.name, "categories": list(CATEGORIES), "total": len(rows), "detectors": rows}


def register(layer: Layer) -> None:
    """Add the privacy tools to `layer`."""

    @layer.tool(category=CATEGORY)
    async def privacy_status(ctx: ToolContext) -> dict[str, Any]:
        """The policy in force for you: visible tools, transform pipelines, vault and audit figures."""
        policy = ctx.layer.policy
        model = policy.model
        pseudonyms: dict[str, Any] = {"active": policy.transforms_anything}
        if policy.transforms_anything:
            pseudonyms.update(ctx.layer.vault.stats())
        return {"policy": policy.name, "description": policy.description, "origin": policy.origin,
                "extends": model.extends,
                "principal": {"id": ctx.principal.id, "roles": sorted(ctx.principal.roles)},
                "max_sensitivity": model.max_sensitivity,
                "denied_capabilities": sorted(model.deny_capabilities),
                "visible_tools": [s.name for s in ctx.layer.visible_tools(ctx.principal)],
                "pipelines": pipeline_names(ctx), "pseudonymisation": pseudonyms,
                "audit_enabled": model.audit, "counters": ctx.layer.audit_log.counters}

    @layer.tool(category=CATEGORY)
    def preview_transform(ctx: ToolContext, *,
                          data: Annotated[JSON, Field(description="Any JSON value (a JSON text is "
                                                                  "parsed first).")],
                          tool: str | None = Field(None, description="Preview the pipeline this tool "
                                                                     "gets; default the base one.")
                          ) -> dict[str, Any]:
        """What the current policy's output transforms would do to a value, with their report."""
        policy = ctx.layer.policy
        spec = None
        if tool:
            spec = ctx.layer.registry.tool(tool)
            if spec is None or not policy.is_allowed(spec, ctx.principal):
                raise NotFoundError("Unknown tool to preview; see list_capabilities", {"tool": tool})
        value = _parsed(data)
        pipeline = policy.output_pipeline(spec, ctx.principal)
        tctx = policy.transform_context(kind="tool", name=tool or "preview_transform",
                                        principal=ctx.principal, path="/preview",
                                        known=ctx.layer.known_identifiers())
        transformed = pipeline.apply(value, tctx) if pipeline else value
        # The report sits under the layer's own `_meta` key, which transforms leave alone: under
        # any other key its counts ("password": 1) would be redacted by the very pipeline it reports.
        return {"policy": policy.name, "tool": tool, "pipeline": pipeline.names,
                "transformed": transformed, META_PREFIX + "transforms": tctx.report.to_dict()}

    @layer.tool(category=CATEGORY, sensitivity="public")
    def list_detectors(ctx: ToolContext, *,
                       category: Annotated[DetectorCategory | None, Field(
                           description="Only this category (secret, credential, identifier, pii, "
                                       "...).")] = None
                       ) -> dict[str, Any]:
        """The detectors the policy's transforms use: entity, category and confidence."""
        return detector_listing(ctx, category)

    @layer.tool(category=CATEGORY, sensitivity="restricted", capabilities=("read_state", "reveal"))
    def reveal_token(ctx: ToolContext, *,
                     token: str = Field(description="A pseudonym, or text holding pseudonyms.")
                     ) -> dict[str, Any]:
        """The real value behind a pseudonym (your vault namespace only). Needs the reveal right."""
        from cloudg_lab.privacy.reveal import reveal

        if len(token) > MAX_REVEAL_CHARS:
            raise InvalidArgumentsError(f"Argument 'token' is longer than {MAX_REVEAL_CHARS} characters",
                                        {"max_length": MAX_REVEAL_CHARS})
        policy = ctx.layer.policy
        return reveal(ctx.layer.vault, token, policy.namespace(ctx.principal))

    @layer.tool(category=CATEGORY, sensitivity="restricted")
    async def privacy_audit_log(ctx: ToolContext, *,
                                limit: int = Field(50, ge=1, le=1000, description="Entries, newest first."),
                                decision: Annotated[DecisionName | None, Field(
                                    description="Only allowed, denied, rate_limited, rejected or "
                                                "not_found.")] = None
                                ) -> dict[str, Any]:
        """Recent policy decisions (argument hashes only): your own, or everyone's for admins."""
        everyone = bool(ctx.principal.roles & ADMIN_ROLES)
        wanted = choose(decision, DECISIONS, "decision") if decision else None
        entries = ctx.layer.audit_log.entries(last=limit, decision=wanted,
                                              principal=None if everyone else ctx.principal.id)
        return {"policy": ctx.layer.policy.name, "audit_enabled": ctx.layer.policy.model.audit,
                "scope": "all" if everyone else "own", "total": len(entries),
                "entries": [e.to_dict() for e in entries]}


def _parsed(data: JSON) -> JSON:
    if isinstance(data, str) and data.strip()[:1] in ("{", "["):
        try:
            return json.loads(data)
        except ValueError:
            return data
    return data
