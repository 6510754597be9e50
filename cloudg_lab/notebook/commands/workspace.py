"""`%mcp load [NAME=]PATH`, `%mcp datasets`, `%mcp select NAME`: the layer's workspace.

A path typed here comes from the local user and is trusted (it may lie outside the allowed
roots that bind `load_dataset` callers). What is *shown* goes through the catalog's own
`list_datasets` / `select_dataset` tools, so a policy that pseudonymizes dataset names or paths
does so here too. A load shows a progress bar and an interrupt leaves the workspace as it was
(see `loading`).
"""

from __future__ import annotations

from IPython.core.error import UsageError

from cloudg_lab.errors import MCPLayerError
from cloudg_lab.notebook import loading
from cloudg_lab.notebook.commands.base import Command, Invocation, describe
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope


def _configure_load(parser: CommandParser) -> None:
    parser.add_argument("target", metavar="[NAME=]PATH")
    parser.add_argument("--replace", action="store_true", help="replace a dataset of that name")
    add_scope(parser)


def _configure_select(parser: CommandParser) -> None:
    parser.add_argument("name", metavar="NAME")
    add_scope(parser)


async def _load(inv: Invocation) -> object:
    name, sep, path = inv.args.target.partition("=")
    if not sep:
        name, path = "", inv.args.target
    try:
        await loading.load(inv.session.layer.workspace, path, name or None, replace=inv.args.replace)
    except MCPLayerError as exc:  # the user typed the path: saying it back reveals nothing new
        raise UsageError(f"Cannot load {path}: {describe(exc)}") from None
    return await _datasets(inv)


async def _datasets(inv: Invocation) -> object:
    return await inv.session.call("list_datasets", {}, policy=inv.policy, principal=inv.principal)


async def _select(inv: Invocation) -> object:
    return await inv.session.call("select_dataset", {"name": inv.args.name}, policy=inv.policy,
                                  principal=inv.principal)


COMMANDS = (
    Command("load", "load an inventory file or directory into the workspace", _configure_load, _load),
    Command("datasets", "the loaded datasets", add_scope, _datasets),
    Command("select", "make a dataset the active one", _configure_select, _select),
)
