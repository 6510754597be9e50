"""Which form field a JSON Schema node becomes (the fields themselves are in `form`).

Works on any `inputSchema`, not only ours: `$ref` and single-item `allOf` are followed, `anyOf`
/ `oneOf` / a type list with exactly one non-null branch become that branch marked nullable,
`enum` (or `const`) a dropdown whatever the type, and anything a form cannot express falls back
to a JSON input, so every schema builds.
"""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as widgets

from cloudg_lab.notebook.widgets.form import Chips, Choice, Field, Group, Number, Text, shown

_CHIPS = {"string": widgets.TagsInput, "integer": widgets.IntsInput, "number": widgets.FloatsInput}


def resolve(schema: Mapping[str, object], root: Mapping[str, object]) -> dict[str, object]:
    """`schema` with `$ref` and single-item `allOf` replaced by what they point to."""
    node = dict(schema)
    for _ in range(32):
        ref, all_of = node.get("$ref"), node.get("allOf")
        if isinstance(ref, str):
            del node["$ref"]
            target: object = root
            for part in ref.lstrip("#/").split("/"):
                target = target.get(part, {}) if isinstance(target, Mapping) else {}
            node = {**_object(target), **node}
        elif isinstance(all_of, list) and len(all_of) == 1:
            del node["allOf"]
            node = {**_object(all_of[0]), **node}
        else:
            break
    return node


def build(path: str, schema: Mapping[str, object], root: Mapping[str, object], *,
          required: bool = False) -> Field:
    """The field for one schema node at `path` (dotted, for error messages)."""
    node = resolve(schema, root)
    inner = _non_null(node, root)
    if inner is not None:
        field = build(path, {**inner, **_kept(node)}, root, required=required)
        field.nullable = True
        return field
    kind = node.get("type")
    if "const" in node and "enum" not in node:
        node = {**node, "enum": [node["const"]]}
    if isinstance(enum := node.get("enum"), list) and enum:
        return Choice(path, required, node, list(enum))
    if kind == "boolean":
        return Choice(path, required, node, [True, False], buttons=True)
    if kind == "object" and isinstance(node.get("properties"), Mapping):
        return group(path, required, node, root)
    if kind == "array":
        return _array(path, required, node, root)
    if kind in ("integer", "number"):
        if required or isinstance(node.get("default"), int | float):
            return Number(path, required, node, kind)
        return Text(path, required, node, kind)
    return Text(path, required, node, "string" if kind == "string" else "json")


def _non_null(node: Mapping[str, object], root: Mapping[str, object]) -> dict[str, object] | None:
    """The one real branch of `X | None` (anyOf, oneOf or a type list), else None."""
    branches = node.get("anyOf") or node.get("oneOf")
    if isinstance(branches, list):
        real = [resolve(b, root) for b in branches if resolve(b, root).get("type") != "null"]
        return real[0] if len(real) == 1 and len(real) < len(branches) else None
    types = node.get("type")
    if isinstance(types, list) and "null" in types:
        real_types = [t for t in types if t != "null"]
        if len(real_types) == 1:
            return {**node, "type": real_types[0]}
    return None


def _kept(node: Mapping[str, object]) -> dict[str, object]:
    """What the outer node says about the field itself (not its type)."""
    return {k: node[k] for k in ("default", "description", "title") if k in node}


def _array(path: str, required: bool, node: Mapping[str, object], root: Mapping[str, object]) -> Field:
    items = resolve(_object(node.get("items")), root)
    default = node.get("default")
    start = list(default) if isinstance(default, list) else []
    placeholder = "unset" if not start else f"unset · {shown(start)}"
    if isinstance(enum := items.get("enum"), list):
        allowed = [str(v) for v in enum]
        chips = widgets.TagsInput(value=[], allowed_tags=allowed, placeholder=placeholder)
        return Chips(path, required, node, chips)
    make = _CHIPS.get(str(items.get("type")))
    if make is None:
        return Text(path, required, node, "json")
    return Chips(path, required, node, make(value=[], placeholder=placeholder))


def group(path: str, required: bool, node: Mapping[str, object], root: Mapping[str, object]) -> Group:
    listed = node.get("required")
    needed = set(listed) if isinstance(listed, list) else set()
    properties = node.get("properties")
    fields = [build(f"{path}.{key}" if path else key, sub, root, required=key in needed)
              for key, sub in (properties.items() if isinstance(properties, Mapping) else ())]
    return Group(path, required, node, fields)


def _object(value: object) -> Mapping[str, object]:
    """A schema node that must be an object (`{}`, which allows anything, when it is not)."""
    return value if isinstance(value, Mapping) else {}


def form(schema: Mapping[str, object] | None) -> Group:
    """The root form of a tool's `inputSchema` (an empty group for a tool without arguments)."""
    root = dict(schema or {})
    return group("", True, root, root)
