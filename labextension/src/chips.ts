/**
 * The chip row: the transform report (`_meta["cloudg/transforms"]`) at a glance. Each chip is a
 * count with its breakdown (labels and numbers, never values) in the hover title.
 */

import { el, isRecord } from './dom';

/** Report sections that count values by entity type, in the order they are shown. */
const COUNT_SECTIONS = ['pseudonymized', 'redacted', 'masked', 'hashed', 'dropped', 'aliased'];

export interface ChipSpec {
  key: string;
  label: string;
  title: string;
}

/**
 * What the chip row shows for a report and the wire `_meta`; pure, so it is easy to reason about.
 * `marked` says whether any value carries a mark: only a result with neither is "unchanged".
 */
export function chipSpecs(report: Record<string, unknown> | null, meta: unknown, marked: boolean): ChipSpec[] {
  const specs: ChipSpec[] = [];
  const rep = report ?? {};
  for (const section of COUNT_SECTIONS) {
    const counts = numericEntries(rep[section]);
    if (counts.length > 0) {
      specs.push({ key: section, label: `${section} ${sum(counts)}`, title: breakdown(counts) });
    }
  }
  const untrusted = numericEntries(rep.untrusted);
  if (untrusted.length > 0) {
    const suspicious = untrusted.find(([name]) => name === 'suspicious');
    const label = suspicious ? `untrusted text ${suspicious[1]}` : 'untrusted text';
    specs.push({ key: 'untrusted', label, title: breakdown(untrusted) });
  }
  const projection = numericEntries(rep.projection);
  if (projection.length > 0) {
    specs.push({ key: 'projection', label: 'projected', title: breakdown(projection) });
  }
  if (typeof rep.truncated_chars === 'number' && rep.truncated_chars > 0) {
    specs.push({
      key: 'truncated',
      label: `truncated ${rep.truncated_chars} chars`,
      title: 'the text block was cut; structuredContent is complete'
    });
  }
  const annotations = isRecord(rep.annotations) ? rep.annotations : {};
  const classification = isRecord(annotations.classification) ? annotations.classification : {};
  if (typeof classification.sensitivity === 'string') {
    specs.push({
      key: 'sensitivity',
      label: classification.sensitivity,
      title: typeof classification.note === 'string' ? classification.note : 'sensitivity'
    });
  }
  specs.push(...metaSpecs(meta));
  if (specs.length === 0 && !marked) {
    specs.push({ key: 'unchanged', label: 'unchanged', title: 'no transform changed this result' });
  }
  return specs;
}

/** Chips from the layer's other `_meta` keys (cache hits, retries). */
function metaSpecs(meta: unknown): ChipSpec[] {
  if (!isRecord(meta)) {
    return [];
  }
  const specs: ChipSpec[] = [];
  if (meta['cloudg/cache'] === 'hit') {
    specs.push({ key: 'cache', label: 'cache hit', title: 'served by the caching middleware' });
  }
  if (typeof meta['cloudg/retries'] === 'number') {
    const retries = meta['cloudg/retries'];
    specs.push({ key: 'retries', label: `retries ${retries}`, title: 'retries the retry middleware needed' });
  }
  return specs;
}

/** Render the chip row. */
export function renderChips(specs: readonly ChipSpec[]): HTMLElement {
  const row = el('div', 'cloudg-chips');
  for (const spec of specs) {
    const chip = el('span', `cloudg-chip cloudg-chip--${spec.key}`, spec.label);
    chip.dataset.chip = spec.key;
    chip.title = spec.title;
    row.append(chip);
  }
  return row;
}

function numericEntries(section: unknown): [string, number][] {
  if (!isRecord(section)) {
    return [];
  }
  return Object.entries(section).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
}

function sum(entries: readonly [string, number][]): number {
  return entries.reduce((total, [, n]) => total + n, 0);
}

function breakdown(entries: readonly [string, number][]): string {
  return entries.map(([name, n]) => `${name}: ${n}`).join('\n');
}
