/**
 * Lists of records (pages of assets, findings, groups) as tables: one column per field in first-seen
 * order, every cell badged from the marks at its own pointer.
 */

import { renderCell, sortKey } from './cells';
import { el, isRecord } from './dom';
import { ordered } from './order';
import { childPointer } from './pointer';
import { TableRow, sortableTable } from './table';
import { TreeOptions } from './tree';

/** Whether `value` is a non-empty list of plain objects. */
export function isRecordList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

/** The fields of `records`, in the order written (`wanted`, see `order.ts`), else first-seen. */
export function recordColumns(records: readonly Record<string, unknown>[], wanted?: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const record of records) {
    Object.keys(record).forEach(key => seen.add(key));
  }
  return ordered([...seen], wanted);
}

/** Render the records found at `pointer` as a sortable table. */
export function renderRecords(
  records: readonly Record<string, unknown>[],
  pointer: string,
  options: TreeOptions
): HTMLTableElement {
  const columns = recordColumns(records, options.order[pointer]);
  const rows: TableRow[] = records.map((record, i) => {
    const rowPointer = childPointer(pointer, i);
    return {
      cells: columns.map(c => (c in record ? renderCell(record[c], childPointer(rowPointer, c), options) : '')),
      keys: columns.map(c => sortKey(record[c]))
    };
  });
  const numeric = columns.map(c => records.every(r => r[c] === undefined || r[c] === null || typeof r[c] === 'number'));
  const table = sortableTable(
    columns.map((title, i) => ({ title, numeric: numeric[i] })),
    rows
  );
  table.dataset.pointer = pointer;
  return table;
}

/** A titled box around a table, scrolling on its own when the table is long or wide. */
export function tableBox(title: string, table: HTMLElement): HTMLElement {
  return el('div', 'cloudg-section', el('div', 'cloudg-section-title', title), el('div', 'cloudg-scroll', table));
}
