"""Look-up structures over one `Inventory`, built once and shared by every query on it.

Equality filters (type, provider, region, account, tag, exposure, severity) become postings
lists of row numbers; free text searches one joined, lower-cased haystack with `str.find`; the
graph's adjacency and the case-folded name maps are built only when a tool first needs them.
"""

from __future__ import annotations

import bisect
import threading
from array import array
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import TypeVar, cast

from cloudg_lab.data.inventory import Inventory, new_postings

NO_FINDINGS = -1
T = TypeVar("T")


def group_rows(values: Iterable[str | None]) -> dict[str, array[int]]:
    """value → rows holding it (None values skipped)."""
    groups: dict[str, array[int]] = {}
    for row, value in enumerate(values):
        if value is None:
            continue
        rows = groups.get(value)
        if rows is None:
            rows = groups[value] = new_postings()
        rows.append(row)
    return groups


class Indexes:
    """Everything derived from an inventory; each part is computed on first access."""

    def __init__(self, inv: Inventory) -> None:
        self.inv = inv
        self._lock = threading.Lock()
        self._derived: dict[str, object] = {}

    def derived(self, key: str, build: Callable[[Inventory], T]) -> T:
        """`build(inventory)`, computed once: for structures other modules own (e.g. exposure)."""
        if key not in self._derived:
            with self._lock:
                if key not in self._derived:
                    self._derived[key] = build(self.inv)
        return cast(T, self._derived[key])  # what `build` made for this key

    # ------------------------------------------------------------------ equality postings

    @cached_property
    def by_type(self) -> dict[str, array[int]]:
        return group_rows(self.inv.types)

    @cached_property
    def by_provider(self) -> dict[str, array[int]]:
        return group_rows(self.inv.providers)

    @cached_property
    def by_region(self) -> dict[str, array[int]]:
        return group_rows(self.inv.regions)

    @cached_property
    def by_account(self) -> dict[str, array[int]]:
        return group_rows(self.inv.accounts)

    @cached_property
    def exposed_rows(self) -> array[int]:
        rows = new_postings()
        rows.extend(i for i, flag in enumerate(self.inv.exposed) if flag)
        return rows

    @cached_property
    def by_arn(self) -> dict[str, int]:
        """ARN → first row holding it."""
        found: dict[str, int] = {}
        for row, arn in enumerate(self.inv.arns):
            if arn and arn not in found:
                found[arn] = row
        return found

    @cached_property
    def by_name(self) -> dict[str, array[int]]:
        return group_rows(self.inv.names)

    @cached_property
    def by_name_folded(self) -> dict[str, array[int]]:
        return group_rows(n.casefold() for n in self.inv.names)

    @cached_property
    def by_last_segment(self) -> dict[str, array[int]]:
        """The last `/` or `:` segment of each ARN and id (`i-0abc...`, `vm-web-01`)."""
        segments: dict[str, array[int]] = {}
        for row, (ident, arn) in enumerate(zip(self.inv.ids, self.inv.arns, strict=True)):
            for text in {last_segment(ident), last_segment(arn)}:
                if text:
                    segments.setdefault(text, new_postings()).append(row)
        return segments

    # ------------------------------------------------------------------ findings

    @cached_property
    def findings_of(self) -> dict[int, list[int]]:
        """Asset row → its findings (joined by resource id, else by resource ARN)."""
        inv, by_arn = self.inv, None
        found: dict[int, list[int]] = {}
        for index, resource in enumerate(inv.finding_resources):
            row = inv.row_of.get(resource)
            if row is None:
                by_arn = by_arn if by_arn is not None else self.by_arn
                arn = inv.finding(index).get("resource_arn")
                row = by_arn.get(arn if isinstance(arn, str) else "")
            if row is not None:
                found.setdefault(row, []).append(index)
        return found

    @cached_property
    def rows_with_findings(self) -> array[int]:
        """Rows with at least one open finding, in row order."""
        rows = new_postings()
        rows.extend(r for r, n in enumerate(self.open_counts) if n)
        return rows

    @cached_property
    def open_counts(self) -> array[int]:
        """Open (unsuppressed) findings per asset row."""
        counts = array("I", bytes(4 * self.inv.asset_count))
        for row, indexes in self.findings_of.items():
            counts[row] = sum(1 for i in indexes if not self.inv.finding_suppressed[i])
        return counts

    @cached_property
    def max_severity(self) -> array[int]:
        """Highest open severity rank per asset row, `NO_FINDINGS` (-1) when none is open."""
        ranks = array("b", [NO_FINDINGS]) * self.inv.asset_count
        inv = self.inv
        for row, indexes in self.findings_of.items():
            open_ranks = [inv.finding_severity[i] for i in indexes if not inv.finding_suppressed[i]]
            if open_ranks:
                ranks[row] = max(open_ranks)
        return ranks

    @cached_property
    def findings_by_severity(self) -> dict[int, array[int]]:
        """Severity rank → finding indexes."""
        groups: dict[int, array[int]] = {}
        for index, rank in enumerate(self.inv.finding_severity):
            groups.setdefault(rank, new_postings()).append(index)
        return groups

    # ------------------------------------------------------------------ free text

    @cached_property
    def columns(self) -> TextColumns:
        """The real searchable columns (search, completion and sorting read these or, under a
        policy that hides identifiers, the caller's visible ones)."""
        inv = self.inv
        return TextColumns(inv.names, inv.ids, inv.arns, inv.accounts)

    def text_rows(self, needle: str) -> list[int]:
        """Rows whose real name, id or ARN contains `needle` (case-insensitive), in row order."""
        return self.columns.text_rows(needle)

    # ------------------------------------------------------------------ graph

    @cached_property
    def adjacency(self) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """(outgoing, incoming): node id → edge indexes. Nodes may be non-assets (`0.0.0.0/0`)."""
        out: dict[str, list[int]] = {}
        into: dict[str, list[int]] = {}
        for index, (src, dst) in enumerate(zip(self.inv.edge_src, self.inv.edge_dst, strict=True)):
            out.setdefault(src, []).append(index)
            into.setdefault(dst, []).append(index)
        return out, into


