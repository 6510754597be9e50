"""Two `cloudg-lab serve` processes sharing one real Redis: one fleet, one limit, one audit trail.

The servers are real processes started with the CLI's own flags (`--rate-limit-store`,
`--audit-sink`) and the same pseudonym key; the clients are real `mcp` clients over HTTP; Redis
is Debian's `redis-server`, started on a free port by the test and stopped by its PID. The same
real Redis, paused (`CLIENT PAUSE`) or stopped, shows what a layer's call does when the shared
store is slow or gone.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import cliserve
import pytest
import redis
import redis_server
from mcp import Client

from cloudg_lab import Layer, Principal
from cloudg_lab.adapters import redis_limits
from cloudg_lab.adapters.fleet import join_fleet
from cloudg_lab.adapters.redis_audit import STREAM, FleetFollower, RedisAuditSink
from cloudg_lab.adapters.redis_limits import RedisBuckets
from cloudg_lab.middleware import CachingMiddleware
from cloudg_lab.policy.audit import AuditLog
from cloudg_lab.policy.ratelimit import RateLimiter, Want
from cloudg_lab.sample import generate

LIMIT = 240
POLICY = {"extends": "strict", "name": "fleet-strict",
          "rate_limits": [{"rate": LIMIT, "per": "hour", "burst": LIMIT, "scope": "principal"}]}
"""`strict` with its 240-call burst refilled per hour, not per minute: the test's own calls take
seconds, and a refill of 4 calls a second would blur the count this test is about."""


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fleet-estate")
    generate(300, seed=97531, out=out)
    return out


def instance(estate: Path, policy: Path, url: str) -> AbstractAsyncContextManager[str]:
    env = {**os.environ, "CLOUDG_LAB_VAULT_KEY": "one-key-for-the-fleet"}
    return cliserve.serving(["--policy", str(policy), "--dataset", f"prod={estate}",
                             "--rate-limit-store", url, "--audit-sink", url], env)


def code(result: Any) -> int | None:
    return (result.meta or {}).get("cloudg/error_code") if result.is_error else None


@pytest.fixture
def redis_url(tmp_path: Path):
    with redis_server.running(tmp_path) as url:
        yield url


def stream(url: str) -> list[dict[str, Any]]:
    """The decisions in the stream, one per (instance, seq): a later record rewrites its entry
    (an allowed call's duration is added when it ends)."""
    merged: dict[tuple[str, int], dict[str, Any]] = {}
    for _, fields in redis.Redis.from_url(url).xrange("cloudg:audit"):
        entry = json.loads(fields[b"entry"])
        assert entry["instance"] == fields[b"instance"].decode()
        merged[(entry["instance"], entry["seq"])] = entry
    return list(merged.values())


async def test_pseudonyms_limits_and_the_audit_trail_hold_across_two_instances(estate, redis_url,
                                                                               tmp_path):
    policy = tmp_path / "fleet.json"
    policy.write_text(json.dumps(POLICY))
    async with instance(estate, policy, redis_url) as a_url, \
            instance(estate, policy, redis_url) as b_url, Client(a_url) as a, Client(b_url) as b:
        page = (await a.call_tool("find_assets", {"limit": 3})).structured_content
        calls = 1
        for item in page["items"]:
            found = await b.call_tool("get_asset", {"ref": item["id"]})
            calls += 1
            assert not found.is_error and found.structured_content["name"] == item["name"]
        results = []
        while len(results) < LIMIT:
            results.append(await (a if len(results) % 2 else b).call_tool("count_assets", {}))
        allowed = calls + sum(1 for r in results if not r.is_error)
        refused = [r for r in results if r.is_error]
    assert allowed == LIMIT, "the instances must share one bucket of 240"
    assert refused and {code(r) for r in refused} == {-31029}
    trail = stream(redis_url)  # both instances closed: their writers sent everything
    assert len({e["instance"] for e in trail}) == 2
    decisions = [e["decision"] for e in trail if e["kind"] == "tool"]
    assert decisions.count("allowed") == LIMIT and decisions.count("rate_limited") == len(refused)
    assert all(set(e["arguments"]) <= {"ref", "limit"} for e in trail)


async def test_no_decision_is_lost_under_eight_concurrent_clients(estate, redis_url, tmp_path):
    policy = tmp_path / "open-fleet.json"
    policy.write_text(json.dumps({"extends": "standard", "name": "fleet-standard", "rate_limits": []}))
    per_client = 200
    async with instance(estate, policy, redis_url) as a_url, \
            instance(estate, policy, redis_url) as b_url:
        async def client(url: str, n: int) -> int:
            async with Client(url) as c:
                for _ in range(n):
                    await c.call_tool("count_assets", {})
            return n

        made = sum(await asyncio.gather(*(client(a_url if i % 2 else b_url, per_client) for i in range(8))))
    trail = stream(redis_url)
    tool_calls = [e for e in trail if e["kind"] == "tool" and e["name"] == "count_assets"]
    assert made == 8 * per_client == len(tool_calls)
    assert len({e["instance"] for e in tool_calls}) == 2
    follower = FleetFollower(redis_url)
    while follower.poll():
        pass
    merged = follower.log.entries(kind="tool")
    assert len(merged) == made and follower.log.counters["allowed"] == made
    assert {e.instance for e in merged} == {e["instance"] for e in tool_calls}
    assert all(e.duration_ms is not None for e in merged)  # the rewrites replaced their entries


def test_a_store_that_goes_away_refuses_as_rate_limited_and_says_so(caplog, tmp_path):
    with redis_server.running(tmp_path) as url:
        store = RedisBuckets(url)
        assert store.take([Want("k", 5, 1.0)]) is None
    assert store.take([Want("k", 5, 1.0)]) == (0, 1.0)
    assert "shared rate-limit store" in caplog.text
    assert RateLimiter(store=store).store is store


def test_serve_refuses_to_start_on_a_store_it_cannot_reach():
    port = redis_server.free_port()
    for flag in ("--rate-limit-store", "--audit-sink"):
        done = subprocess.run([cliserve.CLI, "serve", "--transport", "http", "--port", "0",
                               flag, f"redis://user:hunter2@127.0.0.1:{port}/0"],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 2
        last = done.stderr.strip().splitlines()[-1]
        assert last == f"Error: {flag}: cannot reach Redis at 127.0.0.1:{port}"
        assert "hunter2" not in done.stderr and "Traceback" not in done.stderr
    wrong = subprocess.run([cliserve.CLI, "serve", "--rate-limit-store", "http://127.0.0.1:1"],
                           capture_output=True, text=True, timeout=60, check=False)
    assert wrong.returncode == 2 and "must be a redis://" in wrong.stderr


def test_an_entry_rewritten_before_it_went_out_is_appended_once_as_rewritten(redis_url):
    log = AuditLog(100)
    sink = RedisAuditSink(redis_url, log, instance="one", linger=0.5)
    watcher = redis.Redis.from_url(redis_url)
    entry = log.record("allowed", kind="tool", name="t", principal_id="p", roles=("r",), arguments={})
    assert entry is not None
    entry = log.rewrite(entry, duration_ms=1.5)  # within the writer's linger: one append
    deadline = time.monotonic() + 10
    while watcher.xlen(STREAM) == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    log.rewrite(entry, decision="rejected", reason="refused late")  # after it went out: a second
    sink.close()
    records = [(json.loads(fields[b"entry"]), fields[b"replaced"]) for _, fields in watcher.xrange(STREAM)]
    assert [(e["decision"], e["duration_ms"], replaced) for e, replaced in records] == [
        ("allowed", 1.5, b"0"), ("rejected", 1.5, b"1")]
    follower = FleetFollower(redis_url)
    while follower.poll():
        pass
    assert [e.decision for e in follower.log.entries()] == ["rejected"]
    assert follower.log.counters["rejected"] == 1 and follower.log.counters["allowed"] == 0


# ------------------------------------------------------- the store as the layer awaits it

WHO = Principal(id="store-tester", roles=frozenset({"default"}))


def limited_layer(url: str, *, cached: bool = False) -> Layer:
    """A layer whose every call takes a token from the Redis at `url`, joined as `serve` joins."""
    layer = Layer(policy={"name": "store-limited", "rate_limits": [
        {"rate": 1000, "per": "second", "burst": 1000, "scope": "principal"}]}, catalog=False)

    @layer.tool(idempotent=True)
    async def ping() -> str:
        """Answers at once: any wait is the store's."""
        return "pong"

    if cached:
        layer.use(CachingMiddleware())
    join_fleet(layer, rate_limit_store=url)
    return layer


def pause(url: str, milliseconds: int) -> None:
    """Every other client's commands wait that long (the server stays up, as a slow one would)."""
    redis.Redis.from_url(url).execute_command("CLIENT", "PAUSE", milliseconds, "ALL")


@pytest.mark.parametrize("cached", [False, True], ids=["call", "cache-hit"])
async def test_a_slow_redis_holds_the_call_not_the_event_loop(redis_url, cached):
    layer = limited_layer(redis_url, cached=cached)
    assert not (await layer.call_tool("ping", {}, principal=WHO)).is_error  # connected, script loaded
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    pause(redis_url, 600)
    started = time.monotonic()
    result = await layer.call_tool("ping", {}, principal=WHO)
    waited = time.monotonic() - started
    ticker.cancel()
    assert not result.is_error and result.structured == {"result": "pong"}
    assert (result.meta.get("cloudg/cache") == "hit") is cached
    assert waited >= 0.4, "the call must have waited for the paused Redis"
    assert ticks >= 10, f"the loop ran {ticks} 10 ms ticks while the call waited {waited:.2f} s"


async def test_a_redis_gone_during_calls_refuses_them_as_rate_limited(tmp_path, caplog):
    with redis_server.running(tmp_path) as url:
        layer = limited_layer(url)
        assert not (await layer.call_tool("ping", {}, principal=WHO)).is_error
    started = time.monotonic()
    refused = await layer.call_tool("ping", {}, principal=WHO)
    assert time.monotonic() - started < redis_limits.WAIT_SECONDS
    assert code(refused) == -31029 and refused.meta["cloudg/error_data"]["retry_after"] == 1.0
    assert refused.content[0].text == ("Rate limit exceeded for tool 'ping' (1000/second); "
                                          "retry in 1.0s")
    assert "the shared rate-limit store failed with ConnectionError" in caplog.text


async def test_a_redis_that_stops_answering_refuses_the_call_within_the_wait(redis_url):
    layer = limited_layer(redis_url)
    layer.policy.rate_limiter.store = RedisBuckets(redis_url, wait=0.5)
    assert not (await layer.call_tool("ping", {}, principal=WHO)).is_error
    pause(redis_url, 5000)
    started = time.monotonic()
    refused = await layer.call_tool("ping", {}, principal=WHO)
    waited = time.monotonic() - started
    assert code(refused) == -31029 and 0.4 <= waited < 2.0, f"refused after {waited:.2f} s"


async def test_concurrent_takes_travel_together_and_each_stays_all_or_nothing(redis_url):
    store = RedisBuckets(redis_url)
    watcher = redis.Redis.from_url(redis_url)
    watcher.script_flush()  # the first send finds the script unknown: given, then asked again
    connected = watcher.info("stats")["total_connections_received"]
    wants = [Want("wide", 100, 1e-3), Want("narrow", 5, 1e-3)]  # no refill to speak of
    replies = await asyncio.gather(*(store.take_async(wants) for _ in range(8)))
    assert replies.count(None) == 5
    assert all(reply[0] == 1 and reply[1] > 100 for reply in replies if reply is not None)
    assert 95 <= float(watcher.hget(redis_limits.PREFIX + "wide", "tokens")) < 95.01, \
        "a refused take must take nothing, and a run asked again must not take twice"
    assert watcher.info("stats")["total_connections_received"] - connected == 1, \
        "the eight takes must share one pipeline, not open eight connections"


def test_each_event_loop_closes_its_connections_when_it_ends(redis_url):
    store = RedisBuckets(redis_url)
    watcher = redis.Redis.from_url(redis_url)
    before = connections(watcher)

    async def calls() -> int:
        await asyncio.gather(*(store.take_async([Want("loops", 100, 100.0)]) for _ in range(4)))
        return connections(watcher)

    for _ in range(2):
        assert asyncio.run(calls()) > before  # the loop had connections of its own
        deadline = time.monotonic() + 5
        while connections(watcher) > before and time.monotonic() < deadline:
            time.sleep(0.02)  # the server reads the closes in its own time
        assert connections(watcher) == before


def connections(client: redis.Redis) -> int:
    return len(client.client_list())
