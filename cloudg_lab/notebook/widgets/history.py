"""The calls made from the Inspector's form, newest first, each with a one-click replay.

Only what the call was (tool, arguments, outcome, time) is kept, never its result: the result
went to the last-result tab and the session, and arguments are what the user typed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as widgets

from cloudg_lab.notebook.display.tables import plain_table
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.base import close_tree
from cloudg_lab.notebook.widgets.tables import frame_html

SHOWN = 20
"""Calls kept (and shown); older ones drop off."""
COLUMNS = ["time", "tool", "arguments", "outcome"]


@dataclass(frozen=True)
class Called:
    """One call made from the pane: what the history shows and replays."""

    tool: str
    arguments: dict[str, object]
    outcome: str
    at: str

    def cells(self) -> list[str]:
        return [self.at, self.tool, json.dumps(self.arguments, sort_keys=True), self.outcome]


class CallHistory:
    """A list of rows `[replay] time tool arguments outcome`; `replay(called)` runs one again."""

    def __init__(self, replay: Callable[[Called], object]) -> None:
        self.replay = replay
        self.calls: list[Called] = []
        self.rows = widgets.VBox()
        self.widget = widgets.VBox([widgets.HTML("<b>history</b>"), self.rows])
        self._draw()

    def add(self, called: Called) -> None:
        self.calls = [called, *self.calls][:SHOWN]
        self._draw()

    def _draw(self) -> None:
        for old in self.rows.children:
            close_tree(old)
        if not self.calls:
            self.rows.children = (widgets.HTML(style.panel(style.note("no calls yet"))),)
            return
        self.rows.children = tuple(self._row(c) for c in self.calls)

    def _row(self, called: Called) -> object:
        button = widgets.Button(description="replay", icon="redo", tooltip="call again as it was",
                                layout=widgets.Layout(width="7em"))
        button.on_click(lambda _b: self.replay(called))
        at, tool, arguments, outcome = called.cells()
        text = (f"{style.text_cell(at)} · <b>{style.text_cell(tool)}</b> "
                f"<code>{style.text_cell(arguments)}</code> · {style.decision(outcome)}")
        return widgets.HBox([button, widgets.HTML(style.panel(text))])

    def static_body(self) -> str:
        if not self.calls:
            return ""
        cells = [[style.text_cell(v) for v in c.cells()] for c in self.calls]
        return "<h4>history</h4>" + frame_html(cells, COLUMNS, "cloudg-w-history")

    def static_text(self) -> str:
        if not self.calls:
            return ""
        return "\nhistory\n" + plain_table([c.cells() for c in self.calls], COLUMNS, len(self.calls))
