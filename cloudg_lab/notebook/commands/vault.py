"""`%mcp vault [--as PRINCIPAL] [--policy P] [--search TEXT]`: the pseudonym vault widget.

Real values appear only for a principal whose policy grants `reveal`; for everyone else the vault
itself masks them before the widget sees them, so the widget cannot leak what the policy protects.
"""

from __future__ import annotations

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.widgets import Vault


async def _run(inv: Invocation) -> object:
    scope = inv.session.scope(inv.policy, inv.principal)
    reveal = scope.layer.policy.may(scope.principal, "reveal")
    return Vault(scope.layer.vault, reveal=reveal, viewer=scope.principal.label(),
                 page_size=inv.limit, search=inv.args.search or "")


def _configure(parser: CommandParser) -> None:
    add_scope(parser)
    parser.add_argument("--search", default=None, metavar="TEXT",
                        help="start with this search (pseudonym, entity, namespace)")


COMMANDS = (Command("vault", "pseudonym vault mappings (real values only with reveal)", _configure,
                    _run),)
