"""The MIME payload contract: `labextension/src/payload.ts` must declare what payload.py sends.

The Python side is read from pydantic's JSON schema (what goes on the wire), the TypeScript side
from the interface declarations; both are reduced to `{interface: {field: set of union members}}`
and compared, so a field added, renamed, retyped or made optional on one side only fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab.notebook import payload
from cloudg_lab.notebook.payload import ResultPayload

PAYLOAD_TS = Path(__file__).resolve().parents[2] / "labextension" / "src" / "payload.ts"

Fields = dict[str, frozenset[str]]


def ts_literal(value: Any) -> str:
    """A JSON value as a TypeScript literal type, single-quoted like our sources."""
    return f"'{value}'" if isinstance(value, str) else json.dumps(value)


def schema_members(schema: dict[str, Any]) -> frozenset[str]:
    """The TypeScript union members one JSON-schema property stands for."""
    if "anyOf" in schema:
        return frozenset().union(*(schema_members(option) for option in schema["anyOf"]))
    if "$ref" in schema:
        return frozenset({schema["$ref"].rsplit("/", 1)[-1]})
    if "const" in schema:
        return frozenset({ts_literal(schema["const"])})
    if "enum" in schema:
        return frozenset(ts_literal(v) for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        (item,) = schema_members(schema["items"])
        return frozenset({f"{item}[]"})
    if kind == "object":
        values = schema.get("additionalProperties")
        if isinstance(values, dict) and values:
            (value,) = schema_members(values)
            return frozenset({f"Record<string, {value}>"})
        return frozenset({"Record<string, unknown>"})
    simple = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean",
              "null": "null", None: "unknown"}
    return frozenset({simple[kind]})


def python_contract() -> dict[str, Fields]:
    """Every model reachable from ResultPayload, as the wire sees it (model_dump: all fields)."""
    schema = ResultPayload.model_json_schema(mode="serialization")
    models = {**schema.get("$defs", {}), schema["title"]: schema}
    return {name: {field: schema_members(prop) for field, prop in model["properties"].items()}
            for name, model in models.items()}


def strip_comments(source: str) -> str:
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", source, flags=re.S))


def ts_contract(source: str) -> dict[str, Fields]:
    """`export interface` blocks as field → union members; an optional (`?`) field is recorded as
    `undefined`-able, which the Python side never is, because model_dump sends every field."""
    contract: dict[str, Fields] = {}
    for name, body in re.findall(r"export interface (\w+) \{(.*?)\n\}", strip_comments(source), re.S):
        fields: Fields = {}
        for line in filter(None, (raw.strip() for raw in body.splitlines())):
            match = re.fullmatch(r"(\w+)(\??):\s*(.+);", line)
            assert match, f"payload.ts: cannot read the field declaration {line!r} in {name}"
            field, optional, type_text = match.groups()
            members = {m.strip().replace('"', "'") for m in type_text.split("|")}
            fields[field] = frozenset(members | ({"undefined"} if optional else set()))
        contract[name] = fields
    return contract


def ts_const(source: str, name: str) -> str:
    match = re.search(rf"export const {name} = (.+);", source)
    assert match, f"payload.ts does not export {name}"
    return match.group(1).strip("'\"")


@pytest.fixture(scope="module")
def ts_source() -> str:
    return PAYLOAD_TS.read_text(encoding="utf-8")


def test_interfaces_match_the_pydantic_models(ts_source: str) -> None:
    python, ts = python_contract(), ts_contract(ts_source)
    assert sorted(ts) == sorted(python), "interfaces and models differ in name or number"
    for model, fields in python.items():
        assert ts[model] == fields, f"{model}: TypeScript {ts[model]} != Python {fields}"


def test_constants_match(ts_source: str) -> None:
    assert ts_const(ts_source, "MIME_TYPE") == payload.MIME_TYPE
    assert ts_const(ts_source, "PAYLOAD_VERSION") == str(payload.PAYLOAD_VERSION)


def test_a_drifted_field_is_caught() -> None:
    """The comparison itself must see a retyped or optional field, or the tests above prove nothing."""
    drifted = PAYLOAD_TS.read_text(encoding="utf-8")
    drifted = drifted.replace("duration_ms: number | null;", "duration_ms?: number;")
    assert ts_contract(drifted)["ResultPayload"] != python_contract()["ResultPayload"]
