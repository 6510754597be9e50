"""The asset filter arguments `find_assets` and `count_assets` share, and their resolution.

Enum-like values are matched case-insensitively against what the dataset (or the format)
allows; the result is a canonical `AssetFilter` that queries run on and cursors bind.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, Field

from cloudg_lab.catalog import visible
from cloudg_lab.catalog.common import DATASET_HELP, SeverityName, choose, choose_many, severity_rank
from cloudg_lab.data.query import AssetFilter
from cloudg_lab.data.records import PROVIDERS
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.ports import HandlerContext

MAX_QUERY = 200


class AssetFilterArgs(BaseModel):
    """Filters on assets; every one is optional and they combine with AND."""

    query: str | None = Field(None, description="Case-insensitive text in the name, id or ARN.")
    provider: str | None = Field(None, description="AWS, AZURE or GCP (any case).")
    asset_types: list[str] | None = Field(None, description="Asset types such as EC2 or S3_BUCKET "
                                                            "(any case; see list_asset_types).")
    region: str | None = Field(None, description="Region as written in the inventory, e.g. us-east-1.")
    account_id: str | None = Field(None, description="AWS account, Azure subscription or GCP project.")
    tag: str | None = Field(None, description='A tag key ("env") or key and value ("env=prod").')
    internet_exposed: bool | None = Field(None, description="Only exposed (true) or internal (false).")
    has_findings: bool | None = Field(None, description="With (true) or without (false) open findings.")
    min_severity: SeverityName | None = Field(None, description="Worst open finding at least this severity: "
                                                       "CRITICAL, HIGH, MEDIUM, LOW or INFO.")
    dataset: str = Field("", description=DATASET_HELP)


def resolve_filter(ctx: HandlerContext, args: AssetFilterArgs, ds: Dataset) -> AssetFilter:
    """Canonical filter values for `ds`; a tag is matched as the caller sees tags.

    Raises:
        InvalidArgumentsError: for an unknown provider, asset type or severity (listing the valid
            values), or an over-long query.
    """
    idx = ds.inventory.indexes
    if args.query is not None and len(args.query) > MAX_QUERY:
        raise InvalidArgumentsError(f"Argument 'query' is longer than {MAX_QUERY} characters",
                                    {"argument": "query", "max_length": MAX_QUERY})
    providers = sorted(set(PROVIDERS) | set(idx.by_provider))
    return AssetFilter(
        query=args.query or None,
        provider=choose(args.provider, providers, "provider") if args.provider else None,
        asset_types=choose_many(args.asset_types, sorted(idx.by_type), "asset_types")
        if args.asset_types else (),
        region=_exact_or_folded(args.region, idx.by_region),
        account_id=args.account_id or None,
        tags=_tags(ctx, ds, args.tag),
        internet_exposed=args.internet_exposed, has_findings=args.has_findings,
        min_severity=severity_rank(args.min_severity))


def _tags(ctx: HandlerContext, ds: Dataset, text: str | None) -> tuple[tuple[str, str | None], ...] | None:
    """The real tag pairs `key` or `key=value` names: under pseudonyms, those it names as the
    caller sees them, so a real value the caller was never shown matches nothing."""
    if not text:
        return None
    key, sep, value = text.partition("=")
    key, wanted = key.strip(), (value.strip() if sep else None)
    if not ctx.visible.active:
        return ((key, wanted),)
    matches = visible.tag_matcher(ctx, key, wanted)
    return tuple(sorted(pair for pair, seen in visible.tags(ctx, ds).items() if matches(pair, seen)))


def _exact_or_folded(value: str | None, known: Mapping[str, object]) -> str | None:
    """Regions match exactly, else case-insensitively (an unknown region simply matches nothing)."""
    if not value:
        return None
    if value in known:
        return value
    folded = {k.casefold(): k for k in known}
    return folded.get(value.casefold(), value)
