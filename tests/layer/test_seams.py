"""The seams of issue 14: what a handler can reach, an immutable policy, `with_policy`, per-call timeouts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import META_PREFIX, Layer, Policy, Principal
from cloudg_lab.layer.services import Services
from cloudg_lab.policy.audit import AuditLog
from cloudg_lab.privacy.vault import Vault
from cloudg_lab.sample import generate

CODE = META_PREFIX + "error_code"
FORBIDDEN = (Layer, Vault, AuditLog, Policy, Services)


def reachable(ctx: Any) -> list[Any]:
    """Every object one attribute away from `ctx`, and the items of containers there."""
    found = []
    for value in vars(ctx).values():
        found.append(value)
        if isinstance(value, dict | list | tuple):
            found.extend(value.values() if isinstance(value, dict) else value)
    return found


async def test_a_user_tool_reaches_neither_the_layer_nor_the_vault_audit_or_policy(tmp_path: Path):
    generate(assets=12, seed=77, out=tmp_path / "d")
    layer = Layer(policy="strict", datasets={"d": tmp_path / "d"}, allowed_roots=[tmp_path])
    seen: dict[str, Any] = {}

    @layer.tool()
    def probe(ctx) -> str:  # type: ignore[no-untyped-def]
        seen["objects"] = reachable(ctx)
        seen["port"] = ctx.port
        seen["has_layer"] = hasattr(ctx, "layer")
        seen["assets"] = ctx.workspace.get().inventory.ids[:1]
        return "ok"

    result = await layer.call_tool("probe")
    assert not result.is_error, result.text
    assert seen["port"] is None and seen["has_layer"] is False
    assert not [o for o in seen["objects"] if isinstance(o, FORBIDDEN)]
    assert len(seen["assets"]) == 1  # the workspace view is there, as the caller sees it


async def test_only_privileged_catalog_primitives_get_the_port():
    layer = Layer(policy="standard")
    privileged = sorted(s.name for s in layer.registry.tools() if s.privileged)
    assert privileged == ["list_capabilities", "list_detectors", "preview_transform", "privacy_audit_log",
                          "privacy_status", "reveal_token", "workspace_status"]
    status = await layer.call_tool("privacy_status", principal=Principal.parse("ana:analyst"))
    assert not status.is_error and status.structured["policy"] == "standard"

    @layer.tool()
    def mine() -> str:
        return "x"

    assert layer.registry.tool("mine").privileged is False


def test_a_policy_cannot_be_changed_after_loading():
    policy = Policy.load("strict")
    with pytest.raises(AttributeError, match="immutable"):
        policy.audit = AuditLog(5)  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        policy.known_source = dict  # type: ignore[misc,assignment]


async def test_with_policy_shares_data_and_pseudonyms_and_keeps_its_own_audit(tmp_path: Path):
    generate(assets=15, seed=78, out=tmp_path / "d")
    layer = Layer(policy="strict", datasets={"d": tmp_path / "d"}, allowed_roots=[tmp_path])
    twin = layer.with_policy("standard")
    assert (twin.vault, twin.workspace, twin.registry) == (layer.vault, layer.workspace, layer.registry)
    assert twin.audit_log is not layer.audit_log and twin.policy.name == "standard"
    status = await twin.call_tool("privacy_status")
    assert status.structured["policy"] == "standard"  # the port follows the sibling's policy
    again = layer.with_policy("strict")
    first = await layer.call_tool("find_assets", {"limit": 3, "fields": ["name"]})
    second = await again.call_tool("find_assets", {"limit": 3, "fields": ["name"]})
    assert first.structured["items"] == second.structured["items"]  # same vault, same pseudonyms


async def test_a_per_call_timeout_replaces_the_default_and_yields_to_the_tools_own():
    layer = Layer(policy="open", catalog=False, default_timeout=30)

    @layer.tool()
    async def slow() -> str:
        await asyncio.sleep(5)
        return "late"

    @layer.tool(timeout_seconds=0.05)
    async def own() -> str:
        await asyncio.sleep(5)
        return "late"

    cut = await layer.call_tool("slow", timeout_seconds=0.05)
    assert cut.is_error and cut.meta[CODE] == "timeout" and "0.05 s" in cut.text
    kept = await layer.call_tool("own", timeout_seconds=60)
    assert kept.is_error and kept.meta[CODE] == "timeout" and "0.05 s" in kept.text
    assert layer.default_timeout == 30


async def test_the_lifecycle_runs_with_its_parts_and_never_holds_a_layer():
    layer = Layer(policy="standard", catalog=False)
    sibling = layer.with_policy("strict")
    for each in (layer, sibling):
        parts = reachable(each.lifecycle)
        assert not [o for o in parts if isinstance(o, Layer)]
        assert each.lifecycle.policy is each.policy and each.lifecycle.port is each.port
        assert each.lifecycle.registry is layer.registry and each.lifecycle.workspace is layer.workspace
    assert sibling.lifecycle.policy.name == "strict" and layer.lifecycle.policy.name == "standard"
