"""`%mcp call TOOL [k=v ...] [--args JSON] [--raw] [--timeout S]` and `%%mcp call` with a body.

Arguments merge in order of precedence: cell body (JSON or YAML), then `--args`, then `k=v`
pairs. A denied or failing call is an error *result* (shown, not raised); only an unknown or
hidden tool is a usage error, exactly as an MCP client would see it.
"""

from __future__ import annotations

from cloudg_lab.errors import NotFoundError
from cloudg_lab.notebook.commands.base import Command, Invocation, did_you_mean
from cloudg_lab.notebook.commands.parser import (
    CommandParser,
    add_scope,
    body_object,
    json_object,
    number,
    pairs,
)


def _configure(parser: CommandParser) -> None:
    parser.add_argument("tool", metavar="TOOL")
    parser.add_argument("pairs", nargs="*", metavar="k=v", help="arguments; values parsed as JSON")
    parser.add_argument("--args", default=None, metavar="JSON", help="arguments as a JSON object")
    parser.add_argument("--raw", action="store_true", help="show the whole wire result")
    parser.add_argument("--timeout", type=number, default=None, metavar="S",
                        help="seconds this call may run")
    add_scope(parser)


def arguments(inv: Invocation) -> dict[str, object]:
    """The call's arguments from body, `--args` and pairs (later ones win).

    Raises:
        UsageError: for a bad body, bad JSON or a malformed pair.
    """
    merged = body_object(inv.body)
    if inv.args.args is not None:
        merged.update(json_object(inv.args.args, "--args"))
    merged.update(pairs(inv.args.pairs))
    return merged


async def _run(inv: Invocation) -> object:
    args = arguments(inv)
    try:
        return await inv.session.call(inv.args.tool, args, policy=inv.policy,
                                      principal=inv.principal, timeout=inv.args.timeout,
                                      raw=inv.args.raw)
    except NotFoundError as exc:
        inv.session.record_failure("tool", inv.args.tool, exc, policy=inv.policy,
                                   principal=inv.principal)
        scope = inv.session.scope(inv.policy, inv.principal)
        visible = [spec.name for spec in scope.layer.visible_tools(scope.principal)]
        hint = did_you_mean(exc, inv.args.tool, visible)
        if hint is None:
            raise
        raise hint from None


COMMANDS = (Command("call", "call a tool (arguments as k=v, --args JSON or a JSON/YAML cell body)",
                    _configure, _run, body="optional"),)
