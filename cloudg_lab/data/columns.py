"""Filling an `Inventory`'s columns from decoded records, and the checks types cannot express.

The loader hands over a list of typed records and the list of their source texts (msgspec
`Raw`, pointing into the file's buffer). Each column is built in one pass over the records;
what the schema cannot say (a name of blanks, a duplicate id, an unknown severity) is checked
here with the record's JSON path in the error.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from typing import Protocol

import msgspec

from cloudg_lab.data.errors import InventoryFormatError, describe
from cloudg_lab.data.inventory import Inventory, new_postings
from cloudg_lab.data.records import (
    COMPLIANCE_STATUSES,
    SEVERITIES,
    SEVERITY_RANK,
    AssetRecord,
    Compliance,
    Edge,
    FindingRecord,
    json_scalar,
    text_of,
)

_SCALARS = (str, int, float, bool, type(None))


class Failing(Protocol):
    """Where errors are made: the document being read (it names the file)."""

    def fail(self, where: str, problem: str) -> InventoryFormatError: ...


def add_assets(doc: Failing, inv: Inventory, assets: Sequence[AssetRecord], start: int) -> None:
    """Appends the columns of `assets`, the records from row `start` on."""
    intern = sys.intern
    inv.names += _check_filled(doc, "$.assets", "name", [a.name for a in assets], start)
    inv.types += _check_filled(doc, "$.assets", "asset_type", [intern(a.asset_type) for a in assets],
                               start)
    inv.providers += _check_filled(doc, "$.assets", "provider",
                                   [intern(a.provider.upper()) for a in assets], start)
    inv.regions += [intern(text_of(a.region) or "global") for a in assets]
    inv.accounts += [None if a.account_id is None else intern(text_of(a.account_id) or "") or None
                     for a in assets]
    inv.arns += [text_of(a.arn) for a in assets]
    inv.collected += [text_of(a.collected_at) for a in assets]
    inv.exposed += bytearray(a.is_internet_exposed is True for a in assets)
    _add_ids(doc, inv, assets, start)
    _index_tags(inv, assets, start)


def _add_ids(doc: Failing, inv: Inventory, assets: Sequence[AssetRecord], start: int) -> None:
    ids: list[str | None] = [text_of(a.id) for a in assets]
    row_of = inv.row_of
    for n, given in enumerate(ids):
        row = start + n
        ident = given if given is not None else _generated_id(assets[n], row, row_of)
        ids[n] = ident
        first = row_of.setdefault(ident, row)
        if first != row:
            raise doc.fail(f"$.assets[{row}].id", f"duplicate id (first at $.assets[{first}])")
    inv.ids += ids  # type: ignore[arg-type]  # no None is left


def _generated_id(asset: AssetRecord, row: int, taken: dict[str, int]) -> str:
    """A stable id for an asset without one, so edges and cursors survive a reload."""
    basis = "\x1f".join("" if v is None else str(v) for v in (
        asset.provider, asset.asset_type, asset.name, asset.arn, asset.account_id, asset.region))
    ident = "gen-" + hashlib.sha256(basis.encode()).hexdigest()[:16]
    return ident if ident not in taken else f"{ident}-{row}"


def _index_tags(inv: Inventory, assets: Sequence[AssetRecord], start: int) -> None:
    """tag key → value → rows, every value as text."""
    index = inv.tag_index
    for row, asset in enumerate(assets, start):
        tags = asset.tags
        if not tags:
            continue
        for key, given in tags.items():
            value = given if isinstance(given, str) else "" if given is None else json_scalar(given)
            values = index.get(key)
            if values is None:
                values = index[key] = {}
            rows = values.get(value)
            if rows is None:
                rows = values[value] = new_postings()
            rows.append(row)


def tag_error(doc: Failing, raws: list[msgspec.Raw],
              error: InventoryFormatError) -> InventoryFormatError | None:
    """A tag value that is no scalar, pointed at by position: a tag key can be a person's or a
    host's name, so it never appears in the error (`$.assets[3].tags: tag #2: ...`)."""
    if not error.where.endswith(".tags[...]"):
        return None
    where = error.where.removesuffix("[...]")
    row = int(where.rsplit("[", 1)[1].split("]", 1)[0])
    tags = msgspec.json.decode(raws[row]).get("tags")
    for n, value in enumerate(tags.values(), 1):
        if not isinstance(value, _SCALARS):
            return doc.fail(where, f"tag #{n}: expected a string value, found {describe(value)}")
    return None


