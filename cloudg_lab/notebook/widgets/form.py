"""A form built from a tool's `inputSchema`, and the arguments it holds.

Strings, numbers, integers and booleans get the matching input; enums a dropdown; arrays of
strings, enums or numbers a tags input; nested objects a nested group; `anyOf [X, null]` (how
pydantic writes `X | None`) a "set" switch in front of X. Anything else (several types, no type,
arrays of objects) falls back to a small JSON editor. Only what the user set, or what is
required, goes into the arguments, so the tool's own defaults apply to the rest.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cloudg_lab.notebook.display.html import esc

_WIDE = {"description_width": "initial"}
_UNSET = "(default)"


class Field:
    """One schema node as widgets; `value()` reads it, `is_set()` says if it goes in the call."""

    widget: Any

    def __init__(self, name: str, required: bool) -> None:
        self.name = name
        self.required = required

    def value(self) -> Any:
        """Raises:
            ValueError: naming the field, when its input is not a valid value.
        """
        raise NotImplementedError

    def is_set(self) -> bool:
        return self.required


class Scalar(Field):
    """A text, number, integer or checkbox input; set when required or changed from the default."""

    def __init__(self, name: str, required: bool, widget: Any, default: Any) -> None:
        super().__init__(name, required)
        self.widget = widget
        self.default = default

    def value(self) -> Any:
        return self.widget.value

    def is_set(self) -> bool:
        """Required, or changed from the default; without a default, an empty input is left out."""
        if self.required:
            return True
        value = self.widget.value
        if self.default is None:
            return value not in ("", 0, False)
        return bool(value != self.default)


class Enum(Field):
    """A dropdown of the schema's `enum`; an optional one starts at "(default)"."""

    def __init__(self, name: str, required: bool, options: list[Any], default: Any,
                 tooltip: str) -> None:
        super().__init__(name, required)
        labelled = [(json.dumps(o) if not isinstance(o, str) else o, o) for o in options]
        if not required:
            labelled.insert(0, (_UNSET, _UNSET))
        start = default if default in options else labelled[0][1]
        self.widget = widgets.Dropdown(options=labelled, value=start, description=name,
                                       tooltip=tooltip, style=_WIDE)
        self.default = default

    def value(self) -> Any:
        return self.widget.value

    def is_set(self) -> bool:
        return self.required or self.widget.value not in (_UNSET, self.default)


class Tags(Field):
    """An array of strings, enum values or numbers, edited as tags."""

    def __init__(self, name: str, required: bool, tags: Any) -> None:
        super().__init__(name, required)
        self.tags = tags
        self.widget = widgets.HBox([widgets.Label(name), tags])

    def value(self) -> Any:
        return list(self.tags.value)

    def is_set(self) -> bool:
        return self.required or bool(self.tags.value)


class Json(Field):
    """The fallback: a JSON text area, for shapes a form cannot express."""

    def __init__(self, name: str, required: bool, default: Any, tooltip: str) -> None:
        super().__init__(name, required)
        text = json.dumps(default) if default is not None else ""
        self.widget = widgets.Textarea(value=text, description=f"{name} (JSON)", tooltip=tooltip,
                                       placeholder="a JSON value", style=_WIDE,
                                       layout=widgets.Layout(width="95%"))
        self.default_text = text

    def value(self) -> Any:
        text = self.widget.value.strip()
        try:
            return json.loads(text) if text else None
        except ValueError as exc:
            raise ValueError(f"{self.name}: not valid JSON ({exc})") from None

    def is_set(self) -> bool:
        text = self.widget.value.strip()
        return self.required or (bool(text) and text != self.default_text)


class Nullable(Field):
    """`X | None`: a switch that sends X when on; off means null (or the tool's default)."""

    def __init__(self, inner: Field, default: Any) -> None:
        super().__init__(inner.name, inner.required)
        self.inner = inner
        self.switch = widgets.Checkbox(value=default is not None, description="set", indent=False,
                                       layout=widgets.Layout(width="4em"))
        self.widget = widgets.HBox([self.switch, inner.widget])
        self.default = default
        source = getattr(inner, "tags", inner.widget)
        if source.has_trait("value"):  # typing into the field switches it on
            source.observe(lambda _c: setattr(self.switch, "value", True), names="value")

    def value(self) -> Any:
        return self.inner.value() if self.switch.value else None

    def is_set(self) -> bool:
        """Switched on: set unless still at a non-null default; off: set if null is not the default."""
        if self.required:
            return True
        if self.switch.value:
            return self.default is None or self.inner.is_set()
        return self.default is not None


