"""`%mcp use [--policy P] [--as PRINCIPAL]` and `%mcp whoami`: the session's defaults."""

from __future__ import annotations

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.display import Table
from cloudg_lab.notebook.session import PrincipalLike, Session


def whoami(session: Session, policy: str | None = None, principal: PrincipalLike = None) -> Table:
    """The policy and principal in force (with one call's overrides), as a two-column table.

    Raises:
        PolicyError, ValueError: for a bad `policy` or `principal`.
    """
    scope = session.scope(policy, principal)
    who = scope.principal
    layer_policy = scope.layer.policy
    rows = [("policy", scope.policy), ("description", layer_policy.description),
            ("principal", who.id), ("roles", ", ".join(sorted(who.roles))),
            ("may reveal", layer_policy.may(who, "reveal")),
            ("vault key", session.vault_key_source())]
    return Table("whoami", [{"setting": k, "value": v} for k, v in rows], ["setting", "value"])


async def _use(inv: Invocation) -> object:
    session = inv.session
    session.use(policy=inv.policy, principal=inv.principal)
    return whoami(session)


async def _whoami(inv: Invocation) -> object:
    return whoami(inv.session, inv.policy, inv.principal)


def _configure(parser: CommandParser) -> None:
    add_scope(parser)


COMMANDS = (
    Command("use", "set the session's default policy and principal", _configure, _use),
    Command("whoami", "the current policy, principal and roles", _configure, _whoami),
)
