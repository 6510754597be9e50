"""PolicyPreview: one call under several policies and principals, side by side.

`run` makes the call once per (policy, principal) through the session (so each is checked,
transformed and audited like any other call) and notes which tools each pair can see; `compare`
decides which cells changed. The widget shows one column per pair, the changed cells tinted and
the pipeline's marks as badges, outcomes other than `ok` (hidden, denied, rate limited, refused)
in a status row, and which tools each pair loses or gains against the first column.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import ipywidgets as widgets
from tqdm.auto import tqdm

from cloudg_lab.errors import NotFoundError, failure_name_of_code
from cloudg_lab.notebook.display import CallResult
from cloudg_lab.notebook.display.html import badge, esc
from cloudg_lab.notebook.display.tables import plain_table
from cloudg_lab.notebook.session import Session
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.base import WidgetView
from cloudg_lab.notebook.widgets.comparison import (
    MISSING,
    Comparison,
    View,
    compare,
    display_path,
    leaves_of,
)
from cloudg_lab.notebook.widgets.tables import Page, PagedTable, frame_html
from cloudg_lab.types import META_PREFIX

REAL_VALUES = "REAL VALUES"
DIFFERS = "◆"


def outcome(result: CallResult) -> str:
    """`ok`, or what kind of refusal or failure an error result is (`errors.failure_name_of_code`)."""
    if not result.is_error:
        return "ok"
    code = result.error_code
    name = failure_name_of_code(code)
    if name in ("denied", "rate_limited"):
        return name.replace("_", " ")
    if name == "rejected":
        data = result.meta.get(META_PREFIX + "error_data")
        refused = isinstance(data, dict) and "entities" in data
        return "refused" if refused else "invalid arguments"
    return f"error {code}"


async def run(session: Session, tool: str, arguments: dict[str, object], policies: Sequence[str],
              principals: Sequence[str | None]) -> tuple[list[View], dict[str, CallResult]]:
    """Call `tool` once per (policy, principal); the views and each pair's result by label.

    The session's last result is left as it was: a preview is a comparison, not a new result.
    Several pairs show a progress bar (one step per call); an interrupt stops between calls.

    Raises:
        PolicyError, ValueError: for a policy that does not load or a malformed principal.
    """
    pairs = [(p, session.principal_for(who)) for p in dict.fromkeys(policies)
             for who in dict.fromkeys(principals)]
    scopes = [session.scope(policy, principal) for policy, principal in pairs]
    views: list[View] = []
    results: dict[str, CallResult] = {}
    previous = session.last
    bar = tqdm(scopes, desc=f"preview {tool}", unit="call", leave=False, disable=len(scopes) < 2)
    try:
        for scope in bar:
            tools = frozenset(t["name"] for t in await scope.layer.list_tools(scope.principal))
            try:
                result = await session.call(tool, arguments, policy=scope.policy,
                                            principal=scope.principal)
            except NotFoundError:
                views.append(View(scope.policy, scope.principal.label(), "hidden", tools=tools))
                continue
            real = not scope.layer.policy.output_pipeline(scope.layer.registry.tool(tool),
                                                          scope.principal)
            view = View(scope.policy, scope.principal.label(), outcome(result),
                        leaves_of(result.wire), {m.path: m for m in result.marks}, result.report,
                        tools, real_values=real)
            views.append(view)
            results[view.label] = result
    finally:
        bar.close()
        session.last = previous
    return views, results


def _cell(comparison: Comparison, view: View, path: str) -> str:
    value = comparison.value(view, path)
    if not view.ok:
        return style.missing()
    if value is MISSING:
        text = style.missing()
    else:
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        text = badge(esc(shown), view.marks.get(path))
    return style.changed(text) if path in comparison.changed[view.label] else text


class PolicyPreview(WidgetView):
    """The comparison table (paged) with a status row, a tools table and a changed-only switch."""

    def __init__(self, tool: str, views: list[View], results: dict[str, CallResult] | None = None, *,
                 page_size: int = 50) -> None:
        super().__init__()
        self.tool = tool
        self.comparison = compare(views)
        self.results = results or {}
        """Each pair's `CallResult` by column label (hidden pairs have none)."""
        self.title = f"preview {tool} · {len(views)} columns"
        self.only_changed = widgets.Checkbox(value=False, description="only rows that differ",
                                             indent=False)
        self.head = widgets.HTML()
        self.table = PagedTable(["path", *self.comparison.labels], self._page, page_size,
                                css="cloudg-w-preview", empty="no values to compare")
        self.only_changed.observe(lambda _c: self.table.refresh(first_page=True), names="value")
        self.widget = widgets.VBox([self.head, self.only_changed, self.table.widget])
        self.head.value = style.panel(self._head())
        self.table.refresh()

    @property
    def changed(self) -> dict[str, list[str]]:
        """Column label → the pointers tinted as changed, in row order."""
        c = self.comparison
        return {label: [p for p in c.paths if p in cells] for label, cells in c.changed.items()}

    def _paths(self) -> list[str]:
        c = self.comparison
        return [p for p in c.paths if c.differs(p)] if self.only_changed.value else c.paths

    def _page(self, offset: int, limit: int) -> Page:
        c = self.comparison
        paths = self._paths()
        out = [[esc(display_path(p)), *(_cell(c, v, p) for v in c.views)]
               for p in paths[offset:offset + limit]]
        return Page(out, len(paths))

    def _status_row(self) -> list[str]:
        c = self.comparison
        return ["status", *((style.changed(style.decision(v.status)) if c.status_differs(v)
                             else style.decision(v.status)) for v in c.views)]

    def _tools_rows(self) -> list[list[str]]:
        c = self.comparison
        return [[v.label, str(len(v.tools)), ", ".join(c.hidden_tools(v)) or "—",
                 ", ".join(c.extra_tools(v)) or "—"] for v in c.views]

    def real_columns(self) -> list[str]:
        """The columns that show real values (their policy transforms nothing)."""
        return [v.label for v in self.comparison.views if v.real_values and v.ok]

    def banner(self) -> str:
        """The real-values warning, when a column shows real values ("" otherwise)."""
        real = self.real_columns()
        if not real:
            return ""
        return (f"{REAL_VALUES}: column {', '.join(real)} shows values as they are (nothing "
                "redacted or pseudonymized); do not paste this output into a ticket or a chat")

    def _head(self) -> str:
        columns = ["", *self.comparison.labels]
        tools = [[esc(cell) for cell in row] for row in self._tools_rows()]
        warning = style.banner(self.banner()) if self.banner() else ""
        return (warning + style.title(self.title)
                + frame_html([self._status_row()], columns, "cloudg-w-status")
                + "<h4>tools each column sees (against the first)</h4>"
                + frame_html(tools, ["column", "visible", "hides", "also shows"], "cloudg-w-tools"))

    def static_body(self) -> str:
        return self._head() + self.table.static_html()

    def static_text(self) -> str:
        c = self.comparison
        rows: list[list[object]] = [["status", *(v.status for v in c.views), ""]]
        for path in c.paths:
            values = [c.value(v, path) for v in c.views]
            shown = ["—" if x is MISSING else x for x in values]
            rows.append([display_path(path), *shown, DIFFERS if c.differs(path) else ""])
        table = plain_table(rows, ["path", *c.labels, "differs"], self.table.page_size + 1)
        tools = plain_table(self._tools_rows(), ["column", "visible", "hides", "also shows"],
                            len(c.views))
        warning = f"!! {self.banner()}\n" if self.banner() else ""
        return f"{warning}{self.title}\n{table}\n\ntools:\n{tools}"

    def __repr__(self) -> str:
        return f"<PolicyPreview {self.tool}: {', '.join(self.comparison.labels)}>"
