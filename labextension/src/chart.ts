/**
 * A small bar chart in plain CSS for grouped counts (`count_assets`, findings by severity): one row
 * per group with its label, a bar scaled to the largest count, and the number.
 */

import { renderCell } from './cells';
import { el, isRecord } from './dom';
import { childPointer } from './pointer';
import { TreeOptions } from './tree';

export interface Bar {
  label: unknown;
  /** Pointer of the label's value, so a pseudonymized group key keeps its badge. */
  pointer: string;
  value: number;
}

const SEVERITIES = new Set(['critical', 'high', 'medium', 'low', 'info']);

/** Bars from an object of counts (`{CRITICAL: 3, HIGH: 4}`), or null when it is not one. */
export function countBars(value: unknown, pointer: string): Bar[] | null {
  if (!isRecord(value)) {
    return null;
  }
  const entries = Object.entries(value);
  if (entries.length < 2 || !entries.every(([, n]) => typeof n === 'number')) {
    return null;
  }
  return entries.map(([label, n]) => ({ label, pointer: childPointer(pointer, label), value: n as number }));
}

/**
 * Bars from a list of groups (`[{key: "EC2", count: 6}]`): records of a numeric `count` and at
 * most two other fields, the first of which labels the bar. Null for any other list.
 */
export function groupBars(value: unknown, pointer: string): Bar[] | null {
  if (!Array.isArray(value) || value.length === 0) {
    return null;
  }
  const bars: Bar[] = [];
  for (const [i, group] of value.entries()) {
    if (!isRecord(group) || typeof group.count !== 'number' || Object.keys(group).length > 3) {
      return null;
    }
    const labelKey = Object.keys(group).find(key => key !== 'count');
    const label = labelKey === undefined ? i : group[labelKey];
    const labelPointer = labelKey === undefined ? '' : childPointer(childPointer(pointer, i), labelKey);
    bars.push({ label, pointer: labelPointer, value: group.count });
  }
  return bars;
}

/** Render the chart; a severity label tints its bar with the theme's error and warning colours. */
export function renderBars(bars: readonly Bar[], options: TreeOptions): HTMLElement {
  const max = Math.max(1, ...bars.map(bar => bar.value));
  const chart = el('div', 'cloudg-bars');
  chart.setAttribute('role', 'list');
  for (const bar of bars) {
    const fill = el('span', 'cloudg-bar-fill');
    fill.style.width = `${(100 * Math.max(0, bar.value)) / max}%`;
    const row = el(
      'div',
      'cloudg-bar',
      el('span', 'cloudg-bar-label', renderCell(bar.label, bar.pointer, options)),
      el('span', 'cloudg-bar-track', fill),
      el('span', 'cloudg-bar-value cloudg-num', bar.value.toLocaleString('en'))
    );
    row.setAttribute('role', 'listitem');
    const severity = String(bar.label).toLowerCase();
    if (SEVERITIES.has(severity)) {
      row.dataset.severity = severity;
    }
    chart.append(row);
  }
  return chart;
}
