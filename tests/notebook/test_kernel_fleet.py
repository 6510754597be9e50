"""`%mcp audit --fleet`: a notebook shows the merged, live audit trail of two serving processes.

Two real `cloudg-lab serve` processes append to one real Redis (`--audit-sink`); real `mcp`
clients call each; the kernel's AuditLog widget follows the stream and names the instances.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import cliserve
import pytest
import redis_server
from mcp import Client

from cloudg_lab.sample import generate

pytestmark = pytest.mark.kernel


async def test_the_fleet_audit_shows_the_calls_made_to_both_instances(kernel, tmp_path: Path) -> None:
    estate = generate(40, seed=8642, out=tmp_path / "estate")
    with redis_server.running(tmp_path) as url:
        flags = ["--policy", "standard", "--dataset", f"prod={estate}", "--audit-sink", url]
        env = {**os.environ, "CLOUDG_LAB_VAULT_KEY": "fleet-notebook-key"}
        async with cliserve.serving(flags, env) as a_url, cliserve.serving(flags, env) as b_url:
            for target, calls in ((a_url, 3), (b_url, 2)):
                async with Client(target) as client:
                    for _ in range(calls):
                        assert not (await client.call_tool("count_assets", {})).is_error
            kernel.ok(f"fleet = %mcp audit --fleet {url} --kind tool")
            kernel.ok("from collections import Counter")
            expression = "sorted(Counter(r['instance'] for r in fleet.rows).values())"
            deadline = time.monotonic() + 20
            while kernel.value(expression) != [2, 3]:
                assert time.monotonic() < deadline, kernel.value("fleet.rows")
                await asyncio.sleep(0.2)
        assert kernel.value("sorted({r['name'] for r in fleet.rows})") == ["count_assets"]
        assert kernel.value("fleet.title").startswith("fleet audit · 127.0.0.1:")
        kernel.ok("fleet.close()")
    refused = kernel.run(f"%mcp audit --fleet redis://127.0.0.1:{redis_server.free_port()}/0")
    assert not refused.ok and "cannot reach the fleet's Redis at 127.0.0.1:" in refused.stderr
    assert "Traceback" not in refused.stderr
    wrong = kernel.run("%mcp audit --fleet http://user:secret@127.0.0.1/")
    assert not wrong.ok and "must be a redis://" in wrong.stderr and "secret" not in wrong.stderr
