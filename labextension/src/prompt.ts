/**
 * A prompt's messages as a conversation: one bubble per message with its role. A text that is
 * JSON (the structured context a prompt hands the model) is shown formatted. Marks on a whole text
 * block cannot say which words changed, so they are summarised once under the bubble (entity types
 * and counts as badges) instead of painting every line.
 */

import { withBadge } from './badge';
import { renderBlock, renderBlocks } from './content';
import { el, isRecord } from './dom';
import { PayloadMark } from './payload';
import { childPointer } from './pointer';
import { TreeOptions, renderTree } from './tree';

/** Render a `prompts/get` result; any other shape falls back to the tree. */
export function renderPrompt(wire: Record<string, unknown>, options: TreeOptions): HTMLElement {
  if (!Array.isArray(wire.messages)) {
    return renderTree(wire, '', options);
  }
  const body = el('div', 'cloudg-body cloudg-conversation');
  if (typeof wire.description === 'string') {
    body.append(el('div', 'cloudg-note', wire.description));
  }
  wire.messages.forEach((message, i) => {
    const pointer = childPointer(childPointer('/messages', i), 'content');
    const role = isRecord(message) && typeof message.role === 'string' ? message.role : 'message';
    const content = isRecord(message) ? message.content : message;
    const bubble = Array.isArray(content)
      ? renderBlocks(content, pointer, options)
      : renderMessageBlock(content, pointer, options);
    const node = el('div', 'cloudg-message', el('div', 'cloudg-role', role), el('div', 'cloudg-bubble', bubble));
    node.dataset.role = role;
    body.append(node);
  });
  return body;
}

function renderMessageBlock(block: unknown, pointer: string, options: TreeOptions): HTMLElement {
  if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') {
    return renderBlock(block, pointer, options);
  }
  const textPointer = childPointer(pointer, 'text');
  const shown = looksLikeJson(block.text)
    ? el('pre', 'cloudg-json', formatJson(block.text))
    : el('div', 'cloudg-message-text', block.text);
  const marks = options.marks.at.get(textPointer);
  return el('div', '', shown, marks ? changes(marks) : null);
}

/** Whether a text opens like a JSON object or array (a prompt's structured context). */
export function looksLikeJson(text: string): boolean {
  const trimmed = text.trimStart();
  return trimmed.startsWith('{') || trimmed.startsWith('[');
}

/**
 * The text re-indented when it parses; as it came otherwise, because a context the layer cut to
 * its budget (`… [+2211 chars]`) no longer parses but is already indented JSON text.
 */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return text;
  }
}

/** `changed inside: resource_name ×64 · aws_arn ×2`, one badge per entity and kind. */
function changes(marks: readonly PayloadMark[]): HTMLElement {
  const groups = new Map<string, PayloadMark[]>();
  for (const mark of marks) {
    const key = `${mark.kind} ${mark.entity}`;
    groups.set(key, [...(groups.get(key) ?? []), mark]);
  }
  const line = el('div', 'cloudg-changes', 'changed inside: ');
  [...groups.values()].forEach((group, i) => {
    line.append(i > 0 ? ' ' : '', withBadge(`${group[0].entity} ×${group.length}`, group));
  });
  return line;
}
