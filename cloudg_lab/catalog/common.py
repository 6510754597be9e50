"""What every catalog handler shares: the dataset a call means, enum arguments, asset briefs,
paging.

Enum-like arguments are plain strings matched case-insensitively here (not pydantic literals),
so `provider="aws"` works and a wrong value gets an error that lists the valid ones. A closed set
is still published as `enum` in the `inputSchema` (`one_of`), so clients' forms and models see it;
sets that depend on the data (providers, asset and edge types) stay plain strings, because a
dataset may hold values no fixed list names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Annotated
from urllib.parse import quote

from pydantic import WithJsonSchema

from cloudg_lab.data import cursors
from cloudg_lab.data.indexes import NO_FINDINGS, Indexes
from cloudg_lab.data.inventory import Inventory
from cloudg_lab.data.records import SEVERITIES, SEVERITY_RANK
from cloudg_lab.data.refs import resolve
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.ports import HandlerContext

BRIEF_FIELDS = ("id", "name", "type", "provider", "region", "account_id", "arn", "internet_exposed",
                "open_findings", "max_severity", "tags", "uri")
DEFAULT_FIELDS = tuple(f for f in BRIEF_FIELDS if f != "tags")
DATASET_HELP = "Dataset name; empty means the active dataset."


def one_of(values: Iterable[str]) -> WithJsonSchema:
    """The schema of a string argument drawn from a closed set: `{"type": "string", "enum": ...}`.

    Only the published schema changes; validation stays `choose`'s case-insensitive match.
    """
    return WithJsonSchema({"type": "string", "enum": list(values)})


SeverityName = Annotated[str, one_of(SEVERITIES)]
BriefField = Annotated[str, one_of(BRIEF_FIELDS)]


def dataset_of(ctx: HandlerContext, name: str | None = "") -> Dataset:
    """The named dataset, or the active one.

    Raises:
        NoDatasetError: when nothing is loaded or the name is unknown.
    """
    return ctx.workspace.get(name or None)


def asset_row(ctx: HandlerContext, ds: Dataset, ref: str, what: str = "ref") -> int:
    """The row `ref` names. A caller who sees pseudonyms gets no did-you-mean: suggestions
    come from real names, and a ref reaching here under such a policy was a pseudonym issued
    for something else, so any suggestion would describe the real value behind it.

    Raises:
        InvalidArgumentsError, ReferenceNotFoundError: as `data.refs.resolve`.
    """
    return resolve(ds.inventory, ref, what=what, suggest=not ctx.visible.active)


def choose(value: str, valid: Iterable[str], argument: str) -> str:
    """`value` matched case-insensitively against `valid`, in the valid spelling.

    Raises:
        InvalidArgumentsError: listing the valid values (the message never repeats `value`).
    """
    options = list(valid)
    folded = {v.casefold(): v for v in options}
    found = folded.get(str(value).strip().casefold())
    if found is None:
        raise InvalidArgumentsError(f"Unknown value for '{argument}'; valid: {', '.join(options)}",
                                    {"argument": argument, "valid": options})
    return found


def choose_many(values: Sequence[str], valid: Iterable[str], argument: str) -> tuple[str, ...]:
    options = list(valid)
    return tuple(dict.fromkeys(choose(v, options, argument) for v in values))


def severity_rank(value: str | None, argument: str = "min_severity") -> int | None:
    """A severity name (any case) as its rank, INFO 0 … CRITICAL 4.

    Raises:
        InvalidArgumentsError: for an unknown severity, listing the valid ones.
    """
    if value is None or value == "":
        return None
    return SEVERITY_RANK[choose(value, SEVERITIES, argument)]


def severity_name(rank: int) -> str | None:
    return None if rank == NO_FINDINGS else SEVERITIES[len(SEVERITIES) - 1 - rank]


_URI_PREFIX = "cloudg://assets/"
_URI_SAFE_CHARS = ":/@-._~!$&'()*+,;="
_URI_SAFE = re.compile(r"[A-Za-z0-9" + re.escape(_URI_SAFE_CHARS) + "]*")
"""What `quote` leaves alone: an id made only of these is its own quoted form (most are)."""


def asset_uri(ident: str) -> str:
    """`cloudg://assets/{+ref}` for an asset id (reserved characters kept, like `{+ref}` allows)."""
    if _URI_SAFE.fullmatch(ident):
        return _URI_PREFIX + ident
    return _URI_PREFIX + quote(ident, safe=_URI_SAFE_CHARS)


Column = Callable[[Inventory, Indexes, Sequence[int]], list[object]]
"""A brief field's values for some rows, read column by column: a page of 50 briefs costs one
list comprehension per field, not a function call per cell."""

_FIELD_VALUES: dict[str, Column] = {
    "id": lambda inv, idx, rows: [inv.ids[r] for r in rows],
    "name": lambda inv, idx, rows: [inv.names[r] for r in rows],
    "type": lambda inv, idx, rows: [inv.types[r] for r in rows],
    "provider": lambda inv, idx, rows: [inv.providers[r] for r in rows],
    "region": lambda inv, idx, rows: [inv.regions[r] for r in rows],
    "account_id": lambda inv, idx, rows: [inv.accounts[r] for r in rows],
    "arn": lambda inv, idx, rows: [inv.arns[r] for r in rows],
    "internet_exposed": lambda inv, idx, rows: [bool(inv.exposed[r]) for r in rows],
    "open_findings": lambda inv, idx, rows: [idx.open_counts[r] for r in rows],
    "max_severity": lambda inv, idx, rows: [severity_name(idx.max_severity[r]) for r in rows],
    "tags": lambda inv, idx, rows: [inv.tags(r) for r in rows],
    "uri": lambda inv, idx, rows: [asset_uri(inv.ids[r]) for r in rows],
}


def brief(ds: Dataset, row: int, fields: Sequence[str] = DEFAULT_FIELDS) -> dict[str, object]:
    """An asset as tools return it: `id` first, then the requested fields in a fixed order."""
    return briefs(ds, (row,), fields)[0]


def briefs(ds: Dataset, rows: Sequence[int],
           fields: Sequence[str] = DEFAULT_FIELDS) -> list[dict[str, object]]:
    """`brief` of each of `rows`, in order."""
    inv = ds.inventory
    idx = inv.indexes
    names = ("id", *(name for name in fields if name != "id"))
    columns = [_FIELD_VALUES[name](inv, idx, rows) for name in names]
    return [dict(zip(names, values, strict=True)) for values in zip(*columns, strict=True)]


def pick_fields(fields: Sequence[str] | None) -> tuple[str, ...]:
    """The requested brief fields in canonical order (`id` always first).

    Raises:
        InvalidArgumentsError: for an unknown field, listing the valid ones.
    """
    if not fields:
        return DEFAULT_FIELDS
    chosen = set(choose_many(fields, BRIEF_FIELDS, "fields"))
    return tuple(f for f in BRIEF_FIELDS if f in chosen or f == "id")


def paged(ctx: HandlerContext, tool: str, ds: Dataset, filters: Mapping[str, object], *,
          cursor: str | None, limit: int, total: int) -> tuple[int, dict[str, object]]:
    """(offset, paging fields) for a cursor-paged result over `total` items.

    The call's context learns how this query's cursors are made, so the output budget can deliver
    a shorter page and still point `next_cursor` right after its last item (`privacy.pages`).

    Raises:
        InvalidArgumentsError: for an invalid or stale cursor.
    """
    pager = cursors.Pager(total, cursors.binding(tool, ds.name, ds.version, ds.instance, filters))
    offset = cursors.offset_of(cursor, pager.bound)
    ctx.page_cursor = pager
    return offset, pager.page(offset, limit)
