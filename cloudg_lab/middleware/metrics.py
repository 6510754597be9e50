"""Calls, failures and latency per primitive, readable as the `cloudg://metrics` resource.

Keys are `kind:key` where the key is the registered name or URI template, never a URI a caller
typed, so the table stays as small as the catalog and holds no identifier. Latency percentiles come
from a bounded window of recent calls; totals and the maximum cover every call since `reset`.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from dataclasses import dataclass, field

from cloudg_lab.middleware import outcomes
from cloudg_lab.registry.registrar import Registrar
from cloudg_lab.types import CallInfo, CallNext

METRICS_URI = "cloudg://metrics"


@dataclass
class _Series:
    calls: int = 0
    errors: int = 0
    max_ms: float = 0.0
    window: deque[float] = field(default_factory=deque)


class MetricsMiddleware:
    """Count every call and time it; `snapshot()` gives the table."""

    def __init__(self, window: int = 1024) -> None:
        """Raises:
            ValueError: for a window smaller than 1.
        """
        if window < 1:
            raise ValueError("window must be at least 1")
        self.window = window
        self._series: dict[str, _Series] = {}
        self._lock = threading.Lock()

    async def __call__(self, info: CallInfo, call_next: CallNext) -> object:
        started = time.perf_counter()
        try:
            result = await call_next(info)
        except BaseException:
            self._record(info, started, failed=True)
            raise
        self._record(info, started, failed=outcomes.of_result(result) in outcomes.FAILURES)
        return result

    def _record(self, info: CallInfo, started: float, *, failed: bool) -> None:
        elapsed = (time.perf_counter() - started) * 1000
        key = f"{info.kind}:{_key(info)}"
        with self._lock:
            series = self._series.get(key)
            if series is None:
                series = self._series[key] = _Series(window=deque(maxlen=self.window))
            series.calls += 1
            series.errors += failed
            series.max_ms = max(series.max_ms, elapsed)
            series.window.append(elapsed)

    def snapshot(self) -> dict[str, dict[str, object]]:
        """`{kind:key: {calls, errors, p50_ms, p95_ms, max_ms}}`, keys sorted."""
        with self._lock:
            copies = {k: (s.calls, s.errors, s.max_ms, sorted(s.window)) for k, s in self._series.items()}
        return {key: {"calls": calls, "errors": errors, "p50_ms": _percentile(window, 50),
                      "p95_ms": _percentile(window, 95), "max_ms": round(max_ms, 3)}
                for key, (calls, errors, max_ms, window) in sorted(copies.items())}

    def reset(self) -> None:
        with self._lock:
            self._series.clear()


def _key(info: CallInfo) -> str:
    spec_key = getattr(info.spec, "key", None)
    return spec_key if isinstance(spec_key, str) else info.name


def _percentile(ordered: list[float], pct: int) -> float:
    """Nearest-rank percentile of an ascending list (0.0 when empty)."""
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return round(ordered[rank - 1], 3)


def register_metrics_resource(layer: Registrar, metrics: MetricsMiddleware, uri: str = METRICS_URI) -> None:
    """Publish `metrics.snapshot()` as a JSON resource on `layer` (category `meta`, `internal`).

    Raises:
        ValueError: when `uri` is a template.
    """
    if "{" in uri:
        raise ValueError(f"The metrics resource needs a plain URI, not a template ({uri!r})")

    def read_metrics() -> dict[str, dict[str, object]]:
        """Calls, errors and p50/p95/max latency in ms per kind:name since the server started."""
        return metrics.snapshot()

    layer.resource(uri, name="metrics", mime_type="application/json", category="meta",
                   sensitivity="internal", capabilities=("read_state",))(read_metrics)
