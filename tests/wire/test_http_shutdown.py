"""Stopping an endpoint in-process (a notebook's `%mcp serve` restart) ends open streams at once."""

from __future__ import annotations

import logging
import time

import httpx2
import pytest
import testlayer
from httpkit import HEADERS, INITIALIZE, LEGACY

from cloudg_lab.adapters import HttpEndpoint


async def test_stop_with_an_open_stream_is_fast_complete_and_logs_no_error(caplog: pytest.LogCaptureFixture):
    endpoint = HttpEndpoint(testlayer.build_layer(), port=0)
    await endpoint.start()
    assert endpoint.url is not None
    caplog.set_level(logging.WARNING)
    async with httpx2.AsyncClient(timeout=30) as http:
        opened = await http.post(endpoint.url, json=INITIALIZE, headers=HEADERS)
        session = {"mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": LEGACY}
        await http.post(endpoint.url, json={"jsonrpc": "2.0", "method": "notifications/initialized"},
                        headers={**HEADERS, **session})
        listen = {"accept": "text/event-stream", **session}
        async with http.stream("GET", endpoint.url, headers=listen) as stream:
            began = time.monotonic()
            await endpoint.stop()
            took = time.monotonic() - began
            async for _ in stream.aiter_bytes():  # complete, or httpx2 raises a protocol error
                pass
    assert took < 2.0, took
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    await endpoint.start()  # and it serves again afterwards
    try:
        async with httpx2.AsyncClient(timeout=30) as http:
            again = await http.post(endpoint.url or "", json=INITIALIZE, headers=HEADERS)
        assert again.status_code == 200
    finally:
        await endpoint.stop()
