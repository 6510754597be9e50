/**
 * The header line: what was called, under which policy, as whom, and how long it took.
 */

import { el } from './dom';
import { ResultPayload } from './payload';

/** Render the header; `isError` switches it to the error colours. */
export function renderHeader(payload: ResultPayload, isError: boolean): HTMLElement {
  const header = el(
    'div',
    isError ? 'cloudg-header cloudg-header--error' : 'cloudg-header',
    el('span', 'cloudg-kind', payload.kind),
    el('span', 'cloudg-name', payload.name)
  );
  header.append(fact('policy', 'policy ', payload.policy));
  const principal = payload.principal;
  if (principal && typeof principal.id === 'string') {
    const roles = Array.isArray(principal.roles) && principal.roles.length > 0 ? ` (${principal.roles.join(', ')})` : '';
    header.append(fact('principal', 'as ', `${principal.id}${roles}`));
  }
  if (typeof payload.duration_ms === 'number') {
    header.append(fact('duration', '', formatDuration(payload.duration_ms)));
  }
  return header;
}

function fact(name: string, label: string, value: string): HTMLElement {
  const node = el('span', 'cloudg-fact', label, el('span', 'cloudg-fact-value', value));
  node.dataset.fact = name;
  return node;
}

/** `0.42 ms`, `12 ms`, `3.2 s`: enough precision to compare calls, no more. */
export function formatDuration(ms: number): string {
  if (ms >= 1000) {
    return `${(ms / 1000).toFixed(1)} s`;
  }
  return ms < 10 ? `${ms.toFixed(2)} ms` : `${Math.round(ms)} ms`;
}
