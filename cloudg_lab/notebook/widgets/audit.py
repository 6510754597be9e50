"""AuditLog: a policy's audit ring buffer as a live, filterable, exportable table.

The widget subscribes to the buffer (no polling). Entries may arrive from worker threads, from
the HTTP endpoint serving external clients, or from cells; a `Coalescer` turns each burst into
one update on the kernel's loop, so a thousand calls cost one re-render, not a thousand. The
widget keeps its own newest-first copy of the rows with their cells rendered once, so an update
only lays out the page in view. Counters come from the buffer itself and stay true after old
entries fall out of the ring.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as widgets

from cloudg_lab.notebook.display.tables import plain_table
from cloudg_lab.notebook.export import FORMATS, write_rows
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.audit_rows import COLUMNS, KINDS, Filters, cells, row
from cloudg_lab.notebook.widgets.base import WidgetView
from cloudg_lab.notebook.widgets.batching import DELAY, Coalescer
from cloudg_lab.notebook.widgets.tables import Page, PagedTable
from cloudg_lab.policy import audit as trail
from cloudg_lab.policy.audit import DECISIONS, AuditEntry

if TYPE_CHECKING:  # pandas is imported when a frame is asked for
    from pandas import DataFrame

_ANY = ("any", "")


class _Row:
    """One entry; its plain values and HTML cells are made on first use, then kept."""

    __slots__ = ("_cells", "_values", "entry", "seq")

    def __init__(self, entry: AuditEntry) -> None:
        self.entry = entry
        self.seq: int = entry.seq
        self._values: dict[str, object] | None = None
        self._cells: list[str] | None = None

    @property
    def values(self) -> dict[str, object]:
        if self._values is None:
            self._values = row(self.entry)
        return self._values

    @property
    def cells(self) -> list[str]:
        if self._cells is None:
            self._cells = cells(self.values)
        return self._cells


class AuditLog(WidgetView):
    """The audit trail of one policy, newest first; follows the buffer until closed."""

    def __init__(self, log: trail.AuditLog, *, title: str = "audit", filters: Filters | None = None,
                 page_size: int = 50, delay: float = DELAY,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__()
        self.log = log
        self.title = title
        self.filters = filters or Filters()
        self.renders = 0
        """Table re-renders so far (a burst of entries costs one)."""
        self._rows: deque[_Row] = deque()
        self._by_seq: dict[int, _Row] = {}
        self._principals: set[str] = set()
        self._quiet = False
        self.head = widgets.HTML()
        self.counters = widgets.HTML()
        self.decision = _dropdown("decision", [(d, d) for d in DECISIONS], self.filters.decision)
        self.principal = _dropdown("principal", [], self.filters.principal)
        self.kind = _dropdown("kind", [(k, k) for k in KINDS], self.filters.kind)
        self.table = PagedTable(COLUMNS, self._page, page_size, css="cloudg-audit",
                                empty="no audit entries (yet)")
        self.export_format = widgets.Dropdown(options=FORMATS, value=".csv",
                                              layout=widgets.Layout(width="7em"))
        self.export_path = widgets.Text(placeholder="file path (default audit.<format>)")
        self.export_button = widgets.Button(description="Export", tooltip="write the rows shown "
                                            "(all pages) to a file, atomically")
        self.export_status = widgets.HTML()
        self.export_button.on_click(lambda _b: self._export_clicked())
        self.widget = widgets.VBox([
            self.head, self.counters, widgets.HBox([self.decision, self.principal, self.kind]),
            self.table.widget,
            widgets.HBox([self.export_format, self.export_path, self.export_button,
                          self.export_status])])
        # Subscribe before the snapshot: an entry landing in between is heard twice, and its
        # sequence number makes the second one an update of the first, never a lost row.
        self._coalescer: Coalescer[tuple[AuditEntry | None, bool]] = Coalescer(
            self._apply, delay=delay, loop=loop)
        self.on_close(self._coalescer.close)
        self.on_close(log.subscribe(self._heard))
        self._add(_Row(e) for e in reversed(log.entries()))
        self._principal_options()
        for choice in (self.decision, self.principal, self.kind):
            choice.observe(self._filter_changed, names="value")
        self._render_head()
        self._render_table()

    # ------------------------------------------------------------------ following the buffer

    def _heard(self, entry: AuditEntry | None, replaced: bool) -> None:
        self._coalescer.push((entry, replaced))

    async def updated(self) -> None:
        """Return once every entry heard so far is in the table (for cells and tests)."""
        await self._coalescer.settled()

    def _apply(self, batch: list[tuple[AuditEntry | None, bool]]) -> None:
        entries = [entry for entry, _ in batch if entry is not None]
        known = len(self._principals)
        self._add(_Row(e) for e in entries)
        if len(self._principals) != known:
            self._principal_options()
        self._render_head()
        if entries:
            self._render_table()

    def _add(self, new_rows: Iterable[_Row]) -> None:
        """Insert rows newest first (a rewritten entry replaces its row); evict past the ring size."""
        for new in new_rows:
            self._principals.add(new.entry.principal)
            old = self._by_seq.get(new.seq)
            if old is not None:
                old.entry, old._values, old._cells = new.entry, None, None
                continue
            self._by_seq[new.seq] = new
            position = 0
            while position < len(self._rows) and self._rows[position].seq > new.seq:
                position += 1
            self._rows.insert(position, new)
        while len(self._rows) > max(self.log.size, 1):
            self._by_seq.pop(self._rows.pop().seq, None)

    # ------------------------------------------------------------------ what is shown

    def _view(self) -> Iterable[_Row]:
        if not self.filters.active:
            return self._rows
        return [r for r in self._rows if self.filters.keeps(r.entry)]

    def _total(self, view: Iterable[_Row]) -> int:
        size = len(view) if isinstance(view, deque | list) else sum(1 for _ in view)
        return size if self.filters.last is None else min(size, max(self.filters.last, 0))

    def _page(self, offset: int, limit: int) -> Page:
        view = self._view()
        total = self._total(view)
        chosen = itertools.islice(view, offset, min(offset + limit, total))
        return Page([r.cells for r in chosen], total)

    @property
    def rows(self) -> list[dict[str, object]]:
        """Every row the filters keep, newest first, as plain values."""
        return self._values()

    def _values(self, limit: int | None = None) -> list[dict[str, object]]:
        view = self._view()
        total = self._total(view)
        return [dict(r.values) for r in
                itertools.islice(view, total if limit is None else min(limit, total))]

    def to_frame(self) -> DataFrame:
        """The rows the filters keep as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows, columns=COLUMNS)

    def _render_head(self) -> None:
        self.head.value = style.panel(style.title(self.title))
        self.counters.value = style.panel(style.counters(self.log.counters) + style.note(self.gap()))

    def gap(self) -> str:
        """Why the counters add up to more than the rows, in words ("" when they agree)."""
        counts = self.log.counters
        kept_allowed = sum(1 for r in self._rows if r.entry.decision == "allowed")
        unkept = 0 if self.log.record_allowed else max(counts.get("allowed", 0) - kept_allowed, 0)
        evicted = max(sum(counts.values()) - len(self._rows) - unkept, 0)
        parts = []
        if unkept:
            parts.append(f"{unkept:,} allowed {_calls(unkept)} counted but not kept as rows: this "
                         "policy does not audit allowed calls (refusals are always kept)")
        if evicted:
            noun = "entry" if evicted == 1 else "entries"
            parts.append(f"{evicted:,} older {noun} left the ring of {self.log.size:,}")
        return "; ".join(parts)

    def _render_table(self) -> None:
        self.renders += 1
        self.table.refresh()

    def _principal_options(self) -> None:
        chosen = self.principal.value
        names = sorted(self._principals | ({chosen} if chosen else set()))
        self._quiet = True
        try:
            self.principal.options = [_ANY, *((p, p) for p in names)]
            self.principal.value = chosen
        finally:
            self._quiet = False

    def _filter_changed(self, _change: object) -> None:
        if self._quiet:
            return
        self.filters = replace(self.filters, decision=self.decision.value or "",
                               principal=self.principal.value or "", kind=self.kind.value or "")
        self.renders += 1
        self.table.refresh(first_page=True)

    # ------------------------------------------------------------------ export

    def export(self, path: str | Path) -> Path:
        """Write the rows the filters keep, oldest first, to .csv, .parquet or .jsonl atomically.

        Raises:
            ValueError: for another suffix.
            OSError: when the directory is missing or not writable.
        """
        return write_rows(list(reversed(self.rows)), COLUMNS, str(path))

    def _export_clicked(self) -> None:
        target = self.export_path.value.strip() or f"audit{self.export_format.value}"
        if not Path(target).suffix:
            target += self.export_format.value
        try:
            written = self.export(target)
        except Exception as exc:  # shown on the widget in one line; the kernel carries on
            self.export_status.value = style.panel(style.note(f"export failed: {_first_line(exc)}"))
            return
        self.export_status.value = style.panel(style.note(f"wrote {len(self.rows):,} rows to {written}"))

    # ------------------------------------------------------------------ fallbacks

    def _filter_line(self) -> str:
        f = self.filters
        bits = [f"{name} {value}" for name, value in (("decision", f.decision),
                                                       ("principal", f.principal),
                                                       ("kind", f.kind)) if value]
        if f.last is not None:
            bits.append(f"last {f.last}")
        return "filters: " + (", ".join(bits) if bits else "none")

    def static_body(self) -> str:
        return (style.title(self.title) + style.counters(self.log.counters) + style.note(self.gap())
                + style.note(self._filter_line()) + self.table.static_html())

    def static_text(self) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in self.log.counters.items())
        shown = self._values(self.table.page_size)
        table = plain_table([[r[c] for c in COLUMNS] for r in shown], COLUMNS, len(shown))
        hidden = self.table.total - len(shown)
        more = f"\n… {hidden} more rows" if hidden > 0 else ""
        gap = f"\n{self.gap()}" if self.gap() else ""
        return f"{self.title}\ncounters: {counts}{gap}\n{self._filter_line()}\n{table}{more}"

    def __repr__(self) -> str:
        return f"<AuditLog {self.title!r}: {len(self._rows)} entries>"


def _dropdown(label: str, options: list[tuple[str, str]], value: str) -> widgets.Dropdown:
    choices = [_ANY, *options]
    if value and value not in [v for _, v in choices]:
        choices.append((value, value))
    return widgets.Dropdown(description=label, options=choices, value=value,
                            layout=widgets.Layout(width="auto"))


def _calls(n: int) -> str:
    return "call is" if n == 1 else "calls are"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
