"""Listings as wire dicts: what each principal may see, with the catalog `_meta` on every item."""

from __future__ import annotations

from cloudg_lab.registry import PromptSpec, ResourceSpec, TemplateSpec, ToolSpec


def tool_wire(spec: ToolSpec, prefix: str, *, with_output_schema: bool) -> dict[str, object]:
    """`outputSchema` only when the caller's output pipeline cannot change the structure."""
    wire: dict[str, object] = {"name": prefix + spec.name, "description": spec.description,
                            "inputSchema": dict(spec.input_schema)}
    if spec.title:
        wire["title"] = spec.title
    if with_output_schema and spec.output_schema is not None:
        wire["outputSchema"] = dict(spec.output_schema)
    wire["annotations"] = {"readOnlyHint": spec.read_only, "destructiveHint": spec.destructive,
                           "idempotentHint": spec.idempotent, "openWorldHint": spec.open_world}
    wire["_meta"] = spec.catalog_meta()
    return wire


def resource_wire(spec: ResourceSpec) -> dict[str, object]:
    return {"uri": spec.uri, "name": spec.name, "description": spec.description,
            "mimeType": spec.mime_type, "_meta": spec.catalog_meta()}


def template_wire(spec: TemplateSpec) -> dict[str, object]:
    return {"uriTemplate": spec.uri_template, "name": spec.name, "description": spec.description,
            "mimeType": spec.mime_type, "_meta": spec.catalog_meta()}


def prompt_wire(spec: PromptSpec, prefix: str) -> dict[str, object]:
    wire: dict[str, object] = {"name": prefix + spec.name, "description": spec.description,
                            "arguments": [a.to_wire() for a in spec.arguments],
                            "_meta": spec.catalog_meta()}
    if spec.title:
        wire["title"] = spec.title
    return wire
