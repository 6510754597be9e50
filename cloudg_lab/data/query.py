"""Asset filters, sorting and grouping over an inventory's columns and indexes.

A query starts from the smallest postings list among its indexed filters and checks the rest
column by column, so one selective filter costs in proportion to its matches, not to the estate.
Filters are plain frozen data: the cursor binds them, and `find_assets` and `count_assets` share
them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import overload

from cloudg_lab.data.indexes import NO_FINDINGS, Indexes, TextColumns
from cloudg_lab.data.inventory import Inventory
from cloudg_lab.data.records import SEVERITIES

SORT_KEYS = ("name", "type", "region", "account", "risk", "findings")
GROUP_KEYS = ("type", "provider", "region", "account", "exposure", "severity")
NONE_GROUP = "NONE"
"""The group of assets without an account, or without open findings (`group_by=severity`)."""


@dataclass(frozen=True)
class AssetFilter:
    """Canonical filter values (enums already resolved to the dataset's spelling)."""

    query: str | None = None
    provider: str | None = None
    asset_types: tuple[str, ...] = ()
    region: str | None = None
    account_id: str | None = None
    tags: tuple[tuple[str, str | None], ...] | None = None
    """Tag (key, value) pairs an asset must carry one of (value None: any value of the key);
    None means no tag filter, an empty tuple a tag filter nothing matches."""
    internet_exposed: bool | None = None
    has_findings: bool | None = None
    min_severity: int | None = None
    """Severity rank (INFO 0 … CRITICAL 4) the asset's worst open finding must reach."""

    def binding(self) -> dict[str, object]:
        """The filter as plain data, for cursor binding."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}


def select(inv: Inventory, flt: AssetFilter, columns: TextColumns | None = None) -> Sequence[int]:
    """Rows matching every filter, in file order; `query` searches `columns` (default the real
    ones). Without a filter to check row by row, the postings (or the range of all rows) are
    returned as they are, never copied: a page of them then costs its length, not the estate's."""
    idx = inv.indexes
    text_rows = (columns or idx.columns).text_rows(flt.query) if flt.query else None
    postings = _postings(idx, flt, text_rows)
    exact, rows = min(postings, key=lambda p: len(p[1])) if postings else ("", range(inv.asset_count))
    checks = _checks(inv, idx, flt, dict(postings))
    checks.pop(exact, None)  # the chosen postings already satisfy their own filter
    if not checks:
        return rows
    tests = list(checks.values())
    return [r for r in rows if all(test(r) for test in tests)]


def _postings(idx: Indexes, flt: AssetFilter,
              text_rows: list[int] | None) -> list[tuple[str, Sequence[int]]]:
    """(filter it satisfies exactly, rows) for every filter an index can answer."""
    found: list[tuple[str, Sequence[int]]] = []
    if flt.provider is not None:
        found.append(("provider", idx.by_provider.get(flt.provider, ())))
    if flt.asset_types:
        found.append(("asset_types", _union([idx.by_type.get(t, ()) for t in flt.asset_types])))
    if flt.region is not None:
        found.append(("region", idx.by_region.get(flt.region, ())))
    if flt.account_id is not None:
        found.append(("account_id", idx.by_account.get(flt.account_id, ())))
    if flt.tags is not None:
        found.append(("tag", _tag_rows(idx, flt.tags)))
    if flt.internet_exposed:
        found.append(("internet_exposed", idx.exposed_rows))
    if flt.has_findings or flt.min_severity is not None:
        found.append(("has_findings" if flt.has_findings else "", idx.rows_with_findings))
    if text_rows is not None:
        found.append(("query", text_rows))
    return found


def _union(postings: list[Sequence[int]]) -> Sequence[int]:
    if len(postings) == 1:
        return postings[0]
    return sorted({r for rows in postings for r in rows})


def _tag_rows(idx: Indexes, tags: tuple[tuple[str, str | None], ...]) -> Sequence[int]:
    postings: list[Sequence[int]] = []
    for key, value in tags:
        values = idx.inv.tag_index.get(key, {})
        if value is not None:
            postings.append(values.get(value, ()))
        else:
            postings.extend(values.values())
    return _union(postings) if postings else ()


def _checks(inv: Inventory, idx: Indexes, flt: AssetFilter,
            postings: Mapping[str, Sequence[int]]) -> dict[str, Callable[[int], bool]]:
    """A row predicate per filter, keyed like `_postings` (whose rows the tag and text checks
    test against)."""
    checks: dict[str, Callable[[int], bool]] = {}
    if flt.provider is not None:
        providers, provider = inv.providers, flt.provider
        checks["provider"] = lambda r: providers[r] == provider
    if flt.asset_types:
        types, wanted = inv.types, frozenset(flt.asset_types)
        checks["asset_types"] = lambda r: types[r] in wanted
    if flt.region is not None:
        regions, region = inv.regions, flt.region
        checks["region"] = lambda r: regions[r] == region
    if flt.account_id is not None:
        accounts, account = inv.accounts, flt.account_id
        checks["account_id"] = lambda r: accounts[r] == account
    if flt.tags is not None:
        checks["tag"] = _member(postings["tag"])
    if flt.internet_exposed is not None:
        exposed, want = inv.exposed, flt.internet_exposed
        checks["internet_exposed"] = lambda r: bool(exposed[r]) is want
    if flt.has_findings is not None:
        counts, has = idx.open_counts, flt.has_findings
        checks["has_findings"] = lambda r: (counts[r] > 0) is has
    if flt.min_severity is not None:
        ranks, floor = idx.max_severity, flt.min_severity
        checks["min_severity"] = lambda r: ranks[r] >= floor
    if "query" in postings:
        checks["query"] = _member(postings["query"])
    return checks


def _member(rows: Sequence[int]) -> Callable[[int], bool]:
    """Membership in ascending `rows` by bisection: nothing is built per call, so a filter that
    is checked (not the one the query starts from) costs its checks, not its matches."""
    def test(row: int) -> bool:
        at = bisect_left(rows, row)
        return at < len(rows) and rows[at] == row

    return test


# --------------------------------------------------------------------------- sorting


def sort_rows(inv: Inventory, rows: Sequence[int], sort_by: str | None, descending: bool,
              columns: TextColumns | None = None) -> Sequence[int]:
    """Rows ordered by `sort_by` (file order breaks ties); None keeps file order (reversed: a
    view, not a copy). Names and accounts are compared as `columns` hold them (default the real
    ones)."""
    if sort_by is None:
        return Backwards(rows) if descending else rows
    idx = inv.indexes
    cols = columns or idx.columns
    keys: dict[str, Callable[[int], str | int | tuple[int, int]]] = {
        "name": lambda r: cols.names[r].casefold(),
        "type": lambda r: inv.types[r],
        "region": lambda r: inv.regions[r],
        "account": lambda r: cols.accounts[r] or "",
        "risk": lambda r: (idx.max_severity[r], idx.open_counts[r]),
        "findings": lambda r: idx.open_counts[r],
    }
    return sorted(rows, key=keys[sort_by], reverse=descending)


class Backwards(Sequence[int]):
    """`rows` last to first without copying them (a descending page of a million rows)."""

    __slots__ = ("rows",)

    def __init__(self, rows: Sequence[int]) -> None:
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, at: int) -> int: ...

    @overload
    def __getitem__(self, at: slice) -> list[int]: ...

    def __getitem__(self, at: int | slice) -> int | list[int]:
        rows = self.rows
        last = len(rows) - 1
        if isinstance(at, slice):
            return [rows[last - i] for i in range(len(rows))[at]]
        return rows[last - range(len(rows))[at]]  # range raises IndexError as a list would


