"""A progress bar for `.pages()`: an ipywidgets bar inside a kernel, else a line of text.

The widget is imported only when a kernel with a front end is there to show it, so scripts and
the IPython-free core never import ipywidgets.
"""

from __future__ import annotations

import sys
from typing import Any, Protocol, TextIO


class Progress(Protocol):
    def advance(self, done: int) -> None: ...

    def close(self) -> None: ...


class TextProgress:
    """`label: 120/340 items` rewritten in place on one line of a text stream."""

    def __init__(self, label: str, total: int | None, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr

    def advance(self, done: int) -> None:
        self.done += done
        of = f"/{self.total}" if self.total else ""
        self.stream.write(f"\r{self.label}: {self.done}{of} items")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


class WidgetProgress:
    """An `IntProgress` with a label, updated in place by the kernel's comm channel."""

    def __init__(self, label: str, total: int | None, display: Any) -> None:
        import ipywidgets

        self.label = label
        self.total = total
        self.done = 0
        self.bar = ipywidgets.IntProgress(value=0, min=0, max=max(total or 1, 1), description=label)
        self.text = ipywidgets.Label(value="")
        display(ipywidgets.HBox([self.bar, self.text]))

    def advance(self, done: int) -> None:
        self.done += done
        if self.total is None:
            self.bar.max = max(self.bar.max, self.done)
        self.bar.value = min(self.done, self.bar.max)
        self.text.value = f"{self.done}/{self.total}" if self.total else str(self.done)

    def close(self) -> None:
        self.bar.bar_style = "success"


def progress(label: str, total: int | None) -> Progress:
    """The best bar for where the code runs: a widget in a kernel, else text on stderr."""
    display = _kernel_display()
    if display is not None:
        try:
            return WidgetProgress(label, total, display)
        except ImportError:
            pass
    return TextProgress(label, total)


def _kernel_display() -> Any:
    """IPython's `display` when running in a kernel (not terminal IPython), else None."""
    shell = _shell()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    from IPython.display import display

    return display


def _shell() -> Any:
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None) if ipython is not None else None
    return get() if callable(get) else None
