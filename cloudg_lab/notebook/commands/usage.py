"""`%mcp help [CMD]`: the list of subcommands, or one subcommand's usage."""

from __future__ import annotations

from cloudg_lab.notebook.commands.base import Command, Invocation, unknown_command
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table, Text

INTRO = ("Every subcommand takes --policy NAME and --as PRINCIPAL for one call; k=v values are "
         "parsed as JSON when they parse; {var} expands notebook variables. Inside def or "
         "indented code use `await cloudg_lab.acall(...)`. Register your own tools with "
         "`from cloudg_lab.notebook import tool` and `@tool()`.")


def _configure(parser: CommandParser) -> None:
    parser.add_argument("command", nargs="?", default=None, metavar="CMD")


def make(commands: dict[str, Command]) -> Command:
    """The help command over the full table of `commands` (built by the dispatcher)."""

    async def run(inv: Invocation) -> object:
        name = inv.args.command
        if name is None:
            rows = [{"command": c.name + (" (cell body)" if c.body != "none" else ""),
                     "does": c.summary} for c in commands.values()]
            return Table("%mcp subcommands", rows, ["command", "does"], limit=len(rows), note=INTRO)
        found = commands.get(name)
        if found is None:
            unknown_command(name, list(commands))
        return Text(f"%mcp {name}", found.parser().format_help())

    return Command("help", "usage of %mcp or of one subcommand", _configure, run)
