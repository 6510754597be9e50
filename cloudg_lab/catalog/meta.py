"""`list_capabilities`: what this caller can see and use here, and why the rest is missing.

Hidden tools must look like nonexistent ones, so this never names them: it lists what is
visible and states the policy rules that shape the list (denied capabilities, the sensitivity
ceiling, denied categories), with a count of what they hide.
"""

from __future__ import annotations

from cloudg_lab.ports import PrivilegedContext
from cloudg_lab.registry.registrar import Registrar

CATEGORY = "meta"


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the meta tools; inspectors of the policy, vault or audit go through `trusted`."""

    @trusted.tool(category=CATEGORY, sensitivity="public", tags=("start-here",))
    async def list_capabilities(ctx: PrivilegedContext) -> dict[str, object]:
        """What you can use here and why: tools by category, resources, prompts, policy limits. Start here."""
        port, who = ctx.port, ctx.principal
        tools = port.visible_tools(who)
        by_category: dict[str, list[dict[str, object]]] = {}
        for spec in tools:
            by_category.setdefault(spec.category, []).append({
                "name": port.prefix + spec.name, "description": spec.description,
                "sensitivity": spec.sensitivity, "capabilities": sorted(spec.capabilities),
                "read_only": spec.read_only, "destructive": spec.destructive})
        policy = port.policy
        model = policy.model
        return {
            "policy": policy.name, "principal": {"id": who.id, "roles": sorted(who.roles)},
            "start_here": [port.prefix + s.name for s in tools if "start-here" in s.tags],
            "tools": dict(sorted(by_category.items())), "tool_count": len(tools),
            "hidden_tools": port.tool_count() - len(tools),
            "resources": [r["uri"] for r in await port.listed("resources", who)],
            "resource_templates": [t["uriTemplate"] for t in await port.listed("resource_templates", who)],
            "prompts": [p["name"] for p in await port.listed("prompts", who)],
            "why": {"max_sensitivity": model.max_sensitivity,
                    "denied_capabilities": sorted(model.deny_capabilities),
                    "denied_categories": list(model.deny_categories),
                    "rules": [{"name": r.name, "description": r.description} for r in model.rules],
                    "transforms": policy.output_pipeline(None, who).names,
                    "active_dataset": ctx.workspace.active_name},
        }
