"""Reading `inventory-map.json` (and a sibling `findings.json`) into an `Inventory`.

The loader streams: it walks the top-level object, checks each asset, edge and finding as it is
decoded, appends the canonical values to columns and keeps the record's source text. Nothing of
a bad file survives: the first problem raises one `InventoryFormatError` naming the file, the JSON
path and what was expected, and the caller's workspace never sees a half-built inventory.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cloudg_lab.data.errors import describe
from cloudg_lab.data.inventory import Inventory, new_postings
from cloudg_lab.data.jsonstream import JsonStream
from cloudg_lab.data.records import SEVERITY_RANK, RecordChecker
from cloudg_lab.errors import InvalidArgumentsError, NotFoundError

INVENTORY_FILE = "inventory-map.json"
FINDINGS_FILE = "findings.json"
MAX_BYTES_ENV = "CLOUDG_LAB_MAX_DATASET_BYTES"
DEFAULT_MAX_BYTES = 1 << 30
LoadProgress = Callable[[int, int], None]
"""`(characters read, file size in bytes)`, called after each chunk; notebooks draw a bar."""


def inventory_file(path: str | Path) -> Path:
    """The inventory file `path` names: the file itself, or `inventory-map.json` in a directory.

    Raises:
        NotFoundError: when nothing is there.
    """
    target = Path(path).expanduser()
    if target.is_dir():
        inner = target / INVENTORY_FILE
        if not inner.is_file():
            raise NotFoundError(f"{target.name or target}: directory holds no {INVENTORY_FILE}",
                                {"path": str(target), "expected": INVENTORY_FILE})
        return inner
    if not target.is_file():
        what = "not a regular file" if target.exists() else "no such file"
        raise NotFoundError(f"{target.name or target}: {what}", {"path": str(target)})
    return target


def max_bytes() -> int:
    """The size limit: `$CLOUDG_LAB_MAX_DATASET_BYTES`, else 1 GiB."""
    text = os.environ.get(MAX_BYTES_ENV, "")
    return int(text) if text.isdigit() and int(text) > 0 else DEFAULT_MAX_BYTES


def load_inventory(path: str | Path, *, progress: LoadProgress | None = None,
                   limit: int | None = None) -> Inventory:
    """Load an inventory file (or directory) and its sibling `findings.json`.

    Raises:
        NotFoundError: when the file does not exist.
        InvalidArgumentsError: when a file is larger than the limit or unreadable.
        InventoryFormatError: naming the file, JSON path and expectation for a malformed file.
    """
    file = inventory_file(path)
    inventory = Inventory(file=str(file))
    _read(file, lambda s: _read_inventory(s, inventory, RecordChecker(str(file))), progress, limit)
    findings = file.with_name(FINDINGS_FILE)
    if findings.is_file():
        inventory.findings_file = str(findings)
        _read(findings, lambda s: _read_findings(s, inventory, RecordChecker(str(findings))),
              progress, limit)
    return inventory


def _read(file: Path, parse: Callable[[JsonStream], None], progress: LoadProgress | None,
          limit: int | None) -> None:
    cap = limit or max_bytes()
    try:
        size = file.stat().st_size
        if size > cap:
            raise InvalidArgumentsError(
                f"{file.name}: file is {_size(size)}, over the {_size(cap)} limit "
                f"(set {MAX_BYTES_ENV} to raise it)", {"file": str(file), "bytes": size, "limit": cap})
        with file.open(encoding="utf-8-sig", newline="") as fh:
            report = (lambda n: progress(n, size)) if progress else None
            stream = JsonStream(fh, str(file), progress=report)
            parse(stream)
            stream.finish()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InvalidArgumentsError(f"{file.name}: cannot read the file ({reason})",
                                    {"file": str(file), "reason": reason}) from None


def _size(n: int) -> str:
    return f"{n / (1 << 30):.1f} GB" if n >= 1 << 30 else f"{n / (1 << 20):.1f} MB"


# --------------------------------------------------------------------------- inventory


def _read_inventory(stream: JsonStream, inv: Inventory, check: RecordChecker) -> None:
    if not stream.peek():
        raise stream.error("$", "file is empty")
    seen: set[str] = set()
    for key in stream.members("$"):
        seen.add(key)
        if key == "assets":
            _read_assets(stream, inv, check)
        elif key == "edges":
            _read_edges(stream, inv, check)
        else:
            inv.top[key], _ = stream.value(f"$.{key}")
    missing = [k for k in ("assets", "edges") if k not in seen]
    if missing or not seen & {"unresolved_references", "regions"}:
        need = ", ".join(missing + ([] if seen & {"unresolved_references", "regions"}
                                    else ["unresolved_references or regions"]))
        raise check.fail("$", f"not an inventory: missing member {need}")
    _check_top(inv, check)


def _check_top(inv: Inventory, check: RecordChecker) -> None:
    shapes = {"providers": list, "regions": dict, "unresolved_references": list, "summary": dict}
    for key, kind in shapes.items():
        value = inv.top.get(key)
        if value is not None and not isinstance(value, kind):
            what = "an array" if kind is list else "an object"
            raise check.fail(f"$.{key}", f"expected {what}, found {describe(value)}")


def _read_assets(stream: JsonStream, inv: Inventory, check: RecordChecker) -> None:
    row_of, tag_index = inv.row_of, inv.tag_index
    cols = (inv.ids, inv.names, inv.types, inv.providers, inv.regions, inv.accounts, inv.arns)
    ids, names, types, providers, regions, accounts, arns = cols
    exposed, collected, raw_col = inv.exposed, inv.collected, inv.raw
    for index, value, raw in stream.items("$.assets"):
        where = f"$.assets[{index}]"
        ident, name, kind, provider, region, account, arn, is_exposed, when, tags = check.asset(value, where)
        if ident is None:
            ident = _generated_id(value, index, row_of)
        elif ident in row_of:
            raise check.fail(f"{where}.id", f"duplicate id (first at $.assets[{row_of[ident]}])")
        row_of[ident] = index
        ids.append(ident)
        names.append(name)
        types.append(kind)
        providers.append(provider)
        regions.append(region)
        accounts.append(account)
        arns.append(arn)
        exposed.append(is_exposed)
        collected.append(when)
        raw_col.append(raw)
        for tag_key, tag_value in tags.items():
            values = tag_index.get(tag_key)
            if values is None:
                values = tag_index[tag_key] = {}
            rows = values.get(tag_value)
            if rows is None:
                rows = values[tag_value] = new_postings()
            rows.append(index)


def _generated_id(record: dict[str, Any], index: int, taken: dict[str, int]) -> str:
    """A stable id for an asset without one, so edges and cursors survive a reload."""
    basis = "\x1f".join(str(record.get(k, "")) for k in ("provider", "asset_type", "name", "arn",
                                                          "account_id", "region"))
    ident = "gen-" + hashlib.sha256(basis.encode()).hexdigest()[:16]
    return ident if ident not in taken else f"{ident}-{index}"


def _read_edges(stream: JsonStream, inv: Inventory, check: RecordChecker) -> None:
    row_of, ids = inv.row_of, inv.ids
    sources, targets, kinds, raws = inv.edge_src, inv.edge_dst, inv.edge_types, inv.edge_raw
    for index, value, raw in stream.items("$.edges"):
        source, target, kind = check.edge(value, f"$.edges[{index}]")
        row = row_of.get(source)
        sources.append(source if row is None else ids[row])  # share the asset's id string
        row = row_of.get(target)
        targets.append(target if row is None else ids[row])
        kinds.append(kind)
        raws.append(raw)


# --------------------------------------------------------------------------- findings


def _read_findings(stream: JsonStream, inv: Inventory, check: RecordChecker) -> None:
    if not stream.peek():
        raise stream.error("$", "file is empty")
    seen = False
    for key in stream.members("$"):
        if key == "findings":
            seen = True
            for index, value, raw in stream.items("$.findings"):
                _add_finding(inv, check.finding(value, f"$.findings[{index}]"), raw, index, check)
        elif key == "compliance":
            inv.compliance.extend(check.compliance(value, f"$.compliance[{index}]")
                                  for index, value, _ in stream.items("$.compliance"))
        else:
            stream.skip(f"$.{key}")
    if not seen:
        raise check.fail("$", "not a findings file: missing member findings")


def _add_finding(inv: Inventory, record: dict[str, Any], raw: str, index: int,
                 check: RecordChecker) -> None:
    ident = record["id"] or f"finding-{index}"
    if ident in inv.finding_row_of:
        raise check.fail(f"$.findings[{index}].id", "duplicate id "
                         f"(first at $.findings[{inv.finding_row_of[ident]}])")
    inv.finding_row_of[ident] = len(inv.finding_ids)
    inv.finding_ids.append(ident)
    resource = record["resource_id"]
    inv.finding_resources.append(inv.ids[inv.row_of[resource]] if resource in inv.row_of else resource)
    inv.finding_severity.append(SEVERITY_RANK[record["severity"]])
    inv.finding_suppressed.append(record["is_suppressed"])
    score = record.get("cvss_score")
    inv.finding_cvss.append(float(score) if score is not None else -1.0)
    inv.finding_tools.append(sys.intern(record["source_tool"]))
    inv.finding_raw.append(raw)
