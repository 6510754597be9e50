/**
 * A tool's structured content shown the way people read it: scalar fields as one line of facts,
 * lists of records as tables, counts as bars, a neighbourhood as a picture, anything else as a
 * tree; the whole value as a tree is one click away.
 */

import { groupBars, countBars, renderBars } from './chart';
import { renderCell } from './cells';
import { el, isRecord } from './dom';
import { isNeighbourhood, renderNeighbourhood } from './graph';
import { orderedEntries } from './order';
import { childPointer } from './pointer';
import { isRecordList, renderRecords, tableBox } from './records';
import { TreeOptions, lazyTree, renderTree } from './tree';

/** Render structured content found at `pointer`. */
export function renderStructured(value: unknown, pointer: string, options: TreeOptions): HTMLElement {
  if (!isRecord(value)) {
    return renderTree(value, pointer, options);
  }
  const view = el('div', 'cloudg-structured');
  const facts = el('div', 'cloudg-facts');
  const sections: HTMLElement[] = [];
  if (isNeighbourhood(value)) {
    sections.push(renderNeighbourhood(value, pointer, options));
  }
  for (const [key, item] of orderedEntries(value, pointer, options.order)) {
    const itemPointer = childPointer(pointer, key);
    if (!Array.isArray(item) && !isRecord(item)) {
      facts.append(el('span', 'cloudg-fact-item', el('span', 'cloudg-key', `${key} `), renderCell(item, itemPointer, options)));
    } else {
      sections.push(renderSection(key, item, itemPointer, options));
    }
  }
  if (facts.childElementCount > 0) {
    view.append(facts);
  }
  view.append(...sections, lazyTree('as JSON tree', value, pointer, options));
  return view;
}

function renderSection(key: string, item: unknown[] | Record<string, unknown>, pointer: string, options: TreeOptions): HTMLElement {
  const bars = groupBars(item, pointer) ?? countBars(item, pointer);
  if (bars !== null) {
    const section = el('div', 'cloudg-section', el('div', 'cloudg-section-title', key), renderBars(bars, options));
    section.dataset.chart = key;
    return section;
  }
  if (isRecordList(item)) {
    return tableBox(`${key} (${item.length})`, renderRecords(item, pointer, options));
  }
  if (isCountMatrix(item)) {
    // Rows are built from the keys, so they have no pointer of their own: counts carry no marks.
    const rows = Object.entries(item).map(([name, counts]) => ({ [key]: name, ...(counts as Record<string, unknown>) }));
    return tableBox(key, renderRecords(rows, '#matrix', options));
  }
  if (Array.isArray(item) && item.every(entry => !Array.isArray(entry) && !isRecord(entry))) {
    return el('div', 'cloudg-facts', el('span', 'cloudg-key', `${key} `), renderCell(item, pointer, options));
  }
  return el('div', 'cloudg-section', el('div', 'cloudg-section-title', key), renderTree(item, pointer, options));
}

/** An object of objects of numbers (`compliance: {CIS: {PASS: 0, FAIL: 9}}`) reads as a table. */
function isCountMatrix(item: unknown): item is Record<string, Record<string, number>> {
  if (!isRecord(item)) {
    return false;
  }
  const rows = Object.values(item);
  return rows.length > 0 && rows.every(row => isRecord(row) && Object.values(row).every(n => typeof n === 'number'));
}
