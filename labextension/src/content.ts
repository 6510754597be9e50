/**
 * MCP content blocks (text, resource links, embedded resources, images) and resource contents, as
 * they appear in tool results, prompt messages and resource reads. Each field keeps its JSON pointer
 * so the marks on it become badges.
 */

import { withBadge } from './badge';
import { el, isRecord } from './dom';
import { childPointer } from './pointer';
import { renderStructured } from './structured';
import { TreeOptions, renderTree } from './tree';

/** Render a list of content blocks found at `pointer`. */
export function renderBlocks(blocks: unknown, pointer: string, options: TreeOptions): HTMLElement {
  const list = el('div', 'cloudg-blocks');
  if (!Array.isArray(blocks)) {
    list.append(renderTree(blocks, pointer, options));
    return list;
  }
  blocks.forEach((block, i) => list.append(renderBlock(block, childPointer(pointer, i), options)));
  return list;
}

/** Render one content block; unknown shapes fall back to the tree. */
export function renderBlock(block: unknown, pointer: string, options: TreeOptions): HTMLElement {
  if (!isRecord(block)) {
    return renderTree(block, pointer, options);
  }
  switch (block.type) {
    case 'text':
      return renderText(block.text, childPointer(pointer, 'text'), options);
    case 'resource_link':
      return renderLink(block, pointer, options);
    case 'resource':
      return renderContents(block.resource, childPointer(pointer, 'resource'), options);
    case 'image':
    case 'audio':
      return renderMedia(block);
    default:
      return renderTree(block, pointer, options);
  }
}

/** A text value as preformatted text, badged as a whole when a mark points at it. */
export function renderText(text: unknown, pointer: string, options: TreeOptions): HTMLElement {
  const body = typeof text === 'string' ? text : JSON.stringify(text);
  return el('pre', 'cloudg-text', withBadge(body, options.marks.at.get(pointer)));
}

/** One entry of a resource read (`{uri, mimeType, text | blob}`); JSON text is shown as a tree. */
export function renderContents(contents: unknown, pointer: string, options: TreeOptions): HTMLElement {
  if (!isRecord(contents)) {
    return renderTree(contents, pointer, options);
  }
  const box = el('div', 'cloudg-contents', fieldLine('uri', contents, pointer, options));
  if (typeof contents.mimeType === 'string') {
    box.append(el('span', 'cloudg-mime', contents.mimeType));
  }
  const textPointer = childPointer(pointer, 'text');
  if (typeof contents.text === 'string') {
    const parsed = parseJson(contents.text, contents.mimeType);
    box.append(
      parsed === undefined
        ? renderText(contents.text, textPointer, options)
        : withBadge(renderStructured(parsed, textPointer, options), options.marks.at.get(textPointer))
    );
  } else if (typeof contents.blob === 'string') {
    box.append(el('div', 'cloudg-note', `binary content, ${base64Bytes(contents.blob)} bytes`));
  }
  return box;
}

function renderLink(block: Record<string, unknown>, pointer: string, options: TreeOptions): HTMLElement {
  const box = el('div', 'cloudg-link', el('span', 'cloudg-link-icon', '↗'));
  for (const field of ['name', 'uri', 'mimeType', 'description']) {
    if (block[field] !== undefined) {
      box.append(fieldLine(field, block, pointer, options));
    }
  }
  return box;
}

function renderMedia(block: Record<string, unknown>): HTMLElement {
  const mime = typeof block.mimeType === 'string' ? block.mimeType : String(block.type);
  const size = typeof block.data === 'string' ? `, ${base64Bytes(block.data)} bytes` : '';
  return el('div', 'cloudg-note', `${block.type} ${mime}${size}`);
}

function fieldLine(
  field: string,
  record: Record<string, unknown>,
  pointer: string,
  options: TreeOptions
): HTMLElement {
  const value = record[field];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return el(
    'div',
    'cloudg-field',
    el('span', 'cloudg-key', `${field}: `),
    withBadge(el('span', 'cloudg-value', text), options.marks.at.get(childPointer(pointer, field)))
  );
}

function parseJson(text: string, mimeType: unknown): unknown {
  if (typeof mimeType !== 'string' || !mimeType.includes('json')) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
