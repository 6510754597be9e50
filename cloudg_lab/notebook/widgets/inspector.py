"""Inspector: the dashboard. Catalog with call forms, last result, its report, audit, vault.

Each tab is one of the other widgets (or the catalog pane), so the dashboard adds no second
way of showing anything. It follows the session's last result (`Session.on_result`), the
policy's audit buffer and the vault, all without polling, and closing it closes them all.
"""

from __future__ import annotations

import ipywidgets as widgets

from cloudg_lab.notebook.display import CallResult
from cloudg_lab.notebook.session import Scope, Session, Shown
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.audit import AuditLog
from cloudg_lab.notebook.widgets.base import WidgetView
from cloudg_lab.notebook.widgets.batching import Coalescer
from cloudg_lab.notebook.widgets.catalog import CatalogPane
from cloudg_lab.notebook.widgets.report import TransformReport
from cloudg_lab.notebook.widgets.vault import Vault

TITLES = ("catalog", "last result", "report", "audit", "vault")
NO_RESULT = "(no call yet)"


class Inspector(WidgetView):
    """Five tabs over one session, seen with one policy and principal (`scope`)."""

    def __init__(self, session: Session, scope: Scope, tools: list[dict[str, object]], *,
                 page_size: int = 50) -> None:
        super().__init__()
        self.session = session
        self.scope = scope
        self.title = f"inspector · policy {scope.policy} · {scope.principal.label()}"
        self.catalog = CatalogPane(session, scope, tools, self._called)
        self.last = widgets.Output()
        self.shown: Shown | None = None
        self.report = TransformReport(None)
        self.audit = AuditLog(scope.layer.audit_log, title=f"audit · policy {scope.policy}",
                              page_size=page_size)
        self.vault = Vault(scope.layer.vault, reveal=scope.layer.policy.may(scope.principal, "reveal"),
                           viewer=scope.principal.label(), page_size=page_size)
        self.tabs = widgets.Tab(children=[self.catalog.widget, self.last, self.report.widget,
                                          self.audit.widget, self.vault.widget], titles=TITLES)
        self.widget = widgets.VBox([widgets.HTML(style.panel(style.title(self.title))), self.tabs])
        self.on_close(self.audit.close)
        self.on_close(self.vault.close)
        self._follow: Coalescer[Shown | None] = Coalescer(lambda batch: self._show(batch[-1]))
        self.on_close(self._follow.close)
        self.on_close(session.on_result(self._follow.push))
        self._show(session.last)

    async def updated(self) -> None:
        """Return once every change heard so far (results, audit, vault) is shown."""
        await self._follow.settled()
        await self.audit.updated()
        await self.vault.updated()

    def _called(self, result: CallResult) -> None:
        self._show(result)
        self.tabs.selected_index = TITLES.index("last result")

    def _show(self, result: Shown | None) -> None:
        """Show `result` in the last-result and report tabs (its own MIME bundle, unchanged)."""
        self.shown = result
        self.report.show(result)
        if result is None:
            self.last.outputs = ({"output_type": "stream", "name": "stdout", "text": NO_RESULT},)
            return
        self.last.outputs = ({"output_type": "display_data", "data": result._repr_mimebundle_(),
                              "metadata": {}},)

    def _last_html(self) -> str:
        if self.shown is None:
            return style.note(NO_RESULT)
        return str(self.shown._repr_mimebundle_()["text/html"])

    def _last_text(self) -> str:
        if self.shown is None:
            return NO_RESULT
        return str(self.shown._repr_mimebundle_()["text/plain"])

    def static_body(self) -> str:
        parts = [("catalog", self.catalog.static_body()), ("last result", self._last_html()),
                 ("report", self.report.static_body()), ("audit", self.audit.static_body()),
                 ("vault", self.vault.static_body())]
        return style.title(self.title) + "".join(f"<h4>{name}</h4>{body}" for name, body in parts)

    def static_text(self) -> str:
        parts = [("catalog", self.catalog.static_text()), ("last result", self._last_text()),
                 ("report", self.report.static_text()), ("audit", self.audit.static_text()),
                 ("vault", self.vault.static_text())]
        return self.title + "".join(f"\n== {name} ==\n{text}" for name, text in parts)

    def __repr__(self) -> str:
        return f"<Inspector {self.title!r}>"
