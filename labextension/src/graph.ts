/**
 * An asset's neighbourhood (the `neighbors` tool and resource) as a small node-link picture: the
 * asset in the middle, its neighbours around it, outgoing edges solid and incoming ones dashed.
 * A node whose name or id carries a mark gets the badge's tint and the entity in its hover title.
 */

import { badgeTitle } from './badge';
import { el, isRecord } from './dom';
import { PayloadMark } from './payload';
import { childPointer } from './pointer';
import { TreeOptions } from './tree';

const SVG = 'http://www.w3.org/2000/svg';
/** More neighbours than this are listed in the table only. */
const MAX_NODES = 24;
const WIDTH = 640;
const LABEL_CHARS = 22;
/** Approximate advance of one label character at the chart's font size, for badge boxes. */
const CHAR_PX = 6.6;

interface GraphNode {
  name: string;
  type: string;
  marks: PayloadMark[];
}

/** Whether a structured result is a neighbourhood: an `asset` and `items` that each hold a `node`. */
export function isNeighbourhood(value: Record<string, unknown>): boolean {
  return (
    isRecord(value.asset) &&
    Array.isArray(value.items) &&
    value.items.length > 0 &&
    value.items.every(item => isRecord(item) && isRecord(item.node))
  );
}

/** Render the picture for a neighbourhood found at `pointer`. */
export function renderNeighbourhood(value: Record<string, unknown>, pointer: string, options: TreeOptions): HTMLElement {
  const items = (value.items as Record<string, unknown>[]).slice(0, MAX_NODES);
  const centre = graphNode(value.asset, childPointer(pointer, 'asset'), options);
  const height = Math.max(180, Math.min(420, 60 + items.length * 16));
  const svg = svgEl('svg', 'cloudg-graph');
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${height}`);
  svg.setAttribute('width', String(WIDTH));
  svg.setAttribute('height', String(height));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `${centre.name} and ${items.length} neighbours`);
  const cx = WIDTH / 2;
  const cy = height / 2;
  const edges = svgEl('g', 'cloudg-graph-edges');
  const nodes = svgEl('g', 'cloudg-graph-nodes');
  items.forEach((item, i) => {
    const angle = (2 * Math.PI * i) / items.length - Math.PI / 2;
    const x = cx + Math.cos(angle) * (WIDTH / 2 - 170);
    const y = cy + Math.sin(angle) * (height / 2 - 24);
    const node = graphNode(item.node, childPointer(childPointer(childPointer(pointer, 'items'), i), 'node'), options);
    const line = svgEl('line', item.direction === 'incoming' ? 'cloudg-graph-edge cloudg-graph-edge--in' : 'cloudg-graph-edge');
    setAll(line, { x1: cx, y1: cy, x2: x, y2: y });
    line.append(title(`${String(item.edge_type ?? 'edge')} (${String(item.direction ?? '')})`));
    edges.append(line);
    nodes.append(drawNode(node, x, y, Math.cos(angle) < -0.01 ? 'end' : 'start'));
  });
  nodes.append(drawNode(centre, cx, cy, 'middle', true));
  svg.append(edges, nodes);
  const hidden = (value.items as unknown[]).length - items.length;
  const legend = `solid: outgoing · dashed: incoming${hidden > 0 ? ` · ${hidden} more in the table` : ''}`;
  return el('figure', 'cloudg-figure', svg, el('figcaption', 'cloudg-note', legend));
}

function graphNode(value: unknown, pointer: string, options: TreeOptions): GraphNode {
  const node = isRecord(value) ? value : {};
  const name = typeof node.name === 'string' ? node.name : String(node.id ?? '?');
  const marks = ['name', 'id'].flatMap(key => options.marks.at.get(childPointer(pointer, key)) ?? []);
  return { name, type: typeof node.type === 'string' ? node.type : '', marks };
}

function drawNode(node: GraphNode, x: number, y: number, anchor: string, centre = false): SVGGElement {
  const group = svgEl('g', centre ? 'cloudg-graph-node cloudg-graph-node--centre' : 'cloudg-graph-node');
  const label = node.name.length > LABEL_CHARS ? `${node.name.slice(0, LABEL_CHARS - 1)}…` : node.name;
  const dx = anchor === 'start' ? 10 : anchor === 'end' ? -10 : 0;
  const dy = centre ? -12 : 4;
  const circle = svgEl('circle', 'cloudg-graph-dot');
  setAll(circle, { cx: x, cy: y, r: centre ? 8 : 5 });
  group.append(circle);
  if (node.marks.length > 0) {
    const width = label.length * CHAR_PX + 6;
    const left = anchor === 'start' ? x + dx - 3 : anchor === 'end' ? x + dx - width + 3 : x - width / 2;
    const box = svgEl('rect', `cloudg-graph-badge cloudg-graph-badge--${node.marks[0].kind}`);
    setAll(box, { x: left, y: y + dy - 11, width, height: 15, rx: 3 });
    group.append(box);
    group.dataset.entity = [...new Set(node.marks.map(mark => mark.entity))].join(' ');
  }
  const text = svgEl('text', 'cloudg-graph-label');
  setAll(text, { x: x + dx, y: y + dy });
  text.setAttribute('text-anchor', anchor);
  text.textContent = label;
  group.append(text);
  const hover = node.marks.length > 0 ? `\n${badgeTitle(node.marks)}` : '';
  group.append(title(`${node.name}${node.type ? ` · ${node.type}` : ''}${hover}`));
  return group;
}

function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, className: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  node.setAttribute('class', className);
  return node;
}

function title(text: string): SVGTitleElement {
  const node = document.createElementNS(SVG, 'title');
  node.textContent = text;
  return node;
}

function setAll(node: Element, attributes: Record<string, number>): void {
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, value.toFixed(1));
  }
}
