/**
 * The error panel for `isError` results: the layer's code (`_meta["cloudg/error_code"]`), the
 * message from the text blocks, and the error data when the layer attached some.
 */

import { el, isRecord } from './dom';
import { renderText } from './content';
import { childPointer } from './pointer';
import { TreeOptions, renderTree } from './tree';

const CODE_KEY = 'cloudg/error_code';
const DATA_KEY = 'cloudg/error_data';

/** The error code as text (`-31001`, `timeout`, ...), or `unknown` when the layer gave none. */
export function errorCode(wire: Record<string, unknown>): string {
  const meta = isRecord(wire._meta) ? wire._meta : {};
  const code = meta[CODE_KEY];
  return typeof code === 'string' || typeof code === 'number' ? String(code) : 'unknown';
}

/** Render the panel; text blocks keep their pointers so marks inside messages become badges. */
export function renderError(wire: Record<string, unknown>, options: TreeOptions): HTMLElement {
  const code = errorCode(wire);
  const panel = el(
    'div',
    'cloudg-error',
    el('div', 'cloudg-error-title', 'Error ', el('span', 'cloudg-error-code', code))
  );
  panel.dataset.code = code;
  const content = Array.isArray(wire.content) ? wire.content : [];
  content.forEach((block, i) => {
    if (isRecord(block) && block.type === 'text') {
      const blockPointer = childPointer(childPointer('/content', i), 'text');
      panel.append(renderText(block.text, blockPointer, options));
    }
  });
  const meta = isRecord(wire._meta) ? wire._meta : {};
  if (meta[DATA_KEY] !== undefined) {
    const pointer = childPointer(childPointer('', '_meta'), DATA_KEY);
    panel.append(el('div', 'cloudg-error-data', 'data', renderTree(meta[DATA_KEY], pointer, options)));
  }
  return panel;
}
