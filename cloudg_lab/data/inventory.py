"""One loaded inventory, held as columns plus each record's compact source text.

A hundred thousand asset dicts with their tags and metadata cost several times the file size;
columns of shared strings and the untouched source text of each record cost about twice it. The
columns answer every filter and sort; a record's full form is decoded from its text only when a
tool returns it. An `Inventory` never changes after loading, so everything derived from it
(`indexes`) is built once and lives exactly as long as this dataset version.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import msgspec

from cloudg_lab.data.records import Tags, json_scalar

if TYPE_CHECKING:
    from cloudg_lab.data.indexes import Indexes

_HIDDEN = frozenset({"raw_data"})
"""Kept in memory (in the source text), never returned."""
_DECODE = msgspec.json.Decoder().decode
_TAGS = msgspec.json.Decoder(Tags).decode


def new_postings() -> array[int]:
    """An unsigned int array: row numbers of an index entry, 4 bytes each."""
    return array("I")


@dataclass(frozen=True)
class Records:
    """One kind of record as loaded, for a reader of the records (the classifier): each
    record's JSON text, and the columns already decoded from some of its members, by key (one
    value per record as text, None where it has none; or only the values the reader does not
    know otherwise, see `Inventory.records`), which that reader need not decode again."""

    texts: Sequence[msgspec.Raw]
    columns: Mapping[str, Collection[str | None]]
    tags: Mapping[str, Mapping[str, Sequence[int]]] | None = None
    """The records' tags as the loader indexed them (tag key → value as text → rows), for a
    reader that need not decode them again; None for records without an index."""


@dataclass(eq=False)
class Inventory:
    """Columns of assets, edges and findings; row numbers are positions in the file."""

    file: str
    ids: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    providers: list[str] = field(default_factory=list)
    regions: list[str] = field(default_factory=list)
    accounts: list[str | None] = field(default_factory=list)
    arns: list[str | None] = field(default_factory=list)
    exposed: bytearray = field(default_factory=bytearray)
    collected: list[str | None] = field(default_factory=list)
    raw: list[msgspec.Raw] = field(default_factory=list)
    """Each asset's source text, a view into the file's bytes (kept once, never copied)."""
    tag_index: dict[str, dict[str, array[int]]] = field(default_factory=dict)
    """tag key → value → rows; built while loading, when each record's tags are at hand."""
    row_of: dict[str, int] = field(default_factory=dict)
    edge_src: list[str] = field(default_factory=list)
    edge_dst: list[str] = field(default_factory=list)
    edge_types: list[str] = field(default_factory=list)
    edge_raw: list[msgspec.Raw] = field(default_factory=list)
    finding_ids: list[str] = field(default_factory=list)
    finding_resources: list[str] = field(default_factory=list)
    finding_severity: bytearray = field(default_factory=bytearray)
    """Severity rank per finding: INFO 0 … CRITICAL 4."""
    finding_suppressed: bytearray = field(default_factory=bytearray)
    finding_cvss: array[float] = field(default_factory=lambda: array("d"))
    """CVSS score per finding, -1.0 when the finding has none."""
    finding_tools: list[str] = field(default_factory=list)
    finding_raw: list[msgspec.Raw] = field(default_factory=list)
    finding_row_of: dict[str, int] = field(default_factory=dict)
    compliance: list[dict[str, object]] = field(default_factory=list)
    top: dict[str, object] = field(default_factory=dict)
    """Top-level members other than assets and edges: providers, regions, summary, ..."""
    findings_file: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    # ------------------------------------------------------------------ sizes

    @property
    def asset_count(self) -> int:
        return len(self.ids)

    @property
    def edge_count(self) -> int:
        return len(self.edge_src)

    @property
    def finding_count(self) -> int:
        return len(self.finding_ids)

    @cached_property
    def indexes(self) -> Indexes:
        """Look-up structures, built on first use (once per dataset version)."""
        from cloudg_lab.data.indexes import Indexes

        with self._lock:
            return Indexes(self)

    # ------------------------------------------------------------------ records

    def records(self, only: Mapping[str, Collection[str]] | None = None,
                ) -> tuple[Records, Records, Records]:
        """(assets, edges, findings) with the columns that hold members' values as the records
        do: asset ids, names, ARNs and accounts, the ends of edges, findings' ids and resources
        (the ids made up for records without one are identifiers all the same). `only`: by
        column (`names`, `edge_src`, ...), the values to hand over instead of the whole column
        (those a reader does not know yet)."""
        def column(name: str) -> Collection[str | None]:
            return getattr(self, name) if only is None else only[name]

        return (Records(self.raw, {"id": column("ids"), "name": column("names"),
                                   "arn": column("arns"), "account_id": column("accounts")},
                        self.tag_index),
                Records(self.edge_raw, {"source_id": column("edge_src"),
                                        "target_id": column("edge_dst")}),
                Records(self.finding_raw, {"id": column("finding_ids"),
                                           "resource_id": column("finding_resources")}))

    def source(self, row: int) -> dict[str, object]:
        """The asset's decoded source record (unknown fields included, `raw_data` removed)."""
        record: dict[str, object] = _DECODE(self.raw[row])
        for key in _HIDDEN & record.keys():
            del record[key]
        return record

    def tags(self, row: int) -> dict[str, str]:
        """The asset's tags, every value as text (as the tag index holds them)."""
        tags = _TAGS(self.raw[row]).tags
        if not tags:
            return {}
        return {k: v if v.__class__ is str else "" if v is None else json_scalar(v)  # type: ignore[arg-type]
                for k, v in tags.items()}

    def edge(self, index: int) -> dict[str, object]:
        """The edge's decoded source record with canonical endpoint and type fields."""
        record: dict[str, object] = _DECODE(self.edge_raw[index])
        record["source_id"] = self.edge_src[index]
        record["target_id"] = self.edge_dst[index]
        record["edge_type"] = self.edge_types[index]
        return record

    def finding(self, index: int) -> dict[str, object]:
        """The finding's source record with canonical id, severity and suppression."""
        record: dict[str, object] = _DECODE(self.finding_raw[index])
        record["id"] = self.finding_ids[index]
        record["severity"] = str(record.get("severity", "")).upper()
        record["is_suppressed"] = bool(self.finding_suppressed[index])
        return record
