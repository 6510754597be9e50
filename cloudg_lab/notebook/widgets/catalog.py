"""The Inspector's catalog pane: pick a tool, fill the form built from its schema, call it.

The call goes through the session like `%mcp call` (same policy checks, transforms, audit and
history), as a task on the kernel's loop, so the notebook stays responsive while it runs. The
form can be swapped for a JSON editor holding the same arguments, for shapes a form cannot hold.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cloudg_lab.errors import MCPLayerError, PolicyError
from cloudg_lab.notebook import listings
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.batching import running_loop
from cloudg_lab.notebook.widgets.form import Group, form
from cloudg_lab.notebook.widgets.tables import frame_html, plain_table

FORM, JSON = "form", "JSON"


class CatalogPane:
    """Tools the principal may see, a form per tool and a Call button; `pending` is the call."""

    def __init__(self, session: Any, scope: Any, tools: list[dict[str, Any]],
                 on_called: Callable[[Any], None]) -> None:
        self.session = session
        self.scope = scope
        self.tools = {t["name"]: t for t in tools}
        self.on_called = on_called
        self.pending: asyncio.Task[Any] | None = None
        self.form: Group = form(None)
        names = list(self.tools)
        self.select = widgets.Select(options=names, value=names[0] if names else None, rows=12,
                                     description="tools", layout=widgets.Layout(width="18em"))
        self.about = widgets.HTML()
        self.form_box = widgets.VBox()
        self.mode = widgets.ToggleButtons(options=[FORM, JSON], value=FORM)
        self.editor = widgets.Textarea(placeholder='{"limit": 5}', description="arguments",
                                       layout=widgets.Layout(width="95%", height="8em",
                                                             display="none"))
        self.call_button = widgets.Button(description="Call", button_style="primary",
                                          disabled=not names, tooltip="run the tool through the session")
        self.status = widgets.HTML()
        self.select.observe(lambda _c: self._show_tool(), names="value")
        self.mode.observe(lambda _c: self._switch_mode(), names="value")
        self.call_button.on_click(lambda _b: self.call())
        right = widgets.VBox([self.about, self.mode, self.form_box, self.editor,
                              widgets.HBox([self.call_button, self.status])],
                             layout=widgets.Layout(flex="1"))
        self.widget = widgets.HBox([self.select, right])
        self._show_tool()

    @property
    def tool(self) -> str | None:
        chosen = self.select.value
        return str(chosen) if chosen is not None else None

    def _show_tool(self) -> None:
        spec = self.tools.get(self.tool or "")
        self.form = form((spec or {}).get("inputSchema"))
        self.form_box.children = (self.form.widget,)
        if spec is None:
            self.about.value = style.panel(style.note("no tool is visible to this principal"))
            return
        required = ", ".join((spec.get("inputSchema") or {}).get("required") or []) or "none"
        self.about.value = style.panel(style.title(spec["name"]) + style.note(
            f"{spec.get('description') or ''} · required: {required}"))
        self.editor.value = ""

    def _switch_mode(self) -> None:
        as_json = self.mode.value == JSON
        if as_json and not self.editor.value.strip():
            try:
                self.editor.value = json.dumps(self.form.value(), indent=2)
            except ValueError as exc:
                self._say(str(exc), error=True)
        self.form_box.layout.display = "none" if as_json else None
        self.editor.layout.display = None if as_json else "none"

    def arguments(self) -> dict[str, Any]:
        """The arguments from the form, or from the JSON editor in JSON mode.

        Raises:
            ValueError: for an invalid input or JSON that is not an object.
        """
        if self.mode.value == FORM:
            return self.form.value()
        text = self.editor.value.strip()
        try:
            data = json.loads(text) if text else {}
        except ValueError as exc:
            raise ValueError(f"arguments are not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise ValueError(f"arguments must be a JSON object, got {type(data).__name__}")
        return data

    def call(self) -> asyncio.Task[Any] | None:
        """Start calling the selected tool on the kernel's loop; the task is also `pending`."""
        tool = self.tool
        if tool is None:
            return None
        try:
            arguments = self.arguments()
        except ValueError as exc:
            self._say(str(exc), error=True)
            return None
        loop = running_loop()
        if loop is None:
            self._say("no running event loop: call from a notebook kernel", error=True)
            return None
        self._say(f"calling {tool}…")
        self.pending = loop.create_task(self._call(tool, arguments))
        return self.pending

    async def _call(self, tool: str, arguments: dict[str, Any]) -> Any:
        try:
            result = await self.session.call(tool, arguments, policy=self.scope.policy,
                                             principal=self.scope.principal)
        except MCPLayerError as exc:
            self._say(f"{exc.message} [{exc.code}]", error=True)
            return None
        except (PolicyError, ValueError) as exc:
            self._say(str(exc).splitlines()[0], error=True)
            return None
        duration = result.duration_ms
        took = f" · {duration:.1f} ms" if isinstance(duration, int | float) else ""
        if result.is_error:
            self._say(f"{tool}: error {result.error_code}{took}", error=True)
        else:
            self._say(f"{tool}: ok{took}")
        self.on_called(result)
        return result

    def _say(self, text: str, *, error: bool = False) -> None:
        shown = style.decision("error") + " " if error else ""
        self.status.value = style.panel(shown + style.text_cell(text))

    def _rows(self) -> tuple[list[dict[str, Any]], list[str]]:
        return listings.rows("tools", list(self.tools.values()))

    def static_body(self) -> str:
        rows, columns = self._rows()
        cells = [[style.text_cell(_joined(r[c])) for c in columns] for r in rows]
        return frame_html(cells, columns, "cloudg-w-catalog")

    def static_text(self) -> str:
        rows, columns = self._rows()
        return plain_table([[_joined(r[c]) for c in columns] for r in rows], columns, len(rows))


def _joined(value: Any) -> Any:
    return ", ".join(str(v) for v in value) if isinstance(value, list) else value
