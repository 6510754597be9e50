/**
 * Listings (`tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`) as a sortable
 * table: what a reader scans for is the name, what it does, and how sensitive it is. The wire may be
 * the MCP result (`{tools: [...]}`) or the bare list the notebook's `%mcp tools` sends.
 */

import { withBadge } from './badge';
import { sortKey } from './cells';
import { el, isRecord } from './dom';
import { childPointer } from './pointer';
import { TableRow, sortableTable } from './table';
import { TreeOptions, renderTree } from './tree';

const LIST_KEYS = ['tools', 'resources', 'resourceTemplates', 'prompts'];

interface Column {
  title: string;
  /** Path of keys from the item to the cell's value; the first path present wins. */
  paths: string[][];
  /** How a found value reads in a cell (lists are joined by default). */
  text?: (value: unknown) => string;
}

const COLUMNS: Column[] = [
  { title: 'name', paths: [['name'], ['uri'], ['uriTemplate']] },
  { title: 'uri', paths: [['uriTemplate'], ['uri']] },
  { title: 'description', paths: [['description'], ['title']] },
  { title: 'category', paths: [['_meta', 'cloudg/category']] },
  { title: 'sensitivity', paths: [['_meta', 'cloudg/sensitivity']] },
  { title: 'required', paths: [['inputSchema', 'required']] },
  { title: 'arguments', paths: [['arguments']], text: argumentNames }
];

/** The items of a listing and the pointer they sit at, or null when `wire` is not one. */
export function listingItems(wire: unknown): { items: unknown[]; pointer: string } | null {
  if (Array.isArray(wire)) {
    return { items: wire, pointer: '' };
  }
  const key = isRecord(wire) ? LIST_KEYS.find(name => Array.isArray(wire[name])) : undefined;
  return key === undefined ? null : { items: (wire as Record<string, unknown[]>)[key], pointer: childPointer('', key) };
}

/** Render a listing; a shape that is not a known listing falls back to the tree. */
export function renderListing(wire: unknown, name: string, options: TreeOptions): HTMLElement {
  const found = listingItems(wire);
  if (found === null) {
    return renderTree(wire, '', options);
  }
  const { items, pointer } = found;
  const columns = COLUMNS.filter(
    column => items.some(item => lookup(item, column) !== undefined) && !(column.title === 'uri' && sameAsName(items))
  );
  const rows: TableRow[] = items.map((item, i) => {
    const cells = columns.map(column => cell(item, column, childPointer(pointer, i), options));
    return { cells, keys: columns.map(column => sortKey(lookup(item, column)?.value)) };
  });
  const table = sortableTable(
    columns.map(column => ({ title: column.title, numeric: false })),
    rows
  );
  table.classList.add('cloudg-listing');
  table.dataset.listing = name;
  const box = el('div', 'cloudg-listing-box', el('div', 'cloudg-note', `${items.length} ${name}`), el('div', 'cloudg-scroll', table));
  if (isRecord(wire) && typeof wire.nextCursor === 'string') {
    box.append(el('div', 'cloudg-note', 'more available (nextCursor set)'));
  }
  return box;
}

/** Resources and templates are named by their URI when they have no name: one column is enough. */
function sameAsName(items: unknown[]): boolean {
  return items.every(item => !isRecord(item) || item.name === undefined);
}

function argumentNames(value: unknown): string {
  if (!Array.isArray(value)) {
    return String(value);
  }
  return value
    .map(arg => (isRecord(arg) ? `${String(arg.name)}${arg.required === true ? '*' : ''}` : String(arg)))
    .join(', ');
}

function lookup(item: unknown, column: Column): { value: unknown; path: string[] } | undefined {
  for (const path of column.paths) {
    let value: unknown = item;
    for (const step of path) {
      value = isRecord(value) ? value[step] : undefined;
    }
    if (value !== undefined && value !== null) {
      return { value, path };
    }
  }
  return undefined;
}

function cell(item: unknown, column: Column, itemPointer: string, options: TreeOptions): Node | string {
  const found = lookup(item, column);
  if (found === undefined) {
    return '';
  }
  const text = column.text
    ? column.text(found.value)
    : Array.isArray(found.value)
      ? found.value.join(', ')
      : String(found.value);
  const pointer = found.path.reduce(childPointer, itemPointer);
  return withBadge(text, options.marks.at.get(pointer));
}
