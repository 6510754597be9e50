"""Completers for prompt arguments and template variables: `(ctx, value, context_arguments)`.

Each returns at most 100 values; the layer passes them through the output pipeline. Under a
policy that shows pseudonyms, completers match the caller's text against the values as the
caller sees them (`catalog.visible`) and offer those, so no completion answers for a real prefix
or substring; a pseudonym typed back completes to itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cloudg_lab.catalog import visible
from cloudg_lab.data.records import SEVERITIES
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.errors import NoDatasetError
from cloudg_lab.policy import PROFILES
from cloudg_lab.ports import HandlerContext

MAX_VALUES = 100


def _prefixed(value: str, options: Iterable[str]) -> list[str]:
    folded = value.casefold()
    return [o for o in options if o.casefold().startswith(folded)][:MAX_VALUES]


def complete_dataset(ctx: HandlerContext, value: str, context_arguments: Mapping[str, object]) -> list[str]:
    """Loaded dataset names starting with `value`."""
    return _prefixed(value, visible.dataset_names(ctx, ctx.workspace.names()))


def complete_severity(ctx: HandlerContext, value: str, context_arguments: Mapping[str, object]) -> list[str]:
    return _prefixed(value, SEVERITIES)


def complete_policy(ctx: HandlerContext, value: str, context_arguments: Mapping[str, object]) -> list[str]:
    return _prefixed(value, PROFILES)


def _context_dataset(ctx: HandlerContext, context_arguments: Mapping[str, object]) -> Dataset | None:
    named = context_arguments.get("dataset") if isinstance(context_arguments, Mapping) else None
    try:
        return ctx.workspace.get(named if isinstance(named, str) and named else None)
    except NoDatasetError:
        return None


def complete_ref(ctx: HandlerContext, value: str, context_arguments: Mapping[str, object]) -> list[str]:
    """Asset names, ARNs and ids starting with `value`, then names of other assets containing it."""
    ds = _context_dataset(ctx, context_arguments)
    if ds is None:
        return []
    seen = visible.columns(ctx, ds)
    if not value:
        return list(dict.fromkeys(seen.names[:MAX_VALUES]))
    folded = value.casefold()
    found: dict[str, None] = {}
    rows: set[int] = set()
    for column in (seen.names, seen.arns, seen.ids):
        for row, text in enumerate(column):
            if text and text.casefold().startswith(folded):
                found[text] = None
                rows.add(row)
                if len(found) >= MAX_VALUES:
                    return list(found)
    for row in seen.text_rows(value):
        if row not in rows:
            found[seen.names[row]] = None
            if len(found) >= MAX_VALUES:
                break
    return list(found)


def complete_finding(ctx: HandlerContext, value: str, context_arguments: Mapping[str, object]) -> list[str]:
    """Finding ids starting with `value`, worst findings first."""
    ds = _context_dataset(ctx, context_arguments)
    if ds is None:
        return []
    inv = ds.inventory
    ids, _ = visible.finding_ids(ctx, ds)
    order = sorted(range(inv.finding_count), key=lambda i: (-inv.finding_severity[i], i))
    return _prefixed(value, (ids[i] for i in order))
