"""`%mcp prompt NAME [k=v ...]`: render a prompt; its arguments are strings, as MCP requires."""

from __future__ import annotations

from cloudg_lab.errors import MCPLayerError, NotFoundError
from cloudg_lab.notebook.commands.base import Command, Invocation, did_you_mean
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope, body_object, pairs


def _configure(parser: CommandParser) -> None:
    parser.add_argument("name", metavar="NAME")
    parser.add_argument("pairs", nargs="*", metavar="k=v", help="prompt arguments (strings)")
    add_scope(parser)


async def _run(inv: Invocation) -> object:
    args: dict[str, object] = {k: v if isinstance(v, str) else str(v)
                               for k, v in body_object(inv.body).items()}
    args.update(pairs(inv.args.pairs, parse_values=False))
    try:
        return await inv.session.prompt(inv.args.name, args, policy=inv.policy,
                                        principal=inv.principal)
    except MCPLayerError as exc:
        inv.session.record_failure("prompt", inv.args.name, exc, policy=inv.policy,
                                   principal=inv.principal)
        if not isinstance(exc, NotFoundError):
            raise
        scope = inv.session.scope(inv.policy, inv.principal)
        visible = [str(p["name"]) for p in await scope.layer.list_prompts(scope.principal)]
        hint = did_you_mean(exc, inv.args.name, visible)
        if hint is None:
            raise
        raise hint from None


COMMANDS = (Command("prompt", "get a prompt, rendered", _configure, _run, body="optional"),)