# --------------------------------------------------------------------------- grouping


def group_counts(inv: Inventory, rows: Sequence[int] | None, group_by: str) -> Counter[str]:
    """Assets per group; `rows=None` means the whole inventory (answered from the indexes)."""
    idx = inv.indexes
    if rows is None and group_by in ("type", "provider", "region", "account"):
        postings = {"type": idx.by_type, "provider": idx.by_provider, "region": idx.by_region,
                    "account": idx.by_account}[group_by]
        counts = Counter({k: len(v) for k, v in postings.items()})
        if group_by == "account":
            counts[NONE_GROUP] = inv.asset_count - sum(counts.values())
        return +counts
    label = _labeller(inv, idx, group_by)
    return Counter(label(r) for r in (range(inv.asset_count) if rows is None else rows))


def _labeller(inv: Inventory, idx: Indexes, group_by: str) -> Callable[[int], str]:
    if group_by == "type":
        return inv.types.__getitem__
    if group_by == "provider":
        return inv.providers.__getitem__
    if group_by == "region":
        return inv.regions.__getitem__
    if group_by == "account":
        return lambda r: inv.accounts[r] or NONE_GROUP
    if group_by == "exposure":
        return lambda r: "internet_exposed" if inv.exposed[r] else "internal"
    ranks = idx.max_severity
    return lambda r: SEVERITIES[len(SEVERITIES) - 1 - ranks[r]] if ranks[r] != NO_FINDINGS else NONE_GROUP
