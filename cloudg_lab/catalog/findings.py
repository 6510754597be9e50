"""Findings tools: listing, reading and summarising the scanner findings of a dataset."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from cloudg_lab.catalog import visible
from cloudg_lab.catalog.common import (
    DATASET_HELP,
    SeverityName,
    asset_row,
    brief,
    choose,
    dataset_of,
    one_of,
    paged,
    severity_rank,
)
from cloudg_lab.catalog.records import finding_brief, finding_detail
from cloudg_lab.data.summary import findings_overview, worst_first
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.errors import ReferenceNotFoundError
from cloudg_lab.ports import HandlerContext
from cloudg_lab.registry.registrar import Registrar

CATEGORY = "findings"
SENSITIVITY = "confidential"
STATUSES = ("open", "suppressed", "all")
Status = Annotated[str, one_of(STATUSES)]


def finding_index(ctx: HandlerContext, ds: Dataset, finding_id: str) -> int:
    """The finding whose id, as the caller sees it, is `finding_id` (so a real id the caller was
    shown only as a pseudonym finds nothing). A miss suggests ids sharing the first eight
    characters, compared as the caller sees them too, and never repeats the id: echoed through
    the output pipeline, a real id would come back as its pseudonym and an invented one as typed.

    Raises:
        ReferenceNotFoundError: when the dataset has no finding with this id.
    """
    ids, index_of = visible.finding_ids(ctx, ds)
    index = index_of.get(finding_id)
    if index is None:
        start = finding_id.casefold()[:8]
        close = [f for f in ids if start and f.casefold().startswith(start)]
        raise ReferenceNotFoundError("No finding has this id; see list_findings",
                                     {"suggestions": close[:5]})
    return index


def findings_matching(ctx: HandlerContext, ds: Dataset, severity: str | None, resource: str | None,
                      status: str) -> list[int]:
    """Finding indexes for the filters, worst first."""
    inv = ds.inventory
    rank = severity_rank(severity, "severity")
    if resource:
        row = asset_row(ctx, ds, resource, "resource")
        candidates: list[int] = list(inv.indexes.findings_of.get(row, []))
    elif rank is not None:
        candidates = list(inv.indexes.findings_by_severity.get(rank, []))
    else:
        candidates = list(range(inv.finding_count))
    wanted = {"open": (0,), "suppressed": (1,), "all": (0, 1)}[status]
    return worst_first(inv, [i for i in candidates if inv.finding_suppressed[i] in wanted
                             and (rank is None or inv.finding_severity[i] == rank)])


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the findings tools; inspectors of the policy, vault or audit go through `trusted`."""

    @into.tool(category=CATEGORY, sensitivity=SENSITIVITY, tags=("start-here",))
    def list_findings(ctx: HandlerContext, *,
                      severity: Annotated[SeverityName | None, Field(
                          description="Only this severity: CRITICAL, HIGH, MEDIUM, LOW or INFO "
                                      "(any case).")] = None,
                      resource: str | None = Field(None, description="Only findings on this asset "
                                                                     "(id, ARN or name)."),
                      status: Annotated[Status, Field(description="open, suppressed or all.")] = "open",
                      limit: int = Field(50, ge=1, le=500, description="Findings per page."),
                      cursor: str | None = Field(None, description="next_cursor of the previous page."),
                      dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
        """Findings worst first (severity, then CVSS), filtered by severity, asset and status; paged."""
        ds = dataset_of(ctx, dataset)
        state = choose(status, STATUSES, "status")
        found = findings_matching(ctx, ds, severity, resource, state)
        binding = {"severity": severity_rank(severity, "severity"), "resource": resource,
                   "status": state}
        offset, page = paged(ctx, "list_findings", ds, binding, cursor=cursor, limit=limit,
                             total=len(found))
        items = [finding_brief(ds, i) for i in found[offset:offset + limit]]
        return {"dataset": ds.name, "total": len(found), **page, "items": items}

    @into.tool(category=CATEGORY, sensitivity=SENSITIVITY)
    def get_finding(ctx: HandlerContext, *,
                    finding_id: str = Field(description="A finding id from list_findings."),
                    dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
        """One finding in full: evidence, remediation, its asset and the compliance results citing it."""
        ds = dataset_of(ctx, dataset)
        return {"dataset": ds.name, **finding_detail(ds, finding_index(ctx, ds, finding_id))}

    @into.tool(category=CATEGORY, sensitivity=SENSITIVITY)
    def findings_summary(ctx: HandlerContext, *,
                         dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
        """Open findings by severity and source tool, the most affected assets, compliance status."""
        ds = dataset_of(ctx, dataset)
        overview, top_rows = findings_overview(ds.inventory)
        overview["top_assets"] = [brief(ds, r, ("id", "name", "type", "open_findings", "max_severity",
                                                "uri")) for r in top_rows]
        return {"dataset": ds.name, **overview}
