"""The listing tables of `cloudg-lab tools|resources|templates|prompts`, fitted to the terminal.

Aligned plain-text columns; the last one (the description) gets the width the others leave and
is shortened with "…", or left out when too little is left to say anything.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from typing import Any

_MIN_DESCRIPTION = 20
"""Below this many columns a shortened description says nothing; the table leaves it out."""


def terminal_width() -> int:
    """Columns of the terminal (`$COLUMNS` when set, 100 when there is no terminal), at least 40."""
    return max(shutil.get_terminal_size((100, 24)).columns, 40)


def format_table(items: list[dict[str, Any]], columns: Sequence[str], width: int = 100) -> str:
    """Aligned columns within `width`; `_meta.key` reaches into `_meta`; the last column (the
    description) gets what the others leave, a longer one ends in "…", and none is shown when
    fewer than `_MIN_DESCRIPTION` columns are left."""
    if not items:
        return "(none visible to this principal under this policy)"
    rows = [[_cell(item, column) for column in columns] for item in items]
    headers = [c.rsplit("/", 1)[-1].rsplit(".", 1)[-1] for c in columns]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    room = width - sum(widths[:-1]) - 2 * (len(widths) - 1)
    if room < _MIN_DESCRIPTION:  # too narrow to say anything useful: leave descriptions out
        rows, headers, widths = [r[:-1] for r in rows], headers[:-1], widths[:-1]
    else:
        rows = [[*r[:-1], _shortened(r[-1], room)] for r in rows]
        widths[-1] = min(widths[-1], room)
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(lines)


def _cell(item: dict[str, Any], column: str) -> str:
    value: Any = item.get("_meta", {}).get(column[6:]) if column.startswith("_meta.") else item.get(column)
    if column == "arguments":
        value = ", ".join(a["name"] + ("" if a.get("required") else "?") for a in value or [])
    return "" if value is None else " ".join(str(value).split())


def _shortened(text: str, room: int) -> str:
    return text if len(text) <= room else text[:room - 1] + "…"
