"""Comparing one call's results across (policy, principal) pairs: pure functions over plain data.

Each pair's result is flattened to its leaves by JSON pointer (the same pointers the pipeline's
marks use), and a cell is *changed* when its value differs from the first column's value at the
same pointer. Because values are compared, not guessed from the reports, the changed cells of a
column are exactly what its pipeline pseudonymized, redacted, masked or dropped relative to the
first column, which the transform reports count.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cloudg_lab.notebook.display.html import pointer
from cloudg_lab.types import Mark

MISSING: object = object()
"""A pointer absent from a result (dropped, projected away, or not called)."""
STRUCTURED = "/structuredContent"


@dataclass(frozen=True)
class View:
    """What one (policy, principal) pair got: an outcome, the leaves, marks, report, tools."""

    policy: str
    principal: str
    status: str
    """`ok`, `hidden`, `denied`, `rate limited`, `refused`, `invalid arguments` or `error <code>`."""
    leaves: Mapping[str, object] = field(default_factory=dict)
    marks: Mapping[str, Mark] = field(default_factory=dict)
    report: Mapping[str, object] | None = None
    tools: frozenset[str] = frozenset()
    """The tool names this pair may see."""
    real_values: bool = False
    """The pair's policy transforms nothing on the way out: what it shows is real."""

    @property
    def label(self) -> str:
        return f"{self.policy} · {self.principal}"

    @property
    def ok(self) -> bool:
        return self.status == "ok"


@dataclass(frozen=True)
class Comparison:
    """Rows (pointers) × columns (views), what differs from the first column, and tool sets."""

    views: list[View]
    paths: list[str]
    changed: dict[str, frozenset[str]]
    """Column label → pointers whose value differs from the first column's."""

    @property
    def labels(self) -> list[str]:
        return [v.label for v in self.views]

    def value(self, view: View, path: str) -> object:
        return view.leaves.get(path, MISSING) if view.ok else MISSING

    def differs(self, path: str) -> bool:
        return any(path in c for c in self.changed.values())

    def status_differs(self, view: View) -> bool:
        return bool(self.views) and view.status != self.views[0].status

    def hidden_tools(self, view: View) -> list[str]:
        """Tools the first column sees and `view` does not."""
        return sorted(self.views[0].tools - view.tools) if self.views else []

    def extra_tools(self, view: View) -> list[str]:
        """Tools `view` sees and the first column does not."""
        return sorted(view.tools - self.views[0].tools) if self.views else []


def flatten(value: object, path: str = "") -> dict[str, object]:
    """Leaves of a JSON value by JSON pointer (RFC 6901 escaping; empty containers are leaves)."""
    if isinstance(value, Mapping) and value:
        out: dict[str, object] = {}
        for key, inner in value.items():
            out.update(flatten(inner, pointer(path, key)))
        return out
    if isinstance(value, list) and value:
        out = {}
        for i, inner in enumerate(value):
            out.update(flatten(inner, pointer(path, i)))
        return out
    return {path: value}


def leaves_of(wire: Mapping[str, object]) -> dict[str, object]:
    """A tool result's data leaves: `structuredContent` if present, else the content blocks."""
    if wire.get("structuredContent") is not None:
        return flatten(wire["structuredContent"], STRUCTURED)
    return flatten(wire.get("content") or [], "/content")


def same(a: object, b: object) -> bool:
    """JSON equality that keeps `true` apart from `1` (Python's `True == 1` does not)."""
    if a is MISSING or b is MISSING:
        return a is b
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def compare(views: Sequence[View]) -> Comparison:
    """Rows in first-seen order; a column's changed cells are those unlike the first column's."""
    paths: list[str] = []
    seen: set[str] = set()
    for view in views:
        for path in view.leaves if view.ok else ():
            if path not in seen:
                seen.add(path)
                paths.append(path)
    changed: dict[str, frozenset[str]] = {}
    first = views[0] if views else None
    for view in views:
        if view is first or not view.ok:
            changed[view.label] = frozenset()
            continue
        base = first.leaves if first is not None and first.ok else {}
        changed[view.label] = frozenset(
            p for p in paths if not same(view.leaves.get(p, MISSING), base.get(p, MISSING)))
    return Comparison(list(views), paths, changed)


def display_path(path: str) -> str:
    """A pointer as shown in the table (`/structuredContent` dropped: it is every row's root)."""
    if path.startswith(STRUCTURED):
        return path[len(STRUCTURED):] or "/"
    return path or "/"
