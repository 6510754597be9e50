"""Inventory tools: finding, counting and describing assets, accounts, regions and tags."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated

from pydantic import Field

from cloudg_lab.catalog import visible
from cloudg_lab.catalog.common import (
    BRIEF_FIELDS,
    DATASET_HELP,
    BriefField,
    asset_row,
    briefs,
    choose,
    dataset_of,
    one_of,
    paged,
    pick_fields,
)
from cloudg_lab.catalog.filters import AssetFilterArgs, resolve_filter
from cloudg_lab.catalog.records import asset_detail
from cloudg_lab.data.query import GROUP_KEYS, SORT_KEYS, group_counts, select, sort_rows
from cloudg_lab.errors import ReferenceNotFoundError
from cloudg_lab.ports import HandlerContext
from cloudg_lab.registry.registrar import Registrar

CATEGORY = "inventory"
SENSITIVITY = "confidential"
NO_MATCH_HINT = ("No asset matched. Loosen a filter, check spellings with list_asset_types, "
                 "list_regions or list_accounts, or search text with query.")
SortKey = Annotated[str, one_of(SORT_KEYS)]
GroupKey = Annotated[str, one_of(GROUP_KEYS)]
PSEUDONYM_HINT = (" Under this policy text matches names, ids and ARNs as results show them "
                  "(pseudonyms), never the real values behind them.")


class FindAssetsArgs(AssetFilterArgs):
    sort_by: SortKey | None = Field(None, description="name, type, region, account, risk or findings; "
                                                  "default file order.")
    descending: bool | None = Field(None, description="Reverse the order; default true for risk "
                                                      "and findings, false otherwise.")
    fields: list[BriefField] | None = Field(None, description="Fields per asset from "
                                            + ", ".join(BRIEF_FIELDS)
                                            + "; id always comes first. Default all but tags.")
    limit: int = Field(50, ge=1, le=500, description="Assets per page (1-500).")
    cursor: str | None = Field(None, description="next_cursor of the previous page.")


class CountAssetsArgs(AssetFilterArgs):
    group_by: GroupKey = Field("type", description="type, provider, region, account, exposure or severity.")
    top: int = Field(50, ge=1, le=1000, description="Groups returned (largest first).")


def find_assets(ctx: HandlerContext, args: FindAssetsArgs) -> dict[str, object]:
    """Search assets by text, provider, type, region, account, tag, exposure or findings; paged."""
    ds = dataset_of(ctx, args.dataset)
    flt = resolve_filter(ctx, args, ds)
    sort_by = choose(args.sort_by, SORT_KEYS, "sort_by") if args.sort_by else None
    descending = args.descending if args.descending is not None else sort_by in ("risk", "findings")
    fields = pick_fields(args.fields)
    binding = {**flt.binding(), "sort_by": sort_by, "descending": descending}
    seen = visible.columns(ctx, ds) if flt.query or sort_by in ("name", "account") else None
    rows = sort_rows(ds.inventory, select(ds.inventory, flt, seen), sort_by, descending, seen)
    offset, page = paged(ctx, "find_assets", ds, binding, cursor=args.cursor, limit=args.limit,
                         total=len(rows))
    items = briefs(ds, rows[offset:offset + args.limit], fields)
    result = {"dataset": ds.name, "total": len(rows), **page, "items": items}
    if not rows:
        result["hint"] = NO_MATCH_HINT + (PSEUDONYM_HINT if flt.query and ctx.visible.active else "")
    return result


def get_asset(ctx: HandlerContext, *,
              ref: str = Field(description="Asset id, ARN or name."),
              include_findings: bool = Field(True, description="List the asset's findings (up to 25)."),
              max_relations: int = Field(20, ge=0, le=200, description="Edges listed per direction."),
              dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
    """Everything about one asset: fields, tags, metadata, relations and findings."""
    ds = dataset_of(ctx, dataset)
    row = asset_row(ctx, ds, ref)
    return asset_detail(ds, row, include_findings=include_findings, max_relations=max_relations)


def count_assets(ctx: HandlerContext, args: CountAssetsArgs) -> dict[str, object]:
    """Count assets per type, provider, region, account, exposure or worst open severity."""
    ds = dataset_of(ctx, args.dataset)
    group_by = choose(args.group_by, GROUP_KEYS, "group_by")
    flt = resolve_filter(ctx, args, ds)
    filtered = flt != type(flt)()
    rows = select(ds.inventory, flt, visible.columns(ctx, ds) if flt.query else None) \
        if filtered else None
    counts = group_counts(ds.inventory, rows, group_by)
    shown = visible.accounts(ctx, ds) if group_by == "account" else {}
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], shown.get(kv[0], kv[0])))
    return {"dataset": ds.name, "group_by": group_by,
            "total": len(rows) if rows is not None else ds.inventory.asset_count,
            "group_count": len(ordered), "truncated": len(ordered) > args.top,
            "groups": [{"key": k, "count": n} for k, n in ordered[:args.top]]}


def list_asset_types(ctx: HandlerContext, *,
                     dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
    """Asset types present, with counts, exposed assets and open findings per type."""
    ds = dataset_of(ctx, dataset)
    inv, idx = ds.inventory, ds.inventory.indexes
    ordered = sorted(idx.by_type.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    items = [{"type": t, "count": len(rows),
              "internet_exposed": sum(inv.exposed[r] for r in rows),
              "open_findings": sum(idx.open_counts[r] for r in rows)}
             for t, rows in ordered]
    return {"dataset": ds.name, "total_types": len(items), "items": items}


def list_accounts(ctx: HandlerContext, *,
                  limit: int = Field(100, ge=1, le=500, description="Accounts per page."),
                  cursor: str | None = Field(None, description="next_cursor of the previous page."),
                  dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
    """Accounts, subscriptions and projects with asset counts, regions, exposure and findings."""
    ds = dataset_of(ctx, dataset)
    inv, idx = ds.inventory, ds.inventory.indexes
    shown = visible.accounts(ctx, ds)
    accounts = sorted(idx.by_account.items(), key=lambda kv: (-len(kv[1]), shown.get(kv[0], kv[0])))
    offset, page = paged(ctx, "list_accounts", ds, {}, cursor=cursor, limit=limit,
                         total=len(accounts))
    items = []
    for account, rows in accounts[offset:offset + limit]:
        named = [r for r in rows if inv.types[r] == "CLOUD_ACCOUNT"]
        items.append({"account_id": account, "provider": inv.providers[rows[0]],
                      "name": inv.names[named[0]] if named else None, "assets": len(rows),
                      "regions": sorted({inv.regions[r] for r in rows}),
                      "internet_exposed": sum(inv.exposed[r] for r in rows),
                      "open_findings": sum(idx.open_counts[r] for r in rows)})
    return {"dataset": ds.name, "total": len(accounts), **page, "items": items}


def list_regions(ctx: HandlerContext, *,
                 dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
    """Regions with their providers, asset counts and accounts; plus the regions scanned."""
    ds = dataset_of(ctx, dataset)
    inv, idx = ds.inventory, ds.inventory.indexes
    ordered = sorted(idx.by_region.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    items = [{"region": region, "providers": sorted({inv.providers[r] for r in rows}),
              "assets": len(rows), "accounts": len({inv.accounts[r] for r in rows} - {None})}
             for region, rows in ordered]
    return {"dataset": ds.name, "total": len(items), "items": items,
            "scanned_regions": ds.inventory.top.get("regions") or {}}


def list_tags(ctx: HandlerContext, *,
              key: str | None = Field(None, description="A tag key to list the values of."),
              top: int = Field(30, ge=1, le=500, description="Keys or values returned."),
              dataset: str = Field("", description=DATASET_HELP)) -> dict[str, object]:
    """Tag keys by how many assets carry them, or the values of one key."""
    ds = dataset_of(ctx, dataset)
    tags = ds.inventory.tag_index
    view = visible.tags(ctx, ds)
    shown_keys = {k: seen[0] for (k, _), seen in view.items() if seen is not None}
    if key is None:
        keys = sorted(((k, sum(len(r) for r in v.values()), len(v)) for k, v in tags.items()),
                      key=lambda t: (-t[1], shown_keys.get(t[0], t[0])))
        return {"dataset": ds.name, "total_keys": len(keys), "truncated": len(keys) > top,
                "items": [{"key": k, "assets": n, "distinct_values": d} for k, n, d in keys[:top]]}
    values = _values_of(ctx, key, view, tags)
    if not values:  # the miss never repeats the key (see findings.finding_index)
        raise ReferenceNotFoundError("No asset carries this tag key; see list_tags without a key",
                                     {"suggestions": _close_keys(key, set(shown_keys.values()))})
    counted = Counter({v: len(rows) for v, rows in values.items()})
    ordered = sorted(counted.items(), key=lambda kv: (-kv[1], values.shown(kv[0])))
    return {"dataset": ds.name, "key": key, "assets": sum(counted.values()),
            "distinct_values": len(ordered), "truncated": len(ordered) > top,
            "top_values": [{"value": v, "assets": n} for v, n in ordered[:top]]}


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the inventory tools; inspectors of the policy, vault or audit go through `trusted`."""
    for handler in (find_assets, get_asset, count_assets, list_asset_types, list_accounts,
                    list_regions, list_tags):
        tags = ("start-here",) if handler is find_assets else ()
        into.tool(category=CATEGORY, sensitivity=SENSITIVITY, tags=tags)(handler)


class _Values(dict[str, list[int]]):
    """Real value → rows, for the tag keys the caller named, with each value as it is seen."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[str, str] = {}

    def shown(self, value: str) -> str:
        return self.seen.get(value, value)


def _values_of(ctx: HandlerContext, key: str, view: visible.TagView,
               tags: Mapping[str, Mapping[str, Sequence[int]]]) -> _Values:
    """Values of the real keys that the caller sees as `key` (tags withheld from it left out)."""
    found = _Values()
    matches = visible.tag_matcher(ctx, key, None)
    for (real_key, value), seen in view.items():
        if matches((real_key, value), seen) and seen is not None:
            found[value] = [*found.get(value, ()), *tags[real_key][value]]
            found.seen[value] = seen[1]
    return found


def _close_keys(key: str, keys: set[str]) -> list[str]:
    """Keys as the caller sees them that contain `key` or are contained in it."""
    folded = key.casefold()
    return [k for k in sorted(keys) if folded in k.casefold() or k.casefold() in folded][:5]
