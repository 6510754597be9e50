"""Token buckets and the audit ring buffer."""

from __future__ import annotations

import threading

from cloudg_lab.policy.audit import ArgumentHasher, AuditLog
from cloudg_lab.policy.model import RateLimit
from cloudg_lab.policy.ratelimit import RateLimiter


class Clock:
    """A hand-driven clock for the bucket's unit tests (the only place a fake stands in)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_empties_at_burst_and_refills_at_rate():
    clock = Clock()
    limiter = RateLimiter(clock)
    limit = [RateLimit(rate=60, per="minute", burst=3, scope="principal")]
    taken = [limiter.take(limit, kind="tool", name="t", principal_id="a") for _ in range(3)]
    assert taken == [None, None, None]
    refusal = limiter.take(limit, kind="tool", name="t", principal_id="a")
    assert refusal is not None and refusal.retry_after == 1.0 and refusal.label == "60/minute"
    clock.now += 1.0
    assert limiter.take(limit, kind="tool", name="t", principal_id="a") is None


def test_scopes_key_buckets_apart():
    limiter = RateLimiter(Clock())
    per_tool = [RateLimit(rate=1, per="hour", scope="tool")]
    assert limiter.take(per_tool, kind="tool", name="a", principal_id="x") is None
    assert limiter.take(per_tool, kind="tool", name="a", principal_id="y") is not None
    assert limiter.take(per_tool, kind="tool", name="b", principal_id="x") is None
    glob = [RateLimit(rate=1, per="hour", scope="global")]
    assert limiter.take(glob, kind="tool", name="a", principal_id="x") is None
    assert limiter.take(glob, kind="tool", name="z", principal_id="q") is not None


def test_all_buckets_must_allow_before_any_token_is_taken():
    limiter = RateLimiter(Clock())
    roomy = RateLimit(rate=10, per="hour", scope="principal")
    tight = RateLimit(rate=1, per="hour", scope="principal", tools=["expensive"])
    assert limiter.take([roomy, tight], kind="tool", name="expensive", principal_id="a") is None
    for _ in range(5):
        assert limiter.take([roomy, tight], kind="tool", name="expensive", principal_id="a") is not None
    # the refused calls took nothing from the roomy bucket: 9 tokens remain
    cheap = [limiter.take([roomy], kind="tool", name="cheap", principal_id="a") for _ in range(9)]
    assert cheap == [None] * 9
    assert limiter.take([roomy], kind="tool", name="cheap", principal_id="a") is not None


def test_limits_apply_only_to_their_kinds_and_tool_globs():
    limiter = RateLimiter(Clock())
    limit = [RateLimit(rate=1, per="day", tools=["find_*"], kinds=["tool"])]
    for _ in range(3):
        assert limiter.take(limit, kind="resource", name="find_x", principal_id="a") is None
        assert limiter.take(limit, kind="tool", name="get_x", principal_id="a") is None


def _record(log: AuditLog, decision: str, n: int = 1) -> None:
    for i in range(n):
        log.record(decision, kind="tool", name=f"t{i}", principal_id="p", roles=frozenset({"default"}),
                   arguments={})  # type: ignore[arg-type]


def test_the_ring_is_bounded_and_counters_survive_eviction():
    log = AuditLog(size=10, record_allowed=True)
    _record(log, "allowed", 25)
    _record(log, "denied", 3)
    assert len(log) == 10
    assert log.counters["allowed"] == 25 and log.counters["denied"] == 3
    assert [e.decision for e in log.entries(last=4)] == ["denied", "denied", "denied", "allowed"]


def test_allowed_decisions_count_but_are_kept_only_with_full_audit():
    log = AuditLog(size=10, record_allowed=False)
    _record(log, "allowed", 5)
    _record(log, "not_found")
    assert log.counters["allowed"] == 5 and [e.decision for e in log.entries()] == ["not_found"]


def test_listeners_hear_new_and_rewritten_entries_and_can_unsubscribe():
    log = AuditLog(size=10, record_allowed=True)
    heard: list[tuple[str, bool]] = []
    unsubscribe = log.subscribe(lambda entry, replaced: heard.append((entry.decision, replaced)))
    entry = log.record("allowed", kind="tool", name="t", principal_id="p", roles=frozenset(), arguments={})
    assert entry is not None
    log.rewrite(entry, decision="rejected", reason="secret")
    unsubscribe()
    _record(log, "denied")
    assert heard == [("allowed", False), ("rejected", True)]
    assert log.counters["allowed"] == 0 and log.counters["rejected"] == 1
    assert log.entries()[1].reason == "secret"


def test_a_failing_listener_does_not_break_recording():
    log = AuditLog(size=10)

    def broken(entry: object, replaced: bool) -> None:
        raise RuntimeError("widget bug")

    log.subscribe(broken)
    _record(log, "denied")
    assert len(log) == 1


def test_concurrent_recording_loses_nothing():
    log = AuditLog(size=100_000, record_allowed=True)
    threads = [threading.Thread(target=_record, args=(log, "allowed", 1000)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(log) == 8000 and log.counters["allowed"] == 8000
    assert len({e.seq for e in log.entries()}) == 8000


def test_argument_hashes_are_keyed_stable_and_never_the_value():
    hasher = ArgumentHasher(key=b"k" * 32)
    other = ArgumentHasher(key=b"q" * 32)
    declared = {"password", "n"}
    hashed = hasher.arguments({"password": "hunter2", "n": 5}, declared)
    assert hashed == hasher.arguments({"n": 5, "password": "hunter2"}, declared)
    assert hashed["password"] != other.arguments({"password": "hunter2"}, declared)["password"]
    assert all(len(v) == 12 and "hunter2" not in v for v in hashed.values())


def test_an_argument_name_the_primitive_does_not_declare_is_hashed_too():
    hasher = ArgumentHasher(key=b"k" * 32)
    hashed = hasher.arguments({"ref": "x", "billing-db-07": 1, "Dana Lee": 2}, {"ref"})
    assert "ref" in hashed and len(hashed) == 3
    assert not any("billing" in k or "Dana" in k for k in hashed)
    assert hashed == hasher.arguments({"Dana Lee": 2, "billing-db-07": 1, "ref": "x"}, {"ref"})
