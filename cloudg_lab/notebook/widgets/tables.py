"""Pages of pandas tables inside an `HTML` widget, with buttons to move between pages.

A widget never sends more than one page (`display_limit` rows) to the browser: its data source
is asked for the rows of the page in view and the total, and the cells arrive already rendered
(escaped, badged, tinted), so pandas only lays out the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from cloudg_lab.notebook.display.html import esc
from cloudg_lab.notebook.widgets import style

EMPTY = "(none)"


@dataclass(frozen=True)
class Page:
    """One page of a table: its cells already rendered as HTML, and how many rows exist in all."""

    cells: list[list[str]]
    total: int


Source = Callable[[int, int], Page]
"""`source(offset, limit)`: the page starting at `offset`."""


def frame_html(cells: Sequence[Sequence[str]], columns: Sequence[str], css: str = "") -> str:
    """Pre-rendered cells as a pandas HTML table (`tbody` rows, classes `cloudg-table` + `css`)."""
    import pandas as pd

    frame = pd.DataFrame(list(cells), columns=[esc(c) for c in columns])
    classes = ["cloudg-table", *css.split()]
    return str(frame.to_html(escape=False, index=False, border=0, classes=classes, justify="left"))


class PagedTable:
    """An `HTML` widget showing one page, plus first/previous/next/last buttons and a position."""

    def __init__(self, columns: Sequence[str], source: Source, page_size: int, *,
                 css: str = "", empty: str = EMPTY) -> None:
        self.columns = list(columns)
        self.source = source
        self.page_size = max(1, page_size)
        self.css = css
        self.empty = empty
        self.page = 0
        self.total = 0
        self.shown = 0
        self.rendered = ""
        self.html = widgets.HTML()
        self.position = widgets.HTML()
        self.buttons = {name: widgets.Button(description=label, tooltip=tip,
                                             layout=widgets.Layout(width="auto"))
                        for name, label, tip in (("first", "«", "first page"),
                                                 ("previous", "‹", "previous page"),
                                                 ("next", "›", "next page"),
                                                 ("last", "»", "last page"))}
        for name, button in self.buttons.items():
            button.on_click(lambda _b, step=name: self.turn(step))
        self.widget = widgets.VBox([self.html, widgets.HBox([*self.buttons.values(), self.position])])

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.page_size))

    def turn(self, step: str) -> None:
        """Move to the `first`, `previous`, `next` or `last` page and render it."""
        target = {"first": 0, "previous": self.page - 1, "next": self.page + 1,
                  "last": self.pages - 1}[step]
        self.page = min(max(target, 0), self.pages - 1)
        self.refresh()

    def refresh(self, *, first_page: bool = False) -> None:
        """Ask the source for the page in view again (the first one when `first_page`)."""
        if first_page:
            self.page = 0
        page = self.source(self.page * self.page_size, self.page_size)
        self.total = page.total
        if self.page >= self.pages:
            self.page = self.pages - 1
            page = self.source(self.page * self.page_size, self.page_size)
        self.shown = len(page.cells)
        self.rendered = self.body(page)
        self.html.value = style.panel(self.rendered)
        start = self.page * self.page_size
        shown = f"rows {start + 1:,}–{start + len(page.cells):,} of {page.total:,}" if page.cells \
            else f"0 of {page.total:,}"
        self.position.value = f"&nbsp;{shown} · page {self.page + 1:,}/{self.pages:,}"
        for name, button in self.buttons.items():
            at_start = name in ("first", "previous") and self.page == 0
            at_end = name in ("next", "last") and self.page >= self.pages - 1
            button.disabled = at_start or at_end

    def body(self, page: Page) -> str:
        """The page as an HTML table (an empty table keeps its header and says so)."""
        table = frame_html(page.cells, self.columns, self.css)
        if not page.cells:
            table += f'<div class="cloudg-w-note">{esc(self.empty)}</div>'
        return table

    def static_html(self) -> str:
        """The page in view with a line saying how many rows are not shown."""
        hidden = self.total - self.shown
        more = f'<div class="cloudg-w-note">… {hidden:,} more rows</div>' if hidden > 0 else ""
        return self.rendered + more
