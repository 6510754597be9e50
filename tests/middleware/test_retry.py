"""RetryMiddleware: idempotent read-only tools only, transient failures only, counted in _meta."""

from __future__ import annotations

from cloudg_lab import META_PREFIX, Principal
from cloudg_lab.middleware import RetryMiddleware

RETRIES = META_PREFIX + "retries"
ALICE = Principal(id="alice")


async def test_a_transient_failure_is_retried_and_the_count_reported(counting_layer):
    layer, counts = counting_layer()
    layer.use(RetryMiddleware(retries=2, backoff=0))
    counts.failures_left = 2
    result = await layer.call_tool("flaky", {}, principal=ALICE)
    assert (result.is_error, result.structured, result.meta[RETRIES]) == (False, {"result": "fine"}, 2)
    assert counts.calls["flaky"] == 3


async def test_retries_stop_at_the_limit(counting_layer):
    layer, counts = counting_layer()
    layer.use(RetryMiddleware(retries=1, backoff=0))
    counts.failures_left = 5
    result = await layer.call_tool("flaky", {}, principal=ALICE)
    assert result.is_error and counts.calls["flaky"] == 2


async def test_non_idempotent_tools_and_policy_refusals_are_never_retried(counting_layer):
    layer, counts = counting_layer({"name": "p", "hide_denied": False, "deny_tools": ["lookup"]})
    layer.use(RetryMiddleware(retries=3, backoff=0))
    unsafe = await layer.call_tool("unsafe", {}, principal=ALICE)
    denied = await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    assert unsafe.is_error and counts.calls["unsafe"] == 1
    assert denied.is_error and denied.meta[META_PREFIX + "error_code"] == -31001
    assert len(layer.audit_log.entries(decision="denied")) == 1


async def test_a_first_time_success_carries_no_retry_count(counting_layer):
    layer, _ = counting_layer()
    layer.use(RetryMiddleware(backoff=0))
    result = await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    assert RETRIES not in result.meta
