"""Principals do not change each other's view; loading and unloading are granted, and audited."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from cloudg_lab.sample import generate

ANALYST, ADMIN = Principal.parse("ana:analyst"), Principal.parse("root:admin")
OPERATOR, OTHER = Principal.parse("ops:operator"), Principal.parse("bea:analyst")


@pytest.fixture
def estates(roots: Path) -> Layer:
    """`standard`, two generated estates loaded by the local user (`one`, loaded last, is the
    default)."""
    generate(assets=40, seed=3, out=roots / "one")
    generate(assets=45, seed=4, out=roots / "two")
    generate(assets=30, seed=5, out=roots / "three")
    return Layer(policy="standard", datasets={"two": roots / "two", "one": roots / "one"},
                 allowed_roots=[roots])


async def call(layer: Layer, who: Principal, tool: str, **arguments: object) -> dict:
    result = await layer.call_tool(tool, arguments, principal=who)
    assert not result.is_error, result.text
    assert result.structured is not None
    return result.structured


async def active(layer: Layer, who: Principal) -> str:
    return (await call(layer, who, "list_datasets"))["active"]


async def test_one_analysts_select_never_changes_what_another_sees(estates):
    assert await call(estates, ANALYST, "select_dataset", name="two") == {"active": "two",
                                                                          "previous": "one"}
    assert (await active(estates, ANALYST), await active(estates, OTHER)) == ("two", "one")
    assert (await call(estates, OTHER, "dataset_summary"))["total_assets"] == 40
    assert (await call(estates, ANALYST, "dataset_summary"))["total_assets"] == 45
    assert await active(estates, Principal.local()) == "one"


async def test_an_admins_load_is_its_own_active_dataset_and_nobody_elses(estates):
    loaded = await call(estates, ADMIN, "load_dataset", path="three")
    assert loaded["active"] == "three" and loaded["previous_active"] == "one"
    assert await active(estates, ADMIN) == "three"
    assert await active(estates, ANALYST) == "one" and await active(estates, Principal.local()) == "one"
    assert "three" in [d["name"] for d in (await call(estates, ANALYST, "list_datasets"))["datasets"]]


async def test_an_analyst_may_not_load_or_unload_and_the_refusal_is_audited(estates):
    listed = {t["name"] for t in await estates.list_tools(ANALYST)}
    assert {"load_dataset", "unload_dataset"} <= listed  # listed, so the refusal can say why
    for tool, arguments in (("load_dataset", {"path": "three"}), ("unload_dataset", {"name": "one"})):
        result = await estates.call_tool(tool, arguments, principal=ANALYST)
        assert result.is_error and result.error_code == -31001
        assert result.text == (f"Access to tool '{tool}' denied: capability 'manage_data' denied "
                               "by policy 'standard'")
    denied = [e for e in estates.audit_log.entries() if e.decision == "denied"]
    assert sorted((e.name, e.principal) for e in denied) == [("load_dataset", "ana"),
                                                              ("unload_dataset", "ana")]
    assert estates.workspace.names() == ["two", "one"]


async def test_allowed_loads_and_unloads_are_audited_although_audit_is_off(estates):
    await call(estates, ADMIN, "load_dataset", path="three")
    await call(estates, OPERATOR, "unload_dataset", name="three")
    await call(estates, ANALYST, "list_datasets")
    kept = sorted((e.decision, e.name, e.principal) for e in estates.audit_log.entries())
    assert kept == [("allowed", "load_dataset", "root"), ("allowed", "unload_dataset", "ops")]


async def test_unloading_anothers_active_dataset_falls_back_to_the_default(estates):
    await call(estates, ANALYST, "select_dataset", name="two")
    await call(estates, ADMIN, "unload_dataset", name="two")
    assert await active(estates, ANALYST) == "one"


async def test_status_shows_the_allowed_roots_only_to_who_may_load(estates, roots):
    analyst = await call(estates, ANALYST, "workspace_status")
    assert "allowed_roots" not in analyst and analyst["may_manage_data"] is False
    admin = await call(estates, ADMIN, "workspace_status")
    assert admin["allowed_roots"] == [str(roots.resolve())] and admin["may_manage_data"] is True
    (resource,) = await estates.read_resource("cloudg://workspace", principal=ANALYST)
    assert "allowed_roots" not in resource.text


async def test_the_local_user_may_load_under_standard_and_anyone_under_open(roots):
    generate(assets=20, seed=6, out=roots / "mine")
    local = Layer(policy="standard", allowed_roots=[roots])
    assert (await call(local, Principal.local(), "load_dataset", path="mine"))["active"] == "mine"
    opened = Layer(policy="open", allowed_roots=[roots])
    assert (await call(opened, ANALYST, "load_dataset", path="mine"))["loaded"] == "mine"


@pytest.mark.parametrize("profile", ["strict", "read_only", "audit"])
async def test_stricter_profiles_keep_loading_to_the_granted_roles(profile, roots):
    generate(assets=20, seed=7, out=roots / "x")
    layer = Layer(policy=profile, allowed_roots=[roots])
    refused = await layer.call_tool("load_dataset", {"path": "x"}, principal=ANALYST)
    assert refused.is_error and refused.error_code == -31001
    allowed = await layer.call_tool("load_dataset", {"path": "x"}, principal=OPERATOR)
    assert not allowed.is_error, allowed.text


async def test_a_timed_out_load_never_becomes_a_dataset(roots):
    generate(assets=20_000, seed=8, out=roots / "slow")
    layer = Layer(policy="standard", allowed_roots=[roots], default_timeout=0.05)
    result = await layer.call_tool("load_dataset", {"path": "slow"})
    assert result.is_error and result.error_code == "timeout"
    for _ in range(500):  # the thread stops at its next chunk; 10 s at most
        if not layer.workers.busy("local"):
            break
        await asyncio.sleep(0.02)
    assert layer.workers.busy("local") == 0
    assert layer.workspace.names() == [] and layer.workspace.version == 0
