"""A structured value as HTML the way people read it, the same rules as the renderer's
`labextension/src/structured.ts`: scalar fields as one line of facts, lists of records as tables,
counts as bars, a table of counts per group as a table, anything else as JSON; the whole value as
JSON is one click away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeGuard

from cloudg_lab.notebook.display import html
from cloudg_lab.notebook.display.graph import is_neighbourhood, neighbourhood_svg
from cloudg_lab.notebook.display.html import MarkIndex, esc, pointer


def structured_html(value: object, marks: MarkIndex, path: str, *, limit: int) -> str:
    """The HTML of a tool's structured content found at `path`."""
    if not isinstance(value, Mapping):
        return html.json_block(value, marks, path, limit=limit)
    facts: list[str] = []
    sections = [neighbourhood_svg(value, marks, path)] if is_neighbourhood(value) else []
    for key, item in value.items():
        at = pointer(path, key)
        if isinstance(item, Mapping | list):
            sections.append(_section(str(key), item, marks, at, limit))
        else:
            facts.append(f'<span><span class="cloudg-key">{esc(key)}</span> '
                         f'{html.cell_html(item, marks, at)}</span>')
    line = f'<div class="cloudg-facts">{"".join(facts)}</div>' if facts else ""
    return line + "".join(sections) + html.json_details(value, marks, path, limit=limit)


def _section(key: str, item: Mapping[str, object] | list[object], marks: MarkIndex, path: str,
             limit: int) -> str:
    title = f'<div class="cloudg-section-title">{esc(key)}</div>'
    bars = group_bars(item, marks, path) or count_bars(item)
    if bars:
        return f'<div class="cloudg-section" data-chart="{esc(key)}">{title}{html.bars_html(bars)}</div>'
    if isinstance(item, list) and is_record_list(item):
        title = f'<div class="cloudg-section-title">{esc(key)} ({len(item)})</div>'
        return title + html.records_table(item, marks, path, limit=limit)
    if is_count_matrix(item):
        rows = [{key: name, **counts} for name, counts in item.items()]
        return title + html.records_table(rows, {}, path, limit=limit)
    if isinstance(item, list) and not any(isinstance(v, Mapping | list) for v in item):
        return (f'<div class="cloudg-facts"><span class="cloudg-key">{esc(key)}</span> '
                f"{html.cell_html(item, marks, path)}</div>")
    return title + html.json_block(item, marks, path, limit=limit)


def is_record_list(item: object) -> TypeGuard[list[Mapping[str, object]]]:
    return isinstance(item, list) and bool(item) and all(isinstance(v, Mapping) for v in item)


def is_count_matrix(item: object) -> TypeGuard[Mapping[str, Mapping[str, object]]]:
    """An object of objects of numbers: `compliance: {CIS: {PASS: 0, FAIL: 9}}`."""
    return (isinstance(item, Mapping) and bool(item) and all(
        isinstance(row, Mapping) and all(_number(n) for n in row.values()) for row in item.values()))


def count_bars(item: object) -> list[tuple[str, int | float]] | None:
    """Bars from an object of counts (`{CRITICAL: 3, HIGH: 4}`), or None."""
    if not isinstance(item, Mapping) or len(item) < 2 or not all(_number(n) for n in item.values()):
        return None
    return [(esc(k), n) for k, n in item.items()]


def group_bars(item: object, marks: MarkIndex, path: str) -> list[tuple[str, int | float]] | None:
    """Bars from a list of groups (`[{key: "EC2", count: 6}]`): records of a numeric `count` and at
    most two other fields, the first of which labels the bar (badged when marked)."""
    if not isinstance(item, Sequence) or isinstance(item, str) or not item:
        return None
    bars = []
    for i, group in enumerate(item):
        if not isinstance(group, Mapping) or not _number(group.get("count")) or len(group) > 3:
            return None
        label_key = next((k for k in group if k != "count"), None)
        label = (html.cell_html(group[label_key], marks, pointer(pointer(path, i), label_key))
                 if label_key is not None else str(i))
        bars.append((label, group["count"]))
    return bars


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
