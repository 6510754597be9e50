"""An asset's neighbourhood (the `neighbors` tool and resource) as a small inline SVG picture.

The same picture as the renderer's `labextension/src/graph.ts`: the asset in the middle, its
neighbours on an ellipse around it, outgoing edges solid and incoming ones dashed, and a badge box
behind every node whose name or id carries a mark (its entity in the hover title). Shapes are drawn
in `currentColor` and tinted by the scoped style, so the picture reads in any theme, or none.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cloudg_lab.notebook.display.html import MarkIndex, esc, pointer

MAX_NODES = 24
WIDTH = 640
LABEL_CHARS = 22
CHAR_PX = 6.6


def is_neighbourhood(value: Mapping[str, object]) -> bool:
    """An `asset` and `items` that each hold a `node`."""
    items = value.get("items")
    return (isinstance(value.get("asset"), Mapping) and isinstance(items, list) and bool(items)
            and all(isinstance(i, Mapping) and isinstance(i.get("node"), Mapping) for i in items))


def neighbourhood_svg(value: Mapping[str, object], marks: MarkIndex, path: str) -> str:
    """The picture of a neighbourhood found at `path`, with its legend."""
    listed = value.get("items")
    every = [i for i in listed if isinstance(i, Mapping)] if isinstance(listed, list) else []
    items = every[:MAX_NODES]
    height = max(180, min(420, 60 + len(items) * 16))
    cx, cy = WIDTH / 2, height / 2
    edges, nodes = [], []
    for i, item in enumerate(items):
        angle = 2 * math.pi * i / len(items) - math.pi / 2
        x = cx + math.cos(angle) * (WIDTH / 2 - 170)
        y = cy + math.sin(angle) * (height / 2 - 24)
        dash = ' stroke-dasharray="4 3"' if item.get("direction") == "incoming" else ""
        edges.append(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="currentColor" '
                     f'stroke-opacity="0.45"{dash}><title>{esc(item.get("edge_type", "edge"))} '
                     f'({esc(item.get("direction", ""))})</title></line>')
        anchor = "end" if math.cos(angle) < -0.01 else "start"
        node_path = pointer(pointer(pointer(path, "items"), i), "node")
        nodes.append(_node(_mapping(item.get("node")), marks, node_path, (x, y), anchor=anchor,
                           centre=False))
    nodes.append(_node(_mapping(value.get("asset")), marks, pointer(path, "asset"), (cx, cy),
                       anchor="middle", centre=True))
    hidden = len(every) - len(items)
    legend = "solid: outgoing · dashed: incoming" + (f" · {hidden} more in the table" if hidden else "")
    return (f'<figure class="cloudg-figure"><svg class="cloudg-graph" viewBox="0 0 {WIDTH} {height}" '
            f'width="{WIDTH}" height="{height}" role="img" aria-label="{len(items)} neighbours">'
            f'{"".join(edges)}{"".join(nodes)}</svg>'
            f'<figcaption class="cloudg-muted">{esc(legend)}</figcaption></figure>')


def _mapping(value: object) -> Mapping[str, object]:
    """`value` when it is an object (`is_neighbourhood` checked it), else an empty one."""
    return value if isinstance(value, Mapping) else {}


def _node(node: Mapping[str, object], marks: MarkIndex, path: str, at: tuple[float, float], *,
          anchor: str, centre: bool) -> str:
    x, y = at
    name = str(node.get("name") if isinstance(node.get("name"), str) else node.get("id", "?"))
    label = name if len(name) <= LABEL_CHARS else name[:LABEL_CHARS - 1] + "…"
    found = [m for m in (marks.get(pointer(path, "name")), marks.get(pointer(path, "id"))) if m]
    dx = {"start": 10, "end": -10}.get(anchor, 0)
    dy = -12 if centre else 4
    parts = [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{8 if centre else 5}" fill="currentColor"/>']
    title = name + (f" · {node['type']}" if node.get("type") else "")
    entity = ""
    if found:
        width = len(label) * CHAR_PX + 6
        left = {"start": x + dx - 3, "end": x + dx - width + 3}.get(anchor, x - width / 2)
        parts.append(f'<rect class="cloudg-graph-badge cloudg-{esc(found[0].kind)}" x="{left:.1f}" '
                     f'y="{y + dy - 11:.1f}" width="{width:.1f}" height="15" rx="3" fill="currentColor" '
                     f'fill-opacity="0.12"/>')
        title += "\n" + ", ".join(f"{m.entity} ({m.kind})" for m in found)
        entity = f' data-entity="{esc(" ".join(dict.fromkeys(m.entity for m in found)))}"'
    parts.append(f'<text x="{x + dx:.1f}" y="{y + dy:.1f}" text-anchor="{anchor}" fill="currentColor" '
                 f'font-size="11">{esc(label)}</text><title>{esc(title)}</title>')
    return f'<g class="cloudg-graph-node"{entity}>{"".join(parts)}</g>'
