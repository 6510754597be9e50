"""A form built from any tool's `inputSchema`, and the arguments it holds.

One row per property: the name (a `*` when required, the description as its tooltip), one input,
and a hint with the default, the bounds and what "unset" means. Enums are dropdowns (`<select>`),
booleans one unset/true/false switch, arrays of strings, enum values or numbers chips, numbers
bounded by the schema's minimum and maximum, nested objects a fieldset; `X | None` (pydantic's
`anyOf [X, null]`) is X with "or null" in its hint. Every optional field has an unset state the
user can see (an empty input showing the default, a "unset" choice), so no field needs a "set"
checkbox: only what the user set, and what is required, goes into the arguments, and the tool's
own defaults apply to the rest. Shapes a form cannot hold (several types, no type, arrays of
objects) get a small JSON input.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping

import ipywidgets as widgets

from cloudg_lab.notebook.display.html import esc

UNSET = "unset"
_LABEL = widgets.Layout(width="11em", min_width="11em")
_INPUT = widgets.Layout(width="22em")
_HINT_STYLE = "color:var(--jp-ui-font-color2);font-size:var(--jp-ui-font-size0,11px)"


class MissingValue(ValueError):
    """A required field left unset (the JSON editor still shows the rest)."""


def shown(value: object) -> str:
    """A schema value as the user would type it (JSON, strings without quotes)."""
    return value if isinstance(value, str) else json.dumps(value)


class Field:
    """One schema node as widgets. `value()` reads it, `is_set()` says if it goes in the call,
    `set_value()` fills it from JSON (the editor), `inputs()` are the widgets that change."""

    widget: widgets.Widget

    def __init__(self, path: str, required: bool, node: Mapping[str, object]) -> None:
        self.path = path
        self.name = path.rsplit(".", 1)[-1]
        self.required = required
        self.default = node.get("default")
        self.tooltip = str(node.get("description") or node.get("title") or "")
        self.nullable = False

    def value(self) -> object:
        """Raises:
            ValueError: naming the field, when its input is not a valid value (or is missing).
        """
        raise NotImplementedError

    def is_set(self) -> bool:
        raise NotImplementedError

    def set_value(self, value: object) -> None:
        """Show `value` (from the JSON editor); `clear()` is the unset state.

        Raises:
            ValueError: when the value does not fit this input.
        """
        raise NotImplementedError

    def clear(self) -> None:
        raise NotImplementedError

    def inputs(self) -> list[widgets.ValueWidget]:
        raise NotImplementedError

    def missing(self) -> MissingValue:
        return MissingValue(f"{self.path}: required")

    def hint(self) -> str:
        parts = [f"default {shown(self.default)}"] if self.default is not None else []
        if self.nullable:
            parts.append("or null")
        return " · ".join(parts)

    def row(self, control: widgets.Widget) -> widgets.HBox:
        """The name, the control and the hint on one line."""
        star = ' <b title="required">*</b>' if self.required else ""
        label = widgets.HTML(f'<span title="{esc(self.tooltip)}">{esc(self.name)}{star}</span>',
                             layout=_LABEL)
        hint = widgets.HTML(f'<span style="{_HINT_STYLE}">{esc(self.hint())}</span>')
        return widgets.HBox([label, control, hint])


class Text(Field):
    """A string, an optional integer or number without a default, or any JSON value: a text
    input that is unset while empty (its placeholder says what applies then)."""

    def __init__(self, path: str, required: bool, node: Mapping[str, object], kind: str) -> None:
        super().__init__(path, required, node)
        self.kind = kind
        self.node = node
        placeholder = UNSET if self.default is None else f"{UNSET} · {shown(self.default)}"
        make = widgets.Textarea if kind == "json" else widgets.Text
        self.input = make(placeholder=placeholder, tooltip=self.tooltip, layout=_INPUT)
        self.widget = self.row(self.input)

    def is_set(self) -> bool:
        """Required, or not empty (a string of spaces is a value; a number of spaces is not)."""
        text = self.input.value if self.kind == "string" else self.input.value.strip()
        return self.required or bool(text)

    def value(self) -> object:
        text = self.input.value if self.kind == "string" else self.input.value.strip()
        if not text:
            raise self.missing()
        if self.kind == "string":
            return text
        if self.kind == "json":
            try:
                return json.loads(text)
            except ValueError as exc:
                raise ValueError(f"{self.path}: not valid JSON ({exc})") from None
        return check_bounds(self.path, parse_number(self.path, text, self.kind), self.node)

    def set_value(self, value: object) -> None:
        if self.kind == "string" and not isinstance(value, str):
            raise ValueError(f"{self.path}: expected a string")
        self.input.value = value if self.kind == "string" else json.dumps(value)

    def clear(self) -> None:
        self.input.value = ""

    def inputs(self) -> list[widgets.ValueWidget]:
        return [self.input]

    def hint(self) -> str:
        return " · ".join(p for p in (bounds_text(self.node), super().hint()) if p)


class Number(Field):
    """An integer or number that has a default or is required: a number input bounded by the
    schema, starting at the default; set when changed from it (or when required)."""

    def __init__(self, path: str, required: bool, node: Mapping[str, object], kind: str) -> None:
        super().__init__(path, required, node)
        self.node = node
        low, high = limits(node, kind)
        cast = int if kind == "integer" else float
        start = cast(self.default) if isinstance(self.default, int | float) else cast(max(low, 0))
        if math.isinf(low) and math.isinf(high):
            make = widgets.IntText if kind == "integer" else widgets.FloatText
            self.input = make(value=start, tooltip=self.tooltip, layout=_INPUT)
        else:
            make = widgets.BoundedIntText if kind == "integer" else widgets.BoundedFloatText
            finite = (2**53 if kind == "integer" else 1e308)
            self.input = make(value=start, min=cast(max(low, -finite)), max=cast(min(high, finite)),
                              tooltip=self.tooltip, layout=_INPUT)
        self.start = start
        self.widget = self.row(self.input)

    def is_set(self) -> bool:
        return self.required or self.input.value != self.start

    def value(self) -> object:
        return self.input.value

    def set_value(self, value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{self.path}: expected a number")
        check_bounds(self.path, value, self.node)
        self.input.value = value

    def clear(self) -> None:
        self.input.value = self.start

    def inputs(self) -> list[widgets.ValueWidget]:
        return [self.input]

    def hint(self) -> str:
        return " · ".join(p for p in (bounds_text(self.node), super().hint()) if p)


class Choice(Field):
    """An enum (a dropdown) or a boolean (unset / true / false buttons): one control each, its
    first choice the visible unset state."""

    def __init__(self, path: str, required: bool, node: Mapping[str, object],
                 options: list[object], *, buttons: bool = False) -> None:
        super().__init__(path, required, node)
        self.options = options
        labels = [shown(o) for o in options]
        first = UNSET if self.default is None else f"{UNSET} ({shown(self.default)})"
        make = widgets.ToggleButtons if buttons else widgets.Dropdown
        extra = {"style": {"button_width": "8em"}} if buttons else {"layout": _INPUT}
        self.input = make(options=[first, *labels], index=0, tooltip=self.tooltip, **extra)
        self.widget = self.row(self.input)

    def is_set(self) -> bool:
        return self.required or self.input.index > 0

    def value(self) -> object:
        if self.input.index == 0:
            raise self.missing()
        return self.options[self.input.index - 1]

    def set_value(self, value: object) -> None:
        matches = [i for i, o in enumerate(self.options) if o == value and type(o) is type(value)]
        if not matches:
            raise ValueError(f"{self.path}: {shown(value)} is not one of the choices")
        self.input.index = matches[0] + 1

    def clear(self) -> None:
        self.input.index = 0

    def inputs(self) -> list[widgets.ValueWidget]:
        return [self.input]


class Chips(Field):
    """An array of strings, enum values or numbers, edited as chips; unset while empty."""

    def __init__(self, path: str, required: bool, node: Mapping[str, object],
                 chips: widgets.TagsInput) -> None:
        super().__init__(path, required, node)
        self.node = node
        self.input = chips
        self.widget = self.row(chips)

    def is_set(self) -> bool:
        return self.required or bool(self.input.value)

    def value(self) -> list[object]:
        items = list(self.input.value)
        low, high = self.node.get("minItems"), self.node.get("maxItems")
        if isinstance(low, int) and len(items) < low:
            raise ValueError(f"{self.path}: at least {low} items")
        if isinstance(high, int) and len(items) > high:
            raise ValueError(f"{self.path}: at most {high} items")
        return items

    def set_value(self, value: object) -> None:
        if not isinstance(value, list):
            raise ValueError(f"{self.path}: expected a list")
        allowed = getattr(self.input, "allowed_tags", None)
        if allowed and any(str(v) not in allowed for v in value):
            raise ValueError(f"{self.path}: only {', '.join(allowed)}")
        self.input.value = value

    def clear(self) -> None:
        self.input.value = []

    def inputs(self) -> list[widgets.ValueWidget]:
        return [self.input]

    def hint(self) -> str:
        allowed = getattr(self.input, "allowed_tags", None)
        choices = f"of {', '.join(allowed)}" if allowed else ""
        return " · ".join(p for p in (choices, super().hint()) if p)


class Group(Field):
    """An object with `properties`: a fieldset of one row per property."""

    def __init__(self, path: str, required: bool, node: Mapping[str, object],
                 fields: list[Field]) -> None:
        super().__init__(path, required, node)
        self.fields = fields
        rows = [f.widget for f in fields]
        if not path:
            self.widget = widgets.VBox(rows)
            return
        star = " *" if required else ""
        legend = widgets.HTML(f'<b title="{esc(self.tooltip)}">{esc(self.name)}{star}</b>')
        box = widgets.Layout(border="1px solid var(--jp-border-color2)", padding="2px 8px",
                             margin="4px 0")
        self.widget = widgets.VBox([legend, *rows], layout=box)

    def value(self) -> dict[str, object]:
        return {f.name: f.value() for f in self.fields if f.is_set()}

    def is_set(self) -> bool:
        return self.required or any(f.is_set() for f in self.fields)

    def draft(self) -> dict[str, object]:
        """What `value()` would give, leaving out required fields not filled in yet.

        Raises:
            ValueError: for an input that is set but invalid.
        """
        found: dict[str, object] = {}
        for f in self.fields:
            if not f.is_set():
                continue
            try:
                found[f.name] = f.draft() if isinstance(f, Group) else f.value()
            except MissingValue:
                continue
        return found

    def set_value(self, value: object) -> None:
        if not isinstance(value, Mapping):
            raise ValueError(f"{self.path or 'arguments'}: expected an object")
        for f in self.fields:
            if f.name in value:
                f.set_value(value[f.name])
            else:
                f.clear()

    def clear(self) -> None:
        for f in self.fields:
            f.clear()

    def inputs(self) -> list[widgets.ValueWidget]:
        return [w for f in self.fields for w in f.inputs()]

    def names(self) -> set[str]:
        return {f.name for f in self.fields}

    def observe(self, callback: Callable[[], None]) -> None:
        """Call `callback` after any input of the form changes."""
        for w in self.inputs():
            w.observe(lambda _c: callback(), names="value")


def limits(node: Mapping[str, object], kind: str) -> tuple[float, float]:
    """The inclusive range the schema allows (exclusive bounds moved in by one for integers)."""
    step = 1 if kind == "integer" else 0
    low, high = -math.inf, math.inf
    if isinstance(minimum := node.get("minimum"), int | float):
        low = minimum
    if isinstance(above := node.get("exclusiveMinimum"), int | float):
        low = max(low, above + step)
    if isinstance(maximum := node.get("maximum"), int | float):
        high = maximum
    if isinstance(below := node.get("exclusiveMaximum"), int | float):
        high = min(high, below - step)
    return low, high


def bounds_text(node: Mapping[str, object]) -> str:
    low, high = limits(node, str(node.get("type")))
    if math.isinf(low) and math.isinf(high):
        return ""
    if math.isinf(high):
        return f"≥ {shown(low)}"
    if math.isinf(low):
        return f"≤ {shown(high)}"
    return f"{shown(low)} to {shown(high)}"


def parse_number(path: str, text: str, kind: str) -> int | float:
    """Raises:
        ValueError: when `text` is not an integer (or a number).
    """
    try:
        return int(text) if kind == "integer" else float(text)
    except ValueError:
        raise ValueError(f"{path}: {text!r} is not {'an integer' if kind == 'integer' else 'a number'}"
                         ) from None


def check_bounds(path: str, value: int | float, node: Mapping[str, object]) -> int | float:
    """Raises:
        ValueError: when `value` is outside the schema's bounds.
    """
    low, high = limits(node, str(node.get("type")))
    if not low <= value <= high:
        raise ValueError(f"{path}: {shown(value)} is outside {bounds_text(node)}")
    return value
