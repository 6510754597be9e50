"""The ports a handler gets from the layer: what every handler may reach, and what a privileged one adds.

Handlers are written against these protocols, never against the layer, so the catalog imports
nothing of `cloudg_lab.layer` and no handler (a notebook `@tool` included) can reach the vault,
the audit or the layer itself. `HandlerContext` is the per-call context every handler gets; a
primitive registered through the composition root's privileged `Registrar` (the policy, vault
and audit inspectors) also finds a `PolicyPort` in `ctx.port`. See ARCHITECTURE.md, "Seams".
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Protocol

from cloudg_lab.data.workspace import WorkspaceView
from cloudg_lab.policy import Policy
from cloudg_lab.policy.audit import AuditEntry
from cloudg_lab.registry import ToolSpec
from cloudg_lab.types import CallContext, PageCursor, Principal, Visibility


class HandlerContext(CallContext, Protocol):
    """What every handler may reach while it runs: the caller, its view of the data, its
    channels to the client (progress, log, links) and its deadline."""

    visible: Visibility
    page_cursor: PageCursor | None

    @property
    def workspace(self) -> WorkspaceView: ...

    def check_cancelled(self) -> None: ...

    def committing(self) -> AbstractContextManager[None]: ...

    def remaining(self) -> float | None: ...

    async def report_progress(self, progress: float, total: float | None = None,
                              message: str | None = None) -> None: ...

    def report_progress_sync(self, progress: float, total: float | None = None,
                             message: str | None = None) -> None: ...

    async def log(self, level: str, data: object, logger_name: str = "cloudg_lab") -> None: ...

    def link(self, uri: str, name: str, *, title: str | None = None,
             description: str | None = None, mime_type: str | None = "application/json") -> None: ...


class PolicyPort(Protocol):
    """What the privileged primitives may ask of the layer serving the call: the policy in force
    and read-only views of the vault, the audit and the listings."""

    @property
    def policy(self) -> Policy: ...

    @property
    def prefix(self) -> str: ...

    def visible_tools(self, principal: Principal) -> list[ToolSpec]: ...

    def tool_count(self) -> int:
        """Every registered tool, hidden ones included (only the count is ever shown)."""
        ...

    def tool(self, name: str) -> ToolSpec | None: ...

    async def listed(self, kind: str, principal: Principal) -> list[dict[str, object]]:
        """The wire listing of `resources`, `resource_templates` or `prompts` for `principal`."""
        ...

    def known_identifiers(self) -> Mapping[str, str] | None: ...

    def vault_stats(self) -> dict[str, object]: ...

    def reveal(self, text: str, principal: Principal) -> dict[str, object]: ...

    def audit_counters(self) -> dict[str, int]: ...

    def audit_entries(self, *, last: int, decision: str | None,
                      principal: str | None) -> list[AuditEntry]: ...

    def preview(self, value: object, spec: ToolSpec | None, principal: Principal,
                name: str) -> tuple[list[str], object, dict[str, object]]:
        """(pipeline names, transformed value, transform report) of the output pipeline `spec`
        gets under this policy, applied to `value` at path `/preview`."""
        ...


class PrivilegedContext(HandlerContext, Protocol):
    """The context of a privileged primitive: a `HandlerContext` whose `port` is set."""

    port: PolicyPort
