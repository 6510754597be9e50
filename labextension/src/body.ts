/**
 * The body of a result, by kind: a tool's structured content (or its content blocks), a resource's
 * contents, a prompt's messages, a listing's table; anything unexpected is shown as a tree.
 */

import { renderBlock, renderBlocks, renderContents } from './content';
import { el, isRecord } from './dom';
import { renderError } from './error';
import { renderListing } from './listing';
import { renderPrompt } from './prompt';
import { ResultPayload } from './payload';
import { childPointer } from './pointer';
import { renderStructured } from './structured';
import { TreeOptions, renderTree } from './tree';

/** Whether the wire result is an MCP error result. */
export function isErrorResult(wire: unknown): boolean {
  return isRecord(wire) && wire.isError === true;
}

/** Render the body for the payload's kind. */
export function renderBody(payload: ResultPayload, options: TreeOptions): HTMLElement {
  const wire = payload.wire;
  if (payload.kind === 'listing') {
    return renderListing(wire, payload.name, options);
  }
  if (!isRecord(wire)) {
    return renderTree(wire, '', options);
  }
  if (isErrorResult(wire)) {
    return renderError(wire, options);
  }
  switch (payload.kind) {
    case 'tool':
      return renderTool(wire, options);
    case 'resource':
      return renderResource(wire, options);
    case 'prompt':
      return renderPrompt(wire, options);
    default:
      return renderTree(wire, '', options);
  }
}

function renderTool(wire: Record<string, unknown>, options: TreeOptions): HTMLElement {
  if (wire.structuredContent === undefined) {
    return renderBlocks(wire.content, '/content', options);
  }
  const body = el('div', 'cloudg-body', renderStructured(wire.structuredContent, '/structuredContent', options));
  const content = Array.isArray(wire.content) ? wire.content : [];
  content.forEach((block, i) => {
    // Text blocks repeat structuredContent; the other blocks (links, resources) add to it.
    if (isRecord(block) && block.type !== 'text') {
      body.append(renderBlock(block, childPointer('/content', i), options));
    }
  });
  return body;
}

function renderResource(wire: Record<string, unknown>, options: TreeOptions): HTMLElement {
  if (!Array.isArray(wire.contents)) {
    return renderTree(wire, '', options);
  }
  const body = el('div', 'cloudg-body');
  wire.contents.forEach((contents, i) => {
    body.append(renderContents(contents, childPointer('/contents', i), options));
  });
  return body;
}
