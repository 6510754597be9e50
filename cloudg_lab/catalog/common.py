"""What every catalog handler shares: the dataset a call means, enum arguments, asset briefs,
paging.

Enum-like arguments are plain strings matched case-insensitively here (not pydantic literals),
so `provider="aws"` works and a wrong value gets an error that lists the valid ones. A closed set
is still published as `enum` in the `inputSchema` (`one_of`), so clients' forms and models see it;
sets that depend on the data (providers, asset and edge types) stay plain strings, because a
dataset may hold values no fixed list names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any
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


def asset_uri(ident: str) -> str:
    """`cloudg://assets/{+ref}` for an asset id (reserved characters kept, like `{+ref}` allows)."""
    return "cloudg://assets/" + quote(ident, safe=":/@-._~!$&'()*+,;=")


_FIELD_VALUES: dict[str, Callable[[Inventory, Indexes, int], Any]] = {
    "name": lambda inv, idx, r: inv.names[r],
    "type": lambda inv, idx, r: inv.types[r],
    "provider": lambda inv, idx, r: inv.providers[r],
    "region": lambda inv, idx, r: inv.regions[r],
    "account_id": lambda inv, idx, r: inv.accounts[r],
    "arn": lambda inv, idx, r: inv.arns[r],
    "internet_exposed": lambda inv, idx, r: bool(inv.exposed[r]),
    "open_findings": lambda inv, idx, r: idx.open_counts[r],
    "max_severity": lambda inv, idx, r: severity_name(idx.max_severity[r]),
    "tags": lambda inv, idx, r: inv.tags(r),
    "uri": lambda inv, idx, r: asset_uri(inv.ids[r]),
}


def brief(ds: Dataset, row: int, fields: Sequence[str] = DEFAULT_FIELDS) -> dict[str, Any]:
    """An asset as tools return it: `id` first, then the requested fields in a fixed order."""
    inv = ds.inventory
    idx = inv.indexes
    item: dict[str, Any] = {"id": inv.ids[row]}
    for name in fields:
        if name != "id":
            item[name] = _FIELD_VALUES[name](inv, idx, row)
    return item


def pick_fields(fields: Sequence[str] | None) -> tuple[str, ...]:
    """The requested brief fields in canonical order (`id` always first).

    Raises:
        InvalidArgumentsError: for an unknown field, listing the valid ones.
    """
    if not fields:
        return DEFAULT_FIELDS
    chosen = set(choose_many(fields, BRIEF_FIELDS, "fields"))
    return tuple(f for f in BRIEF_FIELDS if f in chosen or f == "id")


def paged(ctx: HandlerContext, tool: str, ds: Dataset, filters: dict[str, Any], *,
          cursor: str | None, limit: int, total: int) -> tuple[int, dict[str, Any]]:
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
