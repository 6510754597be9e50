"""`%mcp preview TOOL [k=v ...] --policies a,b [--as P1 --as P2]`: one call, several views.

The same call runs once per (policy, principal); the PolicyPreview widget shows one column per
pair, tints the cells that differ from the first column, badges what the pipeline changed, shows
`hidden`, `denied`, `rate limited` or `refused` for pairs that could not call, and lists the tools
each pair loses or gains against the first.
"""

from __future__ import annotations

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.call import arguments
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.widgets import PolicyPreview
from cloudg_lab.notebook.widgets import preview as running


def _configure(parser: CommandParser) -> None:
    parser.add_argument("tool", metavar="TOOL")
    parser.add_argument("pairs", nargs="*", metavar="k=v")
    parser.add_argument("--args", default=None, metavar="JSON")
    parser.add_argument("--policies", default=None, metavar="P1,P2",
                        help="comma-separated policies (default: the session's)")
    parser.add_argument("--as", dest="principals", action="append", default=None,
                        metavar="PRINCIPAL", help="repeat for several principals")


async def _run(inv: Invocation) -> object:
    a = inv.args
    policies = [p.strip() for p in (a.policies or inv.session.policy_name).split(",") if p.strip()]
    views, results = await running.run(inv.session, a.tool, arguments(inv), policies,
                                       a.principals or [None])
    return PolicyPreview(a.tool, views, results, page_size=inv.limit)


COMMANDS = (Command("preview", "the same call under several policies and principals", _configure,
                    _run),)
