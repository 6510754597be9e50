"""Static HTML for results: JSON with badges, tables, bars, report chips, errors and banners.

This is the `text/html` fallback that Notebook 7 without our extension, VS Code, GitHub and
nbconvert show (JupyterLab uses our renderer for the custom MIME type instead), and the only HTML of
outputs without a payload (help, `use`, policy, export, stop). Every fragment lives inside one root,
`<div class="cloudg-html">`, and the style block (`display.style`) only reaches inside it. Badges
come only from the pipeline's marks, which hold paths and entity types, so nothing here can reveal
a real value: it only decorates values that are already on the wire.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence

from cloudg_lab.notebook.display.style import ROOT, STYLE
from cloudg_lab.notebook.display.values import plain_text
from cloudg_lab.pointer import join
from cloudg_lab.privacy.pipeline import REPORT_COUNT_SECTIONS
from cloudg_lab.types import Mark

MarkIndex = Mapping[str, Mark]

REAL_VALUES_NOTE = "nothing here is pseudonymized or redacted; do not paste it where the data may not go"
"""The banner's words; the renderer (`labextension/src/view.ts`) says the same."""

_SEVERITIES = frozenset({"critical", "high", "medium", "low", "info"})


def esc(value: object) -> str:
    return str(html.escape(value if isinstance(value, str) else str(value), quote=True))


def index_marks(marks: Iterable[Mark]) -> dict[str, Mark]:
    """Marks by JSON pointer (the last mark at a path wins: it is the outermost change)."""
    return {m.path: m for m in marks}


def pointer(base: str, key: str | int) -> str:
    """`base` extended by one JSON-pointer token (RFC 6901 escaping)."""
    return join(base, key)


def badge(text_html: str, mark: Mark | None) -> str:
    """Wrap already-escaped HTML in a badge naming the entity type (never a real value)."""
    if mark is None:
        return text_html
    title = f"{mark.kind}: {mark.entity}"
    return (f'<span class="cloudg-badge cloudg-{esc(mark.kind)}" title="{esc(title)}" '
            f'data-entity="{esc(mark.entity)}">{text_html}</span>')


def json_html(value: object, marks: MarkIndex, path: str, *, limit: int, indent: int = 0) -> str:
    """Indented JSON as HTML, badging marked values; containers show at most `limit` entries."""
    pad = "  " * (indent + 1)
    end = "  " * indent
    if isinstance(value, Mapping):
        if not value:
            return badge("{}", marks.get(path))
        items = list(value.items())
        parts = [f'{pad}{esc(json.dumps(str(k)))}: '
                 f'{json_html(v, marks, pointer(path, k), limit=limit, indent=indent + 1)}'
                 for k, v in items[:limit]]
        parts += _more(len(items) - limit, pad)
        return "{\n" + ",\n".join(parts) + f"\n{end}}}"
    if isinstance(value, list):
        if not value:
            return badge("[]", marks.get(path))
        parts = [pad + json_html(v, marks, pointer(path, i), limit=limit, indent=indent + 1)
                 for i, v in enumerate(value[:limit])]
        parts += _more(len(value) - limit, pad)
        return "[\n" + ",\n".join(parts) + f"\n{end}]"
    return badge(esc(json.dumps(value, ensure_ascii=False)), marks.get(path))


def _more(hidden: int, pad: str) -> list[str]:
    return [f'{pad}<span class="cloudg-more">… {hidden} more</span>'] if hidden > 0 else []


def json_block(value: object, marks: MarkIndex, path: str, *, limit: int) -> str:
    return f'<pre class="cloudg-json">{json_html(value, marks, path, limit=limit)}</pre>'


def json_details(value: object, marks: MarkIndex, path: str, *, limit: int) -> str:
    """The value as JSON one click away (a `<details>`, which needs no script)."""
    return f"<details><summary>as JSON</summary>{json_block(value, marks, path, limit=limit)}</details>"


def cell_html(value: object, marks: MarkIndex, path: str) -> str:
    """One table cell: readable text (no reprs), badged when marked, or when a nested value holds
    a mark somewhere inside."""
    shown = plain_text(value)
    text = esc(shown)
    if isinstance(value, str) and shown and not any(c.isspace() for c in shown):
        text = f'<span class="cloudg-token">{text}</span>'  # an identifier: never split at a hyphen
    if isinstance(value, Mapping | list) and path not in marks:
        inner = [m for p, m in marks.items() if p.startswith(path + "/")]
        if inner:
            return badge(text, inner[0])
    if value is None:
        text = f'<span class="cloudg-muted">{text}</span>'
    return badge(text, marks.get(path))


