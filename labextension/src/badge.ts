/**
 * Badges: how a marked value looks. The entity type and what was done go in the hover title; the
 * real value is never known here, so it can never be shown.
 */

import { el } from './dom';
import { PayloadMark } from './payload';

/** The hover text: entity types and actions only, e.g. `aws_arn (pseudonym)`. */
export function badgeTitle(marks: readonly PayloadMark[]): string {
  return marks.map(mark => `${mark.entity} (${mark.kind})`).join(', ');
}

/** Wrap `content` in a badge when marks point at it; otherwise return it unchanged. */
export function withBadge(
  content: Node | string,
  marks: readonly PayloadMark[] | undefined
): Node | string {
  if (!marks || marks.length === 0) {
    return content;
  }
  const kind = marks[0].kind;
  const badge = el('span', `cloudg-badge cloudg-badge--${kind}`, content);
  badge.dataset.kind = kind;
  badge.dataset.entity = [...new Set(marks.map(mark => mark.entity))].join(' ');
  badge.title = badgeTitle(marks);
  return badge;
}
