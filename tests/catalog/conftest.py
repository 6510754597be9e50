"""Fixtures for the shipped catalog: the sample estate behind a real `Layer`, called the real way.

Every tool test goes through `await layer.call_tool(...)`, so policy, validation, the worker
thread and finalisation all run; `tools.ok` and `tools.fails` unwrap the result or the error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer, Principal
from cloudg_lab.data import SAMPLE_PATH


@dataclass
class Failure:
    code: int | str | None
    message: str
    data: Any


@dataclass
class Tools:
    """Calls tools of `layer` as `principal` and unwraps results."""

    layer: Layer
    principal: Principal | None = None

    async def ok(self, tool: str, /, **arguments: Any) -> dict[str, Any]:
        result = await self.layer.call_tool(tool, arguments, principal=self.principal)
        assert not result.is_error, result.text
        assert result.structured is not None
        return result.structured

    async def fails(self, tool: str, /, **arguments: Any) -> Failure:
        result = await self.layer.call_tool(tool, arguments, principal=self.principal)
        assert result.is_error, result.text
        return Failure(result.error_code, result.text, result.meta.get("cloudg/error_data"))

    async def asset_id(self, name: str) -> str:
        """The id of the loaded asset called exactly `name`."""
        found = await self.ok("find_assets", query=name, fields=["name"])
        ids = [item["id"] for item in found["items"] if item["name"] == name]
        assert len(ids) == 1, found
        return ids[0]


@pytest.fixture
def roots(tmp_path: Path) -> Path:
    """The one allowed root of the test layer."""
    root = tmp_path / "allowed"
    root.mkdir()
    return root


@pytest.fixture
def layer(roots: Path) -> Layer:
    """`open` policy, the sample estate loaded as `sample`."""
    return Layer(policy="open", datasets={"sample": SAMPLE_PATH}, allowed_roots=[roots])


@pytest.fixture
def tools(layer: Layer) -> Tools:
    return Tools(layer)


@pytest.fixture
def tools_as(layer: Layer) -> Callable[[str], Tools]:
    """`tools_as("bob:analyst")`: the same layer called as another principal."""
    return lambda spec: Tools(layer, Principal.parse(spec))
