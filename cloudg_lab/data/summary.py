"""Whole-dataset figures: what `dataset_summary`, `findings_summary` and the prompts report."""

from __future__ import annotations

from collections import Counter

from cloudg_lab.data.inventory import Inventory
from cloudg_lab.data.query import group_counts
from cloudg_lab.data.records import SEVERITIES

TOP_TYPES = 15


def ranked(counts: Counter[str], top: int | None = None) -> dict[str, int]:
    """Counts ordered by count (highest first), then key; cut to `top` entries."""
    items = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return dict(items[:top] if top else items)


def severity_breakdown(inv: Inventory, *, suppressed: bool = False) -> dict[str, int]:
    """Findings per severity, highest first (open ones unless `suppressed`)."""
    counts = dict.fromkeys(SEVERITIES, 0)
    for rank, hidden in zip(inv.finding_severity, inv.finding_suppressed, strict=True):
        if bool(hidden) is suppressed:
            counts[SEVERITIES[len(SEVERITIES) - 1 - rank]] += 1
    return counts


def inventory_summary(inv: Inventory) -> dict[str, object]:
    """Counts over assets, edges and findings, without any per-asset identifier."""
    idx = inv.indexes
    suppressed = sum(inv.finding_suppressed)
    return {
        "total_assets": inv.asset_count, "total_edges": inv.edge_count,
        "total_findings": inv.finding_count, "open_findings": inv.finding_count - suppressed,
        "suppressed_findings": suppressed, "severity_breakdown": severity_breakdown(inv),
        "accounts": len(idx.by_account), "regions": len(idx.by_region),
        "internet_exposed": len(idx.exposed_rows),
        "unresolved_references": _count(inv.top.get("unresolved_references")),
        "compliance_frameworks": sorted({str(c["framework"]) for c in inv.compliance}),
        "assets_by_type": ranked(group_counts(inv, None, "type"), TOP_TYPES),
        "assets_by_provider": ranked(group_counts(inv, None, "provider")),
        "edges_by_type": ranked(Counter(inv.edge_types)),
    }


def findings_overview(inv: Inventory, top_assets: int = 10) -> tuple[dict[str, object], list[int]]:
    """Open findings by severity and tool, and compliance; with the rows of the assets with most
    open findings (the caller renders them as it shows assets)."""
    idx = inv.indexes
    tools = Counter(tool for tool, hidden in zip(inv.finding_tools, inv.finding_suppressed, strict=True)
                    if not hidden)
    busiest = sorted(idx.findings_of, key=lambda r: (-idx.open_counts[r], -idx.max_severity[r], r))
    compliance: dict[str, dict[str, int]] = {}
    for result in inv.compliance:
        per = compliance.setdefault(str(result["framework"]), {"PASS": 0, "FAIL": 0,
                                                                "NOT_APPLICABLE": 0, "MANUAL": 0})
        per[str(result["status"])] += 1
    suppressed = sum(inv.finding_suppressed)
    return {
        "total": inv.finding_count, "open": inv.finding_count - suppressed, "suppressed": suppressed,
        "by_severity": severity_breakdown(inv), "by_source_tool": ranked(tools),
        "compliance": dict(sorted(compliance.items())),
    }, [r for r in busiest if idx.open_counts[r]][:top_assets]


def _count(listed: object) -> int:
    return len(listed) if isinstance(listed, list) else 0


def worst_first(inv: Inventory, indexes: list[int]) -> list[int]:
    """Finding indexes by severity (highest first), then CVSS (highest first), then file order."""
    severity, cvss = inv.finding_severity, inv.finding_cvss
    return sorted(indexes, key=lambda i: (-severity[i], -cvss[i], i))
