"""Round trips under `strict`: pseudonyms from a result come back as real values in a handler.

Alone, inside longer strings, inside ARNs and `cloudg://` URIs, fenced, as an int: the handler
sees the real value. A pseudonym from another key or another namespace does not resolve, and
secrets in arguments are refused with entity types only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cloudg_lab import Layer, Principal, ToolContext
from cloudg_lab.privacy.transforms.sanitize import FENCE_CLOSE, FENCE_OPEN


def with_probe(layer: Layer, canaries: Any) -> list[Any]:
    """Register `canary_item` (returns identifiers) and `probe` (records what it received)."""
    received: list[Any] = []
    i = canaries.identifiers

    @layer.tool()
    def canary_item(ctx: ToolContext) -> dict[str, Any]:
        """One asset's identifiers."""
        return {"id": i["asset_id"], "name": i["resource_name"], "type": "EC2",
                "account_id": i["account"], "arn": i["arn"], "private_ip": i["private_ip"],
                "uri": f"cloudg://assets/{i['resource_name']}/neighbors"}

    @layer.tool()
    def probe(ctx: ToolContext, text: str, count: int = 0) -> dict[str, Any]:
        """Records its arguments."""
        received.append((text, count))
        return {"ok": True}

    return received


async def pseudonyms(layer: Layer, principal: Principal | None = None) -> dict[str, Any]:
    result = await layer.call_tool("canary_item", {}, principal=principal)
    assert not result.is_error, result.text
    assert result.structured is not None
    return result.structured


async def test_each_pseudonym_resolves_alone_and_inside_text(make_layer: Callable[..., Layer],
                                                              canaries: Any) -> None:
    layer = make_layer("strict")
    received = with_probe(layer, canaries)
    item = await pseudonyms(layer)
    i = canaries.identifiers
    pairs = [(item["arn"], i["arn"]), (item["account_id"], i["account"]),
             (item["name"], i["resource_name"]), (item["private_ip"], i["private_ip"]),
             (item["id"], i["asset_id"])]
    for pseudonym, real in pairs:
        assert pseudonym != real
        await layer.call_tool("probe", {"text": pseudonym})
        assert received[-1][0] == real
        await layer.call_tool("probe", {"text": f"what about {pseudonym}, please?"})
        assert received[-1][0] == f"what about {real}, please?"


async def test_components_uris_fences_and_numbers_resolve(make_layer: Callable[..., Layer],
                                                          canaries: Any) -> None:
    layer = make_layer("strict")
    received = with_probe(layer, canaries)
    item = await pseudonyms(layer)
    i = canaries.identifiers
    built = f"arn:aws:ec2:us-east-1:{item['account_id']}:instance/*"
    await layer.call_tool("probe", {"text": built})
    assert received[-1][0] == f"arn:aws:ec2:us-east-1:{i['account']}:instance/*"
    await layer.call_tool("probe", {"text": item["uri"]})
    assert received[-1][0] == f"cloudg://assets/{i['resource_name']}/neighbors"
    await layer.call_tool("probe", {"text": f"{FENCE_OPEN}{item['name']}{FENCE_CLOSE}"})
    assert received[-1][0] == i["resource_name"]
    await layer.call_tool("probe", {"text": "x", "count": int(item["account_id"])})
    assert received[-1][1] == int(i["account"])


async def test_lookalikes_and_other_keys_do_not_resolve(make_layer: Callable[..., Layer],
                                                        canaries: Any) -> None:
    first, second = make_layer("strict"), make_layer("strict", vault_key="another-key")
    with_probe(first, canaries)
    received = with_probe(second, canaries)
    item = await pseudonyms(first)
    await second.call_tool("probe", {"text": item["name"]})
    assert received[-1][0] == item["name"]
    await second.call_tool("probe", {"text": "res-0123456789 and 123456789012"})
    assert received[-1][0] == "res-0123456789 and 123456789012"


async def test_other_namespaces_do_not_resolve(make_layer: Callable[..., Layer],
                                               canaries: Any) -> None:
    layer = make_layer({"extends": "strict", "vault": {"scope": "principal"}})
    received = with_probe(layer, canaries)
    alice, bob = Principal(id="alice"), Principal(id="bob")
    mine, theirs = await pseudonyms(layer, alice), await pseudonyms(layer, bob)
    assert mine["name"] != theirs["name"]
    await layer.call_tool("probe", {"text": mine["name"]}, principal=bob)
    assert received[-1][0] == mine["name"]
    await layer.call_tool("probe", {"text": mine["name"]}, principal=alice)
    assert received[-1][0] == canaries.identifiers["resource_name"]


@pytest.mark.parametrize("policy", ["standard", "strict"])
async def test_secrets_in_arguments_are_refused_by_type(make_layer: Callable[..., Layer],
                                                        canaries: Any, policy: str) -> None:
    layer = make_layer(policy)
    received = with_probe(layer, canaries)
    secret = canaries.secrets["github_token"]
    result = await layer.call_tool("probe", {"text": f"use {secret}"})
    assert result.is_error and result.error_code == -32602
    assert result.text.startswith("Arguments appear to contain secrets (api_token); refusing")
    assert result.meta["cloudg/error_data"]["entities"] == ["api_token"]
    assert secret not in str(result.to_wire()) and received == []
    entry = layer.audit_log.entries()[-1]
    assert entry.decision == "rejected"
