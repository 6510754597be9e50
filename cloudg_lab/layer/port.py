"""`LayerPort`: the one object behind both narrow doors into a layer.

Privileged primitives see it as a `PolicyPort` (`ctx.port`), middleware as a `CallGate`
(`info.gate`). It holds the policy in force and the services it runs with, never the `Layer`, so
neither door leads to the registration API or to another policy's state. One port per layer:
`Layer.with_policy` builds a new one, so a preview under another profile inspects that profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cloudg_lab.data.workspace import Workspace
from cloudg_lab.layer import listing
from cloudg_lab.layer.services import Services
from cloudg_lab.policy import Policy
from cloudg_lab.policy.audit import AuditEntry
from cloudg_lab.privacy.reveal import reveal
from cloudg_lab.registry import ToolSpec
from cloudg_lab.types import CallInfo, Principal


@dataclass(frozen=True)
class LayerPort:
    """The policy in force plus the layer's services, behind the `PolicyPort` and `CallGate` protocols."""

    policy: Policy
    services: Services
    prefix: str

    # ------------------------------------------------------------------ CallGate

    @property
    def workspace(self) -> Workspace:
        return self.services.workspace

    @property
    def registry_version(self) -> int:
        return self.services.registry.version

    async def check(self, info: CallInfo) -> None:
        await self.policy.check_call_async(info.spec, info.principal, info.arguments, kind=info.kind,
                                           name=info.name, request_id=info.request_id)

    def scrub(self, text: str, principal: Principal) -> str:
        return self.policy.scrub(text, principal)

    # ------------------------------------------------------------------ PolicyPort

    def visible_tools(self, principal: Principal) -> list[ToolSpec]:
        return [s for s in self.services.registry.tools() if self.policy.is_allowed(s, principal)]

    def tool_count(self) -> int:
        return len(self.services.registry.tools())

    def tool(self, name: str) -> ToolSpec | None:
        found: ToolSpec | None = self.services.registry.tool(name)
        return found

    async def listed(self, kind: str, principal: Principal) -> list[dict[str, object]]:
        registry, allowed = self.services.registry, self.policy.is_allowed
        if kind == "tools":
            return [listing.tool_wire(s, self.prefix,
                                      with_output_schema=not self.policy.output_pipeline(s, principal))
                    for s in self.visible_tools(principal)]
        if kind == "resources":
            return [listing.resource_wire(s) for s in registry.resources() if allowed(s, principal)]
        if kind == "resource_templates":
            return [listing.template_wire(s) for s in registry.templates() if allowed(s, principal)]
        return [listing.prompt_wire(s, self.prefix) for s in registry.prompts() if allowed(s, principal)]

    def known_identifiers(self) -> Mapping[str, str] | None:
        return self.services.known_identifiers()

    def vault_stats(self) -> dict[str, object]:
        stats: dict[str, object] = self.policy.vault.stats()
        return stats

    def reveal(self, text: str, principal: Principal) -> dict[str, object]:
        return reveal(self.policy.vault, text, self.policy.namespace(principal))

    def audit_counters(self) -> dict[str, int]:
        return self.policy.audit.counters

    def audit_entries(self, *, last: int, decision: str | None,
                      principal: str | None) -> list[AuditEntry]:
        return self.policy.audit.entries(last=last, decision=decision, principal=principal)

    def preview(self, value: object, spec: ToolSpec | None, principal: Principal,
                name: str) -> tuple[list[str], object, dict[str, object]]:
        pipeline = self.policy.output_pipeline(spec, principal)
        tctx = self.policy.transform_context(kind="tool", name=name, principal=principal,
                                             path="/preview", known=self.known_identifiers())
        transformed = pipeline.apply(value, tctx) if pipeline else value
        return list(pipeline.names), transformed, tctx.report.to_dict()
