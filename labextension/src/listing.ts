/**
 * Listings (`tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`) as a compact
 * table: what a reader scans for is the name, what it does, and how sensitive it is.
 */

import { withBadge } from './badge';
import { el, isRecord } from './dom';
import { childPointer } from './pointer';
import { TreeOptions, renderTree } from './tree';

const LIST_KEYS = ['tools', 'resources', 'resourceTemplates', 'prompts'];

interface Column {
  title: string;
  /** Path of keys from the item to the cell's value; the first path present wins. */
  paths: string[][];
}

const COLUMNS: Column[] = [
  { title: 'name', paths: [['name'], ['uri'], ['uriTemplate']] },
  { title: 'description', paths: [['description'], ['title']] },
  { title: 'category', paths: [['_meta', 'cloudg/category']] },
  { title: 'sensitivity', paths: [['_meta', 'cloudg/sensitivity']] },
  { title: 'required', paths: [['inputSchema', 'required']] }
];

/** Render a listing; a shape that is not a known listing falls back to the tree. */
export function renderListing(wire: unknown, options: TreeOptions): HTMLElement {
  const key = isRecord(wire) ? LIST_KEYS.find(name => Array.isArray(wire[name])) : undefined;
  if (!isRecord(wire) || key === undefined) {
    return renderTree(wire, '', options);
  }
  const items = wire[key] as unknown[];
  const columns = COLUMNS.filter(column => items.some(item => lookup(item, column) !== undefined));
  const head = el('tr', '', ...columns.map(column => el('th', '', column.title)));
  const body = el('tbody', '');
  items.forEach((item, i) => {
    const row = el('tr', '');
    for (const column of columns) {
      row.append(el('td', '', cell(item, column, childPointer(childPointer('', key), i), options)));
    }
    body.append(row);
  });
  const table = el('table', 'cloudg-listing', el('thead', '', head), body);
  table.dataset.listing = key;
  const box = el('div', 'cloudg-listing-box', el('div', 'cloudg-note', `${items.length} ${key}`), table);
  if (typeof wire.nextCursor === 'string') {
    box.append(el('div', 'cloudg-note', 'more available (nextCursor set)'));
  }
  return box;
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
  const text = Array.isArray(found.value) ? found.value.join(', ') : String(found.value);
  const pointer = found.path.reduce(childPointer, itemPointer);
  return withBadge(text, options.marks.at.get(pointer));
}
