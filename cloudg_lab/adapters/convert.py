"""SDK answers from a mounted upstream as the layer's own value objects.

The layer's output pipeline knows `cloudg_lab.types`, not the SDK's models, so each block of an
upstream result is rebuilt here. URIs the upstream hands out are routed (`NAME+uri`) so a caller
can read them back through the layer; `_meta` keys in the layer's own namespace (`cloudg/`) and
the protocol's (`io.modelcontextprotocol/`) are dropped, so an upstream can forge neither a
transform report or an error code nor the envelope of the layer's own answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mcp import types as sdk

from cloudg_lab import types as core

_RESERVED = (core.META_PREFIX, "io.modelcontextprotocol/")
Route = Callable[[str], str]
SdkBlock = sdk.TextContent | sdk.ImageContent | sdk.AudioContent | sdk.ResourceLink | sdk.EmbeddedResource
"""A content block of an upstream's tool result or prompt message."""
"""Upstream URI → the URI a caller of the layer uses for it."""


def tool_result(result: sdk.CallToolResult, route: Route) -> core.ToolResult:
    """A successful upstream result (the caller checks `is_error` first)."""
    return core.ToolResult(content=[block(b, route) for b in result.content],
                      structured=dict(result.structured_content)
                      if result.structured_content is not None else None,
                      meta=foreign_meta(result.meta))


def error_text(result: sdk.CallToolResult) -> str:
    """The text of an upstream `isError` result, for the layer's own error result."""
    texts = [b.text for b in result.content if isinstance(b, sdk.TextContent)]
    return "\n".join(texts) or "The upstream tool reported an error"


def block(item: SdkBlock, route: Route) -> core.ContentBlock:
    """One content block; audio (which the layer has no type for) becomes a note saying so."""
    notes = _annotations(item)
    if isinstance(item, sdk.TextContent):
        return core.TextContent(text=item.text, annotations=notes)
    if isinstance(item, sdk.ImageContent):
        return core.ImageContent(data=item.data, mime_type=item.mime_type, annotations=notes)
    if isinstance(item, sdk.EmbeddedResource):
        return core.EmbeddedResource(resource=contents(item.resource, route), annotations=notes)
    if isinstance(item, sdk.ResourceLink):
        return core.ResourceLink(uri=route(str(item.uri)), name=item.name, title=item.title,
                            description=item.description, mime_type=item.mime_type,
                            annotations=notes)
    kind = getattr(item, "type", type(item).__name__)
    return core.TextContent(text=f"[{kind} content from the upstream is not forwarded]")


def contents(item: sdk.TextResourceContents | sdk.BlobResourceContents,
             route: Route) -> core.TextResourceContents | core.BlobResourceContents:
    uri = route(str(item.uri))
    meta = foreign_meta(item.meta) or None
    if isinstance(item, sdk.BlobResourceContents):
        return core.BlobResourceContents(uri=uri, blob=item.blob, mime_type=item.mime_type, meta=meta)
    return core.TextResourceContents(uri=uri, text=item.text, mime_type=item.mime_type, meta=meta)


def prompt_result(result: sdk.GetPromptResult, route: Route) -> core.PromptResult:
    """The upstream's messages; its `description` is left out, because the layer passes a
    prompt result's description on untransformed (the listing carries the scrubbed one)."""
    return core.PromptResult(messages=[core.PromptMessage(role=m.role, content=block(m.content, route))
                                  for m in result.messages], meta=foreign_meta(result.meta))


def foreign_meta(meta: Mapping[str, object] | None) -> dict[str, object]:
    """An upstream's `_meta` without keys in the layer's or the protocol's namespace."""
    return {k: v for k, v in (meta or {}).items() if not k.startswith(_RESERVED)}


def _annotations(item: SdkBlock) -> dict[str, object] | None:
    notes = getattr(item, "annotations", None)
    if not isinstance(notes, sdk.Annotations):
        return None
    dumped: dict[str, object] = notes.model_dump(by_alias=True, exclude_none=True, mode="json")
    return dumped or None
