"""Listings for the notebook: the layer's wire items filtered and flattened into table rows.

The wire items stay as the layer produced them (they go into the MIME payload); rows are a
reader's view: name, category, sensitivity, a one-line description and what must be passed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

from cloudg_lab.layer import Layer
from cloudg_lab.types import META_PREFIX, Principal

Kind = Literal["tools", "resources", "templates", "prompts"]
KINDS: tuple[Kind, ...] = ("tools", "resources", "templates", "prompts")
_DESCRIPTION_CHARS = 90

_COLUMNS: dict[str, list[str]] = {
    "tools": ["name", "category", "sensitivity", "description", "required"],
    "resources": ["uri", "name", "category", "sensitivity", "description"],
    "templates": ["uriTemplate", "name", "category", "sensitivity", "description"],
    "prompts": ["name", "category", "sensitivity", "description", "arguments"],
}


async def fetch(layer: Layer, kind: Kind, principal: Principal) -> list[dict[str, object]]:
    """The wire listing of `kind` as `principal` sees it."""
    method = {"tools": layer.list_tools, "resources": layer.list_resources,
              "templates": layer.list_resource_templates, "prompts": layer.list_prompts}[kind]
    return list(await method(principal))


def filtered(items: list[dict[str, object]], *, grep: str | None = None,
             category: str | None = None) -> list[dict[str, object]]:
    """Items whose name, URI or description match `grep` (case-insensitive regex) and category.

    Raises:
        re.error: for an invalid pattern.
    """
    pattern = re.compile(grep, re.IGNORECASE) if grep else None
    out = []
    for item in items:
        if category and _meta(item, "category") != category:
            continue
        haystack = " ".join(str(item.get(k, "")) for k in ("name", "uri", "uriTemplate", "description"))
        if pattern is not None and not pattern.search(haystack):
            continue
        out.append(item)
    return out


def rows(kind: Kind, items: list[dict[str, object]]) -> tuple[list[dict[str, object]], list[str]]:
    """Table rows and their column order for a listing of `kind`."""
    out = []
    for item in items:
        row = {"name": item.get("name"), "uri": item.get("uri"),
               "uriTemplate": item.get("uriTemplate"), "category": _meta(item, "category"),
               "sensitivity": _meta(item, "sensitivity"),
               "description": _one_line(str(item.get("description") or ""))}
        if kind == "tools":
            required = _member(item.get("inputSchema"), "required")
            row["required"] = list(required) if isinstance(required, list) else []
        if kind == "prompts":
            declared = item.get("arguments")
            row["arguments"] = [f"{a.get('name')}{'*' if a.get('required') else ''}"
                                for a in (declared if isinstance(declared, list) else [])
                                if isinstance(a, Mapping)]
        out.append({c: row.get(c) for c in _COLUMNS[kind]})
    return out, _COLUMNS[kind]


def _meta(item: dict[str, object], key: str) -> object:
    return _member(item.get("_meta"), META_PREFIX + key)


def _member(value: object, key: str) -> object:
    """`value[key]` when `value` is an object that has it, else None."""
    return value.get(key) if isinstance(value, Mapping) else None


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= _DESCRIPTION_CHARS else line[:_DESCRIPTION_CHARS - 1] + "…"
