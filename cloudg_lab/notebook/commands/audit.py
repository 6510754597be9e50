"""`%mcp audit [--last N] [--decision D] [--principal ID] [--kind K]`: the policy's audit trail.

A plain table for now (the live widget wraps the same rows later). Entries hold argument hashes,
never values, so the table is safe to share.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table
from cloudg_lab.policy.audit import DECISIONS

COLUMNS = ["seq", "time", "decision", "kind", "name", "principal", "roles", "reason", "arguments",
           "duration_ms"]


def rows(entries: Iterable[Any]) -> list[dict[str, Any]]:
    """Audit entries as flat rows (time in UTC ISO format, arguments as `name=hash`)."""
    out = []
    for entry in entries:
        data = entry.to_dict()
        data["time"] = dt.datetime.fromtimestamp(entry.ts, dt.UTC).isoformat(timespec="milliseconds")
        data["roles"] = ",".join(entry.roles)
        data["arguments"] = " ".join(f"{k}={v}" for k, v in entry.arguments.items())
        out.append({c: data.get(c) for c in COLUMNS})
    return out


def _configure(parser: CommandParser) -> None:
    parser.add_argument("--last", type=int, default=None, metavar="N")
    parser.add_argument("--decision", choices=DECISIONS, default=None)
    parser.add_argument("--principal", default=None, metavar="ID")
    parser.add_argument("--kind", choices=("tool", "resource", "prompt", "completion"), default=None)
    parser.add_argument("--policy", default=None, metavar="NAME", help="whose audit trail")


async def _run(inv: Invocation) -> Any:
    a = inv.args
    log = inv.session.audit_log(a.policy)
    entries = log.entries(last=a.last, decision=a.decision, principal=a.principal, kind=a.kind)
    counters = ", ".join(f"{k} {v}" for k, v in log.counters.items())
    return Table(f"audit · policy {a.policy or inv.session.policy_name}", rows(entries), COLUMNS,
                 limit=inv.limit, note=f"counters: {counters}")


COMMANDS = (Command("audit", "the policy audit ring buffer, newest first", _configure, _run),)
