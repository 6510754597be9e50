"""Resources, templates, prompts and completions of the catalog, through the layer."""

from __future__ import annotations

import json

import pytest

from cloudg_lab import EmbeddedResource, Layer, MCPLayerError, TextContent

RESOURCES = ["cloudg://workspace", "cloudg://datasets", "cloudg://policy", "cloudg://privacy/detectors"]
TEMPLATES = ["cloudg://datasets/{dataset}/summary", "cloudg://assets/{+ref}",
             "cloudg://assets/{+ref}/neighbors", "cloudg://findings/{finding_id}",
             "cloudg://findings/severity/{severity}"]
PROMPTS = ["investigate_asset", "attack_surface_report", "incident_triage", "security_posture_review",
           "policy_review"]


async def read_json(layer, uri):
    (contents,) = await layer.read_resource(uri)
    assert contents.mime_type == "application/json"
    return json.loads(contents.text)


async def test_listings(layer):
    assert [r["uri"] for r in await layer.list_resources()] == RESOURCES
    assert [t["uriTemplate"] for t in await layer.list_resource_templates()] == TEMPLATES
    assert [p["name"] for p in await layer.list_prompts()] == PROMPTS
    prompts = {p["name"]: p for p in await layer.list_prompts()}
    assert prompts["investigate_asset"]["arguments"][0] == {
        "name": "ref", "description": "Asset id, ARN or name.", "required": True}


async def test_static_resources(layer):
    assert (await read_json(layer, "cloudg://workspace"))["active_dataset"] == "sample"
    assert [d["name"] for d in (await read_json(layer, "cloudg://datasets"))["datasets"]] == ["sample"]
    assert (await read_json(layer, "cloudg://policy"))["name"] == "open"
    detectors = await read_json(layer, "cloudg://privacy/detectors")
    assert "email" in {d["name"] for d in detectors["detectors"]}


async def test_templates_read_the_active_dataset(layer, tools):
    summary = await read_json(layer, "cloudg://datasets/sample/summary")
    assert summary["total_assets"] == 50
    arn = "arn:aws:ec2:eu-west-1:522496710336:instance/i-0188ace5839583a57"
    asset = await read_json(layer, f"cloudg://assets/{arn}")
    assert asset["name"] == "dev-identity-web-000" and asset["findings_total"] == 2
    neighbors = await read_json(layer, f"cloudg://assets/{arn}/neighbors")
    assert neighbors["total"] == 5
    (first,) = (await tools.ok("list_findings", limit=1))["items"]
    assert (await read_json(layer, first["uri"]))["id"] == first["id"]
    critical = await read_json(layer, "cloudg://findings/severity/critical")
    assert critical["severity"] == "CRITICAL" and critical["total"] == 3


async def test_resource_errors_are_protocol_errors(layer):
    with pytest.raises(MCPLayerError) as missing:
        await layer.read_resource("cloudg://assets/no-such-asset")
    assert missing.value.code == -32602 and "no-such-asset" not in missing.value.message
    with pytest.raises(MCPLayerError) as severity:
        await layer.read_resource("cloudg://findings/severity/BAD")
    assert severity.value.data["valid"] == ["CRITICAL", "HIGH", "MEDIUM", "LOW", "INFO"]


async def test_investigate_asset_prompt_has_task_context_and_resource(layer):
    result = await layer.get_prompt("investigate_asset", {"ref": "dev-identity-web-000"})
    task, context, embedded = result.messages
    assert all(m.role == "user" for m in result.messages)
    assert isinstance(task.content, TextContent) and "dev-identity-web-000" not in task.content.text
    data = json.loads(context.content.text)
    assert data["asset"]["name"] == "dev-identity-web-000"
    assert isinstance(embedded.content, EmbeddedResource)
    assert embedded.content.resource.uri == data["asset"]["uri"]


@pytest.mark.parametrize(("name", "arguments", "messages"), [
    ("attack_surface_report", {}, 3), ("security_posture_review", {"dataset": "sample"}, 3),
    ("policy_review", {}, 3), ("policy_review", {"policy": "OPEN"}, 2)])
