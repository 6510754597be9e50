"""`%mcp export audit PATH.csv|.parquet|.jsonl`: the audit trail to a file, written atomically
(`notebook.export`)."""

from __future__ import annotations

import asyncio

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table
from cloudg_lab.notebook.export import write_rows
from cloudg_lab.notebook.widgets import audit_rows


def _configure(parser: CommandParser) -> None:
    parser.add_argument("what", choices=("audit",))
    parser.add_argument("path", metavar="PATH")
    parser.add_argument("--policy", default=None, metavar="NAME", help="whose audit trail")


async def _run(inv: Invocation) -> object:
    log = inv.session.audit_log(inv.args.policy)
    rows = audit_rows.rows(reversed(log.entries()))
    path = await asyncio.to_thread(write_rows, rows, audit_rows.COLUMNS, inv.args.path)
    return Table("export", [{"file": str(path), "entries": len(rows)}], ["file", "entries"])


COMMANDS = (Command("export", "write the audit trail to .csv, .parquet or .jsonl", _configure,
                    _run),)
