"""Completers for prompt arguments and template variables: `(ctx, value, context_arguments)`.

Each returns at most 100 values; the layer passes them through the output pipeline, so under
`strict` a client is offered pseudonyms, and a pseudonym typed back is reversed by the input
pipeline before it reaches these functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cloudg_lab.data.records import SEVERITIES
from cloudg_lab.errors import NoDatasetError
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.policy import PROFILES

MAX_VALUES = 100


def _prefixed(value: str, options: Iterable[str]) -> list[str]:
    folded = value.casefold()
    return [o for o in options if o.casefold().startswith(folded)][:MAX_VALUES]


def complete_dataset(ctx: ToolContext, value: str, context_arguments: Mapping[str, Any]) -> list[str]:
    """Loaded dataset names starting with `value`."""
    return _prefixed(value, ctx.workspace.names())


def complete_severity(ctx: ToolContext, value: str, context_arguments: Mapping[str, Any]) -> list[str]:
    return _prefixed(value, SEVERITIES)


def complete_policy(ctx: ToolContext, value: str, context_arguments: Mapping[str, Any]) -> list[str]:
    return _prefixed(value, PROFILES)


def _context_dataset(ctx: ToolContext, context_arguments: Mapping[str, Any]) -> Any:
    named = context_arguments.get("dataset") if isinstance(context_arguments, Mapping) else None
    try:
        return ctx.workspace.get(named if isinstance(named, str) and named else None)
    except NoDatasetError:
        return None


def complete_ref(ctx: ToolContext, value: str, context_arguments: Mapping[str, Any]) -> list[str]:
    """Asset names, ARNs and ids starting with `value`, then names of other assets containing it."""
    ds = _context_dataset(ctx, context_arguments)
    if ds is None:
        return []
    inv = ds.inventory
    if not value:
        return list(dict.fromkeys(inv.names[:MAX_VALUES]))
    folded = value.casefold()
    found: dict[str, None] = {}
    rows: set[int] = set()
    for column in (inv.names, inv.arns, inv.ids):
        for row, text in enumerate(column):
            if text and text.casefold().startswith(folded):
                found[text] = None
                rows.add(row)
                if len(found) >= MAX_VALUES:
                    return list(found)
    for row in inv.indexes.text_rows(value):
        if row not in rows:
            found[inv.names[row]] = None
            if len(found) >= MAX_VALUES:
                break
    return list(found)


def complete_finding(ctx: ToolContext, value: str, context_arguments: Mapping[str, Any]) -> list[str]:
    """Finding ids starting with `value`, worst findings first."""
    ds = _context_dataset(ctx, context_arguments)
    if ds is None:
        return []
    inv = ds.inventory
    order = sorted(range(inv.finding_count), key=lambda i: (-inv.finding_severity[i], i))
    return _prefixed(value, (inv.finding_ids[i] for i in order))
