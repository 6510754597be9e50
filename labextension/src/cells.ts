/**
 * One value as a table cell or chart label: scalars as text, short lists and small objects inline,
 * each marked value wrapped in its own badge, so a table keeps every badge the tree would show.
 */

import { withBadge } from './badge';
import { Child, el, isRecord } from './dom';
import { childPointer } from './pointer';
import { TreeOptions } from './tree';

/** What a column sorts by: numbers numerically, text case-insensitively, empty cells last. */
export type SortKey = number | string | null;

/** Inline entries of an object cell shown before the rest is summarised. */
const INLINE_ENTRIES = 4;

/** A scalar as display text: no `null`/`undefined` words, booleans as `true`/`false`. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) {
    return '—';
  }
  return typeof value === 'string' ? value : String(value);
}

/**
 * Render `value` found at `pointer` as inline content for a cell. An identifier comes back as bare
 * text (or a badge around it): tables hold thousands of them, and their cells, facts and bar labels
 * keep identifiers on one line themselves (`white-space: nowrap`), so no extra element is needed.
 */
export function renderCell(value: unknown, pointer: string, options: TreeOptions): Node | string {
  if (Array.isArray(value)) {
    return inline(value.map((item, i) => [null, item, childPointer(pointer, i)]), pointer, options, ', ');
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    const shown: [string | null, unknown, string][] = entries
      .slice(0, INLINE_ENTRIES)
      .map(([key, item]) => [key, item, childPointer(pointer, key)]);
    const cell = inline(shown, pointer, options, ' · ');
    if (entries.length > INLINE_ENTRIES) {
      cell.append(el('span', 'cloudg-muted', ` · +${entries.length - INLINE_ENTRIES}`));
    }
    return cell;
  }
  const kind = textClass(value);
  const text = kind === 'cloudg-token' ? scalarText(value) : el('span', kind, scalarText(value));
  return withBadge(text, options.marks.at.get(pointer));
}

/**
 * Identifiers (no whitespace) never wrap, so `res-8de954a6d9` is not split at its hyphen; text
 * with spaces wraps between words only.
 */
export function textClass(value: unknown): string {
  if (value === null || value === undefined) {
    return 'cloudg-muted';
  }
  return /\s/.test(scalarText(value)) ? 'cloudg-prose' : 'cloudg-token';
}

function inline(
  entries: [string | null, unknown, string][],
  pointer: string,
  options: TreeOptions,
  separator: string
): HTMLElement {
  const parts: Child[] = [];
  entries.forEach(([key, item, itemPointer], i) => {
    if (i > 0) {
      parts.push(separator);
    }
    if (key !== null) {
      parts.push(el('span', 'cloudg-key', `${key} `));
    }
    const nested = Array.isArray(item) || isRecord(item);
    const shown = nested
      ? withBadge(JSON.stringify(item), options.marks.at.get(itemPointer))
      : renderCell(item, itemPointer, options);
    // Inline content wraps between entries, so each bare identifier keeps itself on one line.
    parts.push(typeof shown === 'string' ? el('span', 'cloudg-token', shown) : shown);
  });
  return el('span', 'cloudg-inline', withBadge(el('span', '', ...parts), options.marks.at.get(pointer)));
}

/** The sort key of a cell value. */
export function sortKey(value: unknown): SortKey {
  if (typeof value === 'number') {
    return value;
  }
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  if (value === null || value === undefined) {
    return null;
  }
  return (typeof value === 'string' ? value : JSON.stringify(value)).toLowerCase();
}
