"""How one asset, edge or finding is rendered in full, for tools, resources and prompts alike."""

from __future__ import annotations

from cloudg_lab.catalog.common import BRIEF_FIELDS, asset_uri, brief
from cloudg_lab.data.summary import worst_first
from cloudg_lab.data.workspace import Dataset

MAX_FINDINGS = 25
_CANONICAL = frozenset({"id", "name", "asset_type", "provider", "region", "account_id", "arn",
                        "is_internet_exposed", "tags", "metadata", "collected_at"})
_EDGE_FIELDS = {"relationship": "relationship", "description": "description", "ports": "ports",
                "protocol": "protocol", "cidr": "cidr", "direction": "rule_direction"}
"""Edge record field → name in a view (`direction` there says which way we look along it)."""


def node(ds: Dataset, ident: str) -> dict[str, object]:
    """An edge endpoint: a short asset brief, or `{id, external: true}` for a non-asset."""
    row = ds.inventory.row_of.get(ident)
    if row is None:
        return {"id": ident, "external": True}
    return brief(ds, row, ("id", "name", "type", "uri"))


def edge_view(ds: Dataset, index: int, direction: str) -> dict[str, object]:
    """One edge seen from an asset: type, the other end and the edge's own details."""
    inv = ds.inventory
    record = inv.edge(index)
    other = inv.edge_dst[index] if direction == "outgoing" else inv.edge_src[index]
    view: dict[str, object] = {"edge_type": inv.edge_types[index], "direction": direction,
                            "node": node(ds, other)}
    for key, label in _EDGE_FIELDS.items():
        if record.get(key) not in (None, "", []):
            view[label] = record[key]
    return view


def finding_brief(ds: Dataset, index: int) -> dict[str, object]:
    inv = ds.inventory
    record = inv.finding(index)
    score = inv.finding_cvss[index]
    return {"id": inv.finding_ids[index], "severity": record["severity"],
            "title": record.get("title"), "resource_id": inv.finding_resources[index],
            "source_tool": inv.finding_tools[index], "cvss_score": score if score >= 0 else None,
            "is_suppressed": bool(inv.finding_suppressed[index]),
            "uri": f"cloudg://findings/{inv.finding_ids[index]}"}


def finding_detail(ds: Dataset, index: int) -> dict[str, object]:
    """The finding's full record, its asset and the compliance results that cite it."""
    inv = ds.inventory
    record = inv.finding(index)
    asset_row = inv.row_of.get(inv.finding_resources[index])
    arn = record.get("resource_arn")
    if asset_row is None and isinstance(arn, str) and arn:
        asset_row = inv.indexes.by_arn.get(arn)
    cited = [c for c in inv.compliance if inv.finding_ids[index] in _listed(c.get("finding_ids"))]
    return {**finding_brief(ds, index), **{k: v for k, v in record.items() if k != "raw_data"},
            "asset": brief(ds, asset_row) if asset_row is not None else None,
            "compliance": cited}


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def asset_detail(ds: Dataset, row: int, *, include_findings: bool, max_relations: int) -> dict[str, object]:
    """`get_asset`'s result (also the `cloudg://assets/{ref}` resource)."""
    inv, idx = ds.inventory, ds.inventory.indexes
    ident = inv.ids[row]
    source = inv.source(row)
    out_edges, in_edges = (adj.get(ident, []) for adj in idx.adjacency)
    detail: dict[str, object] = {**brief(ds, row, BRIEF_FIELDS), "dataset": ds.name,
                              "collected_at": inv.collected[row] or ds.loaded_at}
    found = source.get("metadata")
    metadata = found if isinstance(found, dict) else {}
    detail["metadata_keys"] = sorted(metadata)[:100]
    detail["metadata"] = metadata
    extra = {k: v for k, v in source.items() if k not in _CANONICAL}
    if extra:
        detail["extra"] = extra
    detail["degree"] = {"in": len(in_edges), "out": len(out_edges)}
    detail["relations"] = {
        "outgoing": [edge_view(ds, e, "outgoing") for e in out_edges[:max_relations]],
        "incoming": [edge_view(ds, e, "incoming") for e in in_edges[:max_relations]],
        "total": len(out_edges) + len(in_edges),
        "truncated": len(out_edges) > max_relations or len(in_edges) > max_relations,
    }
    if include_findings:
        found = worst_first(inv, idx.findings_of.get(row, []))
        detail["findings"] = [finding_brief(ds, i) for i in found[:MAX_FINDINGS]]
        detail["findings_total"] = len(found)
    detail["uri"] = asset_uri(ident)
    return detail
