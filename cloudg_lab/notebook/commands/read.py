"""`%mcp read URI`: a resource or a templated URI, through the same policy and pipeline."""

from __future__ import annotations

from cloudg_lab.errors import MCPLayerError, NotFoundError
from cloudg_lab.notebook.commands.base import Command, Invocation, did_you_mean
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope


def _configure(parser: CommandParser) -> None:
    parser.add_argument("uri", metavar="URI")
    add_scope(parser)


async def _run(inv: Invocation) -> object:
    try:
        return await inv.session.read(inv.args.uri, policy=inv.policy, principal=inv.principal)
    except MCPLayerError as exc:
        inv.session.record_failure("resource", inv.args.uri, exc, policy=inv.policy,
                                   principal=inv.principal)
        if not isinstance(exc, NotFoundError):
            raise
        hint = did_you_mean(exc, inv.args.uri, await _visible(inv))
        if hint is None:
            raise
        raise hint from None


async def _visible(inv: Invocation) -> list[str]:
    """The resource URIs and URI templates this principal may list."""
    scope = inv.session.scope(inv.policy, inv.principal)
    resources = await scope.layer.list_resources(scope.principal)
    templates = await scope.layer.list_resource_templates(scope.principal)
    return [str(r["uri"]) for r in resources] + [str(t["uriTemplate"]) for t in templates]


COMMANDS = (Command("read", "read a resource (exact or template URI)", _configure, _run),)
