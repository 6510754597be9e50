"""`%mcp mount` in a real kernel: a stdio upstream previewed under open, standard and strict."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import canaries
import pytest
from mountkit import stdio_command
from notebook_kernel import Kernel, start_kernel

pytestmark = pytest.mark.kernel


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kernel]:
    started = start_kernel(tmp_path_factory.mktemp("kernel"), CLOUDG_LAB_POLICY="standard",
                           CLOUDG_LAB_VAULT_KEY="mount-notebook-key")
    try:
        started.ok("%load_ext cloudg_lab")
        yield started
    finally:
        started.close()


def test_a_mounted_stdio_tool_previewed_under_three_policies(kernel: Kernel, tmp_path: Path):
    canary = canaries.draw()
    state = canaries.write(tmp_path / "state", canary)
    mounted = kernel.ok("%mcp mount up " + " ".join(stdio_command(state)))
    assert "up_canary" in mounted.result["text/plain"]
    kernel.ok("p = %mcp preview up_canary --policies open,standard,strict")
    columns = kernel.value("{k: v.result.to_wire() for k, v in p.results.items()}")
    by_policy = {label.split(" ")[0]: wire for label, wire in columns.items()}
    assert set(by_policy) == {"open", "standard", "strict"}
    assert canaries.leaks(by_policy["strict"], canary) == []
    assert {"aws_secret", "github_token"}.isdisjoint(canaries.leaks(by_policy["standard"], canary))
    assert canary["hostname"] in json.dumps(by_policy["open"])  # open shows what the upstream said
    listed = kernel.ok("%mcp mounts").result["text/plain"]
    assert "up" in listed and "stdio command" in listed
    kernel.ok("%mcp unmount up")
    assert "up_canary" not in kernel.ok("%mcp tools").result["text/plain"]
    refused = kernel.run("%mcp unmount up")
    assert not refused.ok and "Nothing is mounted as 'up'" in refused.stderr
