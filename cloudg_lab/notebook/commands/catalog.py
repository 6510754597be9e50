"""`%mcp tools|resources|templates|prompts`: what the principal may see, one table each."""

from __future__ import annotations

from functools import partial

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.listings import KINDS, Kind


def _configure(parser: CommandParser) -> None:
    parser.add_argument("--grep", default=None, metavar="PAT",
                        help="case-insensitive regular expression over names and descriptions")
    parser.add_argument("--category", default=None, metavar="C", help="only this category")
    add_scope(parser)


async def _run(kind: Kind, inv: Invocation) -> object:
    return await inv.session.listing(kind, grep=inv.args.grep, category=inv.args.category,
                                     policy=inv.policy, principal=inv.principal)


_SUMMARIES = {"tools": "list the tools visible to the principal",
              "resources": "list the resources visible to the principal",
              "templates": "list the resource templates visible to the principal",
              "prompts": "list the prompts visible to the principal"}

COMMANDS = tuple(Command(kind, _SUMMARIES[kind], _configure, partial(_run, kind)) for kind in KINDS)
