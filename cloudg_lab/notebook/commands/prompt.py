"""`%mcp prompt NAME [k=v ...]`: render a prompt; its arguments are strings, as MCP requires."""

from __future__ import annotations

from typing import Any

from cloudg_lab.errors import MCPLayerError
from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope, body_object, pairs


def _configure(parser: CommandParser) -> None:
    parser.add_argument("name", metavar="NAME")
    parser.add_argument("pairs", nargs="*", metavar="k=v", help="prompt arguments (strings)")
    add_scope(parser)


async def _run(inv: Invocation) -> Any:
    args = {k: v if isinstance(v, str) else str(v) for k, v in body_object(inv.body).items()}
    args.update(pairs(inv.args.pairs, parse_values=False))
    try:
        return await inv.session.prompt(inv.args.name, args, policy=inv.policy,
                                        principal=inv.principal)
    except MCPLayerError as exc:
        inv.session.record_failure("prompt", inv.args.name, exc, policy=inv.policy,
                                   principal=inv.principal)
        raise


COMMANDS = (Command("prompt", "get a prompt, rendered", _configure, _run, body="optional"),)
