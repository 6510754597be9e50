"""Closed sets are published as `enum` in the tools' `inputSchema`, seen through the real `mcp.Client`.

Every published value is accepted by the tool, any case of it too (matching stays
case-insensitive), and a value outside the set is an error result that lists the valid values.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from cloudg_lab import META_PREFIX, Layer
from cloudg_lab.adapters import build_server
from cloudg_lab.data.graph import DIRECTIONS
from cloudg_lab.data.query import GROUP_KEYS, SORT_KEYS
from cloudg_lab.data.records import SEVERITIES
from cloudg_lab.policy.audit import DECISIONS
from cloudg_lab.privacy.entities import CATEGORIES
from cloudg_lab.sample import generate

EXPECTED = {
    ("find_assets", "min_severity"): SEVERITIES, ("find_assets", "sort_by"): SORT_KEYS,
    ("count_assets", "min_severity"): SEVERITIES, ("count_assets", "group_by"): GROUP_KEYS,
    ("list_findings", "severity"): SEVERITIES, ("list_findings", "status"): ("open", "suppressed", "all"),
    ("neighbors", "direction"): DIRECTIONS, ("list_detectors", "category"): CATEGORIES,
    ("privacy_audit_log", "decision"): DECISIONS,
}


def enum_of(schema: dict[str, Any]) -> list[str] | None:
    """The `enum` of a string property, whether bare, nullable (`anyOf`) or an array's items."""
    for branch in [schema, *schema.get("anyOf", [])]:
        if "enum" in branch:
            return list(branch["enum"])
        if "enum" in branch.get("items", {}):
            return list(branch["items"]["enum"])
    return None


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[Layer]:
    generate(assets=35, seed=1414, out=tmp_path / "estate")
    yield Layer(policy="open", datasets={"estate": tmp_path / "estate"}, allowed_roots=[tmp_path])


async def closed_properties(client: Client) -> dict[tuple[str, str], list[str]]:
    found = {}
    for tool in (await client.list_tools()).tools:
        for prop, schema in tool.input_schema["properties"].items():
            values = enum_of(schema)
            if values is not None:
                found[tool.name, prop] = values
    return found


async def test_the_listed_schemas_publish_each_closed_set_as_an_enum(layer):
    async with Client(build_server(layer)) as client:
        found = await closed_properties(client)
    brief_fields = found.pop(("find_assets", "fields"))
    assert found == {key: list(values) for key, values in EXPECTED.items()}
    assert brief_fields[0] == "id" and "max_severity" in brief_fields


async def test_every_published_value_is_accepted_in_any_case(layer):
    async with Client(build_server(layer)) as client:
        ref = (await client.call_tool("find_assets", {"limit": 1})).structured_content["items"][0]["id"]
        needs = {"neighbors": {"ref": ref}}
        for (tool, prop), values in (await closed_properties(client)).items():
            for value in values:
                sent = [value] if prop == "fields" else value.swapcase()
                result = await client.call_tool(tool, {**needs.get(tool, {}), prop: sent})
                assert not result.is_error, (tool, prop, value, result.content[0].text)


@pytest.mark.parametrize(("tool", "prop"), sorted(EXPECTED))
async def test_a_value_outside_the_enum_is_refused_naming_the_valid_ones(layer, tool, prop):
    async with Client(build_server(layer)) as client:
        ref = (await client.call_tool("find_assets", {"limit": 1})).structured_content["items"][0]["id"]
        arguments = {"ref": ref} if tool == "neighbors" else {}
        result = await client.call_tool(tool, {**arguments, prop: "not-a-member"})
    assert result.is_error
    assert result.meta[META_PREFIX + "error_code"] == -32602
    text = result.content[0].text
    assert text == f"Unknown value for '{prop}'; valid: {', '.join(EXPECTED[tool, prop])}"
    assert "not-a-member" not in text
