"""Turning what a caller typed (`ref`, `source`, `target`) into one asset row.

Order: id, exact ARN, unique name, unique last path segment, unique case-insensitive name. A
miss or an ambiguity raises with up to five suggestions in `data`; the message itself never
repeats the caller's value, and the suggestions pass the output pipeline like any result.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from cloudg_lab.data.indexes import last_segment
from cloudg_lab.data.inventory import Inventory
from cloudg_lab.errors import InvalidArgumentsError, ReferenceNotFoundError

MAX_SUGGESTIONS = 5
_FUZZY_LIMIT = 5000
"""Above this many assets, suggestions come from substring matches only (difflib is quadratic)."""
_TOKENS = re.compile(r"[A-Za-z0-9]{3,}")


def resolve(inv: Inventory, ref: str, *, what: str = "ref", suggest: bool = True) -> int:
    """The row `ref` names; `suggest=False` leaves a miss without suggestions (they are computed
    from real names, which a caller shown only pseudonyms must not be offered a view into).

    Raises:
        InvalidArgumentsError: for an empty reference.
        ReferenceNotFoundError: -32602 when nothing or several assets match; data has
            `suggestions` (or `candidates` when ambiguous).
    """
    if not isinstance(ref, str) or not ref.strip():
        raise InvalidArgumentsError(f"Argument '{what}' must name an asset (id, ARN or name)",
                                    {"argument": what})
    idx = inv.indexes
    row = inv.row_of.get(ref)
    if row is None:
        row = idx.by_arn.get(ref)
    if row is not None:
        return row
    segment = last_segment(ref) or ref
    for rows in (idx.by_name.get(ref), idx.by_last_segment.get(segment),
                 idx.by_name_folded.get(ref.casefold())):
        if rows is not None and len(rows) == 1:
            return rows[0]
    ambiguous = idx.by_name.get(ref) or idx.by_name_folded.get(ref.casefold())
    if ambiguous:
        candidates = [inv.ids[r] for r in ambiguous[:MAX_SUGGESTIONS]]
        raise ReferenceNotFoundError(f"Argument '{what}' matches {len(ambiguous)} assets; pass an "
                                     "id or ARN instead", {what: ref, "candidates": candidates,
                                                           "matches": len(ambiguous)})
    raise ReferenceNotFoundError(f"No asset matches argument '{what}'; try find_assets",
                                 {what: ref, "suggestions": suggestions(inv, ref) if suggest else []})


def suggestions(inv: Inventory, ref: str) -> list[str]:
    """Up to five asset names close to `ref`: substring matches first, then shared tokens."""
    idx = inv.indexes
    rows = idx.text_rows(ref)
    if not rows:
        for token in sorted(_TOKENS.findall(last_segment(ref) or ref), key=len, reverse=True):
            rows = idx.text_rows(token)
            if rows:
                break
    if rows:
        return _names(inv, rows)
    if inv.asset_count > _FUZZY_LIMIT:
        return []
    return difflib.get_close_matches(ref, list(dict.fromkeys(inv.names)), n=MAX_SUGGESTIONS)


def _names(inv: Inventory, rows: Sequence[int]) -> list[str]:
    return list(dict.fromkeys(inv.names[r] for r in rows[:50]))[:MAX_SUGGESTIONS]
