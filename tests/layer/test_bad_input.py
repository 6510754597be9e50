"""Bad input: each gets a clear error, nothing reaches the caller as a traceback, the audit holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer, NotFoundError, PolicyError, Principal
from cloudg_lab.layer.inputs import MAX_DEPTH

EXAMPLE = Path(__file__).parents[1] / "fixtures" / "example-estate"


def _deep(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    top = value
    for _ in range(levels):
        value["n"] = {}
        value = value["n"]
    return top


@pytest.fixture
def guarded(make_layer):
    layer = make_layer({"name": "audited", "audit": True})

    @layer.tool()
    async def take(data: Any = None) -> str:
        return "ok"

    return layer


@pytest.mark.parametrize(("arguments", "message"), [
    ([1, 2], "Arguments must be a JSON object, got array"),
    ("text", "Arguments must be a JSON object, got string"),
    (7, "Arguments must be a JSON object, got number"),
    ({"data": _deep(100_000)}, f"Argument 'data' is nested deeper than {MAX_DEPTH} levels"),
    ({"data": object()}, "Argument 'data' is not a JSON value (got object)"),
    ({"data": {1: "x"}}, "Argument 'data' has a non-string key (number)"),
    ({"data": float("nan")}, "Argument 'data' holds nan, which JSON cannot carry"),
    ({"data": [float("inf")]}, "Argument 'data' holds inf, which JSON cannot carry"),
    ({"data": {"a", "b"}}, "Argument 'data' is not a JSON value (got set)"),
])
async def test_malformed_arguments_are_clear_rejected_error_results(guarded, arguments, message):
    result = await guarded.call_tool("take", arguments)
    assert result.is_error and result.error_code == -32602
    assert result.text == message
    wire = json.dumps(result.to_wire())
    assert "Traceback" not in wire
    [entry] = guarded.audit_log.entries()
    assert entry.decision == "rejected" and entry.reason == message
    assert guarded.audit_log.counters == {"allowed": 0, "denied": 0, "rate_limited": 0,
                                          "rejected": 1, "not_found": 0}


async def test_none_arguments_mean_no_arguments(guarded):
    result = await guarded.call_tool("take", None)
    assert not result.is_error and result.structured == {"result": "ok"}
    assert [e.decision for e in guarded.audit_log.entries()] == ["allowed"]


async def test_deep_but_legal_arguments_still_validate(guarded):
    result = await guarded.call_tool("take", {"data": _deep(MAX_DEPTH - 2)})
    assert not result.is_error


async def test_an_unknown_prefix_is_an_unknown_tool_and_audited(make_layer):
    layer = make_layer(prefix="inv_")

    @layer.tool()
    async def ping() -> str:
        return "pong"

    with pytest.raises(NotFoundError, match="Unknown tool: other_ping"):
        await layer.call_tool("other_ping", [1, 2])
    [entry] = layer.audit_log.entries()
    assert entry.decision == "not_found" and list(entry.arguments) == ["<arguments>"]


async def test_the_audit_hashes_odd_argument_values_without_raising(make_layer):
    layer = make_layer({"name": "p", "hide_denied": False, "deny_tools": ["t"]})

    @layer.tool()
    async def t(data: Any = None) -> str:
        return "never"

    result = await layer.call_tool("t", {"data": _deep(5000), "other": object()})
    assert result.error_code == -31001
    entry = layer.audit_log.entries()[0]
    assert "data" in entry.arguments and len(entry.arguments) == 2  # `other` is not declared
    assert not any(k == "other" for k in entry.arguments)
    assert all(len(h) == 12 for h in entry.arguments.values())


@pytest.mark.parametrize(("options", "message"), [
    ({"prefix": "bad prefix!"}, "prefix"),
    ({"max_output_chars": 10}, "max_output_chars"),
])
def test_bad_layer_options_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        Layer(policy="open", catalog=False, **options)


def test_a_bad_policy_is_one_policy_error():
    with pytest.raises(PolicyError, match="hide_denied"):
        Layer(policy={"name": "x", "hide_denied": "sometimes"}, catalog=False)


async def test_a_bad_tool_registration_fails_at_registration(make_layer):
    layer = make_layer()
    with pytest.raises(TypeError, match="cannot be passed by name"):
        @layer.tool()
        async def splat(*args: Any) -> None:
            return None
    with pytest.raises(ValueError, match="Unknown capabilities"):
        @layer.tool(capabilities=["teleport"])
        async def t2() -> None:
            return None
    with pytest.raises(ValueError, match="Unknown sensitivity"):
        @layer.tool(sensitivity="top-secret")
        async def t3() -> None:
            return None
    with pytest.raises(ValueError, match="name"):
        @layer.tool(name="has space")
        async def t4() -> None:
            return None
    assert await layer.list_tools(Principal.local()) == []


async def test_a_rejection_reason_is_scrubbed_before_it_reaches_the_audit(make_layer):
    layer = make_layer({"name": "shout", "audit": True, "transforms": [{"type": "shout"}]})

    @layer.tool()
    async def take(data: Any = None) -> str:
        return "ok"

    result = await layer.call_tool("take", {"canary-key": {"x": object()}})
    assert result.is_error and "CANARY-KEY" in result.text
    [entry] = layer.audit_log.entries()
    assert entry.decision == "rejected" and "canary" not in entry.reason and "CANARY-KEY" in entry.reason


@pytest.mark.parametrize("seed", range(3))
async def test_a_name_the_caller_typed_comes_back_scrubbed_from_an_unknown_primitive(seed: int) -> None:
    """`Unknown tool: NAME` quotes what the caller sent: a secret, or under `strict` a real name
    of the estate, pasted into a tool, prompt or resource name does not come back."""
    import random
    import string

    r = random.Random(seed)
    secret = r.choice(["sk_live_", "ghp_", "glpat-"]) + "".join(
        r.choices(string.ascii_letters + string.digits, k=36))
    real = r.choice(["payments-batch-role", "prod-ledger-db", "391417776317"])
    for policy, hidden in (("standard", [secret]), ("strict", [secret, real])):
        layer = Layer(policy=policy, datasets={"example": EXAMPLE}, vault_key="k")
        for pasted in hidden:
            calls = (layer.call_tool(f"find/{pasted}", {}), layer.get_prompt(f"p {pasted}", {}),
                     layer.read_resource(f"cloudg://nothing/{pasted}"))
            for call in calls:
                with pytest.raises(NotFoundError) as caught:
                    await call
                shown = json.dumps([caught.value.message, caught.value.data])
                assert pasted not in shown and "Unknown" in shown, (policy, shown)
        entries = [e.to_dict() for e in layer.audit_log.entries() if e.decision == "not_found"]
        assert len(entries) == 3 * len(hidden)
        assert all(v not in json.dumps(entries) for v in hidden)
