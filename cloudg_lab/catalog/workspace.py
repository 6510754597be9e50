"""Workspace tools: which datasets are loaded, loading and unloading them, summaries and diffs.

Every caller sees the workspace through its own view (`ctx.workspace`): its active dataset is
its own. Loading and unloading change what everyone reads, so they hold `manage_data`, which the
policy grants to some roles only.
"""

from __future__ import annotations

from pydantic import Field

from cloudg_lab.catalog.common import DATASET_HELP, brief, dataset_of
from cloudg_lab.data.diff import diff
from cloudg_lab.data.inventory import Inventory
from cloudg_lab.data.summary import inventory_summary
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.ports import HandlerContext, PrivilegedContext
from cloudg_lab.registry.registrar import Registrar

CATEGORY = "workspace"
NEXT_STEPS = ["Load an inventory with load_dataset(path=...): a directory holding "
              "inventory-map.json (and optionally findings.json), or the file itself."]


def summary_uri(name: str) -> str:
    return f"cloudg://datasets/{name}/summary"


def dataset_summary_of(ds: Dataset) -> dict[str, object]:
    """`dataset_summary`'s result; the summary resource and the prompts reuse it."""
    inv = ds.inventory
    return {"dataset": ds.name, "source": ds.source, "loaded_at": ds.loaded_at,
            "version": ds.version, "providers": ds.providers, **inventory_summary(inv)}


def workspace_status_of(ctx: PrivilegedContext) -> dict[str, object]:
    """The workspace as the caller may see it; the allowed roots (server paths) only for callers
    the policy lets load data, since nobody else can use them."""
    status: dict[str, object] = ctx.workspace.status()
    status["may_manage_data"] = ctx.port.policy.may(ctx.principal, "manage_data")
    if not status["may_manage_data"]:
        del status["allowed_roots"]
    return status


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the workspace tools; inspectors of the policy, vault or audit go through `trusted`."""

    @trusted.tool(category=CATEGORY, tags=("start-here",))
    async def workspace_status(ctx: PrivilegedContext) -> dict[str, object]:
        """Loaded datasets, the active one and where load_dataset may read from. Start here."""
        status = workspace_status_of(ctx)
        if not status["datasets"]:
            status["next_steps"] = NEXT_STEPS
        return status

    @into.tool(category=CATEGORY)
    async def list_datasets(ctx: HandlerContext) -> dict[str, object]:
        """Names and sizes of the loaded datasets, and which one is active."""
        status = ctx.workspace.status()
        datasets = status["datasets"]
        return {"active": status["active_dataset"],
                "total": len(datasets) if isinstance(datasets, list) else 0, "datasets": datasets}

    @into.tool(category=CATEGORY, capabilities=("read_state", "read_fs", "manage_data"),
               read_only=False, idempotent=False)
    def load_dataset(ctx: HandlerContext, *,
                     path: str = Field(description="A directory holding inventory-map.json, or the "
                                                   "file itself; must lie inside the allowed roots."),
                     name: str = Field("", description="Dataset name; default derived from the path."),
                     replace: bool = Field(False, description="Replace a loaded dataset of the same "
                                                              "name.")) -> dict[str, object]:
        """Load an inventory (plus a sibling findings.json) and make it your active dataset."""
        def progress(done: int, total: int) -> None:
            ctx.check_cancelled()  # between chunks: a cancelled or timed-out load stops here
            ctx.report_progress_sync(done, total, "reading inventory")

        previous = ctx.workspace.active_name
        ds = ctx.workspace.load(path, name or None, replace=replace, restricted=True,
                                progress=progress, commit=ctx.committing())
        ctx.link(summary_uri(ds.name), f"{ds.name} summary", description="Dataset summary")
        return {"loaded": ds.name, "active": ctx.workspace.active_name, "previous_active": previous,
                **ds.info()}

    @into.tool(category=CATEGORY, read_only=False)
    async def select_dataset(ctx: HandlerContext, *,
                             name: str = Field(description="A loaded dataset's name.")) -> dict[str, object]:
        """Make another loaded dataset your active one (your tools default to it)."""
        previous = ctx.workspace.active_name
        ds = ctx.workspace.select(name)
        return {"active": ds.name, "previous": previous}

    @into.tool(category=CATEGORY, capabilities=("write_state", "manage_data"), read_only=False,
               destructive=True, idempotent=False)
    async def unload_dataset(ctx: HandlerContext, *,
                             name: str = Field(description="A loaded dataset's name.")) -> dict[str, object]:
        """Remove a dataset from the workspace; its cursors become stale."""
        ds = ctx.workspace.unload(name)
        return {"unloaded": ds.name, "active_dataset": ctx.workspace.active_name,
                "remaining": ctx.workspace.names()}

    @into.tool(category=CATEGORY)
    def dataset_summary(ctx: HandlerContext, *,
                        dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
        """Counts of assets, edges and findings by type, provider and severity for one dataset."""
        return dataset_summary_of(dataset_of(ctx, dataset))

    @into.tool(category=CATEGORY)
    def diff_datasets(ctx: HandlerContext, *,
                      base: str = Field(description="The earlier dataset."),
                      target: str = Field("", description="The later dataset; default the active one."),
                      limit: int = Field(50, ge=1, le=500, description="Items listed per section."),
                      ) -> dict[str, object]:
        """What changed between two datasets: assets, edges, findings, new internet exposure."""
        old, new = dataset_of(ctx, base), dataset_of(ctx, target)

        def render(inv: Inventory, row: int) -> dict[str, object]:
            return brief(old if inv is old.inventory else new, row)

        return {"base": old.name, "target": new.name,
                **diff(old.inventory, new.inventory, limit, render, ctx.check_cancelled)}