def table_html(columns: Sequence[str], rows: Sequence[Sequence[str]],
               numeric: Sequence[bool] | None = None) -> str:
    """A table of already-rendered cells; numeric columns align right, every other column left."""
    right = list(numeric) if numeric is not None else [False] * len(columns)

    def cls(i: int) -> str:
        return ' class="cloudg-num"' if i < len(right) and right[i] else ""

    head = "".join(f"<th{cls(i)}>{esc(c)}</th>" for i, c in enumerate(columns))
    body = "".join("<tr>" + "".join(f"<td{cls(i)}>{cell}</td>" for i, cell in enumerate(row)) + "</tr>"
                   for row in rows)
    return (f'<div class="cloudg-scroll"><table class="cloudg-table"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def is_numeric(values: Iterable[object]) -> bool:
    """Whether every present value of a column is a number (booleans are not)."""
    present = [v for v in values if v is not None]
    return bool(present) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present)


def records_table(records: Sequence[Mapping[str, object]], marks: MarkIndex, path: str, *,
                  limit: int) -> str:
    """A table of records (first `limit` rows), cells escaped and badged at their own pointers."""
    columns: list[str] = []
    for record in records[:limit]:
        columns.extend(k for k in record if k not in columns)
    rows = [[cell_html(r[c], marks, pointer(pointer(path, i), c)) if c in r else ""
             for c in columns] for i, r in enumerate(records[:limit])]
    numeric = [is_numeric(r.get(c) for r in records[:limit]) for c in columns]
    hidden = len(records) - limit
    tail = f'<div class="cloudg-more">… {hidden} more rows</div>' if hidden > 0 else ""
    return table_html(columns, rows, numeric) + tail


def bars_html(bars: Sequence[tuple[str, int | float]]) -> str:
    """A bar chart in plain CSS: label (already rendered), a bar scaled to the largest, the number."""
    top = max([1.0, *(float(n) for _, n in bars)])
    rows = []
    for label, n in bars:
        severity = _severity(label)
        width = f"{100 * max(0.0, float(n)) / top:.1f}%"
        rows.append(f'<span class="cloudg-bar-label">{label}</span><span class="cloudg-bar-track">'
                    f'<span class="cloudg-bar-fill"{severity} style="width:{width}"></span></span>'
                    f'<span class="cloudg-num">{esc(plain_text(n))}</span>')
    return f'<div class="cloudg-bars">{"".join(rows)}</div>'


def _severity(label_html: str) -> str:
    word = label_html.strip().lower()
    return f' data-severity="{word}"' if word in _SEVERITIES else ""


def report_chips(report: Mapping[str, object] | None) -> str:
    """The transform report as a row of chips: counts by action and entity, truncation, fences."""
    found = report or {}
    chips = [f"{section} {entity} ×{n}" for section in REPORT_COUNT_SECTIONS
             for entity, n in _counts(found, section).items()]
    chips += [f"untrusted {k} ×{v}" for k, v in _counts(found, "untrusted").items()
              if isinstance(v, int | float) and v]
    if found.get("truncated_chars"):
        chips.append(f"truncated {found['truncated_chars']} chars")
    return "".join(f'<span class="cloudg-chip">{esc(c)}</span>' for c in chips)


def _counts(report: Mapping[str, object], section: str) -> Mapping[str, object]:
    counts = report.get(section)
    return counts if isinstance(counts, Mapping) else {}


def error_box(code: object, message: str) -> str:
    return (f'<div class="cloudg-error"><b>Error {esc(code)}</b>: '
            f'<span class="cloudg-error-text">{esc(message)}</span></div>')


def banner() -> str:
    """The sign on every output that shows real values."""
    return (f'<div class="cloudg-banner" role="note"><strong>Real values</strong> · '
            f"{esc(REAL_VALUES_NOTE)}</div>")


def standalone_banner() -> str:
    """The banner with its own root and style, for HTML that lives outside `frame_html` (widgets)."""
    return f'{STYLE}<div class="{ROOT}">{banner()}</div>'


def frame_html(title: str, body: str, *, attrs: Mapping[str, str] | None = None,
               real_values: bool = False) -> str:
    """The root `div` every output shares: the scoped style block, a head line, the body."""
    extra = "".join(f' data-{k}="{esc(v)}"' for k, v in (attrs or {}).items())
    sign = banner() if real_values else ""
    return (f'{STYLE}<div class="{ROOT}"{extra}>{sign}<div class="cloudg-head">{esc(title)}</div>'
            f"{body}</div>")
