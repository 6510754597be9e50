"""`annotate`: say what the result is and what was done to it.

The report gets a classification (sensitivity, which entity types were pseudonymized or
withheld, and a note that pseudonyms can be passed back), provenance (which primitive, policy and
dataset, when; a resource's URI shown as identifiers are) and a short summary of the result's
shape. Audience and priority go into
`content_annotations`, which the layer copies onto every content item, so a client that never
reads `_meta` still sees them. Provenance names the dataset the way the policy shows
identifiers: under a policy that pseudonymizes, by its pseudonym.
"""

from __future__ import annotations

import time
from typing import Literal

from pydantic import Field

from cloudg_lab.privacy.common import FAILED, FailsClosed
from cloudg_lab.privacy.pipeline import Report, TransformContext, TransformOptions, register_transform

NOTE = ("Identifiers are pseudonyms; pass them back unchanged and tools resolve the real "
        "resources.")
_PRIORITY = {"public": 0.3, "internal": 0.45, "confidential": 0.6, "restricted": 0.75}
_WITHHELD = ("redacted", "masked", "hashed", "dropped")
_MAIN_PIECES = ("", "/structuredContent", "/contents/0/text")


class AnnotateOptions(TransformOptions):
    inline: bool = False
    """Also put the annotations into the result itself, as `_annotations`."""
    audience: list[Literal["user", "assistant"]] | None = None
    priority: float | None = Field(default=None, ge=0, le=1)


class Annotate(FailsClosed):
    """The `annotate` transform."""

    name = "annotate"

    def __init__(self, options: AnnotateOptions) -> None:
        self.options = options

    def _apply(self, value: object, ctx: TransformContext) -> object:
        report = ctx.report
        previous = _section(report, "annotations")
        annotations = {"classification": _classification(ctx),
                       "provenance": previous.get("provenance") or _provenance(ctx),
                       "summary": previous.get("summary") or _summary(value)}
        totals = {section: sum(n for n in _section(report, section).values() if isinstance(n, int))
                  for section in ("pseudonymized", *_WITHHELD)}
        totals = {k: v for k, v in totals.items() if v}
        if totals:
            annotations["transformed"] = totals
        report.set("annotations", annotations)
        o = self.options
        audience = o.audience or (["user"] if ctx.sensitivity == "restricted" else ["user", "assistant"])
        priority = o.priority if o.priority is not None else _PRIORITY.get(ctx.sensitivity, 0.45)
        report.set("content_annotations", {"audience": list(audience), "priority": priority})
        if o.inline and isinstance(value, dict) and ctx.path in _MAIN_PIECES:
            inline = {k: annotations[k] for k in ("classification", "provenance")}
            return {**value, "_annotations": inline}
        return value


def _section(report: Report, name: str) -> dict[str, object]:
    """A dict section of the report as it is (none: empty), without starting one."""
    found = report.get(name)
    return found if isinstance(found, dict) else {}


def _classification(ctx: TransformContext) -> dict[str, object]:
    pseudonymized = sorted(_section(ctx.report, "pseudonymized"))
    withheld = sorted({e for s in _WITHHELD for e in _section(ctx.report, s)})
    out: dict[str, object] = {"sensitivity": ctx.sensitivity}
    if pseudonymized:
        out["pseudonymized_entities"] = pseudonymized
        out["note"] = NOTE
    if withheld:
        out["withheld_entities"] = withheld
    return out


def _provenance(ctx: TransformContext) -> dict[str, object]:
    text = ctx.state.get("redact_text")
    name = text(ctx.name) if callable(text) and ctx.kind == "resource" else ctx.name
    out: dict[str, object] = {"kind": ctx.kind, "name": name, "policy": ctx.policy_name,
                           "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    if ctx.dataset:
        shown = ctx.state.get("redact_value")
        out["dataset"] = (shown(ctx.dataset, "dataset_name") if callable(shown)  # a failed redact: withheld
                          else FAILED if ctx.state.get("failed") else ctx.dataset)
    return out


def _summary(value: object) -> dict[str, object]:
    if isinstance(value, dict):
        out: dict[str, object] = {"shape": "object", "keys": len(value)}
        items = value.get("items")
        if isinstance(items, list):
            out["items"] = len(items)
        return out
    if isinstance(value, list):
        return {"shape": "array", "items": len(value)}
    if isinstance(value, str):
        return {"shape": "text", "chars": len(value)}
    return {"shape": type(value).__name__}


register_transform("annotate", AnnotateOptions, Annotate)
