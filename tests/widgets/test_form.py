"""Forms from any `inputSchema`: each shape gets its control, generated schemas round-trip.

The schemas here are made up (hand-written shapes no tool of ours has, hypothesis-generated
ones and a pydantic model's), so the form is tested for JSON Schema, not for our catalog.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field

from cloudg_lab.layer import Layer
from cloudg_lab.notebook.widgets.base import descendants
from cloudg_lab.notebook.widgets.form import Chips, Choice, Group, MissingValue, Number, Text
from cloudg_lab.notebook.widgets.form_build import form

SHAPES = {
    "type": "object",
    "$defs": {"Mood": {"enum": ["calm", "stormy", "foggy"], "type": "string"}},
    "required": ["harbour", "crew"],
    "properties": {
        "harbour": {"type": "string", "description": "Where the boat is"},
        "mood": {"$ref": "#/$defs/Mood"},
        "tide": {"allOf": [{"$ref": "#/$defs/Mood"}], "default": "calm"},
        "deck": {"enum": [2, 3, 5]},
        "flag": {"const": "blue"},
        "sails": {"type": "boolean", "default": True},
        "anchored": {"type": "boolean"},
        "knots": {"type": "integer", "minimum": 1, "maximum": 40, "default": 12},
        "draft": {"type": "number", "exclusiveMinimum": 0, "maximum": 9.5, "default": 2.5},
        "berth": {"type": "integer", "minimum": 1},
        "cargo": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
        "moods": {"type": "array", "items": {"$ref": "#/$defs/Mood"}},
        "decks": {"type": "array", "items": {"type": "integer"}},
        "captain": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        "mast": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
        "crew": {"type": "object", "required": ["cook"],
                 "properties": {"cook": {"type": "string"},
                                "size": {"type": "integer", "default": 4, "minimum": 1}}},
        "log": {"description": "Any JSON"},
        "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    },
}


def by_name(group: Group) -> dict[str, Any]:
    return {f.name: f for f in group.fields}


def test_each_shape_gets_one_control_of_its_kind() -> None:
    f = by_name(form(SHAPES))
    assert isinstance(f["mood"].input, widgets.Dropdown)
    assert list(f["mood"].input.options) == ["unset", "calm", "stormy", "foggy"]
    assert f["tide"].input.options[0] == "unset (calm)" and f["tide"].input.index == 0
    assert list(f["deck"].input.options) == ["unset", "2", "3", "5"]
    assert list(f["flag"].input.options) == ["unset", "blue"]
    for name in ("sails", "anchored"):  # one three-way switch, not checkboxes
        assert isinstance(f[name].input, widgets.ToggleButtons), name
    assert list(f["sails"].input.options) == ["unset (true)", "true", "false"]
    knots = f["knots"].input
    assert isinstance(knots, widgets.BoundedIntText) and (knots.min, knots.max, knots.value) == (1, 40, 12)
    draft = f["draft"].input
    assert isinstance(draft, widgets.BoundedFloatText) and draft.max == 9.5 and draft.value == 2.5
    assert isinstance(f["berth"], Text) and f["berth"].input.placeholder == "unset"
    assert isinstance(f["cargo"].input, widgets.TagsInput) and not f["cargo"].input.allowed_tags
    assert f["moods"].input.allowed_tags == ["calm", "stormy", "foggy"]
    assert isinstance(f["decks"].input, widgets.IntsInput)
    assert f["captain"].nullable and isinstance(f["captain"], Text)
    assert f["mast"].nullable and "or null" in f["mast"].hint() and "0 to 3" in f["mast"].hint()
    assert isinstance(f["crew"], Group) and f["crew"].widget.layout.border
    assert [type(x) for x in f["crew"].fields] == [Text, Number]
    assert isinstance(f["log"].input, widgets.Textarea) and isinstance(f["either"].input, widgets.Textarea)


def test_required_fields_are_marked_and_defaults_shown() -> None:
    f = by_name(form(SHAPES))
    label = f["harbour"].widget.children[0].value
    assert "harbour" in label and 'title="required"' in label and "Where the boat is" in label
    assert 'title="required"' not in f["mood"].widget.children[0].value
    assert "default 12" in f["knots"].hint() and "1 to 40" in f["knots"].hint()
    assert "> 0" not in f["draft"].hint() and "to 9.5" in f["draft"].hint()
    assert "*" in f["crew"].widget.children[0].value


def test_no_field_has_a_set_checkbox() -> None:
    tree = descendants(form(SHAPES).widget)
    assert not [w for w in tree if isinstance(w, widgets.Checkbox)]


def test_untouched_the_form_sends_only_the_required_and_says_what_is_missing() -> None:
    group = form(SHAPES)
    with pytest.raises(MissingValue, match=r"^harbour: required$"):
        group.value()
    assert group.draft() == {"crew": {}}  # the JSON editor starts from the required skeleton
    by_name(group)["harbour"].input.value = "Kiel"
    with pytest.raises(MissingValue, match=r"^crew\.cook: required$"):
        group.value()
    by_name(by_name(group)["crew"])["cook"].input.value = "Ana"
    assert group.value() == {"harbour": "Kiel", "crew": {"cook": "Ana"}}


def test_what_the_user_sets_becomes_the_arguments() -> None:
    group = form(SHAPES)
    f = by_name(group)
    f["harbour"].input.value = "Kiel"
    by_name(f["crew"])["cook"].input.value = "Ana"
    f["mood"].input.value = "foggy"
    f["deck"].input.value = "3"
    f["anchored"].input.value = "false"
    f["knots"].input.value = 30
    f["berth"].input.value = "7"
    f["cargo"].input.value = ["fish"]
    f["mast"].input.value = "2"
    f["log"].input.value = '{"k": [1, null]}'
    assert group.value() == {"harbour": "Kiel", "crew": {"cook": "Ana"}, "mood": "foggy", "deck": 3,
                             "anchored": False, "knots": 30, "berth": 7, "cargo": ["fish"],
                             "mast": 2, "log": {"k": [1, None]}}
    f["knots"].input.value = 12
    f["mood"].input.index = 0
    assert "knots" not in group.value() and "mood" not in group.value()


@pytest.mark.parametrize(("name", "typed", "message"), [
    ("berth", "0", r"^berth: 0 is outside ≥ 1$"), ("berth", "two", r"^berth: 'two' is not an integer$"),
    ("mast", "4", r"^mast: 4 is outside 0 to 3$"), ("log", "{nope", r"^log: not valid JSON"),
])
def test_a_bad_input_is_named(name: str, typed: str, message: str) -> None:
    group = form(SHAPES)
    by_name(group)[name].input.value = typed
    with pytest.raises(ValueError, match=message):
        group.draft()


def test_too_many_chips_are_refused() -> None:
    group = form(SHAPES)
    by_name(group)["cargo"].input.value = ["a", "b", "c"]
    with pytest.raises(ValueError, match=r"^cargo: at most 2 items$"):
        group.draft()


def test_json_fills_the_form_and_refuses_what_does_not_fit() -> None:
    group = form(SHAPES)
    wanted = {"harbour": "Bergen", "crew": {"cook": "Li", "size": 9}, "moods": ["calm"],
              "sails": False, "deck": 5, "draft": 0.5, "captain": "Ines", "decks": [1, 2]}
    group.set_value(wanted)
    assert group.value() == wanted
    group.set_value({"harbour": "Bergen", "crew": {"cook": "Li"}})
    assert group.value() == {"harbour": "Bergen", "crew": {"cook": "Li"}}
    for bad, message in (({"deck": 4}, "deck: 4 is not one of"), ({"knots": 99}, "knots: 99 is outside"),
                         ({"moods": ["sunny"]}, "moods: only calm"), ({"sails": "yes"}, "sails: ")):
        with pytest.raises(ValueError, match=message):
            group.set_value(bad)


class Crew(BaseModel):
    cook: str
    size: Annotated[int, Field(ge=1, le=12)] = 4


class Voyage(BaseModel):
    port: Literal["north", "south"]
    fast: bool | None = None
    stops: list[str] = []
    crew: Crew
    budget: Annotated[float, Field(gt=0, le=1e6)] = 100.0
    note: str | None = None


def test_a_pydantic_model_schema_builds_and_validates_back() -> None:
    group = form(Voyage.model_json_schema())
    f = by_name(group)
    assert isinstance(f["port"], Choice) and isinstance(f["fast"], Choice) and f["fast"].nullable
    assert isinstance(f["stops"], Chips) and isinstance(f["crew"], Group)
    size = by_name(f["crew"])["size"].input
    assert (size.min, size.max) == (1, 12)
    f["port"].input.value = "south"
    f["fast"].input.value = "true"
    f["stops"].input.value = ["Oslo"]
    by_name(f["crew"])["cook"].input.value = "Ana"
    by_name(f["crew"])["size"].input.value = 6
    model = Voyage.model_validate(group.value())
    assert model.port == "south" and model.fast is True and model.crew.size == 6


SCALARS = st.sampled_from(["string", "integer", "number", "boolean"])


@st.composite
def schemas(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random object schema and a valid value for a random subset of its properties."""
    names = draw(st.lists(st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True), min_size=1,
                          max_size=6, unique=True))
    properties: dict[str, Any] = {}
    value: dict[str, Any] = {}
    for name in names:
        shape = draw(st.sampled_from(["enum", "bool", "tags", "bounded", "nullable", "nested", "text"]))
        pick = draw(st.booleans())
        if shape == "enum":
            options = draw(st.lists(st.text("xyz", min_size=1, max_size=3), min_size=1, max_size=4,
                                    unique=True))
            properties[name] = {"type": "string", "enum": options}
            chosen: Any = draw(st.sampled_from(options))
        elif shape == "bool":
            properties[name] = {"type": "boolean"}
            chosen = draw(st.booleans())
        elif shape == "tags":
            properties[name] = {"type": "array", "items": {"type": "string"}}
            chosen = draw(st.lists(st.text("abc", min_size=1, max_size=3), min_size=1, max_size=3))
        elif shape == "bounded":
            low = draw(st.integers(-50, 50))
            high = low + draw(st.integers(0, 100))
            properties[name] = {"type": "integer", "minimum": low, "maximum": high, "default": low}
            chosen = draw(st.integers(low, high).filter(lambda v, low=low: v != low))  # type: ignore[misc]
            if low == high:
                chosen, pick = low, False
        elif shape == "nullable":
            kind = draw(SCALARS.filter(lambda k: k != "boolean"))
            properties[name] = {"anyOf": [{"type": kind}, {"type": "null"}], "default": None}
            chosen = {"string": "s", "integer": 3, "number": 1.5}[kind]
        elif shape == "nested":
            properties[name] = {"type": "object", "properties": {"inner": {"type": "string"}}}
            chosen = {"inner": draw(st.text("pq", min_size=1, max_size=4))}
        else:
            properties[name] = {"type": "string"}
            chosen = draw(st.text("mn ", min_size=1, max_size=5))
        if pick:
            value[name] = chosen
    return {"type": "object", "properties": properties}, value


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schemas())
def test_generated_schemas_round_trip_through_the_form(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    schema, value = case
    group = form(schema)
    assert group.value() == {}
    group.set_value(value)
    assert group.value() == value
    group.set_value({})
    assert group.value() == {}
    widgets_made = descendants(group.widget)
    for w in widgets_made:
        w.close()


def test_no_schema_and_the_catalogs_schemas_build() -> None:
    assert form(None).value() == {} and form({}).fields == []
    layer = Layer("standard", catalog=True)
    for tool in asyncio.run(layer.list_tools()):
        built = form(tool["inputSchema"])
        required = set(tool["inputSchema"].get("required") or [])
        assert set(built.draft()) == set(), tool["name"]
        assert {f.name for f in built.fields if f.required} == required, tool["name"]
