"""Turning what a handler returned into what the caller gets (seed §4.1.10 to §4.1.13).

Every piece that reaches the wire passes the output pipeline here, each with its own JSON pointer
so the pipeline's marks point at the exact place it changed. The text block is cut only after the
pipeline ran, and only between tokens (`privacy.cutting`); a paged tool's page that the text cap
cannot hold is shortened to whole records instead (`privacy.pages`), so text and structured
content describe the same page and its cursor continues right after it.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import enum
import json
import math
import uuid
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from pathlib import PurePath

import orjson
from pydantic import BaseModel

from cloudg_lab import pointer
from cloudg_lab.privacy import pages
from cloudg_lab.privacy.cutting import safe_end
from cloudg_lab.privacy.pipeline import Pipeline, Report, TransformContext
from cloudg_lab.types import (
    META_PREFIX,
    BlobResourceContents,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    PageCursor,
    PromptMessage,
    PromptResult,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolResult,
)

TRUNCATION_MARKER = "... [truncated by cloudg mcp layer]"
_INDENT = 2
_MAX_DEPTH = 200
_SCALARS = frozenset({str, int, bool, type(None)})
"""Types `jsonable` keeps as they are (exactly these: a subclass may carry anything)."""
_STR = frozenset({str})


def jsonable(value: object, _depth: int = 0) -> object:
    """A JSON-compatible copy of `value` (seed §4.1.10); `raw_data` never leaves a model.

    Ours rather than `pydantic_core.to_jsonable_python`: that one excludes a field only at the
    top of the value, not in models nested at any depth, and writes sets in hash order (so a
    result would differ between processes); it also stops a too-deep value with an error where
    this one marks the depth and goes on."""
    if _depth > _MAX_DEPTH:
        return "<nested too deep>"
    if type(value) is dict and _SCALARS.issuperset(map(type, value.values())) \
            and _STR.issuperset(map(type, value)):
        return dict(value)  # a record of scalars (most of a page) is copied whole
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if type(value) is dict or isinstance(value, Mapping):  # scalars inline: one call each is slow
        return {(k if type(k) is str else str(k)): (v if type(v) in _SCALARS else jsonable(v, _depth + 1))
                for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [v if type(v) in _SCALARS else jsonable(v, _depth + 1) for v in items]
    if isinstance(value, BaseModel):
        return jsonable(value.model_dump(mode="json", exclude={"raw_data"}), _depth + 1)
    if isinstance(value, enum.Enum):
        return jsonable(value.value, _depth + 1)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)
                  if f.name != "raw_data"}
        return jsonable(fields, _depth + 1)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return jsonable(to_dict(), _depth + 1)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, bytes | bytearray):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, Decimal | uuid.UUID | PurePath):
        return str(value)
    return f"<{type(value).__name__}>"


def dumps(value: object) -> str:
    """The text block: indented JSON (seed §4.1.12), written by orjson, several times faster than
    the standard library's indenting encoder (pure Python). What orjson refuses (integers past
    64 bits, lone surrogates) the standard library writes, so every value still gets its text."""
    try:
        return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()
    except TypeError:
        return json.dumps(value, indent=_INDENT, ensure_ascii=False)


def cut(text: str, limit: int) -> tuple[str, int]:
    """`text` within `limit` characters ending in the marker, and how many were removed.

    The cut falls between tokens, so what goes is a whole value, pseudonym or marker, never the
    tail of one (`privacy.cutting`).
    """
    if limit <= 0 or len(text) <= limit:
        return text, 0
    kept = text[:safe_end(text, max(0, limit - len(TRUNCATION_MARKER)))].rstrip()
    return kept + TRUNCATION_MARKER, len(text) - len(kept)


def _apply(pipeline: Pipeline, value: object, ctx: TransformContext, path: str) -> object:
    return pipeline.apply(value, ctx.at(path)) if pipeline else value


def tool_result(value: object, pipeline: Pipeline, ctx: TransformContext, links: list[ResourceLink],
                max_output_chars: int, *, page_cursor: PageCursor | None = None) -> ToolResult:
    """Normalise, transform, render and cap a handler's return value.

    `ctx` is this call's own, still empty context; `page_cursor` is the paged tool's (if any).
    """
    if isinstance(value, ToolResult):
        result = _transform_tool_result(value, pipeline, ctx)
    else:
        raw = jsonable(value)
        structured, full, ctx = _structured(raw if isinstance(raw, dict) else {"result": raw},
                                            pipeline, ctx, max_output_chars, page_cursor)
        text, removed = cut(full, max_output_chars)
        if removed:
            ctx.report.set("truncated_chars", removed)
        result = ToolResult(content=[TextContent(text=text)], structured=structured)
    start = len(result.content)
    for i, link in enumerate(links):
        result.content.append(_transform_link(link, pipeline, ctx, f"/content/{start + i}"))
    _annotate_content(result.content, ctx)
    report = ctx.report.to_dict()
    if report:
        result.meta[META_PREFIX + "transforms"] = report
    result.marks = ctx.marks
    return result


def _structured(raw: dict[str, object], pipeline: Pipeline, ctx: TransformContext, limit: int,
                cursor: PageCursor | None) -> tuple[dict[str, object], str, TransformContext]:
    """The transformed structured value, its text, and the context the rest of the result uses.

    A page (with its tool's `cursor`) whose text passes `limit` is shortened to the records that
    fit and transformed afresh, into a context of its own, so the report and marks count only what
    is delivered; the budget inside the pipeline (`project`) may shorten it further.
    """
    paged = ctx if ctx.page_cursor is cursor else replace(ctx, page_cursor=cursor)
    structured = _transformed(raw, pipeline, paged)
    text = dumps(structured)
    if len(text) <= limit or cursor is None or not pages.is_page(raw) or not pages.is_page(structured):
        return structured, text, ctx
    items, offered = structured["items"], raw["items"]
    if not isinstance(items, list) or not isinstance(offered, list):  # what `is_page` checked
        return structured, text, ctx
    room = limit - len(dumps(pages.bare(structured, cursor))) - len("\n\n  ") - pages.SLACK
    keep = pages.fitting([_indented_size(item) for item in items], room, len(",\n"))
    if keep >= len(items):
        return structured, text, ctx
    fresh = replace(ctx, report=Report(), marks=[], state={})
    structured = _transformed(pages.shorten(raw, keep, cursor), pipeline,
                              replace(fresh, page_cursor=cursor))
    fresh.report.merge("projection", {"page_shortened": 1, "text_budget": {
        "max_output_chars": limit, "records": structured.get("returned"),
        "records_offered": len(offered)}})
    return structured, dumps(structured), fresh


def _transformed(raw: dict[str, object], pipeline: Pipeline, ctx: TransformContext) -> dict[str, object]:
    structured = _apply(pipeline, raw, ctx, "/structuredContent")
    return structured if isinstance(structured, dict) else {"result": structured}  # odd data stays honest


def _indented_size(item: object) -> int:
    """The characters `item` takes as an element of a top-level list in `dumps` (two levels in)."""
    text = dumps(item)
    return len(text) + 2 * _INDENT * (text.count("\n") + 1)


def _transform_tool_result(result: ToolResult, pipeline: Pipeline, ctx: TransformContext) -> ToolResult:
    structured = None
    if result.structured is not None:
        shown = _apply(pipeline, jsonable(result.structured), ctx, "/structuredContent")
        structured = shown if isinstance(shown, dict) else {"result": shown}
    content = [_transform_block(block, pipeline, ctx, f"/content/{i}")
               for i, block in enumerate(result.content)]
    meta = _apply(pipeline, jsonable(result.meta), ctx, "/_meta") if result.meta else {}
    return ToolResult(content=content, structured=structured, is_error=result.is_error,
                      meta=meta if isinstance(meta, dict) else {})


def _transform_block(block: object, pipeline: Pipeline, ctx: TransformContext,
                     path: str) -> ContentBlock:
    if isinstance(block, TextContent):
        text = _apply(pipeline, block.text, ctx, path + "/text")
        return TextContent(text=_as_text(text), annotations=block.annotations)
    if isinstance(block, EmbeddedResource):
        return EmbeddedResource(resource=_transform_contents(block.resource, pipeline, ctx,
                                                             path + "/resource"),
                                annotations=block.annotations)
    if isinstance(block, ResourceLink):
        return _transform_link(block, pipeline, ctx, path)
    if isinstance(block, ImageContent):
        return block
    return TextContent(text=_as_text(_apply(pipeline, jsonable(block), ctx, path + "/text")))


def _transform_link(link: ResourceLink, pipeline: Pipeline, ctx: TransformContext,
                    path: str) -> ResourceLink:
    """The text fields, in this order, pass the pipeline (ARCHITECTURE.md, step 11)."""
    def shown(field: str, value: str) -> str:
        return _as_text(_apply(pipeline, value, ctx, f"{path}/{field}"))

    return dataclasses.replace(
        link, uri=shown("uri", link.uri), name=shown("name", link.name),
        title=None if link.title is None else shown("title", link.title),
        description=None if link.description is None else shown("description", link.description))


def _transform_contents(contents: TextResourceContents | BlobResourceContents, pipeline: Pipeline,
                        ctx: TransformContext, path: str) -> TextResourceContents | BlobResourceContents:
    if not pipeline:
        return contents
    uri = _as_text(_apply(pipeline, contents.uri, ctx, path + "/uri"))
    if isinstance(contents, BlobResourceContents):
        return dataclasses.replace(contents, uri=uri)
    contents = dataclasses.replace(contents, uri=uri)
    text = contents.text
    if _is_json_mime(contents.mime_type):
        try:
            parsed = json.loads(text)
        except ValueError:
            pass  # not JSON after all: transform it as text
        else:
            return dataclasses.replace(contents,
                                       text=dumps(_apply(pipeline, parsed, ctx, path + "/text")))
    return dataclasses.replace(contents, text=_as_text(_apply(pipeline, text, ctx, path + "/text")))


def _is_json_mime(mime: str | None) -> bool:
    return mime is not None and (mime == "application/json" or mime.endswith("+json"))


def _as_text(value: object) -> str:
    return value if isinstance(value, str) else dumps(jsonable(value))


def _annotate_content(content: list[ContentBlock], ctx: TransformContext) -> None:
    """Audience and priority go on the content items themselves, not only in the report."""
    hints = ctx.report.get("content_annotations")
    if not hints or not isinstance(hints, dict):
        return
    for block in content:
        block.annotations = {**(block.annotations or {}), **hints}


def error_result(code: int | str, message: str, data: object, pipeline: Pipeline,
                 ctx: TransformContext) -> ToolResult:
    """An `isError` result whose text and data passed the output pipeline (seed §4.1.14).

    The data goes first: names it types (a `ref`, an `owner`) are then known when the free-text
    message is scanned.
    """
    meta: dict[str, object] = {META_PREFIX + "error_code": code}
    if data is not None:
        meta[META_PREFIX + "error_data"] = _apply(pipeline, jsonable(data), ctx,
                                                  pointer.join("/_meta", META_PREFIX + "error_data"))
    text = _as_text(_apply(pipeline, message, ctx, "/content/0/text"))
    report = ctx.report.to_dict()
    if report:
        meta[META_PREFIX + "transforms"] = report
    return ToolResult(content=[TextContent(text=text)], is_error=True, meta=meta, marks=ctx.marks)


def transform_message(message: str, data: object, pipeline: Pipeline,
                      ctx: TransformContext) -> tuple[str, object]:
    """A protocol error's message and data as the caller may see them (data first, as above)."""
    out = None if data is None else _apply(pipeline, jsonable(data), ctx, "/error/data")
    return _as_text(_apply(pipeline, message, ctx, "/error/message")), out


# --------------------------------------------------------------------------- resources


def resource_contents(value: object, uri: str, mime_type: str, pipeline: Pipeline,
                      ctx: TransformContext) -> list[TextResourceContents | BlobResourceContents]:
    """Normalise a resource handler's return (str, bytes, contents list or JSON) and transform it.

    The requested URI is echoed in the contents, so it passes the pipeline too: a caller that typed
    a real identifier into it gets the pseudonym back, like everywhere else.
    """
    if isinstance(value, TextResourceContents | BlobResourceContents):
        value = [value]
    if isinstance(value, list) and value and all(
            isinstance(v, TextResourceContents | BlobResourceContents) for v in value):
        out = [_transform_contents(v, pipeline, ctx, f"/contents/{i}") for i, v in enumerate(value)]
    else:
        shown = _as_text(_apply(pipeline, uri, ctx, "/contents/0/uri"))
        if isinstance(value, bytes | bytearray):
            blob_mime = "application/octet-stream" if _is_json_mime(mime_type) else mime_type
            out = [BlobResourceContents.from_bytes(shown, bytes(value), blob_mime)]
        elif isinstance(value, str):
            text = _as_text(_apply(pipeline, value, ctx, "/contents/0/text"))
            text_mime = "text/plain" if _is_json_mime(mime_type) else mime_type
            out = [TextResourceContents(uri=shown, text=text, mime_type=text_mime)]
        else:
            data = _apply(pipeline, jsonable(value), ctx, "/contents/0/text")
            out = [TextResourceContents(uri=shown, text=dumps(data), mime_type="application/json")]
    report = ctx.report.to_dict()
    if report:
        for item in out:
            item.meta = {**(item.meta or {}), META_PREFIX + "transforms": report}
    return out


# --------------------------------------------------------------------------- prompts


def prompt_result(value: object, pipeline: Pipeline, ctx: TransformContext) -> PromptResult:
    """Normalise a prompt handler's return (PromptResult, messages or str) and transform it."""
    if isinstance(value, PromptResult):
        result = value
    elif isinstance(value, str):
        result = PromptResult(messages=[PromptMessage(role="user", content=TextContent(text=value))])
    elif isinstance(value, list):
        result = PromptResult(messages=[_as_message(m) for m in value])
    else:
        raise TypeError(f"a prompt handler returned {type(value).__name__}; expected "
                        "PromptResult, a list of PromptMessage or a string")
    messages = [PromptMessage(role=m.role, content=_transform_block(m.content, pipeline, ctx,
                                                                    f"/messages/{i}/content"))
                for i, m in enumerate(result.messages)]
    meta = dict(result.meta)
    report = ctx.report.to_dict()
    if report:
        meta[META_PREFIX + "transforms"] = report
    return PromptResult(messages=messages, description=result.description, meta=meta,
                        marks=ctx.marks)


def _as_message(item: object) -> PromptMessage:
    if isinstance(item, PromptMessage):
        return item
    if isinstance(item, str):
        return PromptMessage(role="user", content=TextContent(text=item))
    raise TypeError(f"a prompt message must be a PromptMessage or a string, got {type(item).__name__}")


# --------------------------------------------------------------------------- completions

MAX_COMPLETIONS = 100


def completion_values(values: list[str], argument: str, pipeline: Pipeline,
                      ctx: TransformContext) -> dict[str, object]:
    """Cap at 100, then transform each value wrapped as `{argument: value}` (seed §4.3)."""
    total = len(values)
    kept = []
    for i, value in enumerate(values[:MAX_COMPLETIONS]):
        wrapped = _apply(pipeline, {argument: value}, ctx, f"/completion/values/{i}")
        out = wrapped.get(argument) if isinstance(wrapped, dict) else None
        if isinstance(out, str):
            kept.append(out)
    return {"values": kept, "total": total, "hasMore": total > MAX_COMPLETIONS}
