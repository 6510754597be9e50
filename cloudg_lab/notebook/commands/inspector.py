"""`%mcp inspector`: catalog, last result, its report, the audit trail and the vault in one place.

The plain version stacks the tables the other subcommands show; the Inspector widget replaces it
with tabs and a form later, reading the same display objects.
"""

from __future__ import annotations

from typing import Any

from cloudg_lab.notebook.commands import audit, report, vault
from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.display import Panel, Table, Text


async def _run(inv: Invocation) -> Any:
    session = inv.session
    scope = session.scope(inv.policy, inv.principal)
    catalog = await session.listing("tools", policy=inv.policy, principal=inv.principal)
    last = session.last
    log = scope.layer.audit_log
    sections: list[tuple[str, Any]] = [
        ("catalog", catalog),
        ("last result", last if last is not None else Text("last result", "(no call yet)")),
        ("report", Table("report", report.report_rows(getattr(last, "report", None)),
                         report.COLUMNS, limit=inv.limit)),
        ("audit", Table("audit", audit.rows(log.entries(last=inv.limit)), audit.COLUMNS,
                        limit=inv.limit)),
        ("vault", vault.vault_table(inv)),
    ]
    return Panel(f"inspector · policy {scope.policy} · {scope.principal.label()}", sections)


def _configure(parser: CommandParser) -> None:
    add_scope(parser)


COMMANDS = (Command("inspector", "catalog, last result, report, audit and vault together",
                    _configure, _run),)
