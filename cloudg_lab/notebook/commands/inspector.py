"""`%mcp inspector [--policy P] [--as PRINCIPAL]`: the Inspector widget.

Tabs for the catalog (a form built from each tool's `inputSchema` and a Call button), the last
result, its transform report, the live audit trail and the vault, seen with one policy and
principal.
"""

from __future__ import annotations

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.widgets import Inspector


async def _run(inv: Invocation) -> object:
    scope = inv.session.scope(inv.policy, inv.principal)
    tools = await scope.layer.list_tools(scope.principal)
    return Inspector(inv.session, scope, tools, page_size=inv.limit)


def _configure(parser: CommandParser) -> None:
    add_scope(parser)


COMMANDS = (Command("inspector", "catalog, last result, report, audit and vault together",
                    _configure, _run),)