async def test_other_prompts_render(layer, name, arguments, messages):
    result = await layer.get_prompt(name, arguments)
    assert len(result.messages) == messages
    assert isinstance(json.loads(result.messages[1].content.text), dict)  # bare JSON context


async def test_attack_surface_context_lists_exposure(layer):
    result = await layer.get_prompt("attack_surface_report", {})
    data = json.loads(result.messages[1].content.text)
    assert [a["name"] for a in data["internet_exposed"]][:3] == [
        "dev-identity-web-000", "vm-staging-payments-006", "vm-prod-payments-010"]


async def test_incident_triage_embeds_the_asset(layer, tools):
    (first,) = (await tools.ok("list_findings", limit=1))["items"]
    result = await layer.get_prompt("incident_triage", {"finding_id": first["id"]})
    assert result.messages[2].content.resource.uri.startswith("cloudg://assets/")


async def test_prompts_without_data_ask_to_load_first(roots):
    layer = Layer(policy="open", allowed_roots=[roots])
    for name, arguments in (("investigate_asset", {"ref": "x"}), ("attack_surface_report", {}),
                            ("incident_triage", {"finding_id": "f"}), ("security_posture_review", {})):
        (message,) = (await layer.get_prompt(name, arguments)).messages
        assert "load_dataset" in message.content.text


async def test_prompt_errors(layer):
    with pytest.raises(MCPLayerError, match="Missing required prompt arguments: ref"):
        await layer.get_prompt("investigate_asset", {"ref": ""})
    with pytest.raises(MCPLayerError) as unknown:
        await layer.get_prompt("policy_review", {"policy": "lenient"})
    assert unknown.value.data["valid"] == ["open", "standard", "strict", "read_only", "audit"]


async def complete(layer, ref, argument, value, context=None):
    return await layer.complete(ref, {"name": argument, "value": value}, context_arguments=context)


async def test_completions(layer, tools):
    prompt = {"type": "ref/prompt", "name": "investigate_asset"}
    refs = await complete(layer, prompt, "ref", "dev-identity-w")
    assert refs == {"values": ["dev-identity-web-000", "dev-identity-web-004"], "total": 2, "hasMore": False}
    by_arn = await complete(layer, prompt, "ref", "arn:aws:ec2:eu-west-1:522496710336:i")
    assert by_arn["values"] == ["arn:aws:ec2:eu-west-1:522496710336:instance/i-0188ace5839583a57"]
    substring = await complete(layer, prompt, "ref", "ALB-00")
    assert substring["values"] == ["dev-identity-alb-000", "dev-identity-alb-004", "staging-mobile-alb-008"]
    assert (await complete(layer, prompt, "dataset", "sa"))["values"] == ["sample"]
    severity = {"type": "ref/resource", "uri": "cloudg://findings/severity/{severity}"}
    assert (await complete(layer, severity, "severity", "c"))["values"] == ["CRITICAL"]
    policy = {"type": "ref/prompt", "name": "policy_review"}
    assert (await complete(layer, policy, "policy", "st"))["values"] == ["standard", "strict"]
    (first,) = (await tools.ok("list_findings", limit=1))["items"]
    finding = {"type": "ref/resource", "uri": "cloudg://findings/{finding_id}"}
    assert (await complete(layer, finding, "finding_id", first["id"][:6]))["values"] == [first["id"]]


async def test_completion_of_everything_caps_at_100(roots, tmp_path):
    from cloudg_lab.sample import generate

    generate(assets=150, seed=3, out=tmp_path / "many")
    layer = Layer(policy="open", datasets={"many": tmp_path / "many"}, allowed_roots=[roots])
    result = await complete(layer, {"type": "ref/prompt", "name": "investigate_asset"}, "ref", "")
    assert len(result["values"]) == 100


async def test_completion_against_an_unknown_dataset_is_empty(layer):
    result = await complete(layer, {"type": "ref/prompt", "name": "investigate_asset"}, "ref", "dev",
                            {"dataset": "nope"})
    assert result == {"values": [], "total": 0, "hasMore": False}
