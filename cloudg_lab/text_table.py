"""Aligned plain-text tables: the CLI's listings and every notebook `text/plain` table.

One formatter, so a table reads the same in a terminal and in a notebook's plain output (a
pager, `nbconvert --to markdown`, a log). Cells are text already, as each caller renders its
values; whitespace inside a cell is collapsed, so a row stays one line. Written here rather
than with pandas' `to_string`: that needs pandas in the CLI (a second of start-up), right-aligns
text and cannot give the last column the width the others leave.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence

MIN_LAST = 20
"""Below this many columns a shortened last column (a description) says nothing: it is left out."""


def terminal_width() -> int:
    """Columns of the terminal (`$COLUMNS` when set, 100 when there is no terminal), at least 40."""
    return max(shutil.get_terminal_size((100, 24)).columns, 40)


def format_table(rows: Sequence[Sequence[str]], headers: Sequence[str], *, width: int | None = None,
                 limit: int | None = None, empty: str = "(none)") -> str:
    """Left-aligned columns two spaces apart, at most `limit` rows and then `… N more rows`.

    Within `width`, the last column gets what the others leave, a longer cell ends in "…", and
    the column is left out when fewer than `MIN_LAST` are left.
    """
    if not rows:
        return empty
    shown = [[" ".join(cell.split()) for cell in row] for row in rows[:limit]]
    names = list(headers)
    widths = [max(len(h), *(len(r[i]) for r in shown)) for i, h in enumerate(names)]
    if width is not None:
        room = width - sum(widths[:-1]) - 2 * (len(widths) - 1)
        if room < MIN_LAST:
            shown, names, widths = [r[:-1] for r in shown], names[:-1], widths[:-1]
        else:
            shown = [[*r[:-1], _shortened(r[-1], room)] for r in shown]
            widths[-1] = min(widths[-1], room)
    lines = [_line(names, widths), *(_line(r, widths) for r in shown)]
    hidden = len(rows) - len(shown)
    return "\n".join(lines) + (f"\n… {hidden} more rows" if hidden > 0 else "")


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()


def _shortened(text: str, room: int) -> str:
    return text if len(text) <= room else text[:room - 1] + "…"