def add_edges(doc: Failing, inv: Inventory, edges: Sequence[Edge]) -> None:
    row_of, ids, start = inv.row_of, inv.ids, len(inv.edge_src)
    # an endpoint that is an asset shares the asset's id string
    inv.edge_src += _check_filled(doc, "$.edges", "source_id", [
        ids[row_of[e.source_id]] if e.source_id in row_of else e.source_id for e in edges], start)
    inv.edge_dst += _check_filled(doc, "$.edges", "target_id", [
        ids[row_of[e.target_id]] if e.target_id in row_of else e.target_id for e in edges], start)
    inv.edge_types += _check_filled(doc, "$.edges", "edge_type",
                                    [sys.intern(e.edge_type) for e in edges], start)


def add_findings(doc: Failing, inv: Inventory, findings: Sequence[FindingRecord], start: int) -> None:
    for field in ("resource_id", "title", "description", "source_tool", "severity"):
        _check_filled(doc, "$.findings", field, [getattr(f, field) for f in findings], start)
    ranks = [SEVERITY_RANK.get(f.severity.upper(), -1) for f in findings]
    if -1 in ranks:
        raise doc.fail(f"$.findings[{start + ranks.index(-1)}].severity",
                       f"expected one of {', '.join(SEVERITIES)}")
    ids: list[str] = [text_of(f.id) or f"finding-{n}" for n, f in enumerate(findings, start)]
    row_of = inv.finding_row_of
    for n, ident in enumerate(ids, start):
        first = row_of.setdefault(ident, n)
        if first != n:
            raise doc.fail(f"$.findings[{n}].id", f"duplicate id (first at $.findings[{first}])")
    asset_ids, asset_row = inv.ids, inv.row_of
    inv.finding_ids += ids
    inv.finding_resources += [asset_ids[asset_row[f.resource_id]] if f.resource_id in asset_row
                              else f.resource_id for f in findings]
    inv.finding_severity += bytearray(ranks)
    inv.finding_suppressed += bytearray(f.is_suppressed is True for f in findings)
    inv.finding_cvss.extend(-1.0 if f.cvss_score is None else f.cvss_score for f in findings)
    inv.finding_tools += [sys.intern(f.source_tool) for f in findings]


def add_compliance(doc: Failing, inv: Inventory, checked: Sequence[Compliance],
                   records: list[dict[str, object]], start: int) -> None:
    """Compliance results are few: kept whole, `status` upper-cased."""
    for field in ("framework", "control_id", "status"):
        _check_filled(doc, "$.compliance", field, [getattr(c, field) for c in checked], start)
    for n, (result, record) in enumerate(zip(checked, records, strict=True), start):
        status = result.status.upper()
        if status not in COMPLIANCE_STATUSES:
            raise doc.fail(f"$.compliance[{n}].status", f"expected one of {', '.join(COMPLIANCE_STATUSES)}")
        record["status"] = sys.intern(status)
    inv.compliance += records


def _check_filled(doc: Failing, where: str, field: str, values: list[str], start: int) -> list[str]:
    """`values`; raises for the first one that is empty or only blanks."""
    if "" not in values and not any(map(str.isspace, values)):
        return values
    row = start + next(n for n, v in enumerate(values) if not v.strip())
    raise doc.fail(f"{where}[{row}].{field}", "required field is empty")
