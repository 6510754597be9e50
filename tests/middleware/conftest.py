"""A layer with no catalog and a few tools whose handlers count their calls."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer

SHARED_DATA = Path(__file__).resolve().parents[1] / "fixtures"


class Counting:
    """Registers `lookup` (read-only, idempotent), `mutate` (changes state) and `flaky`."""

    def __init__(self, layer: Layer) -> None:
        self.calls: dict[str, int] = {"lookup": 0, "mutate": 0, "flaky": 0, "unsafe": 0}
        self.failures_left = 0

        @layer.tool()
        async def lookup(key: str) -> dict[str, Any]:
            """Read-only and idempotent: cacheable."""
            self.calls["lookup"] += 1
            return {"key": key, "n": self.calls["lookup"]}

        @layer.tool(read_only=False, idempotent=False, capabilities=("write_state",))
        async def mutate() -> str:
            """Changes state."""
            self.calls["mutate"] += 1
            return "changed"

        @layer.tool()
        async def flaky() -> str:
            """Fails with ConnectionError while failures_left > 0."""
            self.calls["flaky"] += 1
            if self.failures_left > 0:
                self.failures_left -= 1
                raise ConnectionError("upstream reset")
            return "fine"

        @layer.tool(read_only=False, idempotent=False)
        async def unsafe() -> str:
            """Fails like flaky, but must never be retried."""
            self.calls["unsafe"] += 1
            raise ConnectionError("upstream reset")


@pytest.fixture
def counting_layer() -> Callable[..., tuple[Layer, Counting]]:
    def build(policy: Any = None, **options: Any) -> tuple[Layer, Counting]:
        layer = Layer(policy=policy or {"name": "mw-open"}, catalog=False,
                      allowed_roots=[SHARED_DATA], **options)
        return layer, Counting(layer)

    return build
