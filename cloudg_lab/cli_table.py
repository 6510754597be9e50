"""The cells of `cloudg-lab tools|resources|templates|prompts`, laid out by `text_table`.

A column names a member of the wire item; `_meta.key` reaches into `_meta`, and a prompt's
`arguments` read as their names (`?` after an optional one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cloudg_lab.text_table import format_table, terminal_width

NONE_VISIBLE = "(none visible to this principal under this policy)"


def listing(items: Sequence[Mapping[str, object]], columns: Sequence[str]) -> str:
    """The items as a table fitted to the terminal; the description is the last column."""
    rows = [[_cell(item, column) for column in columns] for item in items]
    headers = [c.rsplit("/", 1)[-1].rsplit(".", 1)[-1] for c in columns]
    return format_table(rows, headers, width=terminal_width(), empty=NONE_VISIBLE)


def _cell(item: Mapping[str, object], column: str) -> str:
    meta = item.get("_meta")
    value = (meta.get(column[6:]) if isinstance(meta, Mapping) else None) if column.startswith(
        "_meta.") else item.get(column)
    if column == "arguments" and isinstance(value, list):
        value = ", ".join(str(a.get("name")) + ("" if a.get("required") else "?") for a in value
                          if isinstance(a, Mapping))
    return "" if value is None else str(value)
