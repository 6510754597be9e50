"""`%mcp history [--last N]`: the session's requests, newest first."""

from __future__ import annotations

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table

_COLUMNS = ["time", "kind", "name", "policy", "principal", "status", "duration_ms"]


def _configure(parser: CommandParser) -> None:
    parser.add_argument("--last", type=int, default=None, metavar="N", help="only the N newest")


async def _run(inv: Invocation) -> object:
    rows = list(reversed(inv.session.history))
    if inv.args.last is not None:
        rows = rows[:max(inv.args.last, 0)]
    return Table("history", rows, _COLUMNS, limit=inv.limit)


COMMANDS = (Command("history", "the calls made in this session", _configure, _run),)
