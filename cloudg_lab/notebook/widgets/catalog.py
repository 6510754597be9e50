"""The Inspector's catalog pane: pick a tool, fill the form built from its schema, call, replay.

The form and a JSON editor hold the same arguments and follow each other: a change in the form
rewrites the JSON, valid JSON typed in the editor fills the form (keys the form has no field for
stay in the JSON and are sent too). The call goes through the session like `%mcp call` (same
policy checks, transforms, audit and history), as a task on the kernel's loop, so the notebook
stays responsive while it runs. Every call lands in the pane's history, newest first, with a
button that runs it again as it was.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping

import ipywidgets as widgets

from cloudg_lab.errors import MCPLayerError, PolicyError
from cloudg_lab.notebook import listings
from cloudg_lab.notebook.display import CallResult
from cloudg_lab.notebook.display.tables import plain_table
from cloudg_lab.notebook.session import Scope, Session
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.batching import running_loop
from cloudg_lab.notebook.widgets.form import Group
from cloudg_lab.notebook.widgets.form_build import form
from cloudg_lab.notebook.widgets.history import Called, CallHistory
from cloudg_lab.notebook.widgets.tables import frame_html


class CatalogPane:
    """Tools the principal may see, a form per tool, its JSON, a Call button and the history."""

    def __init__(self, session: Session, scope: Scope, tools: list[dict[str, object]],
                 on_called: Callable[[CallResult], None]) -> None:
        self.session = session
        self.scope = scope
        self.tools = {t["name"]: t for t in tools}
        self.on_called = on_called
        self.pending: asyncio.Task[CallResult | None] | None = None
        self.form: Group = form(None)
        self._syncing = False
        self._extra: dict[str, object] = {}
        names = list(self.tools)
        self.select = widgets.Select(options=names, value=names[0] if names else None, rows=14,
                                     layout=widgets.Layout(width="16em"))
        self.about = widgets.HTML()
        self.form_box = widgets.VBox()
        self.editor = widgets.Textarea(placeholder="{}", layout=widgets.Layout(width="40em",
                                                                                height="9em"))
        self.editor.observe(lambda _c: self._from_editor(), names="value")
        self.call_button = widgets.Button(description="Call", button_style="primary",
                                          disabled=not names, tooltip="run the tool through the session")
        self.status = widgets.HTML()
        self.history = CallHistory(self.replay)
        self.select.observe(lambda _c: self._show_tool(), names="value")
        self.call_button.on_click(lambda _b: self.call())
        json_box = widgets.VBox([widgets.HTML("<b>arguments (JSON)</b>"), self.editor])
        right = widgets.VBox([self.about, self.form_box, json_box,
                              widgets.HBox([self.call_button, self.status]), self.history.widget],
                             layout=widgets.Layout(flex="1"))
        self.widget = widgets.HBox([self.select, right])
        self._show_tool()

    @property
    def tool(self) -> str | None:
        chosen = self.select.value
        return str(chosen) if chosen is not None else None

    def _show_tool(self) -> None:
        spec = self.tools.get(self.tool or "")
        schema = (spec or {}).get("inputSchema")
        self.form = form(schema if isinstance(schema, Mapping) else None)
        self.form.observe(self._from_form)
        self.form_box.children = (self.form.widget,)
        self._extra = {}
        self._from_form()
        if spec is None:
            self.about.value = style.panel(style.note("no tool is visible to this principal"))
            return
        self.about.value = style.panel(style.title(str(spec["name"])) + style.note(
            f"{spec.get('description') or ''} · * required"))

    def _from_form(self) -> None:
        """The form changed: rewrite the JSON (unless the change came from the JSON)."""
        if self._syncing:
            return
        try:
            data = {**self._extra, **self.form.draft()}
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        self._syncing = True
        try:
            self.editor.value = json.dumps(data, indent=2)
        finally:
            self._syncing = False
        self.status.value = ""

    def _from_editor(self) -> None:
        """The JSON changed: fill the form from it when it parses (else say why, keep the form)."""
        if self._syncing:
            return
        try:
            data = parse_object(self.editor.value)
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        self._syncing = True
        try:
            self.form.set_value(data)
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        finally:
            self._syncing = False
        self._extra = {k: v for k, v in data.items() if k not in self.form.names()}
        self.status.value = ""

    def arguments(self) -> dict[str, object]:
        """The arguments as the JSON editor holds them (the form writes there too).

        Raises:
            ValueError: for an invalid form input, or JSON that is not an object.
        """
        self.form.value()  # a missing required field or a bad input is named here
        return parse_object(self.editor.value)

    def call(self) -> asyncio.Task[CallResult | None] | None:
        """Start calling the selected tool on the kernel's loop; the task is also `pending`."""
        tool = self.tool
        if tool is None:
            return None
        try:
            arguments = self.arguments()
        except ValueError as exc:
            self._say(str(exc), error=True)
            return None
        return self._start(tool, arguments)

    def replay(self, called: Called) -> asyncio.Task[CallResult | None] | None:
        """Run a call from the history again, with the same arguments, shown in the form."""
        if called.tool in self.tools:
            self.select.value = called.tool
            self.editor.value = json.dumps(called.arguments, indent=2)
        return self._start(called.tool, called.arguments)

    def _start(self, tool: str, arguments: dict[str, object]) -> asyncio.Task[CallResult | None] | None:
        loop = running_loop()
        if loop is None:
            self._say("no running event loop: call from a notebook kernel", error=True)
            return None
        self._say(f"calling {tool}…")
        self.pending = loop.create_task(self._call(tool, arguments))
        return self.pending

    async def _call(self, tool: str, arguments: dict[str, object]) -> CallResult | None:
        at = time.strftime("%H:%M:%S")
        try:
            result = await self.session.call(tool, arguments, policy=self.scope.policy,
                                             principal=self.scope.principal)
        except MCPLayerError as exc:
            self._done(Called(tool, arguments, f"error {exc.code}", at), f"{exc.message} [{exc.code}]")
            return None
        except (PolicyError, ValueError) as exc:
            self._done(Called(tool, arguments, "error", at), str(exc).splitlines()[0])
            return None
        duration = result.duration_ms
        took = f" · {duration:.1f} ms" if isinstance(duration, int | float) else ""
        outcome = f"error {result.error_code}" if result.is_error else "ok"
        self._done(Called(tool, arguments, outcome + took, at), f"{tool}: {outcome}{took}")
        self.on_called(result)
        return result

    def _done(self, called: Called, message: str) -> None:
        self.history.add(called)
        self._say(message, error=called.outcome.startswith("error"))

    def _say(self, text: str, *, error: bool = False) -> None:
        shown = style.decision("error") + " " if error else ""
        self.status.value = style.panel(shown + style.text_cell(text))

    def _rows(self) -> tuple[list[dict[str, object]], list[str]]:
        return listings.rows("tools", list(self.tools.values()))

    def static_body(self) -> str:
        rows, columns = self._rows()
        cells = [[style.text_cell(_joined(r[c])) for c in columns] for r in rows]
        return frame_html(cells, columns, "cloudg-w-catalog") + self.history.static_body()

    def static_text(self) -> str:
        rows, columns = self._rows()
        listing = plain_table([[_joined(r[c]) for c in columns] for r in rows], columns, len(rows))
        return listing + self.history.static_text()


def parse_object(text: str) -> dict[str, object]:
    """The JSON object in `text` (empty means `{}`).

    Raises:
        ValueError: for invalid JSON or JSON that is not an object.
    """
    text = text.strip()
    try:
        data = json.loads(text) if text else {}
    except ValueError as exc:
        raise ValueError(f"arguments are not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"arguments must be a JSON object, got {type(data).__name__}")
    return data


def _joined(value: object) -> object:
    return ", ".join(str(v) for v in value) if isinstance(value, list) else value
