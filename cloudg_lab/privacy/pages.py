"""A page of records under a size budget: shorter, never cut, continuing exactly.

Paged tools return an envelope `{..., "offset", "returned", "next_cursor", "truncated", "items"}`.
When a budget cannot hold every item (`project`'s `max_chars` and `max_list`, the layer's
`max_output_chars` for the text block), the page is shortened to its first whole records and its
paging fields are rewritten for what is delivered: `returned` counts the items, `next_cursor`
starts right after the last one, `truncated` says whether more follow. Items stay records, and
walking the cursors still meets every match exactly once (guarantee 2, "Pages are exact").

Why the budget shortens pages instead of the tools pre-sizing them: only the output pipeline knows
how large an item becomes (pseudonyms, markers and fences change lengths; each profile has its own
budget), so a tool cannot know what fits. Why the cursor comes through `types.PageCursor`: it binds
the dataset and the query, which only the tool knows; the budget knows counts and sizes only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from cloudg_lab.types import PageCursor

PAGE_KEYS = frozenset({"offset", "returned", "next_cursor", "truncated", "items"})
SLACK = 8
"""Characters kept free for the envelope growing when shortened (`returned`'s and the cursor's
digits), so a page sized to fit does fit."""


def is_page(value: object) -> TypeGuard[dict[str, object]]:
    """Is `value` a page envelope whose count agrees with its items?"""
    return (isinstance(value, dict) and value.keys() >= PAGE_KEYS and isinstance(value["items"], list)
            and type(value["offset"]) is int and value["returned"] == len(value["items"]))


def items(page: dict[str, object]) -> list[object]:
    """The items of a page (`is_page` checked they are a list)."""
    found = page["items"]
    return found if isinstance(found, list) else []


def shorten(page: dict[str, object], keep: int, cursor: PageCursor) -> dict[str, object]:
    """`page` with only its first `keep` items, and paging fields that say so."""
    offset, items = page["offset"], page["items"]
    if not isinstance(offset, int) or not isinstance(items, list):  # not a page (`is_page`)
        return page
    following = cursor.after(offset + keep)
    return {**page, "returned": keep, "next_cursor": following, "truncated": following is not None,
            "items": items[:keep]}


def bare(page: dict[str, object], cursor: PageCursor) -> dict[str, object]:
    """The envelope as a shortened page reads, without its items (to measure what they leave)."""
    return shorten({**page, "items": []}, 0, cursor)


def fitting(sizes: Sequence[int], room: int, separator: int) -> int:
    """How many leading items fit in `room` characters, `separator` between two; at least one.

    A page always delivers one record, so a walk of the cursors always moves on; the budget's
    other steps (shorter strings, less depth) shrink a record too large on its own.
    """
    used = keep = 0
    for size in sizes:
        used += size + (separator if keep else 0)
        if used > room:
            break
        keep += 1
    return max(1, keep)