class Group(Field):
    """An object with `properties`: one field per property, in a bordered box."""

    def __init__(self, name: str, required: bool, fields: list[Field], tooltip: str) -> None:
        super().__init__(name, required)
        self.fields = fields
        children = [f.widget for f in fields]
        if not name:
            self.widget = widgets.VBox(children)
            return
        box = widgets.Layout(border="1px solid var(--jp-border-color2,#ccc)", padding="2px 6px")
        self.widget = widgets.VBox([widgets.HTML(f"<b>{esc(name)}</b>", tooltip=tooltip), *children],
                                   layout=box)

    def value(self) -> dict[str, Any]:
        return {f.name: f.value() for f in self.fields if f.is_set()}

    def is_set(self) -> bool:
        return self.required or any(f.is_set() for f in self.fields)


def resolve(schema: Mapping[str, Any], root: Mapping[str, Any]) -> dict[str, Any]:
    """`schema` with `$ref` and single-item `allOf` replaced by what they point to."""
    node = dict(schema)
    for _ in range(32):
        if "$ref" in node and isinstance(node["$ref"], str):
            target: Any = root
            for part in node.pop("$ref").lstrip("#/").split("/"):
                target = target.get(part, {}) if isinstance(target, Mapping) else {}
            node = {**target, **node}
        elif isinstance(node.get("allOf"), list) and len(node["allOf"]) == 1:
            node = {**node.pop("allOf")[0], **node}
        else:
            break
    return node


def build(name: str, schema: Mapping[str, Any], root: Mapping[str, Any], *,
          required: bool = False) -> Field:
    """The field for one schema node (the root object gives a `Group` without a title)."""
    node = resolve(schema, root)
    default = node.get("default")
    tip = str(node.get("description") or node.get("title") or "")
    branches = node.get("anyOf") or node.get("oneOf")
    types = node.get("type")
    if isinstance(branches, list):
        real = [b for b in branches if resolve(b, root).get("type") != "null"]
        if len(real) == 1 and len(real) < len(branches):
            inner = build(name, {**resolve(real[0], root), "description": tip, "default": default},
                          root, required=required)
            return Nullable(inner, default)
        return Json(name, required, default, tip)
    if isinstance(types, list):
        real_types = [t for t in types if t != "null"]
        if len(real_types) == 1:
            inner = build(name, {**node, "type": real_types[0]}, root, required=required)
            return Nullable(inner, default) if "null" in types else inner
        return Json(name, required, default, tip)
    if "enum" in node:
        return Enum(name, required, list(node["enum"]), default, tip)
    if types == "object" and isinstance(node.get("properties"), Mapping):
        return _group(name, required, node, root, tip)
    if types == "array":
        return _array(name, required, node, root)
    return _scalar(name, required, types, default, tip)


_INPUTS: dict[str, tuple[Any, type]] = {"boolean": (widgets.Checkbox, bool),
                                       "integer": (widgets.IntText, int),
                                       "number": (widgets.FloatText, float),
                                       "string": (widgets.Text, str)}


def _scalar(name: str, required: bool, kind: Any, default: Any, tip: str) -> Field:
    found = _INPUTS.get(kind) if isinstance(kind, str) else None
    if found is None:
        return Json(name, required, default, tip)
    make, cast = found
    try:
        start = cast(default) if default is not None else cast()
    except (TypeError, ValueError):
        start = cast()
    extra = {"indent": False} if kind == "boolean" else {}
    return Scalar(name, required, make(value=start, description=name, tooltip=tip, style=_WIDE,
                                       **extra), default)


def _array(name: str, required: bool, node: Mapping[str, Any], root: Mapping[str, Any]) -> Field:
    items = resolve(node.get("items") or {}, root)
    default = node.get("default")
    tip = str(node.get("description") or node.get("title") or "")
    start = list(default) if isinstance(default, list) else []
    if "enum" in items:
        allowed = [str(v) for v in items["enum"]]
        return Tags(name, required, widgets.TagsInput(value=start, allowed_tags=allowed,
                                                      tooltip=tip))
    kind = items.get("type")
    if kind == "string":
        return Tags(name, required, widgets.TagsInput(value=start, tooltip=tip))
    if kind == "integer":
        return Tags(name, required, widgets.IntsInput(value=start, tooltip=tip))
    if kind == "number":
        return Tags(name, required, widgets.FloatsInput(value=start, tooltip=tip))
    return Json(name, required, default, tip)


def _group(name: str, required: bool, node: Mapping[str, Any], root: Mapping[str, Any],
           tip: str) -> Group:
    needed = set(node.get("required") or [])
    properties = node.get("properties")
    fields = [build(key, sub, root, required=key in needed)
              for key, sub in (properties.items() if isinstance(properties, Mapping) else ())]
    return Group(name, required, fields, tip)


def form(schema: Mapping[str, Any] | None) -> Group:
    """The root form of a tool's `inputSchema` (an empty group for a tool without arguments)."""
    root = dict(schema or {})
    return _group("", True, root, root, "")
