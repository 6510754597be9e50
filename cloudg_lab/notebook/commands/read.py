"""`%mcp read URI`: a resource or a templated URI, through the same policy and pipeline."""

from __future__ import annotations

from typing import Any

from cloudg_lab.errors import MCPLayerError
from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope


def _configure(parser: CommandParser) -> None:
    parser.add_argument("uri", metavar="URI")
    add_scope(parser)


async def _run(inv: Invocation) -> Any:
    try:
        return await inv.session.read(inv.args.uri, policy=inv.policy, principal=inv.principal)
    except MCPLayerError as exc:
        inv.session.record_failure("resource", inv.args.uri, exc, policy=inv.policy,
                                   principal=inv.principal)
        raise


COMMANDS = (Command("read", "read a resource (exact or template URI)", _configure, _run),)
