"""Static HTML for results: JSON with badges, pandas tables of records, report chips, errors.

This is the `text/html` fallback that Notebook 7, VS Code, GitHub and nbconvert show (JupyterLab
uses our renderer for the custom MIME type instead). Badges come only from the pipeline's marks,
which hold paths and entity types, so nothing here can reveal a real value: it only decorates
values that are already on the wire.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cloudg_lab.privacy.pipeline import REPORT_COUNT_SECTIONS
from cloudg_lab.types import Mark

MarkIndex = Mapping[str, Mark]

STYLE = """<style>
.cloudg-result{font-family:var(--jp-code-font-family,monospace);font-size:12px}
.cloudg-head{color:#555;margin:2px 0 4px}
.cloudg-json{margin:0;white-space:pre-wrap}
.cloudg-badge{border-radius:3px;padding:0 3px}
.cloudg-pseudonym{background:#e3ecfa;border:1px solid #8aa8d8}
.cloudg-redacted,.cloudg-masked,.cloudg-hashed{background:#fbe3e3;border:1px solid #d88a8a}
.cloudg-fenced{background:#fff3d6;border:1px dashed #d8b25a}
.cloudg-chip{display:inline-block;border:1px solid #bbb;border-radius:9px;padding:0 6px;margin:0 3px 3px 0}
.cloudg-error{border-left:4px solid #c33;background:#fdf1f1;padding:4px 8px}
.cloudg-more{color:#777;font-style:italic}
</style>"""


def esc(value: Any) -> str:
    return str(html.escape(value if isinstance(value, str) else str(value), quote=True))


def index_marks(marks: Iterable[Mark]) -> dict[str, Mark]:
    """Marks by JSON pointer (the last mark at a path wins: it is the outermost change)."""
    return {m.path: m for m in marks}


def pointer(base: str, key: str | int) -> str:
    """`base` extended by one JSON-pointer token (RFC 6901 escaping)."""
    token = str(key).replace("~", "~0").replace("/", "~1")
    return f"{base}/{token}"


def badge(text_html: str, mark: Mark | None) -> str:
    """Wrap already-escaped HTML in a badge naming the entity type (never a real value)."""
    if mark is None:
        return text_html
    title = f"{mark.kind}: {mark.entity}"
    return (f'<span class="cloudg-badge cloudg-{esc(mark.kind)}" title="{esc(title)}" '
            f'data-entity="{esc(mark.entity)}">{text_html}</span>')


def json_html(value: Any, marks: MarkIndex, path: str, *, limit: int, indent: int = 0) -> str:
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


def json_block(value: Any, marks: MarkIndex, path: str, *, limit: int) -> str:
    return f'<pre class="cloudg-json">{json_html(value, marks, path, limit=limit)}</pre>'


def cell_html(value: Any, marks: MarkIndex, path: str) -> str:
    """One table cell: scalars as text, nested values as compact JSON; badged when marked."""
    if isinstance(value, str):
        text = esc(value)
    elif isinstance(value, Mapping | list):
        inner = [m for p, m in marks.items() if p.startswith(path + "/")]
        text = esc(json.dumps(value, ensure_ascii=False, separators=(", ", ": ")))
        if inner and path not in marks:
            return badge(text, inner[0])
    else:
        text = esc(json.dumps(value))
    return badge(text, marks.get(path))


def records_table(records: Sequence[Mapping[str, Any]], marks: MarkIndex, path: str, *,
                  limit: int) -> str:
    """A pandas HTML table of records (first `limit` rows), cells pre-escaped and badged."""
    import pandas as pd

    columns: list[str] = []
    for record in records[:limit]:
        columns.extend(k for k in record if k not in columns)
    rows = [[cell_html(r[c], marks, pointer(pointer(path, i), c)) if c in r else ""
             for c in columns] for i, r in enumerate(records[:limit])]
    frame = pd.DataFrame(rows, columns=[esc(c) for c in columns])
    table = str(frame.to_html(escape=False, index=False, border=0, classes="cloudg-table"))
    hidden = len(records) - limit
    tail = f'<div class="cloudg-more">… {hidden} more rows</div>' if hidden > 0 else ""
    return table + tail


def report_chips(report: Mapping[str, Any] | None) -> str:
    """The transform report as a row of chips: counts by action and entity, truncation, fences."""
    chips = [f"{section} {entity} ×{n}" for section in REPORT_COUNT_SECTIONS
             for entity, n in (report or {}).get(section, {}).items()]
    untrusted = (report or {}).get("untrusted") or {}
    chips += [f"untrusted {k} ×{v}" for k, v in untrusted.items() if isinstance(v, int | float) and v]
    if (report or {}).get("truncated_chars"):
        chips.append(f"truncated {report['truncated_chars']} chars")  # type: ignore[index]
    return "".join(f'<span class="cloudg-chip">{esc(c)}</span>' for c in chips)


def error_box(code: Any, message: str) -> str:
    return (f'<div class="cloudg-error"><b>Error {esc(code)}</b>: '
            f'<span class="cloudg-error-text">{esc(message)}</span></div>')


def frame_html(title: str, body: str, *, attrs: Mapping[str, str] | None = None) -> str:
    """The outer `div` every result shares: one style block, a head line, the body."""
    extra = "".join(f' data-{k}="{esc(v)}"' for k, v in (attrs or {}).items())
    return f'{STYLE}<div class="cloudg-result"{extra}><div class="cloudg-head">{esc(title)}</div>{body}</div>'
