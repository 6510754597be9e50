"""Graph tools: an asset's neighbours, what the internet reaches, and paths between assets."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from cloudg_lab.catalog.common import (
    DATASET_HELP,
    asset_row,
    brief,
    choose,
    choose_many,
    dataset_of,
    one_of,
    paged,
)
from cloudg_lab.catalog.records import edge_view, node
from cloudg_lab.data import graph as paths
from cloudg_lab.data.graph import DIRECTIONS, exposure_reasons, neighbor_edges
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.ports import HandlerContext
from cloudg_lab.registry.registrar import Registrar

CATEGORY = "graph"
SENSITIVITY = "confidential"
MAX_DEPTH = 6
Direction = Annotated[str, one_of(DIRECTIONS)]


def neighbors_of(ds: Dataset, row: int, direction: str, edge_types: list[str] | None,
                 limit: int) -> dict[str, object]:
    """`neighbors`' result (also the `cloudg://assets/{ref}/neighbors` resource)."""
    inv = ds.inventory
    kinds = frozenset(choose_many(edge_types, sorted(set(inv.edge_types)), "edge_types")) \
        if edge_types else None
    edges = neighbor_edges(inv, inv.ids[row], direction, kinds)
    return {"dataset": ds.name, "asset": brief(ds, row, ("id", "name", "type", "uri")),
            "direction": direction, "total": len(edges), "returned": min(limit, len(edges)),
            "truncated": len(edges) > limit,
            "items": [edge_view(ds, e, d) for e, d in edges[:limit]]}


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the graph tools; inspectors of the policy, vault or audit go through `trusted`."""

    @into.tool(category=CATEGORY, sensitivity=SENSITIVITY)
    def neighbors(ctx: HandlerContext, *,
                  ref: str = Field(description="Asset id, ARN or name."),
                  direction: Annotated[Direction, Field(description="outgoing, incoming or both.")] = "both",
                  edge_types: Annotated[list[str] | None,
                                        Field(description="Only these edge types (any case).")] = None,
                  limit: int = Field(50, ge=1, le=500, description="Edges returned."),
                  dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
        """The edges around one asset and what sits at their other end."""
        ds = dataset_of(ctx, dataset)
        way = choose(direction, DIRECTIONS, "direction")
        return neighbors_of(ds, asset_row(ctx, ds, ref), way, edge_types, limit)

    @into.tool(category=CATEGORY, sensitivity=SENSITIVITY)
    def internet_exposure(ctx: HandlerContext, *,
                          limit: int = Field(50, ge=1, le=500, description="Assets per page."),
                          cursor: str | None = Field(None, description="next_cursor of the previous "
                                                                       "page."),
                          dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
        """Assets reachable from the internet and why, riskiest first; paged."""
        ds = dataset_of(ctx, dataset)
        reasons = exposure_reasons(ds.inventory)
        rows = list(reasons)
        offset, page = paged(ctx, "internet_exposure", ds, {}, cursor=cursor, limit=limit,
                             total=len(rows))
        items = [{**brief(ds, r), "via": reasons[r]} for r in rows[offset:offset + limit]]
        return {"dataset": ds.name, "total": len(rows), **page, "items": items}

    @into.tool(category=CATEGORY, sensitivity=SENSITIVITY)
    def find_paths(ctx: HandlerContext, *,
                   source: str = Field(description="Start asset: id, ARN or name."),
                   target: str = Field(description="End asset: id, ARN or name."),
                   max_depth: int = Field(4, ge=1, le=MAX_DEPTH, description="Edges per path (1-6)."),
                   max_paths: int = Field(10, ge=1, le=100, description="Paths returned."),
                   directed: bool = Field(True, description="Follow edges only in their direction."),
                   dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
        """Paths between two assets over the edges, shortest first, with bounded search work."""
        ds = dataset_of(ctx, dataset)
        inv = ds.inventory
        start = inv.ids[asset_row(ctx, ds, source, "source")]
        end = inv.ids[asset_row(ctx, ds, target, "target")]
        search = paths.find_paths(inv, start, end, max_depth=max_depth, max_paths=max_paths,
                                  directed=directed, check=ctx.check_cancelled)
        return {"dataset": ds.name, "source": node(ds, start), "target": node(ds, end),
                "total": len(search.paths), "truncated": search.truncated,
                "truncated_reason": search.reason, "expansions": search.expansions,
                "paths": [{"length": len(p.edges),
                           "nodes": [node(ds, n) for n in p.nodes],
                           "edges": [inv.edge_types[e] for e in p.edges]} for p in search.paths]}

