/**
 * Tiny DOM helpers: every piece of the view is built from text nodes, never from HTML strings, so
 * nothing in a result can inject markup.
 */

export type Child = Node | string | null | undefined | false;

/** Create `<tag class="...">` with the given children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  for (const child of children) {
    if (child) {
      node.append(child);
    }
  }
  return node;
}

/** A plain object (not an array, not null): the JSON shapes the views inspect. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