class TextColumns:
    """Per-row names, ids, ARNs and accounts, and a case-folded haystack to search them.

    The same class holds the real columns and the ones a caller sees under pseudonyms, so one
    search and one sort serve both.
    """

    def __init__(self, names: Sequence[str], ids: Sequence[str], arns: Sequence[str | None],
                 accounts: Sequence[str | None]) -> None:
        self.names, self.ids, self.arns, self.accounts = names, ids, arns, accounts

    @cached_property
    def haystack(self) -> tuple[str, array[int]]:
        """Every row's `name id arn` case-folded, joined by newlines, with each row's start."""
        parts = [f"{n}\t{i}\t{a or ''}".casefold().replace("\n", " ")
                 for n, i, a in zip(self.names, self.ids, self.arns, strict=True)]
        starts = array("Q")
        pos = 0
        for part in parts:
            starts.append(pos)
            pos += len(part) + 1
        return "\n".join(parts), starts

    def text_rows(self, needle: str) -> list[int]:
        """Rows whose name, id or ARN contains `needle` (case-insensitive), in row order."""
        text, starts = self.haystack
        needle = needle.casefold()
        rows: list[int] = []
        pos = text.find(needle)
        while pos >= 0:
            row = bisect.bisect_right(starts, pos) - 1
            rows.append(row)
            nxt = starts[row + 1] if row + 1 < len(starts) else len(text)
            pos = text.find(needle, nxt)
        return rows


def last_segment(text: str | None) -> str | None:
    """What follows the last `/` or `:` of `text` (None when nothing does)."""
    if not text:
        return None
    cut = max(text.rfind("/"), text.rfind(":"))
    tail = text[cut + 1:]
    return tail or None
