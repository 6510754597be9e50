"""`%mcp report [RESULT]`: the transform report of the last (or a named) result, as a table.

The report holds counts and labels, never values: what was pseudonymized, redacted, masked,
dropped or fenced, by entity type, plus truncation and the classification annotations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from IPython.core.error import UsageError

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table

COLUMNS = ["section", "item", "value"]


def report_rows(report: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """One row per counted entity or setting; nested annotations flattened to dotted items."""
    out: list[dict[str, Any]] = []
    for section, content in (report or {}).items():
        if isinstance(content, Mapping):
            out.extend({"section": section, "item": item, "value": value}
                       for item, value in _flat(content, ""))
        else:
            out.append({"section": section, "item": "", "value": content})
    return out


def _flat(value: Mapping[str, Any], prefix: str) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    for key, inner in value.items():
        label = f"{prefix}{key}"
        if isinstance(inner, Mapping) and inner:
            items.extend(_flat(inner, label + "."))
        elif isinstance(inner, list):
            items.append((label, ", ".join(str(v) for v in inner)))
        else:
            items.append((label, inner))
    return items


def _configure(parser: CommandParser) -> None:
    parser.add_argument("result", nargs="?", default=None, metavar="RESULT",
                        help="a variable holding a result (default: the last one)")


async def _run(inv: Invocation) -> Any:
    if inv.args.result is not None:
        if inv.args.result not in inv.namespace:
            raise UsageError(f"No variable named {inv.args.result!r}")
        target = inv.namespace[inv.args.result]
    else:
        target = inv.session.last
    if target is None or not hasattr(target, "report"):
        raise UsageError("No result to report on yet; run %mcp call first or name a result")
    name = getattr(getattr(target, "origin", None), "name", "result")
    rows = report_rows(target.report)
    return Table(f"transform report · {name}", rows, COLUMNS, limit=inv.limit,
                 note="" if rows else "nothing was transformed")


COMMANDS = (Command("report", "the transform report of the last (or given) result", _configure,
                    _run),)
