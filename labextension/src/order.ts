/**
 * Key order as the server wrote it. A saved notebook stores its outputs with sorted keys (nbformat
 * writes JSON so), so a reopened result would lead its tables with `account_id` instead of `id`;
 * the payload's `order` keeps the written order for every object (and list of records) where it
 * was not alphabetical, and this puts it back.
 */

/** `keys` in the order `wanted` gives, then any key `wanted` does not name, as they came. */
export function ordered(keys: readonly string[], wanted: readonly string[] | undefined): string[] {
  if (wanted === undefined) {
    return [...keys];
  }
  const present = new Set(keys);
  const first = wanted.filter(key => present.has(key));
  const placed = new Set(first);
  return [...first, ...keys.filter(key => !placed.has(key))];
}

/** The entries of `value`, in the order written for the object at `pointer`. */
export function orderedEntries(
  value: Record<string, unknown>,
  pointer: string,
  order: Readonly<Record<string, string[]>>
): [string, unknown][] {
  return ordered(Object.keys(value), order[pointer]).map(key => [key, value[key]]);
}
