"""Core value objects straight to the SDK's types, without building a camelCase dict to re-parse.

Each core value becomes its SDK model through the model's constructor, field by field, with
exactly the fields `to_wire()` would have sent: the same models, the same set fields, the same
bytes on the wire. The constructors still let pydantic-core check each field (cheap, and a
guard against a handler's odd annotations); `model_construct` skips that but measured slower,
since it runs in Python. A trivial result maps in about half the time of
`model_validate(result.to_wire())`.
"""

from __future__ import annotations

from typing import Any

from mcp import types

from cloudg_lab.types import (
    BlobResourceContents,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    PromptResult,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolResult,
)

SdkContent = types.TextContent | types.ImageContent | types.EmbeddedResource | types.ResourceLink
SdkContents = types.TextResourceContents | types.BlobResourceContents


def tool_result(result: ToolResult) -> types.CallToolResult:
    fields: dict[str, Any] = {"content": [content(c) for c in result.content],
                              "is_error": result.is_error}
    if result.structured is not None:
        fields["structured_content"] = result.structured
    if result.meta:
        fields["meta"] = result.meta
    return types.CallToolResult(**fields)


def read_result(items: list[TextResourceContents | BlobResourceContents]) -> types.ReadResourceResult:
    return types.ReadResourceResult(contents=[contents(c) for c in items])


def prompt_result(result: PromptResult) -> types.GetPromptResult:
    messages = [types.PromptMessage(role=m.role, content=content(m.content))
                for m in result.messages]
    fields: dict[str, Any] = {"messages": messages}
    if result.description is not None:
        fields["description"] = result.description
    if result.meta:
        fields["meta"] = result.meta
    return types.GetPromptResult(**fields)


def content(block: ContentBlock) -> SdkContent:
    """One content block as the SDK's model of its type."""
    if isinstance(block, TextContent):
        return types.TextContent(type="text", text=block.text, **_annotations(block.annotations))
    if isinstance(block, ImageContent):
        return types.ImageContent(type="image", data=block.data, mime_type=block.mime_type,
                                  **_annotations(block.annotations))
    if isinstance(block, EmbeddedResource):
        return types.EmbeddedResource(type="resource", resource=contents(block.resource),
                                      **_annotations(block.annotations))
    if not isinstance(block, ResourceLink):
        raise TypeError(f"not a content block: {type(block).__name__}")
    return types.ResourceLink(**block.present(), **_annotations(block.annotations))


def contents(item: TextResourceContents | BlobResourceContents) -> SdkContents:
    """Resource contents (read results, embedded resources) as the SDK's model."""
    fields: dict[str, Any] = {"uri": item.uri}
    if item.mime_type:
        fields["mime_type"] = item.mime_type
    if item.meta:
        fields["meta"] = item.meta
    if isinstance(item, TextResourceContents):
        return types.TextResourceContents(text=item.text, **fields)
    return types.BlobResourceContents(blob=item.blob, **fields)


def _annotations(annotations: dict[str, Any] | None) -> dict[str, Any]:
    return {"annotations": annotations} if annotations else {}
