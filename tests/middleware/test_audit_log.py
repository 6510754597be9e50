"""AuditLogMiddleware: a 0600 JSONL file with one line per call, hashes and never values."""

from __future__ import annotations

import json
import stat

from cloudg_lab import Principal
from cloudg_lab.middleware import AuditLogMiddleware
from cloudg_lab.policy.audit import ArgumentHasher

ALICE = Principal(id="alice", roles=frozenset({"default", "analyst"}))
SECRET_VALUE = "hunter2-very-secret"


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


async def test_each_call_is_one_line_with_hashes_and_its_outcome(counting_layer, tmp_path):
    layer, counts = counting_layer({"name": "p", "hide_denied": False, "deny_tools": ["mutate"]})
    hasher = ArgumentHasher(b"k" * 32)
    trail = AuditLogMiddleware(tmp_path / "audit.jsonl", hasher=hasher)
    layer.use(trail)
    counts.failures_left = 1
    await layer.call_tool("lookup", {"key": SECRET_VALUE}, principal=ALICE)
    await layer.call_tool("mutate", {}, principal=ALICE)
    await layer.call_tool("flaky", {}, principal=ALICE)
    await layer.call_tool("lookup", {"key": 5, "extra": 1}, principal=ALICE)
    trail.close()
    text = (tmp_path / "audit.jsonl").read_text()
    assert SECRET_VALUE not in text
    lines = _lines(tmp_path / "audit.jsonl")
    assert [(x["name"], x["outcome"], x.get("error_code")) for x in lines] == [
        ("lookup", "ok", None), ("mutate", "denied", -31001), ("flaky", "exception", "handler_error"),
        ("lookup", "rejected", -32602)]
    first = lines[0]
    assert first["arguments"] == {"key": hasher.digest(SECRET_VALUE)}
    assert first["principal"] == {"id": "alice", "roles": ["analyst", "default"]}
    assert first["kind"] == "tool" and first["event"] == "mcp.call" and first["duration_ms"] >= 0


async def test_the_file_is_created_0600_and_tightened_if_it_existed(tmp_path):
    fresh = AuditLogMiddleware(tmp_path / "new.jsonl")
    fresh.close()
    loose = tmp_path / "loose.jsonl"
    loose.write_text("")
    loose.chmod(0o644)
    AuditLogMiddleware(loose).close()
    assert stat.S_IMODE((tmp_path / "new.jsonl").stat().st_mode) == 0o600
    assert stat.S_IMODE(loose.stat().st_mode) == 0o600


async def test_resources_and_prompts_are_recorded_too(counting_layer, tmp_path):
    layer, _ = counting_layer()

    @layer.resource("notes://{topic}")
    def notes(topic: str) -> str:
        return topic

    trail = AuditLogMiddleware(tmp_path / "audit.jsonl")
    layer.use(trail)
    await layer.read_resource("notes://pricing", principal=ALICE)
    trail.close()
    (line,) = _lines(tmp_path / "audit.jsonl")
    assert (line["kind"], line["name"], line["outcome"]) == ("resource", "notes://pricing", "ok")
    assert list(line["arguments"]) == ["topic"]
