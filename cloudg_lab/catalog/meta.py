"""`list_capabilities`: what this caller can see and use here, and why the rest is missing.

Hidden tools must look like nonexistent ones, so this never names them: it lists what is
visible and states the policy rules that shape the list (denied capabilities, the sensitivity
ceiling, denied categories), with a count of what they hide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cloudg_lab.layer.context import ToolContext

if TYPE_CHECKING:
    from cloudg_lab.layer.facade import Layer

CATEGORY = "meta"


def register(layer: Layer) -> None:
    """Add the meta tools to `layer`."""

    @layer.tool(category=CATEGORY, sensitivity="public", tags=("start-here",))
    async def list_capabilities(ctx: ToolContext) -> dict[str, Any]:
        """What you can use here and why: tools by category, resources, prompts, policy limits. Start here."""
        lay, who = ctx.layer, ctx.principal
        tools = lay.visible_tools(who)
        by_category: dict[str, list[dict[str, Any]]] = {}
        for spec in tools:
            by_category.setdefault(spec.category, []).append({
                "name": lay.prefix + spec.name, "description": spec.description,
                "sensitivity": spec.sensitivity, "capabilities": sorted(spec.capabilities),
                "read_only": spec.read_only, "destructive": spec.destructive})
        model = lay.policy.model
        return {
            "policy": lay.policy.name, "principal": {"id": who.id, "roles": sorted(who.roles)},
            "start_here": [lay.prefix + s.name for s in tools if "start-here" in s.tags],
            "tools": dict(sorted(by_category.items())), "tool_count": len(tools),
            "hidden_tools": len(lay.registry.tools()) - len(tools),
            "resources": [r["uri"] for r in await lay.list_resources(who)],
            "resource_templates": [t["uriTemplate"] for t in await lay.list_resource_templates(who)],
            "prompts": [p["name"] for p in await lay.list_prompts(who)],
            "why": {"max_sensitivity": model.max_sensitivity,
                    "denied_capabilities": sorted(model.deny_capabilities),
                    "denied_categories": list(model.deny_categories),
                    "rules": [{"name": r.name, "description": r.description} for r in model.rules],
                    "transforms": lay.policy.output_pipeline(None, who).names,
                    "active_dataset": ctx.workspace.active_name},
        }
