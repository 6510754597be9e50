"""What the caller sees of a dataset's searchable values: the columns search, completion,
sorting and suggestions compare against.

Under a policy that pseudonymizes identifiers, answering a substring search, a prefix
completion or a sort from the real names would let a caller rebuild them one character at a
time, although it is only ever shown pseudonyms. So these handlers compare the caller's text
with the values as the caller sees them (`HandlerContext.visible`): names, ids and ARNs as
pseudonyms, types and regions as they are. The visible forms are derived once per dataset
version and visibility key (policy, namespace, vault), in the dataset's own index cache; under
a policy that hides nothing they are simply the real columns.

Names, ids, ARNs and accounts are typed by their key, so their visible forms come from the
policy's redaction step directly (`Visibility.shown`, the decision without the walk). Tags,
dataset names and finding ids pass the whole output pipeline (`Visibility.show`), since what a
caller sees of them depends on keys and neighbours.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from cloudg_lab.catalog.records import finding_brief
from cloudg_lab.data.indexes import TextColumns
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.ports import HandlerContext
from cloudg_lab.types import Visibility

CHUNK = 100
"""Items shown per pipeline run: well inside any output budget, few runs for a large estate."""
TagPair = tuple[str, str]
T = TypeVar("T")
TagView = dict[TagPair, TagPair | None]
"""Real (key, value) → the pair the caller sees (None when the tag is withheld)."""


def columns(ctx: HandlerContext, ds: Dataset) -> TextColumns:
    """Per-row names, ids, ARNs and accounts as this caller sees them."""
    def build(vis: Visibility) -> TextColumns:
        inv = ds.inventory
        return TextColumns(vis.shown([(n, "name") for n in inv.names]),
                           vis.shown([(i, "id") for i in inv.ids]),
                           [a or None for a in vis.shown([(a or "", "arn") for a in inv.arns])],
                           [a or None for a in vis.shown([(a or "", "account_id")
                                                          for a in inv.accounts])])

    if not ctx.visible.active:
        return ds.inventory.indexes.columns
    return _cached(ctx, ds, "columns", build)


def accounts(ctx: HandlerContext, ds: Dataset) -> Mapping[str, str]:
    """Real account → the account as this caller sees it, for ordering ties (empty when the
    caller sees real accounts: they order themselves)."""
    if not ctx.visible.active:
        return {}
    seen = columns(ctx, ds).accounts
    return {real: shown or "" for real, shown in zip(ds.inventory.accounts, seen, strict=True) if real}


def tags(ctx: HandlerContext, ds: Dataset) -> TagView:
    """Every real tag pair of the dataset and the pair this caller sees."""
    def build(vis: Visibility) -> TagView:
        pairs = [(k, v) for k, values in ds.inventory.tag_index.items() for v in values]
        shown = show_each(vis, [{"tags": {k: v}} for k, v in pairs])
        return {pair: _tag_pair(item) for pair, item in zip(pairs, shown, strict=True)}

    if not ctx.visible.active:
        return {(k, v): (k, v) for k, values in ds.inventory.tag_index.items() for v in values}
    return _cached(ctx, ds, "tags", build)


def tag_matcher(ctx: HandlerContext, key: str,
                wanted: str | None) -> Callable[[TagPair, TagPair | None], bool]:
    """Whether a real tag pair (shown as `seen`) is the one `key` and `wanted` (None: any value)
    name as the caller sees it: by its visible form, or by a pseudonym issued to the caller for
    it in another view (a listing may show an owner otherwise than a tag does)."""
    real_key = ctx.visible.real_of(key)
    real_value = ctx.visible.real_of(wanted) if wanted is not None else None

    def matches(pair: TagPair, seen: TagPair | None) -> bool:
        if seen is None or not (seen[0] == key or pair[0] == real_key):
            return False
        return wanted is None or seen[1] == wanted or pair[1] == real_value

    return matches


def dataset_names(ctx: HandlerContext, names: Sequence[str]) -> list[str]:
    """Loaded dataset names as this caller sees them."""
    if not ctx.visible.active:
        return list(names)
    return [_text(i.get("dataset")) for i in show_each(ctx.visible, [{"dataset": n} for n in names])]


def finding_ids(ctx: HandlerContext, ds: Dataset) -> tuple[Sequence[str], Mapping[str, int]]:
    """Finding ids in dataset order as this caller sees them, and each one's index."""
    def build(vis: Visibility) -> tuple[Sequence[str], Mapping[str, int]]:
        briefs = [finding_brief(ds, i) for i in range(ds.inventory.finding_count)]
        ids = [_text(i.get("id")) for i in show_each(vis, briefs)]
        return ids, {ident: i for i, ident in reversed(list(enumerate(ids))) if ident}

    inv = ds.inventory
    if not ctx.visible.active:
        return inv.finding_ids, inv.finding_row_of
    return _cached(ctx, ds, "findings", build)


def show_each(vis: Visibility, items: list[dict[str, object]]) -> list[dict[str, object]]:
    """`items` as the caller sees them, in chunks; an item the pipeline did not hand back whole
    (a budget cut, a failure) is shown alone, and as nothing if that fails too."""
    out: list[dict[str, object]] = []
    for start in range(0, len(items), CHUNK):
        chunk = items[start:start + CHUNK]
        shown = vis.show(chunk)
        if isinstance(shown, list) and len(shown) == len(chunk) and all(isinstance(i, dict)
                                                                         for i in shown):
            out.extend(shown)
            continue
        for item in chunk:
            alone = vis.show(item)
            out.append(alone if isinstance(alone, dict) else {})
    return out


def _cached(ctx: HandlerContext, ds: Dataset, what: str, build: Callable[[Visibility], T]) -> T:
    vis = ctx.visible
    return ds.inventory.indexes.derived(f"visible-{what}|{vis.key}", lambda _inv: build(vis))


def _tag_pair(item: dict[str, object]) -> TagPair | None:
    shown = item.get("tags")
    if not isinstance(shown, dict) or len(shown) != 1:
        return None
    ((key, value),) = shown.items()
    return (str(key), value) if isinstance(value, str) else None


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""
