"""`%mcp report [RESULT]`: the TransformReport widget for the last (or a named) result.

The report holds counts and labels, never values: what was pseudonymized, redacted, masked,
dropped or fenced, by entity type, plus truncation and the classification annotations.
"""

from __future__ import annotations

from IPython.core.error import UsageError

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.widgets import TransformReport


def _configure(parser: CommandParser) -> None:
    parser.add_argument("result", nargs="?", default=None, metavar="RESULT",
                        help="a variable holding a result (default: the last one)")


async def _run(inv: Invocation) -> object:
    if inv.args.result is not None:
        if inv.args.result not in inv.namespace:
            raise UsageError(f"No variable named {inv.args.result!r}")
        target = inv.namespace[inv.args.result]
    else:
        target = inv.session.last
    if target is None or not hasattr(target, "report"):
        raise UsageError("No result to report on yet; run %mcp call first or name a result")
    return TransformReport(target)


COMMANDS = (Command("report", "the transform report of the last (or given) result", _configure,
                    _run),)
