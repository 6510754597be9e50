"""TransformReport: `_meta["cloudg/transforms"]` as small tables, never as a JSON dump.

The report holds counts and labels only (ARCHITECTURE.md, "The request's path", step 11),
so every table here is safe to show and to save: what was pseudonymized, redacted, masked,
hashed, dropped or aliased, by entity type; what the untrusted-text scan found; what
projection cut and how much text was truncated; the classification, provenance and content
annotations the `annotate` transform added.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import ipywidgets as widgets

from cloudg_lab.notebook.display.tables import plain_table
from cloudg_lab.notebook.widgets import style
from cloudg_lab.notebook.widgets.base import WidgetView
from cloudg_lab.notebook.widgets.tables import frame_html
from cloudg_lab.privacy.pipeline import REPORT_COUNT_SECTIONS

COUNT_SECTIONS = (*REPORT_COUNT_SECTIONS, "redacted_arguments")
NO_REPORT = "no transform report: nothing was transformed (the policy transforms nothing here)"
_ANNOTATION_TABLES = (("classification", "classification"), ("provenance", "provenance"),
                      ("summary", "result shape"), ("transformed", "values transformed"))


@dataclass(frozen=True)
class Section:
    """One table of the report: a title, its columns and rows of plain values."""

    title: str
    columns: list[str]
    rows: list[list[object]]


def sections(report: Mapping[str, object] | None) -> list[Section]:
    """The report as tables, in reading order; an empty list when there is no report."""
    if not report:
        return []
    out = [s for s in (_counts(report), _pairs("untrusted text", report.get("untrusted")),
                       _projection(report)) if s is not None]
    annotations = report.get("annotations")
    if isinstance(annotations, Mapping):
        out += [s for key, title in _ANNOTATION_TABLES
                if (s := _pairs(title, annotations.get(key))) is not None]
    found = _pairs("content annotations", report.get("content_annotations"))
    if found is not None:
        out.append(found)
    known = {*COUNT_SECTIONS, "untrusted", "projection", "truncated_chars", "annotations",
             "content_annotations"}
    other = _pairs("other", {k: v for k, v in report.items() if k not in known})
    return [*out, other] if other is not None else out


def _counts(report: Mapping[str, object]) -> Section | None:
    found = {a: counts for a in COUNT_SECTIONS
             if isinstance(counts := report.get(a), Mapping) and counts}
    if not found:
        return None
    actions = list(found)
    entities = sorted({str(e) for counts in found.values() for e in counts})
    counted = [(entity, [_int(found[a].get(entity)) for a in actions]) for entity in entities]
    counted.sort(key=lambda ec: (-sum(ec[1]), ec[0]))
    rows: list[list[object]] = [[entity, *[c or "" for c in counts], sum(counts)]
                                for entity, counts in counted]
    totals = [sum(_int(v) for v in found[a].values()) for a in actions]
    rows.append(["total", *totals, sum(totals)])
    return Section("changes by entity type", ["entity", *actions, "total"], rows)


def _projection(report: Mapping[str, object]) -> Section | None:
    projection = report.get("projection")
    pairs = dict(projection) if isinstance(projection, Mapping) else {}
    if report.get("truncated_chars"):
        pairs["text truncated (chars)"] = report["truncated_chars"]
    return _pairs("projection and truncation", pairs)


def _pairs(title: str, value: object) -> Section | None:
    if not isinstance(value, Mapping) or not value:
        return None
    return Section(title, ["item", "value"], [[k, _plain(v)] for k, v in _flat(value, "")])


def _flat(value: Mapping[str, object], prefix: str) -> list[tuple[str, object]]:
    items: list[tuple[str, object]] = []
    for key, inner in value.items():
        if isinstance(inner, Mapping) and inner:
            items.extend(_flat(inner, f"{prefix}{key}."))
        else:
            items.append((f"{prefix}{key}", inner))
    return items


def _plain(value: object) -> object:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return "" if value is None or value == {} else value


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def describe(target: object) -> tuple[str, Mapping[str, object] | None]:
    """(title, report) for a result object, a bare report dict or None."""
    if target is None or isinstance(target, Mapping):
        return "transform report", target
    origin = getattr(target, "origin", None)
    bits = ["transform report"]
    if origin is not None:
        bits += [origin.name, f"policy {origin.policy}", origin.principal.label()]
    if getattr(target, "is_error", False):
        bits.append(f"error {getattr(target, 'error_code', '')}")
    return " · ".join(bits), getattr(target, "report", None)


class TransformReport(WidgetView):
    """The transform report of one result; `show(result)` switches it to another result."""

    def __init__(self, target: object = None) -> None:
        super().__init__()
        self.html = widgets.HTML()
        self.widget = widgets.VBox([self.html])
        self.title = ""
        self.report: Mapping[str, object] | None = None
        self.sections: list[Section] = []
        self.show(target)

    def show(self, target: object) -> None:
        """Render the report of `target` (a result, a report dict, or None)."""
        self.title, self.report = describe(target)
        self.sections = sections(self.report)
        self.html.value = style.panel(self.static_body())

    def static_body(self) -> str:
        parts = [style.title(self.title)]
        if not self.sections:
            return parts[0] + style.note(NO_REPORT)
        for section in self.sections:
            cells = [[style.text_cell(v) for v in row] for row in section.rows]
            parts.append(f"<h4>{style.text_cell(section.title)}</h4>")
            parts.append(frame_html(cells, section.columns, "cloudg-w-report"))
        return "".join(parts)

    def static_text(self) -> str:
        if not self.sections:
            return f"{self.title}\n{NO_REPORT}"
        lines = [self.title]
        for section in self.sections:
            lines += [f"== {section.title} ==",
                      plain_table(section.rows, section.columns, len(section.rows))]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TransformReport {self.title!r}: {len(self.sections)} tables>"
