"""Guarantee 1 over the red team's estates: every reference a `strict` caller is shown (an
asset's id, name and ARN, its account, its tags, a finding's id) names the same thing in a
process that never issued it: a fresh layer with the same key and data, one per reference,
so no earlier call can have issued the pseudonym there."""

from __future__ import annotations

from pathlib import Path

import pytest
from drafting import Estate
from redteam_runs import LOADED_FRESH, built

from cloudg_lab import Layer, Principal

CALLER = Principal.parse("alice:analyst")
KEY = "one-key-for-every-process"


@pytest.fixture(scope="module", params=LOADED_FRESH, ids=[kind for kind, _ in LOADED_FRESH])
def estate(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Estate:
    """The estates loaded afresh per reference (`tundra`, slow to load, is left to the walks)."""
    return built(request.param, tmp_path_factory)


def _fresh(root: Path) -> Layer:
    return Layer(policy="strict", datasets={"ds": root}, allowed_roots=[root], vault_key=KEY)


async def _ids(root: Path, arguments: dict[str, object]) -> list[str]:
    page = (await _fresh(root).call_tool("find_assets", {**arguments, "fields": ["id"]},
                                         principal=CALLER)).structured
    return [] if page is None else [str(item["id"]) for item in page["items"]]


async def test_every_reference_a_strict_caller_is_shown_resolves_in_a_fresh_process(
        estate: Estate) -> None:
    assert estate.path is not None
    root = estate.path
    shown = _fresh(root)
    items = (await shown.call_tool("find_assets", {"limit": 500}, principal=CALLER)).structured
    findings = (await shown.call_tool("list_findings", {"status": "all", "limit": 200},
                                      principal=CALLER)).structured
    assert items is not None and findings is not None and items["items"] and findings["items"]
    unresolved: list[str] = []
    for item in items["items"]:
        for field in ("id", "name", "arn"):
            ref = item.get(field)
            if isinstance(ref, str):
                found = (await _fresh(root).call_tool("get_asset", {"ref": ref}, principal=CALLER)).structured
                if found is None or found["id"] != item["id"]:
                    unresolved.append(f"{field} {ref}")
        if isinstance(item.get("account_id"), str) and item["id"] not in await _ids(
                root, {"account_id": item["account_id"], "limit": 500}):
            unresolved.append(f"account {item['account_id']}")
        for key, value in (item.get("tags") or {}).items():
            if isinstance(value, str) and not value.startswith("[REDACTED") and \
                    item["id"] not in await _ids(root, {"tag": f"{key}={value}", "limit": 500}):
                unresolved.append(f"tag {key}={value}")
    for finding in findings["items"]:
        got = await _fresh(root).call_tool("get_finding", {"finding_id": finding["id"]}, principal=CALLER)
        if got.is_error:
            unresolved.append(f"finding {finding['id']}")
    assert not unresolved, f"{len(unresolved)} did not resolve in a fresh process: {unresolved[:8]}"
