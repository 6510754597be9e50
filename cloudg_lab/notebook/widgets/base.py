"""What every widget shares: the live view plus a static `text/html` and `text/plain` fallback.

A widget here is a plain object holding an ipywidgets tree (`.widget`), not a subclass of one:
its MIME bundle carries the widget view for JupyterLab and Notebook 7 and, beside it, static
HTML and text of what the view shows now, so a saved notebook still reads well on GitHub, in
nbconvert or in any front end without a widget manager. `close()` stops every subscription and
closes the whole tree.

After a reopen the kernel that held the models is gone. JupyterLab 4 and Notebook 7 pick the
widget view over the static fallback and would say "model not found", so the package turns on
the widget manager's `saveState` (`lab-settings.json`, installed as a JupyterLab settings
override): the models' state is saved in the notebook's metadata and the views come back from
it. nbconvert renders a view only when its state was saved, and the static HTML otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cloudg_lab.notebook.widgets import style

if TYPE_CHECKING:  # the view's tree; ipywidgets itself is imported by the widgets that build one
    import ipywidgets as widgets

VIEW_MIME = "application/vnd.jupyter.widget-view+json"
ROOT_CLASS = "cloudg-w-root"
"""On the outermost box of a displayed widget: after a reopen only it shows ipywidgets' "not
connected" icon, not every control inside (see `style.STYLE`)."""


class WidgetView:
    """Base of the widgets: subclasses set `self.widget` and implement the two fallbacks."""

    widget: widgets.Widget

    def __init__(self) -> None:
        self._stops: list[Callable[[], None]] = []
        self.closed = False

    def on_close(self, stop: Callable[[], None]) -> None:
        """Run `stop` (an unsubscribe function) when the widget closes."""
        self._stops.append(stop)

    def close(self) -> None:
        """Unsubscribe from everything and close the widget tree (idempotent)."""
        if self.closed:
            return
        self.closed = True
        for stop in reversed(self._stops):
            stop()
        self._stops.clear()
        close_tree(self.widget)

    def static_body(self) -> str:
        """The HTML body of the static fallback (inside the styled panel)."""
        raise NotImplementedError

    def static_text(self) -> str:
        raise NotImplementedError

    def static_html(self) -> str:
        return style.panel(self.static_body())

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        data: dict[str, object] = {"text/html": self.static_html(), "text/plain": self.static_text()}
        if not self.closed:
            self.widget.add_class(ROOT_CLASS)
            data[VIEW_MIME] = {"version_major": 2, "version_minor": 0,
                               "model_id": self.widget.model_id}
        if include:
            data = {k: v for k, v in data.items() if k in include}
        if exclude:
            data = {k: v for k, v in data.items() if k not in exclude}
        return data


def close_tree(widget: widgets.Widget) -> None:
    """Close `widget` and every widget below it (children, tab pages), innermost first."""
    for found in reversed(descendants(widget)):
        found.close()


def descendants(widget: widgets.Widget) -> list[widgets.Widget]:
    """`widget` and every widget below it, depth first (for state checks and tests)."""
    found = [widget]
    for child in getattr(widget, "children", ()) or ():
        found.extend(descendants(child))
    return found
