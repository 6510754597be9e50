"""The leak rule on an estate written to look nothing like the sample one.

tests/fixtures/adversarial holds values the shipped data never uses: names with spaces, an account
id with leading zeros, documentation-range and IPv6 addresses, internal host names, a MAC, people
in tags, secrets in JSON-ish text (`DB_PASSWORD`), a connection string, an SSH key, a JWT, Slack
and AWS keys, an Azure SAS signature, an injection string, and references to all of them in free
text (finding descriptions, edge descriptions, unresolved references). Every tool, resource,
template and prompt is walked with arguments that reach them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer

ESTATE = Path(__file__).resolve().parents[1] / "fixtures" / "adversarial"
SECRETS = ("hunter2", "letmein123", "S3cr3tPw", "ud-tok-77f1e2", "OPENSSH PRIVATE",
           "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ", "eyJhbGciOiJIUzI1NiJ9", "xoxb-123456789012",
           "AKIAZZZZ1234567890AB", "AbCdEf1234567890abcdefGHIJKL")
IDENTIFIERS = ("000123456789", "o-abc123def4", "Payroll Production", "Jane Doe", "Jane.Doe@Company.COM",
               "jane.doe@company.com", "i-0123456789abcdef0", "Payroll Primary DB", "payroll-core",
               "52.14.22.1", "172.16.5.4", "2600:1f18:abcd::1", "ip-172-16-5-4", "db01.corp.internal",
               "0a:1b:2c:3d:4e:5f", "11111111-2222-3333-4444-555555555555", "rg-finance", "finstore01",
               "99999999-8888-7777-6666-555555555555", "finance-prod-42", "123456789012", "10.128.0.7",
               "ledger-sa", "ledger-api", "allow-all-ssh", "203.0.113.0", "acct-main", "gcp-vm-1")
SKIP = {"unload_dataset"}


async def _walk(layer: Layer) -> list[tuple[str, str]]:
    """(what was called, its wire result as text) for everything the caller can reach."""
    out: list[tuple[str, str]] = []
    page = await layer.call_tool("find_assets", {"limit": 50, "fields": [
        "id", "name", "type", "provider", "region", "account_id", "arn", "internet_exposed",
        "open_findings", "max_severity", "tags", "uri"]})
    out.append(("find_assets", json.dumps(page.to_wire(), ensure_ascii=False)))
    refs = [item["id"] for item in page.structured["items"]]
    findings = (await layer.call_tool("list_findings", {})).structured["items"]
    arguments: dict[str, list[dict[str, Any]]] = {
        "get_asset": [{"ref": r} for r in refs], "neighbors": [{"ref": r} for r in refs],
        "find_paths": [{"source": a, "target": b} for a in refs for b in refs if a != b],
        "get_finding": [{"finding_id": f["id"]} for f in findings],
        "load_dataset": [{"path": str(ESTATE), "name": "again"}], "select_dataset": [{"name": "adv"}],
        "diff_datasets": [{"base": "adv", "target": "adv"}], "reveal_token": [{"token": refs[0]}],
        "list_tags": [{}, {"key": "Owner"}, {"key": "notes"}],
        "preview_transform": [{"data": {"note": "Payroll Primary DB at 52.14.22.1, password=hunter2"}}],
    }
    for tool in await layer.list_tools():
        for args in arguments.get(tool["name"], [{}]) if tool["name"] not in SKIP else []:
            result = await layer.call_tool(tool["name"], args)
            out.append((tool["name"], json.dumps(result.to_wire(), ensure_ascii=False)))
    uris = [r["uri"] for r in await layer.list_resources()]
    uris += [f"cloudg://assets/{r}{tail}" for r in refs for tail in ("", "/neighbors")]
    uris += [f"cloudg://findings/{f['id']}" for f in findings]
    for uri in uris:
        contents = await layer.read_resource(uri)
        out.append((uri, json.dumps([c.to_wire() for c in contents], ensure_ascii=False)))
    for prompt in await layer.list_prompts():
        args = {a["name"]: {"ref": refs[1], "finding_id": findings[0]["id"]}.get(a["name"], "adv")
                for a in prompt["arguments"] if a["required"]}
        rendered = await layer.get_prompt(prompt["name"], args)
        out.append((prompt["name"], json.dumps(rendered.to_wire(), ensure_ascii=False)))
    for argument in ("ref", "finding_id"):
        done = await layer.complete({"type": "ref/prompt", "name": "investigate_asset"
                                     if argument == "ref" else "incident_triage"},
                                    {"name": argument, "value": ""})
        out.append((f"complete {argument}", json.dumps(done)))
    return out


def _leaks(walked: list[tuple[str, str]], canaries: tuple[str, ...]) -> list[tuple[str, str]]:
    return sorted({(canary, name) for name, text in walked for canary in canaries
                   if canary.lower() in text.lower()})


@pytest.mark.parametrize(("policy", "canaries"), [("standard", SECRETS),
                                                  ("strict", SECRETS + IDENTIFIERS)])
async def test_nothing_the_policy_hides_reaches_the_wire(policy: str, canaries: tuple[str, ...]):
    layer = Layer(policy=policy, datasets={"adv": ESTATE}, allowed_roots=[ESTATE])
    walked = await _walk(layer)
    assert len(walked) > 60
    assert _leaks(walked, canaries) == []


async def test_the_walk_reaches_every_canary_under_open():
    """The control: without transforms, the same walk shows every canary, so the test can fail."""
    layer = Layer(policy="open", datasets={"adv": ESTATE}, allowed_roots=[ESTATE])
    walked = await _walk(layer)
    missing = {c for c in SECRETS + IDENTIFIERS if not any(c.lower() in t.lower() for _, t in walked)}
    assert missing == set()
