"""The leak rule over the shipped catalog: every tool, resource, template, prompt and completion.

The dataset is the example estate (AWS, Azure, GCP; planted fake keys, passwords in tags, owner
e-mails). Its canaries are read from the file itself: secrets (the planted keys and password
tag values) and identifiers (asset ids, names, ARNs, accounts, e-mails, addresses, the dataset
name). Arguments reach them: every asset is asked for by its real reference, every finding by
its id.
"""

from __future__ import annotations

import ipaddress
import json
import re
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer, MCPLayerError
from cloudg_lab.privacy.text import mentionable

ESTATE = Path(__file__).resolve().parents[1] / "fixtures" / "example-estate"
DATASET = "estate-canary-7"
_EMAIL = re.compile(r"[\w.+-]+@[\w.-]+\.\w+")
_IPV4 = re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?\b")
_SECRET = re.compile(r"AKIAFAKE[A-Z0-9]+|ghp_FAKE\w+")


def canaries() -> tuple[set[str], set[str]]:
    """(secrets, identifiers) planted in the example estate."""
    inventory = json.loads((ESTATE / "inventory-map.json").read_text())
    text = (ESTATE / "inventory-map.json").read_text() + (ESTATE / "findings.json").read_text()
    secrets = set(_SECRET.findall(text))
    identifiers = {DATASET}
    for asset in inventory["assets"]:
        for key, value in (asset.get("tags") or {}).items():
            if "password" in key.lower():
                secrets.add(value)
        identifiers.update(v for v in (asset.get("id"), asset.get("arn"), asset.get("account_id"))
                           if v)
        if mentionable(asset["name"]):
            identifiers.add(asset["name"])
    identifiers.update(_EMAIL.findall(text))
    for address in _IPV4.findall(text):
        net = ipaddress.ip_network(address, strict=False)
        if not (net.is_loopback or net.is_link_local or net.prefixlen == 0 or
                (net.prefixlen <= 8 and "/" in address)):
            identifiers.add(address)
    return secrets, identifiers


async def walk_catalog(layer: Layer) -> list[Any]:
    """Every visible primitive, called with arguments that reach the canaries."""
    inventory = json.loads((ESTATE / "inventory-map.json").read_text())
    findings = json.loads((ESTATE / "findings.json").read_text())["findings"]
    refs = [a["id"] for a in inventory["assets"]]
    wire: list[Any] = []

    async def tool(name: str, **arguments: Any) -> None:
        wire.append((await layer.call_tool(name, arguments)).to_wire())

    async def protocol(coro: Any) -> None:
        try:
            result = await coro
        except MCPLayerError as exc:
            wire.append({"error": exc.message, "data": exc.data})
            return
        wire.append(result.to_wire() if hasattr(result, "to_wire") else
                    [c.to_wire() for c in result] if isinstance(result, list) else result)

    visible = {t["name"] for t in await layer.list_tools()}
    calls: list[tuple[str, dict[str, Any]]] = [
        ("workspace_status", {}), ("list_datasets", {}), ("dataset_summary", {}),
        ("diff_datasets", {"base": DATASET}), ("find_assets", {"limit": 500}),
        ("find_assets", {"internet_exposed": True, "fields": ["name", "arn", "tags", "uri"]}),
        ("list_asset_types", {}), ("list_accounts", {}), ("list_regions", {}), ("list_tags", {}),
        ("internet_exposure", {}), ("list_findings", {"limit": 500}), ("findings_summary", {}),
        ("privacy_status", {}), ("list_detectors", {}), ("list_capabilities", {}),
        ("privacy_audit_log", {}), ("find_paths", {"source": refs[0], "target": refs[-1]}),
        ("preview_transform", {"data": inventory["assets"][:6]}),
    ]
    calls += [("count_assets", {"group_by": g}) for g in ("type", "account", "region", "provider")]
    calls += [(name, {"ref": ref}) for ref in refs for name in ("get_asset", "neighbors")]
    calls += [("get_finding", {"finding_id": f["id"]}) for f in findings]
    for name, arguments in calls:
        if name in visible:
            await tool(name, **arguments)
    for resource in await layer.list_resources():
        await protocol(layer.read_resource(resource["uri"]))
    for ref in refs:
        await protocol(layer.read_resource(f"cloudg://assets/{ref}"))
        await protocol(layer.read_resource(f"cloudg://assets/{ref}/neighbors"))
    for uri in (f"cloudg://datasets/{DATASET}/summary", "cloudg://findings/severity/HIGH",
                f"cloudg://findings/{findings[0]['id']}"):
        await protocol(layer.read_resource(uri))
    prompts = {p["name"] for p in await layer.list_prompts()}
    for name, arguments in [("investigate_asset", {"ref": refs[5]}), ("attack_surface_report", {}),
                            ("incident_triage", {"finding_id": findings[0]["id"]}),
                            ("security_posture_review", {}), ("policy_review", {"policy": "strict"})]:
        if name in prompts:
            await protocol(layer.get_prompt(name, arguments))
    for argument, value in (("ref", ""), ("ref", "a"), ("dataset", ""), ("finding_id", "")):
        wire.append(await layer.complete({"type": "ref/prompt", "name": "investigate_asset"
                                          if argument in ("ref", "dataset") else "incident_triage"},
                                         {"name": argument, "value": value}))
    wire.append(await layer.complete({"type": "ref/resource", "uri": "cloudg://assets/{+ref}"},
                                     {"name": "ref", "value": ""}))
    return wire


@pytest.mark.parametrize(("policy", "strict"), [("standard", False), ("strict", True)])
async def test_no_canary_of_the_estate_reaches_the_wire(tmp_path: Path, policy: str,
                                                        strict: bool) -> None:
    layer = Layer(policy=policy, datasets={DATASET: str(ESTATE / "inventory-map.json")},
                  allowed_roots=[tmp_path])
    secrets, identifiers = canaries()
    assert len(secrets) >= 3 and len(identifiers) >= 100
    wire = json.dumps(await walk_catalog(layer), ensure_ascii=False)
    assert len(wire) > 100_000
    found = sorted(s for s in (secrets | identifiers if strict else secrets) if s in wire)
    assert found == []
