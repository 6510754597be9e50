"""`%mcp vault [--as PRINCIPAL]`: the pseudonym vault as a table.

Real values appear only for a principal whose policy grants `reveal`; for everyone else the vault
itself masks them, so this table cannot leak what the policy protects.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.display import Table

COLUMNS = ["pseudonym", "entity", "namespace", "first_used", "last_used", "real"]


def vault_table(inv: Invocation) -> Table:
    """The mappings the viewing principal may see, under the policy in force.

    Raises:
        PolicyError, ValueError: for a bad `--policy` or `--as`.
    """
    scope = inv.session.scope(inv.policy, inv.principal)
    reveal = scope.layer.policy.may(scope.principal, "reveal")
    rows = [{**m, "first_used": _when(m["created"]), "last_used": _when(m["last_used"])}
            for m in scope.layer.vault.mappings(reveal=reveal)]
    note = "real values shown: this principal may reveal" if reveal else \
        "real values masked: this principal may not reveal"
    return Table(f"vault · {scope.principal.label()}", rows, COLUMNS, limit=inv.limit, note=note)


def _when(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).isoformat(timespec="seconds")


async def _run(inv: Invocation) -> Any:
    return vault_table(inv)


def _configure(parser: CommandParser) -> None:
    add_scope(parser)


COMMANDS = (Command("vault", "pseudonym vault mappings (real values only with reveal)", _configure,
                    _run),)
