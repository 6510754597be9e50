"""Graph questions over an inventory's edges: neighbours, internet exposure, paths.

Work is bounded: path search stops after `MAX_EXPANSIONS` node expansions and says so, and long
walks call `check()` so a cancelled call stops instead of running on in its worker thread.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from cloudg_lab.data.inventory import Inventory

DIRECTIONS = ("outgoing", "incoming", "both")
MAX_EXPANSIONS = 100_000
PUBLIC_SOURCES = frozenset({"0.0.0.0/0", "::/0", "*", "Internet", "internet", "INTERNET"})
EXPOSURE_EDGE = "INTERNET_EXPOSED"


def neighbor_edges(inv: Inventory, ident: str, direction: str,
                   edge_types: frozenset[str] | None) -> list[tuple[int, str]]:
    """(edge index, "outgoing"|"incoming") for the edges touching `ident`, in file order."""
    out, into = inv.indexes.adjacency
    found: list[tuple[int, str]] = []
    if direction in ("outgoing", "both"):
        found += [(e, "outgoing") for e in out.get(ident, ())]
    if direction in ("incoming", "both"):
        found += [(e, "incoming") for e in into.get(ident, ())]
    if edge_types is not None:
        found = [(e, d) for e, d in found if inv.edge_types[e] in edge_types]
    return sorted(found)


def exposure_reasons(inv: Inventory) -> dict[int, list[str]]:
    """Asset row → why it is reachable from the internet (flag, exposure edge, public rule).

    Ordered riskiest first (see `by_risk`); computed once per inventory.
    """
    return inv.indexes.derived("exposure", _exposure_reasons)


def _exposure_reasons(inv: Inventory) -> dict[int, list[str]]:
    reasons: dict[int, list[str]] = {}
    for flagged in inv.indexes.exposed_rows:
        reasons[flagged] = ["is_internet_exposed"]
    for src, dst, kind in zip(inv.edge_src, inv.edge_dst, inv.edge_types, strict=True):
        row = inv.row_of.get(dst)
        if row is None:
            continue
        if kind == EXPOSURE_EDGE:
            reasons.setdefault(row, []).append(f"{EXPOSURE_EDGE} edge")
        elif src in PUBLIC_SOURCES:
            reasons.setdefault(row, []).append(f"{kind} from {src}")
    return {row: list(dict.fromkeys(reasons[row])) for row in by_risk(inv, list(reasons))}


def by_risk(inv: Inventory, rows: list[int]) -> list[int]:
    """Rows by worst open severity, then open findings (both highest first), then file order."""
    idx = inv.indexes
    return sorted(rows, key=lambda r: (-idx.max_severity[r], -idx.open_counts[r], r))


@dataclass(frozen=True)
class Path:
    nodes: tuple[str, ...]
    edges: tuple[int, ...]


@dataclass(frozen=True)
class PathSearch:
    paths: list[Path]
    expansions: int
    truncated: bool
    reason: str | None


def find_paths(inv: Inventory, source: str, target: str, *, max_depth: int, max_paths: int,
               directed: bool, check: Callable[[], None]) -> PathSearch:
    """Simple paths from `source` to `target`, shortest first, at most `max_depth` edges long."""
    out, into = inv.indexes.adjacency
    queue: deque[Path] = deque([Path((source,), ())])
    found: list[Path] = []
    expansions = 0
    while queue:
        path = queue.popleft()
        if len(path.edges) >= max_depth:
            continue
        expansions += 1
        if expansions % 1024 == 0:
            check()
        if expansions > MAX_EXPANSIONS:
            return PathSearch(found, expansions - 1, True, f"stopped after {MAX_EXPANSIONS} expansions")
        here = path.nodes[-1]
        steps = [(e, inv.edge_dst[e]) for e in out.get(here, ())]
        if not directed:
            steps += [(e, inv.edge_src[e]) for e in into.get(here, ())]
        for edge, nxt in steps:
            if nxt in path.nodes:
                continue
            longer = Path((*path.nodes, nxt), (*path.edges, edge))
            if nxt == target:
                found.append(longer)
                if len(found) >= max_paths:
                    return PathSearch(found, expansions, bool(queue), "max_paths reached")
            else:
                queue.append(longer)
    return PathSearch(found, expansions, False, None)
