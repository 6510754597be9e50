"""MetricsMiddleware: calls, errors and latency per kind:name, published as cloudg://metrics."""

from __future__ import annotations

import json

import pytest

from cloudg_lab import Principal
from cloudg_lab.middleware import MetricsMiddleware, register_metrics_resource
from cloudg_lab.middleware.metrics import _percentile

ALICE = Principal(id="alice")


async def test_calls_and_errors_are_counted_per_primitive(counting_layer):
    layer, counts = counting_layer({"name": "p", "hide_denied": False, "deny_tools": ["mutate"]})
    metrics = MetricsMiddleware()
    layer.use(metrics)
    counts.failures_left = 1
    for _ in range(3):
        await layer.call_tool("lookup", {"key": "k"}, principal=ALICE)
    await layer.call_tool("mutate", {}, principal=ALICE)
    await layer.call_tool("flaky", {}, principal=ALICE)
    await layer.call_tool("flaky", {}, principal=ALICE)
    snap = metrics.snapshot()
    assert {k: (v["calls"], v["errors"]) for k, v in snap.items()} == {
        "tool:flaky": (2, 1), "tool:lookup": (3, 0), "tool:mutate": (1, 1)}
    lookup = snap["tool:lookup"]
    assert 0 <= lookup["p50_ms"] <= lookup["p95_ms"] <= lookup["max_ms"]
    metrics.reset()
    assert metrics.snapshot() == {}


async def test_the_metrics_resource_reads_the_snapshot_and_keys_templates_not_uris(counting_layer):
    layer, _ = counting_layer()

    @layer.resource("notes://{topic}")
    def notes(topic: str) -> str:
        return topic

    metrics = MetricsMiddleware()
    layer.use(metrics)
    register_metrics_resource(layer, metrics)
    await layer.read_resource("notes://customer-4711", principal=ALICE)
    (contents,) = await layer.read_resource("cloudg://metrics", principal=ALICE)
    table = json.loads(contents.text)
    assert table["resource:notes://{topic}"]["calls"] == 1
    assert "customer-4711" not in contents.text
    assert "cloudg://metrics" in [r["uri"] for r in await layer.list_resources(ALICE)]


def test_percentiles_use_the_nearest_rank():
    ordered = [float(i) for i in range(1, 101)]
    assert (_percentile(ordered, 50), _percentile(ordered, 95), _percentile([], 50)) == (50.0, 95.0, 0.0)
    with pytest.raises(ValueError, match="window"):
        MetricsMiddleware(window=0)
