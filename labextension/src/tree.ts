/**
 * The collapsible JSON tree. Containers are `<details>` elements whose children are built on first
 * open, so a large result costs nothing until it is looked at.
 *
 * One expansion rule for every profile: a container starts open when it sits less than
 * `openDepth` levels deep, whatever the marks say. A closed container that holds marks says so in
 * its summary ("marked"), so a badge is never hidden without a hint.
 */

import { withBadge } from './badge';
import { textClass } from './cells';
import { el, isRecord } from './dom';
import { MarkIndex, childPointer } from './pointer';
import { orderedEntries } from './order';

/** Children rendered per batch; a "show more" button reveals the next batch. */
const BATCH = 100;

export interface TreeOptions {
  marks: MarkIndex;
  /** Containers at a depth below this start open. */
  openDepth: number;
  /** The payload's key orders (see `order.ts`). */
  order: Readonly<Record<string, string[]>>;
}

/** Render `value` (found at `pointer` inside the wire result) as a tree. */
export function renderTree(value: unknown, pointer: string, options: TreeOptions): HTMLElement {
  return el('div', 'cloudg-tree', renderNode(null, value, pointer, 0, options));
}

/** A closed `<details>` that builds the tree of `value` the first time it is opened. */
export function lazyTree(label: string, value: unknown, pointer: string, options: TreeOptions): HTMLElement {
  const box = el('details', 'cloudg-astree', el('summary', 'cloudg-raw-summary', label));
  box.addEventListener('toggle', () => {
    if (box.open && box.childElementCount === 1) {
      box.append(renderTree(value, pointer, options));
    }
  });
  return box;
}

function renderNode(
  key: string | null,
  value: unknown,
  pointer: string,
  depth: number,
  options: TreeOptions
): HTMLElement {
  if (Array.isArray(value) || isRecord(value)) {
    return renderContainer(key, value, pointer, depth, options);
  }
  return el('div', 'cloudg-leaf', keyLabel(key), withBadge(scalar(value), options.marks.at.get(pointer)));
}

function keyLabel(key: string | null): HTMLElement | null {
  return key === null ? null : el('span', 'cloudg-key', `${key}: `);
}

function scalar(value: unknown): HTMLElement {
  const type = value === null ? 'null' : typeof value;
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return el('span', `cloudg-value cloudg-value--${type} ${textClass(value)}`, text);
}

function renderContainer(
  key: string | null,
  value: unknown[] | Record<string, unknown>,
  pointer: string,
  depth: number,
  options: TreeOptions
): HTMLElement {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : orderedEntries(value, pointer, options.order);
  const preview = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  const summary = el(
    'summary',
    'cloudg-summary',
    keyLabel(key),
    withBadge(el('span', 'cloudg-preview', preview), options.marks.at.get(pointer))
  );
  if (options.marks.above.has(pointer)) {
    summary.append(el('span', 'cloudg-marked-hint', ' marked'));
  }
  const node = el('details', 'cloudg-node', summary);
  const children = el('div', 'cloudg-children');
  node.append(children);
  let shown = 0;
  const showMore = (): void => {
    const batch = entries.slice(shown, shown + BATCH);
    for (const [childKey, child] of batch) {
      children.append(renderNode(childKey, child, childPointer(pointer, childKey), depth + 1, options));
    }
    shown += batch.length;
    if (shown < entries.length) {
      const more = el('button', 'cloudg-more', `show ${Math.min(BATCH, entries.length - shown)} more`);
      more.type = 'button';
      more.addEventListener('click', () => {
        more.remove();
        showMore();
      });
      children.append(more);
    }
  };
  node.addEventListener('toggle', () => {
    if (node.open && shown === 0 && entries.length > 0) {
      showMore();
    }
  });
  if (depth < options.openDepth) {
    node.open = true;
    showMore();
  }
  return node;
}
