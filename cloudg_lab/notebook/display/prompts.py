"""What `%mcp prompt` returns: a rendered prompt, shown as a conversation.

Each message is a bubble under its role. A text that opens like JSON (the structured context a
prompt hands the model) is shown as formatted JSON. Marks on a whole text block cannot say which
words changed, so they are summarised once under the bubble instead of painting every line; the
renderer (`labextension/src/prompt.ts`) follows the same rules.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from cloudg_lab.notebook.display import html
from cloudg_lab.notebook.display.bundle import Origin, mimebundle, payload, shows_real_values
from cloudg_lab.notebook.display.results import clip, is_json_mime, ms_text, report_of
from cloudg_lab.types import (
    EmbeddedResource,
    Mark,
    PromptMessage,
    PromptResult,
    ResourceLink,
    TextContent,
    TextResourceContents,
)


class PromptView:
    """A rendered prompt: its messages, role by role."""

    def __init__(self, result: PromptResult, origin: Origin, duration_ms: float | None = None) -> None:
        self.result = result
        self.origin = origin
        self.duration_ms = duration_ms

    @property
    def wire(self) -> dict[str, object]:
        return self.result.to_wire()

    @property
    def messages(self) -> list[dict[str, object]]:
        return [m.to_wire() for m in self.result.messages]

    @property
    def text(self) -> str:
        return "\n\n".join(f"[{m.role}] {_block_text(m.content)}" for m in self.result.messages)

    @property
    def report(self) -> dict[str, object] | None:
        return report_of(self.result.meta)

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        real = shows_real_values(self.origin, True)
        data = payload(self.origin, self.wire, duration_ms=self.duration_ms, report=self.report,
                       marks=self.result.marks, real_values=real)
        parts = [html.report_chips(self.report)]
        if self.result.description:
            parts.append(f'<div class="cloudg-muted">{html.esc(self.result.description)}</div>')
        parts += [_message_html(message, self.result.marks, f"/messages/{i}/content",
                                self.origin.display_limit)
                  for i, message in enumerate(self.result.messages)]
        head = self.origin.head(ms_text(self.duration_ms), f"{len(self.result.messages)} messages")
        return mimebundle(data, html.frame_html(head, "".join(parts), attrs={"kind": "prompt"},
                                                real_values=real),
                          f"{head}\n{clip(self.text)}", include, exclude)

    def __repr__(self) -> str:
        return f"<PromptView {self.origin.name}: {len(self.result.messages)} messages>"


def _block_text(block: object) -> str:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, EmbeddedResource):
        inner = block.resource
        return inner.text if isinstance(inner, TextResourceContents) else f"<blob {inner.uri}>"
    if isinstance(block, ResourceLink):
        return f"<link {block.uri}>"
    return f"<{getattr(block, 'type', 'content')}>"


def _message_html(message: PromptMessage, marks: Sequence[Mark], path: str, limit: int) -> str:
    """One message as a bubble under its role. Marks on a whole text cannot say which words changed,
    so they are summarised once under the bubble rather than painted over the text."""
    at_text = [m for m in marks if m.path == path + "/text"]
    body = _block_html(message.content, html.index_marks(marks), path, limit)
    counts: dict[tuple[str, str], list[Mark]] = {}
    for mark in at_text:
        counts.setdefault((mark.kind, mark.entity), []).append(mark)
    changes = " ".join(html.badge(html.esc(f"{entity} ×{len(same)}"), same[0])
                       for (_, entity), same in counts.items())
    note = f'<div class="cloudg-muted">changed inside: {changes}</div>' if changes else ""
    return (f'<div class="cloudg-message" data-role="{html.esc(message.role)}"><div class="cloudg-role">'
            f'{html.esc(message.role)}</div><div class="cloudg-bubble">{body}{note}</div></div>')


def _block_html(block: object, marks: html.MarkIndex, path: str, limit: int) -> str:
    if isinstance(block, TextContent):
        if block.text.lstrip().startswith(("{", "[")):
            return f'<pre class="cloudg-json">{html.esc(_formatted_json(block.text))}</pre>'
        return f'<div class="cloudg-message-text">{html.esc(block.text)}</div>'
    if isinstance(block, EmbeddedResource) and isinstance(block.resource, TextResourceContents):
        text_path = path + "/resource/text"
        if is_json_mime(block.resource.mime_type):
            try:
                return html.json_block(json.loads(block.resource.text), marks, text_path, limit=limit)
            except ValueError:
                pass
        text = html.badge(html.esc(block.resource.text), marks.get(text_path))
        return f'<pre class="cloudg-json">{text}</pre>'
    return f"<pre>{html.esc(_block_text(block))}</pre>"


def _formatted_json(text: str) -> str:
    """A prompt's JSON context re-indented; as it came when it does not parse, because a context
    the layer cut to its budget (`… [+2211 chars]`) is still indented JSON text."""
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except ValueError:
        return text
