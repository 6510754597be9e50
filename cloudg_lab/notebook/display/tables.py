"""Tables: listings, status and history, as display objects with a DataFrame underneath.

A `Table` pages (shows `limit` rows, says how many more) rather than freezing the browser; the
rows themselves are kept whole for `.rows` and `.to_frame()`. A `Listing` is a table of wire
items (tools, resources, ...) and so also carries the custom MIME payload.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from cloudg_lab.notebook.display import html
from cloudg_lab.notebook.display.bundle import Origin, mimebundle, payload
from cloudg_lab.notebook.display.values import plain_text
from cloudg_lab.text_table import format_table

if TYPE_CHECKING:  # pandas is imported when a frame is asked for
    from pandas import DataFrame


class Displayable(Protocol):
    """What a panel section is: anything with its own mime bundle."""

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]: ...


class Table:
    """Rows of plain values with a title; `text/html` and `text/plain` come from pandas."""

    def __init__(self, title: str, rows: Sequence[Mapping[str, object]],
                 columns: Sequence[str] | None = None, *, limit: int = 50, note: str = "") -> None:
        self.title = title
        self.rows = [dict(r) for r in rows]
        self.columns = list(columns) if columns is not None else columns_of(self.rows)
        self.limit = limit
        self.note = note

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, object]]:
        return iter(self.rows)

    def column(self, name: str) -> list[object]:
        """One column's values, in row order (missing cells are None)."""
        return [r.get(name) for r in self.rows]

    def to_frame(self) -> DataFrame:
        """All rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame([[r.get(c) for c in self.columns] for r in self.rows],
                            columns=self.columns)

    def html_body(self) -> str:
        if not self.rows:
            return '<div class="cloudg-more">(none)</div>' + self._note_html()
        shown = self.rows[:self.limit]
        cells = [[html.esc(plain_text(r.get(c))) for c in self.columns] for r in shown]
        numeric = [html.is_numeric(r.get(c) for r in shown) for c in self.columns]
        body = html.table_html(self.columns, cells, numeric)
        hidden = len(self.rows) - self.limit
        more = f'<div class="cloudg-more">… {hidden} more rows</div>' if hidden > 0 else ""
        return body + more + self._note_html()

    def plain(self) -> str:
        lines = [self.title, plain_records(self.rows, self.columns, self.limit)]
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def _note_html(self) -> str:
        return f'<div class="cloudg-more">{html.esc(self.note)}</div>' if self.note else ""

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        return mimebundle(None, html.frame_html(self.title, self.html_body()), self.plain(),
                          include, exclude)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.title!r}: {len(self.rows)} rows>"


class Listing(Table):
    """A table of what a principal may see, plus the wire items as the custom MIME payload."""

    def __init__(self, origin: Origin, wire: list[dict[str, object]], rows: Sequence[Mapping[str, object]],
                 columns: Sequence[str]) -> None:
        super().__init__(origin.head(f"{len(wire)} {origin.name}"), rows, columns,
                         limit=origin.display_limit)
        self.origin = origin
        self.wire = wire

    @property
    def names(self) -> list[str]:
        """The first column's values: tool or prompt names, URIs or URI templates."""
        return [str(r[self.columns[0]]) for r in self.rows]

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        data = payload(self.origin, self.wire)
        return mimebundle(data, html.frame_html(self.title, self.html_body(),
                                                attrs={"kind": "listing"}),
                          self.plain(), include, exclude)


class Panel:
    """Several displays under one head: the policy summary, the plain inspector."""

    def __init__(self, title: str, sections: Sequence[tuple[str, Displayable]]) -> None:
        self.title = title
        self.sections = list(sections)

    def section(self, title: str) -> Displayable:
        """The display shown under `title`.

        Raises:
            KeyError: when there is no such section.
        """
        for name, shown in self.sections:
            if name == title:
                return shown
        raise KeyError(title)

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        parts_html, parts_plain = [], [self.title]
        for name, shown in self.sections:
            bundle = shown._repr_mimebundle_()
            parts_html.append(f"<h4>{html.esc(name)}</h4>{bundle['text/html']}")
            parts_plain.append(f"\n== {name} ==\n{bundle['text/plain']}")
        return mimebundle(None, html.frame_html(self.title, "".join(parts_html)),
                          "\n".join(parts_plain), include, exclude)

    def __repr__(self) -> str:
        return f"<Panel {self.title!r}: {', '.join(n for n, _ in self.sections)}>"


class Text:
    """Preformatted text under a title: usage and help."""

    def __init__(self, title: str, text: str) -> None:
        self.title = title
        self.text = text

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        body = f'<pre class="cloudg-json">{html.esc(self.text)}</pre>'
        return mimebundle(None, html.frame_html(self.title, body), f"{self.title}\n{self.text}",
                          include, exclude)

    def __repr__(self) -> str:
        return f"<Text {self.title!r}>"


def columns_of(rows: Sequence[Mapping[str, object]]) -> list[str]:
    """Every key of the rows, in the order they first appear."""
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    return columns


def plain_records(rows: Sequence[Mapping[str, object]], columns: Sequence[str], limit: int) -> str:
    """The first `limit` records as aligned readable text, for `text/plain`."""
    return plain_table([[r.get(c) for c in columns] for r in rows], columns, limit)


def plain_table(rows: Sequence[Sequence[object]], columns: Sequence[str], limit: int) -> str:
    """The first `limit` rows as aligned readable text (no reprs), for `text/plain`."""
    return format_table([[plain_text(v) for v in r] for r in rows], columns, limit=limit)
