"""The `%mcp` subcommands, one module each, and the dispatcher that runs them.

`dispatch` is the only entry: the input transformer's `await __cloudg_mcp__(...)` and the tests
call it. It splits the line, finds the subcommand, parses its options and runs it; every mistake
a user can make ends as one `UsageError` line, and an `isError` tool result is returned, not
raised.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import ModuleType

from IPython.core.error import UsageError

from cloudg_lab.errors import MCPLayerError
from cloudg_lab.notebook.commands import (
    audit,
    call,
    catalog,
    complete,
    export,
    history,
    inspector,
    mount,
    policy,
    preview,
    prompt,
    read,
    report,
    serve,
    usage,
    use,
    vault,
    workspace,
)
from cloudg_lab.notebook.commands.base import Command, Invocation, describe, unknown_command
from cloudg_lab.notebook.commands.parser import CommandParser, split
from cloudg_lab.notebook.session import Session


def _table(*modules: ModuleType) -> dict[str, Command]:
    """Each module's `COMMANDS` by name, and `help` over them all."""
    table: dict[str, Command] = {}
    for module in modules:
        found: Sequence[Command] = module.COMMANDS
        table.update((c.name, c) for c in found)
    table["help"] = usage.make(table)
    return table


COMMANDS: dict[str, Command] = _table(catalog, call, read, prompt, complete, workspace, use, policy,
                                      report, audit, vault, preview, inspector, history, export,
                                      serve, mount)
_PARSERS: dict[str, CommandParser] = {}


def names() -> list[str]:
    return sorted(COMMANDS)


def parser_for(name: str) -> CommandParser:
    found = _PARSERS.get(name)
    if found is None:
        found = _PARSERS[name] = COMMANDS[name].parser()
    return found


async def dispatch(session: Session, line: str, body: str | None = None,
                   namespace: Mapping[str, object] | None = None) -> object:
    """Run one `%mcp` line (and `%%mcp` body) and return what should be displayed.

    Raises:
        UsageError: one line for every mistake: unknown subcommand, bad options, bad JSON/YAML,
            unknown tool, protocol errors of reads and prompts, invalid policies.
    """
    words = split(line)
    name = words[0] if words else "help"
    command = COMMANDS.get(name)
    if command is None:
        unknown_command(name, names())
    if body is not None and command.body == "none":
        raise UsageError(f"%%mcp {name} takes no cell body; use %mcp {name} on one line")
    args = parser_for(name).parse(words[1:])
    invocation = Invocation(session=session, args=args, body=body, namespace=namespace or {})
    try:
        return await command.run(invocation)
    except MCPLayerError as exc:
        raise UsageError(describe(exc)) from None
    except (ValueError, OSError, re.error) as exc:
        raise UsageError(str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None

