/**
 * The whole rendered result: header, chip row, body, and the raw wire result on demand. Pure DOM,
 * no framework, so the bundle stays small and the view can be built anywhere a `document` exists.
 */

import { isErrorResult, renderBody } from './body';
import { chipSpecs, renderChips } from './chips';
import { el, isRecord } from './dom';
import { renderHeader } from './header';
import { PAYLOAD_VERSION, ResultPayload } from './payload';
import { MarkIndex, indexMarks } from './pointer';
import { renderTree } from './tree';

/** Containers this deep start open in the body's tree. */
const OPEN_DEPTH = 2;

/** Render a payload; anything that is not one becomes a one-line notice, never an exception. */
export function renderPayload(data: unknown): HTMLElement {
  const root = el('div', 'cloudg-result');
  const problem = payloadProblem(data);
  if (problem !== null) {
    root.classList.add('cloudg-result--invalid');
    root.append(el('div', 'cloudg-notice', `cloudg-lab: cannot show this result: ${problem}`));
    return root;
  }
  const payload = data as ResultPayload;
  root.dataset.cloudgKind = payload.kind;
  root.dataset.cloudgName = payload.name;
  const marks = indexMarks(Array.isArray(payload.marks) ? payload.marks : []);
  const order = isRecord(payload.order) ? (payload.order as Record<string, string[]>) : {};
  const meta = isRecord(payload.wire) ? payload.wire._meta : undefined;
  if (payload.real_values === true) {
    root.classList.add('cloudg-result--real');
    root.append(realValuesBanner());
  }
  root.append(
    renderHeader(payload, isErrorResult(payload.wire)),
    renderChips(chipSpecs(isRecord(payload.report) ? payload.report : null, meta, marks.at.size > 0)),
    renderBody(payload, { marks, openDepth: OPEN_DEPTH, order }),
    renderRaw(payload.wire, marks, order)
  );
  return root;
}

/**
 * The banner on every output that shows real values; the words are the same in the HTML fallback
 * (`cloudg_lab/notebook/display/html.py`), so a reader learns one sign.
 */
export function realValuesBanner(): HTMLElement {
  const banner = el('div', 'cloudg-banner', el('strong', '', 'Real values'), ' · ' + REAL_VALUES_NOTE);
  banner.setAttribute('role', 'note');
  return banner;
}

export const REAL_VALUES_NOTE = 'nothing here is pseudonymized or redacted; do not paste it where the data may not go';

/** Why `data` is not a payload this renderer understands, or null when it is one. */
export function payloadProblem(data: unknown): string | null {
  if (!isRecord(data)) {
    return 'the payload is not a JSON object';
  }
  if (data.v !== PAYLOAD_VERSION) {
    return `payload version ${JSON.stringify(data.v)} is not ${PAYLOAD_VERSION}; update cloudg-lab`;
  }
  if (typeof data.kind !== 'string' || typeof data.name !== 'string' || !('wire' in data)) {
    return 'kind, name or wire is missing';
  }
  return null;
}

/**
 * The wire result exactly as sent, built on first open. Marks badge it too, but it does not open
 * itself towards them: the body already shows every badge once.
 */
function renderRaw(wire: unknown, marks: MarkIndex, order: Record<string, string[]>): HTMLElement {
  const raw = el('details', 'cloudg-raw', el('summary', 'cloudg-raw-summary', 'wire result'));
  raw.addEventListener('toggle', () => {
    if (raw.open && raw.childElementCount === 1) {
      raw.append(renderTree(wire, '', { marks: { at: marks.at, above: new Set() }, openDepth: 1, order }));
    }
  });
  return raw;
}
