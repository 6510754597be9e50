"""Vault: the pseudonym mappings a viewer may see, searchable, following the vault live.

Which values appear is decided once, when the widget is built: the vault itself masks real
values unless the viewer's policy grants `reveal` (`Vault.mappings(reveal=...)`), so for anyone
else no real value ever reaches the widget, its state, its HTML or its search. New pseudonyms
arrive through the vault's listeners, batched like the audit log's.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from cloudg_lab.notebook.display.html import badge, esc
from cloudg_lab.notebook.display.tables import plain_table
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.base import WidgetView
from cloudg_lab.notebook.widgets.batching import DELAY, Coalescer
from cloudg_lab.notebook.widgets.tables import Page, PagedTable
from cloudg_lab.privacy.vault import Vault as PseudonymVault
from cloudg_lab.types import Mark

COLUMNS = ["pseudonym", "entity", "namespace", "first_used", "last_used", "real"]
TIMES = frozenset({"first_used", "last_used"})
REVEALED = "real values shown: this principal may reveal"
MASKED = "real values masked: this principal may not reveal"
BANNER = ("REAL VALUES: the real column holds the identifiers the pseudonyms stand for; do not "
          "paste this output into a ticket or a chat")


def when(timestamp: float) -> str:
    """A vault time as `YYYY-MM-DD HH:MM:SS` UTC (sorts like ISO, reads like a clock)."""
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).strftime("%Y-%m-%d %H:%M:%S")


def rows(mappings: Sequence[Mapping[str, object]]) -> list[dict[str, object]]:
    """Vault mappings as table rows, most recently used first."""
    ordered = sorted(mappings, key=lambda m: _time(m, "last_used"), reverse=True)
    return [{"pseudonym": m["pseudonym"], "entity": m["entity"], "namespace": m["namespace"],
             "first_used": when(_time(m, "created")), "last_used": when(_time(m, "last_used")),
             "real": m["real"]}
            for m in ordered]


def _time(mapping: Mapping[str, object], key: str) -> float:
    """A mapping's timestamp (seconds since the epoch, as the vault records them)."""
    value = mapping[key]
    return float(value) if isinstance(value, int | float) else 0.0


def matches(values: Mapping[str, object], query: str, *, reveal: bool) -> bool:
    """Case-insensitive search in pseudonym, entity and namespace (and the real value if shown)."""
    if not query:
        return True
    fields = ("pseudonym", "entity", "namespace", "real") if reveal else \
        ("pseudonym", "entity", "namespace")
    needle = query.casefold()
    return any(needle in str(values[f]).casefold() for f in fields)


def cells(values: Mapping[str, object]) -> list[str]:
    """A row's cells: the pseudonym as a badge naming its entity type."""
    mark = Mark(path="", kind="pseudonym", entity=str(values["entity"]))
    return [badge(esc(values["pseudonym"]), mark),
            *(style.nowrap(str(values[c])) if c in TIMES else style.text_cell(values[c])
              for c in COLUMNS[1:])]


def summary(stats: Mapping[str, object]) -> str:
    """Counts and settings from `Vault.stats()` (never a real value or the key)."""
    found = stats.get("entities")
    counts = {str(k): v for k, v in found.items() if isinstance(v, int)} if isinstance(found, Mapping) else {}
    entities = ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    where = "persistent" if stats.get("persistent") else "in memory"
    return (f"{stats.get('entries', 0):,} pseudonyms · key id {stats.get('key_id', '?')} · "
            f"{where}" + (f" · {entities}" if entities else ""))


class Vault(WidgetView):
    """The vault as `viewer` may see it; the search box filters without leaving the page."""

    def __init__(self, vault: PseudonymVault, *, reveal: bool, viewer: str, page_size: int = 50,
                 search: str = "", delay: float = DELAY,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__()
        self.vault = vault
        self.reveal = reveal
        self.title = f"vault · {viewer}"
        self.renders = 0
        self._all: list[dict[str, object]] = []
        self._cells: dict[str, list[str]] = {}
        hint = "pseudonym, entity, namespace" + (" or real value" if reveal else "")
        self.search = widgets.Text(value=search, placeholder=f"search {hint}",
                                   description="search", continuous_update=False)
        self.search.observe(lambda _c: self._render(first_page=True), names="value")
        self.head = widgets.HTML()
        self.table = PagedTable(COLUMNS, self._page, page_size, css="cloudg-w-vault",
                                empty="no pseudonyms match" if search else "no pseudonyms yet")
        self.widget = widgets.VBox([self.head, self.search, self.table.widget])
        self._coalescer: Coalescer[dict[str, object]] = Coalescer(self._apply, delay=delay, loop=loop)
        self.on_close(self._coalescer.close)
        self.on_close(vault.subscribe(self._coalescer.push))
        self._reload()
        self._render()

    def _apply(self, _events: list[dict[str, object]]) -> None:
        self._reload()
        self._render()

    async def updated(self) -> None:
        """Return once every vault change heard so far is shown."""
        await self._coalescer.settled()

    def _reload(self) -> None:
        self._all = rows(self.vault.mappings(reveal=self.reveal))
        self._cells = {}

    @property
    def rows(self) -> list[dict[str, object]]:
        """The rows the search keeps, most recently used first."""
        query = self.search.value.strip()
        return [r for r in self._all if matches(r, query, reveal=self.reveal)]

    def _page(self, offset: int, limit: int) -> Page:
        kept = self.rows
        chosen = kept[offset:offset + limit]
        out = []
        for values in chosen:
            key = f"{values['namespace']}\x1f{values['pseudonym']}"
            if key not in self._cells:
                self._cells[key] = cells(values)
            out.append(self._cells[key])
        return Page(out, len(kept))

    def _render(self, *, first_page: bool = False) -> None:
        self.renders += 1
        self.head.value = style.panel(self._warning() + style.title(self.title)
                                      + style.note(self._notes()))
        self.table.refresh(first_page=first_page)

    def _warning(self) -> str:
        return style.banner(BANNER) if self.reveal else ""

    def _notes(self) -> str:
        return f"{REVEALED if self.reveal else MASKED} · {summary(self.vault.stats())}"

    def static_body(self) -> str:
        query = self.search.value.strip()
        # what a non-revealing viewer typed may be a real value: the saved snapshot never quotes it
        shown = f"search: {query}" if self.reveal else "filtered by the search box"
        searched = style.note(shown) if query else ""
        return (self._warning() + style.title(self.title) + style.note(self._notes()) + searched
                + self.table.static_html())

    def static_text(self) -> str:
        shown = self.rows
        table = plain_table([[r[c] for c in COLUMNS] for r in shown], COLUMNS, self.table.page_size)
        warning = f"!! {BANNER}\n" if self.reveal else ""
        return f"{warning}{self.title}\n{self._notes()}\n{table}"

    def __repr__(self) -> str:
        return f"<Vault {self.title!r}: {len(self._all)} pseudonyms>"
