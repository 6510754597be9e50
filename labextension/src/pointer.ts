/**
 * JSON pointers (RFC 6901) and the mark index: which rendered value carries which mark, and which
 * containers lead to a mark (those open by default so every badge is visible without clicking).
 */

import { PayloadMark } from './payload';

/** Extend `base` by one reference token, escaping `~` and `/` as the RFC says. */
export function childPointer(base: string, key: string | number): string {
  const token = String(key).replace(/~/g, '~0').replace(/\//g, '~1');
  return `${base}/${token}`;
}

export interface MarkIndex {
  /** Marks by the exact pointer of the value they describe. */
  at: Map<string, PayloadMark[]>;
  /** Pointers of every container that holds a marked value somewhere below it. */
  above: Set<string>;
}

/** Index marks by pointer; malformed entries (no string path) are skipped, not fatal. */
export function indexMarks(marks: readonly PayloadMark[]): MarkIndex {
  const index: MarkIndex = { at: new Map(), above: new Set() };
  for (const mark of marks) {
    if (typeof mark?.path !== 'string') {
      continue;
    }
    const list = index.at.get(mark.path) ?? [];
    list.push(mark);
    index.at.set(mark.path, list);
    let cut = mark.path.lastIndexOf('/');
    while (cut > 0) {
      index.above.add(mark.path.slice(0, cut));
      cut = mark.path.lastIndexOf('/', cut - 1);
    }
    index.above.add('');
  }
  return index;
}
