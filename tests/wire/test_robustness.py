"""Bad input and rough clients: the server neither crashes nor loses an audit entry, and serves on."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
import testlayer
from mcp import Client

from cloudg_lab.adapters import HttpEndpoint
from cloudg_lab.middleware import AuditLogMiddleware

SCRIPT = Path(testlayer.__file__)
WAIT = 20.0


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def _call(ident: int, a: int, b: int) -> bytes:
    return _line({"jsonrpc": "2.0", "id": ident, "method": "tools/call",
                  "params": {"name": "add", "arguments": {"a": a, "b": b}}})


async def test_malformed_json_rpc_lines_on_stdio_are_survived():
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(SCRIPT), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL)
    assert process.stdin is not None and process.stdout is not None
    garbage = [b"this is not json\n", b'{"jsonrpc": "2.0"}\n', b"[1, 2, 3]\n", b"\xff\xfe\x00 bytes\n",
               b'{"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": "oops"}\n']
    handshake = [_line({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                   "clientInfo": {"name": "raw", "version": "0"}}}),
                 _line({"jsonrpc": "2.0", "method": "notifications/initialized"})]
    noisy = _line({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "noisy"}})
    process.stdin.write(b"".join([*garbage, *handshake, *garbage, _call(2, 1, 2), noisy,
                                  _line({"jsonrpc": "2.0", "id": 3, "method": "no/such/method"}),
                                  *garbage, _call(4, 2, 2)]))
    await process.stdin.drain()
    answers: dict[int, dict[str, Any]] = {}
    async with asyncio.timeout(WAIT):
        while not {1, 2, 3, 4, 5} <= set(answers):
            message = json.loads(await process.stdout.readline())
            if "id" in message:
                answers[message["id"]] = message
        process.stdin.close()
        status = await process.wait()
    assert answers[2]["result"]["structuredContent"] == {"sum": 3}
    assert answers[3]["error"]["code"] == -32601
    assert answers[4]["result"]["structuredContent"] == {"sum": 4}
    assert answers[5]["result"]["structuredContent"] == {"result": "quiet"}
    assert status == 0


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_client_that_disconnects_mid_call_leaves_the_server_serving(mode):
    layer = testlayer.build_layer()
    endpoint = HttpEndpoint(layer, port=0)
    await endpoint.start()
    testlayer.Gate.arm()
    try:
        assert endpoint.url is not None and testlayer.Gate.started is not None
        url = endpoint.url

        async def hang() -> None:
            async with Client(url, mode=mode) as client:
                await client.call_tool("block", {})

        caller = asyncio.ensure_future(hang())
        await asyncio.wait_for(testlayer.Gate.started.wait(), WAIT)
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller
        async with Client(url, mode=mode) as client:
            result = await client.call_tool("add", {"a": 20, "b": 22})
        assert result.structured_content == {"sum": 42}
        assert endpoint.running
    finally:
        assert testlayer.Gate.release is not None
        testlayer.Gate.release.set()
        await endpoint.stop()
    allowed = [e.name for e in layer.audit_log.entries(decision="allowed")]
    assert sorted(allowed) == ["add", "block"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_500_calls_from_8_concurrent_http_clients_lose_no_audit_entry(mode, tmp_path):
    layer = testlayer.build_layer()
    trail = AuditLogMiddleware(tmp_path / "audit.jsonl")
    layer.use(trail)
    endpoint = HttpEndpoint(layer, port=0)
    await endpoint.start()
    shares = [63] * 4 + [62] * 4
    try:
        assert endpoint.url is not None
        url = endpoint.url

        async def client_run(index: int, calls: int) -> list[int]:
            async with Client(url, mode=mode) as client:
                return [(await client.call_tool("add", {"a": index, "b": i})).structured_content["sum"]
                        for i in range(calls)]

        async with asyncio.timeout(120):
            sums = await asyncio.gather(*(client_run(i, n) for i, n in enumerate(shares)))
            async with Client(url, mode=mode) as client:
                after = await client.call_tool("add", {"a": 1, "b": 1})
    finally:
        await endpoint.stop()
        trail.close()
    assert sum(shares) == 500
    assert sums == [[i + k for k in range(n)] for i, n in enumerate(shares)]
    assert after.structured_content == {"sum": 2}
    assert layer.audit_log.counters["allowed"] == 501
    assert len(layer.audit_log.entries(decision="allowed", kind="tool")) == 501
    lines = [json.loads(line) for line in (tmp_path / "audit.jsonl").read_text().splitlines()]
    assert len(lines) == 501 and {line["outcome"] for line in lines} == {"ok"}
