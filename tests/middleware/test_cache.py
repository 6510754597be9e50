"""CachingMiddleware: a hit is never a way around the policy."""

from __future__ import annotations

from pathlib import Path

from cloudg_lab import META_PREFIX, Principal
from cloudg_lab.middleware import CachingMiddleware

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "minimal"

HIT = META_PREFIX + "cache"
CODE = META_PREFIX + "error_code"
ALICE = Principal(id="alice", roles=frozenset({"default", "analyst"}))
BOB = Principal(id="bob", roles=frozenset({"default"}))
ANALYSTS_ONLY = {"name": "analysts-only", "hide_denied": False, "allow_tools": ["mutate", "flaky"],
                 "roles": {"analyst": {"name": "analysts", "allow_tools": ["lookup"]}}}


async def test_a_hit_is_served_from_the_cache_and_marked(counting_layer):
    layer, counts = counting_layer()
    layer.use(CachingMiddleware())
    first = await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    second = await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    other = await layer.call_tool("lookup", {"key": "other"}, principal=ALICE)
    assert counts.calls["lookup"] == 2
    assert first.structured == second.structured == {"key": "k", "n": 1}
    assert HIT not in first.meta and second.meta[HIT] == "hit" and HIT not in other.meta


async def test_a_principal_that_may_not_call_gets_no_answer_another_warmed(counting_layer):
    layer, counts = counting_layer(ANALYSTS_ONLY)
    layer.use(CachingMiddleware())
    warmed = await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    refused = await layer.call_tool("lookup", {"key": "k"}, principal=BOB)
    assert not warmed.is_error
    assert refused.is_error and refused.meta[CODE] == -31001 and HIT not in refused.meta
    assert refused.structured is None
    assert counts.calls["lookup"] == 1
    assert [e.principal for e in layer.audit_log.entries(decision="denied")] == ["bob"]


async def test_a_sibling_policy_that_denies_the_tool_gets_no_hit(counting_layer):
    layer, counts = counting_layer({"name": "allow-all", "hide_denied": False})
    layer.use(CachingMiddleware())
    strict_sibling = layer.with_policy({"name": "deny-lookup", "hide_denied": False,
                                        "deny_tools": ["lookup"]})
    await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    refused = await strict_sibling.call_tool("lookup", {"key": "k"}, principal=ALICE)
    assert refused.is_error and refused.meta[CODE] == -31001
    assert counts.calls["lookup"] == 1


async def test_a_hit_spends_a_rate_token_like_any_call(counting_layer):
    layer, counts = counting_layer({"name": "limited", "rate_limits": [
        {"rate": 2, "per": "hour", "burst": 2, "scope": "principal_tool", "tools": ["lookup"]}]})
    layer.use(CachingMiddleware())
    results = [await layer.call_tool("lookup", {"key": "k"}, principal=ALICE) for _ in range(3)]
    assert [r.is_error for r in results] == [False, False, True]
    assert results[1].meta[HIT] == "hit" and results[2].meta[CODE] == -31029
    assert counts.calls["lookup"] == 1


async def test_roles_are_part_of_the_key(counting_layer):
    layer, counts = counting_layer()
    layer.use(CachingMiddleware())
    await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    promoted = Principal(id="alice", roles=frozenset({"default", "analyst", "admin"}))
    again = await layer.call_tool("lookup", {"key": "k"}, principal=promoted)
    assert HIT not in again.meta and counts.calls["lookup"] == 2


async def test_errors_are_not_cached(counting_layer):
    layer, counts = counting_layer()
    layer.use(CachingMiddleware())
    counts.failures_left = 1
    failed = await layer.call_tool("flaky", {}, principal=ALICE)
    recovered = await layer.call_tool("flaky", {}, principal=ALICE)
    assert failed.is_error and not recovered.is_error and HIT not in recovered.meta


async def test_a_state_change_or_a_dataset_load_clears_the_cache(counting_layer):
    layer, counts = counting_layer()
    cache = CachingMiddleware()
    layer.use(cache)
    await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    await layer.call_tool("mutate", {}, principal=ALICE)
    assert len(cache) == 0
    await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    assert len(cache) == 1
    layer.workspace.load(MINIMAL, name="minimal")
    assert len(cache) == 0
    again = await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    assert HIT not in again.meta and counts.calls["lookup"] == 3


async def test_expired_entries_are_never_served_nor_counted(counting_layer):
    layer, counts = counting_layer()
    cache = CachingMiddleware(ttl=1e-9, maxsize=2)
    layer.use(cache)
    for key in ("a", "a", "b", "c"):
        await layer.call_tool("lookup", {"key": key}, principal=ALICE)
    assert counts.calls["lookup"] == 4
    assert len(cache) == 0


async def test_the_lru_keeps_maxsize_and_drops_the_least_recently_used(counting_layer):
    layer, counts = counting_layer()
    cache = CachingMiddleware(ttl=600, maxsize=2)
    layer.use(cache)
    for key in ("a", "b", "a", "c"):  # `a` was used after `b`: `c` pushes `b` out
        await layer.call_tool("lookup", {"key": key}, principal=ALICE)
    assert (counts.calls["lookup"], len(cache)) == (3, 2)
    await layer.call_tool("lookup", {"key": "a"}, principal=ALICE)
    assert counts.calls["lookup"] == 3
    await layer.call_tool("lookup", {"key": "b"}, principal=ALICE)
    assert counts.calls["lookup"] == 4
