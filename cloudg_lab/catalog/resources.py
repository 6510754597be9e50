"""Resources and templates: the same data the tools give, addressable as `cloudg://` URIs.

Every one is JSON (`application/json`); the layer dumps the returned value and runs the output
pipeline over it. Templates read the active dataset, like the tools' default.
"""

from __future__ import annotations

from cloudg_lab.catalog.common import asset_row, dataset_of, severity_rank
from cloudg_lab.catalog.completions import complete_dataset, complete_finding, complete_ref, complete_severity
from cloudg_lab.catalog.findings import finding_index, findings_matching
from cloudg_lab.catalog.graph import neighbors_of
from cloudg_lab.catalog.privacy import detector_listing
from cloudg_lab.catalog.records import asset_detail, finding_brief, finding_detail
from cloudg_lab.catalog.workspace import dataset_summary_of, workspace_status_of
from cloudg_lab.ports import HandlerContext, PrivilegedContext
from cloudg_lab.registry.registrar import Registrar

MAX_SEVERITY_ITEMS = 200


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the resources and templates; inspectors of the policy, vault or audit go through `trusted`."""

    @trusted.resource("cloudg://workspace", name="workspace", category="workspace")
    async def workspace(ctx: PrivilegedContext) -> dict[str, object]:
        """Loaded datasets, your active one and (if you may load) the allowed roots."""
        return workspace_status_of(ctx)

    @into.resource("cloudg://datasets", name="datasets", category="workspace")
    async def datasets(ctx: HandlerContext) -> dict[str, object]:
        """The loaded datasets with their sizes."""
        status = ctx.workspace.status()
        return {"active": status["active_dataset"], "datasets": status["datasets"]}

    @trusted.resource("cloudg://policy", name="policy", category="privacy")
    async def policy(ctx: PrivilegedContext) -> dict[str, object]:
        """The policy in force: what it hides, denies and transforms."""
        return ctx.port.policy.summary()

    @trusted.resource("cloudg://privacy/detectors", name="privacy-detectors", category="privacy",
                      sensitivity="public")
    async def detectors(ctx: PrivilegedContext) -> dict[str, object]:
        """The detectors the policy's transforms use, with their entity types and categories."""
        return detector_listing(ctx, None)

    @into.resource("cloudg://datasets/{dataset}/summary", name="dataset-summary", category="workspace",
                   completions={"dataset": complete_dataset})
    def dataset_summary(ctx: HandlerContext, dataset: str) -> dict[str, object]:
        """Counts of assets, edges and findings for one dataset."""
        return dataset_summary_of(dataset_of(ctx, dataset))

    @into.resource("cloudg://assets/{+ref}", name="asset", category="inventory",
                   sensitivity="confidential", completions={"ref": complete_ref})
    def asset(ctx: HandlerContext, ref: str) -> dict[str, object]:
        """One asset of the active dataset in full (as get_asset returns it)."""
        ds = dataset_of(ctx)
        return asset_detail(ds, asset_row(ctx, ds, ref), include_findings=True, max_relations=20)

    @into.resource("cloudg://assets/{+ref}/neighbors", name="asset-neighbors", category="graph",
                   sensitivity="confidential", completions={"ref": complete_ref})
    def asset_neighbors(ctx: HandlerContext, ref: str) -> dict[str, object]:
        """The edges around one asset of the active dataset."""
        ds = dataset_of(ctx)
        return neighbors_of(ds, asset_row(ctx, ds, ref), "both", None, 100)

    @into.resource("cloudg://findings/{finding_id}", name="finding", category="findings",
                   sensitivity="confidential", completions={"finding_id": complete_finding})
    def finding(ctx: HandlerContext, finding_id: str) -> dict[str, object]:
        """One finding of the active dataset in full."""
        ds = dataset_of(ctx)
        return {"dataset": ds.name, **finding_detail(ds, finding_index(ctx, ds, finding_id))}

    @into.resource("cloudg://findings/severity/{severity}", name="findings-by-severity",
                   category="findings", sensitivity="confidential",
                   completions={"severity": complete_severity})
    def findings_by_severity(ctx: HandlerContext, severity: str) -> dict[str, object]:
        """Open findings of one severity in the active dataset (worst CVSS first, up to 200)."""
        ds = dataset_of(ctx)
        severity_rank(severity, "severity")
        found = findings_matching(ctx, ds, severity, None, "open")
        return {"dataset": ds.name, "severity": severity.upper(), "total": len(found),
                "truncated": len(found) > MAX_SEVERITY_ITEMS,
                "items": [finding_brief(ds, i) for i in found[:MAX_SEVERITY_ITEMS]]}
