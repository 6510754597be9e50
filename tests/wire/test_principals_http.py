"""Two principals over streamable HTTP (real endpoint, real `mcp` clients, one token each) do
not change each other's view; loading and unloading are the admin's, and refusals are audited."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest
from httpkit import clients_as
from mcp import Client

from cloudg_lab import Layer
from cloudg_lab.sample import generate

ALICE, BOB, ADMIN = "alice-token-00001", "bob-token-000002", "admin-token-0003"
TOKENS = [f"{ALICE}:analyst:alice", f"{BOB}:analyst:bob", f"{ADMIN}:admin:root"]


@pytest.fixture
def layer(tmp_path: Path) -> Layer:
    for name, (assets, seed) in {"east": (35, 11), "west": (25, 12), "north": (15, 13)}.items():
        generate(assets=assets, seed=seed, out=tmp_path / name)
    return Layer(policy="standard", datasets={"west": tmp_path / "west", "east": tmp_path / "east"},
                 allowed_roots=[tmp_path])


def clients(layer: Layer, mode: str) -> AbstractAsyncContextManager[dict[str, Client]]:
    return clients_as(layer, dict(zip(("alice", "bob", "admin"), TOKENS, strict=True)), mode)


async def data(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_two_analysts_over_http_cannot_change_each_others_active_dataset(layer, mode):
    async with clients(layer, mode) as c:
        assert (await data(c["alice"], "select_dataset", name="west"))["active"] == "west"
        assert (await data(c["bob"], "list_datasets"))["active"] == "east"
        assert (await data(c["bob"], "dataset_summary"))["total_assets"] == 35
        assert (await data(c["alice"], "dataset_summary"))["total_assets"] == 25
        assert (await data(c["bob"], "select_dataset", name="east"))["previous"] == "east"
        assert (await data(c["alice"], "list_datasets"))["active"] == "west"
        loaded = await data(c["admin"], "load_dataset", path="north")
        assert loaded["active"] == "north"
        assert (await data(c["alice"], "list_datasets"))["active"] == "west"
        assert (await data(c["bob"], "find_assets", limit=1))["total"] == 35


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_an_analyst_is_denied_loading_and_unloading_and_the_admin_is_not(layer, mode):
    async with clients(layer, mode) as c:
        for tool, arguments in (("load_dataset", {"path": "north"}), ("unload_dataset", {"name": "east"})):
            refused = await c["alice"].call_tool(tool, arguments)
            assert refused.is_error and refused.meta is not None
            assert refused.meta["cloudg/error_code"] == -31001
        assert sorted((e.decision, e.name, e.principal) for e in layer.audit_log.entries()) == [
            ("denied", "load_dataset", "alice"), ("denied", "unload_dataset", "alice")]
        assert layer.workspace.names() == ["west", "east"]
        assert (await data(c["admin"], "load_dataset", path="north"))["loaded"] == "north"
        assert (await data(c["admin"], "unload_dataset", name="north"))["unloaded"] == "north"
        status = await data(c["alice"], "workspace_status")
        assert "allowed_roots" not in status and status["may_manage_data"] is False
    allowed = [(e.name, e.principal) for e in layer.audit_log.entries() if e.decision == "allowed"]
    assert sorted(allowed) == [("load_dataset", "root"), ("unload_dataset", "root")]
