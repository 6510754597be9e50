"""Page cursors `c<offset>.<12hex>`, bound to the dataset version and the query.

The hex has two halves: six digits hashing the tool that issued it and six hashing the dataset
name, its version, its per-load id and the filters (not the limit). A cursor from another tool
is therefore `Invalid`, one from the same tool whose dataset or filters moved on is `Stale`.
It is short, opaque and free of identifiers, so every output transform leaves it alone.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from cloudg_lab.errors import InvalidArgumentsError

_CURSOR = re.compile(r"^c(\d{1,9})\.([0-9a-f]{12})$")


def binding(tool: str, dataset: str, version: int, instance: str, filters: Mapping[str, object]) -> str:
    """The 12-hex digits a cursor carries for this tool, dataset state and these filters."""
    family = _digest({"t": tool})
    state = _digest({"t": tool, "ds": dataset, "v": version, "i": instance, "f": dict(filters)})
    return family[:6] + state[:6]


def _digest(value: dict[str, object]) -> str:
    text = json.dumps(value, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def make(offset: int, bound: str) -> str:
    return f"c{offset}.{bound}"


def offset_of(cursor: str | None, bound: str) -> int:
    """The offset a cursor points at (0 for no cursor).

    Raises:
        InvalidArgumentsError: `Invalid cursor ...` for a malformed or foreign cursor,
            `Stale cursor ...` when the filters or the dataset changed since it was issued.
    """
    if cursor is None or cursor == "":
        return 0
    match = _CURSOR.match(cursor) if isinstance(cursor, str) else None
    if match is None or match.group(2)[:6] != bound[:6]:
        raise InvalidArgumentsError("Invalid cursor. Pass the next_cursor value of the previous "
                                    "page unchanged, or omit it to start over",
                                    {"expected": "c<offset>.<12 hex digits>"})
    if match.group(2) != bound:
        raise InvalidArgumentsError("Stale cursor: the query arguments or the dataset changed "
                                    "since it was issued. Repeat the query without a cursor",
                                    {"reason": "stale"})
    return int(match.group(1))


@dataclass(frozen=True)
class Pager:
    """The cursors of one query over `total` matches (a `types.PageCursor`)."""

    total: int
    bound: str

    def after(self, end: int) -> str | None:
        """The cursor of the page starting at match `end`, or None past the last match."""
        return make(end, self.bound) if end < self.total else None

    def page(self, offset: int, limit: int) -> dict[str, object]:
        """The paging fields of a result: offset, returned, next_cursor, truncated."""
        end = min(self.total, offset + limit)
        cursor = self.after(end)
        return {"offset": offset, "returned": max(0, end - offset), "next_cursor": cursor,
                "truncated": cursor is not None}
