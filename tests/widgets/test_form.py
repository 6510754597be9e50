"""Forms from `inputSchema`: every JSON Schema shape the catalog uses, and the fallbacks."""

from __future__ import annotations

import asyncio

import pytest

from cloudg_lab.layer import Layer
from cloudg_lab.notebook.widgets.form import Enum, Group, Json, Nullable, Scalar, Tags, form

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "$defs": {"Severity": {"enum": ["LOW", "HIGH"], "type": "string"}},
    "required": ["ref", "where"],
    "properties": {
        "ref": {"type": "string", "description": "Asset id"},
        "limit": {"type": "integer", "default": 50},
        "ratio": {"type": "number", "default": 0.5},
        "strict": {"type": "boolean", "default": False},
        "severity": {"$ref": "#/$defs/Severity"},
        "level": {"allOf": [{"$ref": "#/$defs/Severity"}], "default": "HIGH"},
        "names": {"type": "array", "items": {"type": "string"}},
        "kinds": {"type": "array", "items": {"enum": ["a", "b"]}},
        "sizes": {"type": "array", "items": {"type": "integer"}},
        "weights": {"type": "array", "items": {"type": "number"}},
        "query": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        "top": {"type": ["integer", "null"], "default": None},
        "where": {"type": "object", "required": ["region"],
                  "properties": {"region": {"type": "string"}, "depth": {"type": "integer"}}},
        "data": {"description": "Any JSON value"},
        "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        "pairs": {"type": "array", "items": {"type": "object"}},
    },
}


def fields(group: Group) -> dict:
    return {f.name: f for f in group.fields}


def test_each_shape_gets_its_input():
    f = fields(form(SCHEMA))
    kinds = {name: type(field) for name, field in f.items()}
    assert kinds == {"ref": Scalar, "limit": Scalar, "ratio": Scalar, "strict": Scalar,
                     "severity": Enum, "level": Enum, "names": Tags, "kinds": Tags, "sizes": Tags,
                     "weights": Tags, "query": Nullable, "top": Nullable, "where": Group,
                     "data": Json, "either": Json, "pairs": Json}
    assert type(f["ref"].widget).__name__ == "Text" and type(f["limit"].widget).__name__ == "IntText"
    assert type(f["ratio"].widget).__name__ == "FloatText"
    assert type(f["strict"].widget).__name__ == "Checkbox"
    assert f["kinds"].tags.allowed_tags == ["a", "b"]
    assert type(f["sizes"].tags).__name__ == "IntsInput"
    assert f["level"].widget.value == "HIGH" and f["ref"].widget.tooltip == "Asset id"
    assert type(f["where"].fields[0]) is Scalar and f["where"].fields[0].required


def test_untouched_optional_fields_are_left_to_the_tools_defaults():
    group = form(SCHEMA)
    assert group.value() == {"ref": "", "where": {"region": ""}}


def test_what_the_user_sets_becomes_the_arguments():
    group = form(SCHEMA)
    f = fields(group)
    f["ref"].widget.value = "i-123"
    f["limit"].widget.value = 5
    f["strict"].widget.value = True
    f["severity"].widget.value = "LOW"
    f["names"].tags.value = ["web", "db"]
    f["sizes"].tags.value = [1, 2]
    f["query"].switch.value = True
    f["query"].inner.widget.value = "prod"
    f["top"].switch.value = True
    f["top"].inner.widget.value = 3
    fields(f["where"])["region"].widget.value = "eu-west-1"
    f["data"].widget.value = '{"k": [1, null]}'
    assert group.value() == {"ref": "i-123", "limit": 5, "strict": True, "severity": "LOW",
                             "names": ["web", "db"], "sizes": [1, 2], "query": "prod", "top": 3,
                             "where": {"region": "eu-west-1"}, "data": {"k": [1, None]}}
    f["limit"].widget.value = 50
    assert "limit" not in group.value()  # back at its default


def test_bad_json_names_its_field():
    group = form(SCHEMA)
    fields(group)["data"].widget.value = "{nope"
    with pytest.raises(ValueError, match=r"^data: not valid JSON"):
        group.value()


def test_a_nullable_field_with_a_default_sends_null_when_switched_off():
    group = form({"type": "object", "properties": {
        "tag": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": "env"}}})
    tag = fields(group)["tag"]
    assert tag.switch.value is True and group.value() == {}
    tag.switch.value = False
    assert group.value() == {"tag": None}
    tag.inner.widget.value = "team"  # typing switches it back on
    assert tag.switch.value is True and group.value() == {"tag": "team"}


def test_no_schema_and_the_catalogs_schemas_build():
    assert form(None).value() == {} and form({}).fields == []
    layer = Layer("standard", catalog=True)
    for tool in asyncio.run(layer.list_tools()):
        built = form(tool["inputSchema"])
        required = set(tool["inputSchema"].get("required") or [])
        assert set(built.value()) == required, tool["name"]
