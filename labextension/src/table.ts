/**
 * A sortable table: click a header to sort by it, click again to reverse. Rows are built once and
 * only reordered, so the badges in their cells survive every sort.
 */

import { SortKey } from './cells';
import { el } from './dom';

export interface TableRow {
  cells: (Node | string)[];
  keys: SortKey[];
}

export interface TableColumn {
  title: string;
  /** Numbers align right so their digits line up; text aligns left. */
  numeric: boolean;
}

/** Build `<table class="cloudg-table">` with sortable headers. */
export function sortableTable(columns: readonly TableColumn[], rows: readonly TableRow[]): HTMLTableElement {
  const body = el('tbody', '');
  const trs = rows.map(row => {
    const tr = el('tr', '');
    row.cells.forEach((cell, i) => tr.append(el('td', columns[i]?.numeric ? 'cloudg-num' : '', cell)));
    return tr;
  });
  body.append(...trs);
  const head = el('tr', '');
  const table = el('table', 'cloudg-table', el('thead', '', head), body);
  columns.forEach((column, i) => {
    const button = el('button', 'cloudg-sort', column.title);
    button.type = 'button';
    button.title = `sort by ${column.title}`;
    const th = el('th', column.numeric ? 'cloudg-num' : '', button);
    th.setAttribute('aria-sort', 'none');
    button.addEventListener('click', () => {
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      head.querySelectorAll('th').forEach(other => other.setAttribute('aria-sort', 'none'));
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const order = rows.map((_, r) => r).sort((a, b) => compare(rows[a].keys[i], rows[b].keys[i], ascending));
      body.append(...order.map(r => trs[r]));
    });
    head.append(th);
  });
  return table;
}

/** Empty cells sort last in both directions; numbers before text when a column mixes them. */
export function compare(a: SortKey, b: SortKey, ascending: boolean): number {
  if (a === null || b === null) {
    return a === b ? 0 : a === null ? 1 : -1;
  }
  const sign = ascending ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') {
    return sign * (a - b);
  }
  if (typeof a !== typeof b) {
    return typeof a === 'number' ? -1 : 1;
  }
  return sign * String(a).localeCompare(String(b));
}
