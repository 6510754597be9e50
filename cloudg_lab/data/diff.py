"""What changed between two inventories: assets, edges, findings and exposure.

Assets are matched by ARN when they have one (ids are often regenerated between collections),
else by id. Records whose source text is identical are unchanged without decoding; the rest are
compared field by field with `collected_at` ignored, since every collection moves it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import msgspec

from cloudg_lab.data.inventory import Inventory

T = TypeVar("T")

_VOLATILE = ("collected_at", "raw_data", "id")


def asset_keys(inv: Inventory) -> dict[str, int]:
    """Match key (ARN, else id) → row."""
    keys: dict[str, int] = {}
    for row, (ident, arn) in enumerate(zip(inv.ids, inv.arns, strict=True)):
        keys.setdefault(arn or ident, row)
    return keys


def _comparable(inv: Inventory, row: int) -> dict[str, object]:
    record: dict[str, object] = msgspec.json.decode(inv.raw[row])
    for key in _VOLATILE:
        record.pop(key, None)
    return record


def _changed_fields(base: Inventory, b: int, target: Inventory, t: int) -> list[str]:
    if base.raw[b] == target.raw[t]:
        return []
    old, new = _comparable(base, b), _comparable(target, t)
    return sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))


def _section(items: Sequence[T], limit: int,
             render: Callable[[T], object] = lambda x: x) -> dict[str, object]:
    """`{count, items, truncated}`; only the first `limit` items are rendered."""
    return {"count": len(items), "items": [render(x) for x in items[:limit]],
            "truncated": len(items) > limit}


def diff(base: Inventory, target: Inventory, limit: int, brief: Callable[[Inventory, int], dict[str, object]],
         check: Callable[[], None]) -> dict[str, object]:
    """Sections `{count, items, truncated}` for assets, edges, findings and new exposure.

    `brief(inventory, row)` renders an asset; `check()` is called now and then so a long diff
    stops when its call is cancelled.
    """
    old_keys, new_keys = asset_keys(base), asset_keys(target)
    added = [r for k, r in new_keys.items() if k not in old_keys]
    removed = [r for k, r in old_keys.items() if k not in new_keys]
    changed: list[tuple[int, list[str]]] = []
    exposed: list[int] = []
    unchanged = 0
    for n, (key, t) in enumerate(new_keys.items()):
        if n % 2048 == 0:
            check()
        b = old_keys.get(key)
        if b is None:
            if target.exposed[t]:
                exposed.append(t)
            continue
        fields = _changed_fields(base, b, target, t)
        if fields:
            changed.append((t, fields))
        else:
            unchanged += 1
        if target.exposed[t] and not base.exposed[b]:
            exposed.append(t)
    return {
        "assets": {"added": _section(added, limit, lambda r: brief(target, r)),
                   "removed": _section(removed, limit, lambda r: brief(base, r)),
                   "changed": _section(changed, limit,
                                       lambda c: {**brief(target, c[0]), "changed_fields": c[1]}),
                   "unchanged": unchanged},
        "edges": _edge_sections(base, target, limit),
        "findings": _finding_sections(base, target, limit),
        "newly_internet_exposed": _section(exposed, limit, lambda r: brief(target, r)),
    }


def _edge_keys(inv: Inventory) -> dict[tuple[str, str, str], int]:
    def endpoint(ident: str) -> str:
        row = inv.row_of.get(ident)
        return (inv.arns[row] or ident) if row is not None else ident

    return {(endpoint(s), endpoint(d), k): i for i, (s, d, k) in
            enumerate(zip(inv.edge_src, inv.edge_dst, inv.edge_types, strict=True))}


def _edge_sections(base: Inventory, target: Inventory, limit: int) -> dict[str, object]:
    old, new = _edge_keys(base), _edge_keys(target)

    def render(key: tuple[str, str, str]) -> dict[str, str]:
        return {"source": key[0], "target": key[1], "edge_type": key[2]}

    return {"added": _section([k for k in new if k not in old], limit, render),
            "removed": _section([k for k in old if k not in new], limit, render)}


def _finding_keys(inv: Inventory) -> dict[tuple[str, str], int]:
    """(resource, title) → finding index; finding ids are rarely stable across scans."""
    return {(inv.finding_resources[i], str(inv.finding(i).get("title"))): i
            for i in range(inv.finding_count)}


def _finding_sections(base: Inventory, target: Inventory, limit: int) -> dict[str, object]:
    old, new = _finding_keys(base), _finding_keys(target)

    def render(inv: Inventory, i: int) -> dict[str, object]:
        record = inv.finding(i)
        return {"id": record["id"], "resource_id": record.get("resource_id"),
                "severity": record["severity"], "title": record.get("title")}

    moved = [(old[k], i) for k, i in new.items()
             if k in old and base.finding_severity[old[k]] != target.finding_severity[i]]
    return {"new": _section([i for k, i in new.items() if k not in old], limit,
                            lambda i: render(target, i)),
            "resolved": _section([i for k, i in old.items() if k not in new], limit,
                                 lambda i: render(base, i)),
            "severity_changed": _section(moved, limit, lambda p: {
                **render(target, p[1]), "previous_severity": render(base, p[0])["severity"]})}
