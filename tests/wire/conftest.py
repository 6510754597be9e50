"""The wire fixture: one real `mcp.Client` per test, over each transport and in each protocol era.

`wire` is parametrised over {in-memory `Client(server)`, a stdio subprocess running
`testlayer.py`, streamable HTTP on 127.0.0.1 with a free port} × {the 2025-11-25 handshake
(`mode="legacy"`), 2026-07-28 (`mode="auto"`)}. `wire.connect(policy)` serves a fresh test layer
and yields a connected client; for in-process transports `wire.layer` is that layer.
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import testlayer  # tests/wire is on pytest's pythonpath
from mcp import Client, StdioServerParameters

from cloudg_lab.adapters import HttpEndpoint, build_server

HERE = Path(__file__).parent
SCRIPT = HERE / "testlayer.py"
TRANSPORTS = ("memory", "stdio", "http")
ERAS = ("legacy", "2026-07-28")




class Wire:
    def __init__(self, transport: str, era: str) -> None:
        self.transport = transport
        self.era = era
        self.layer: Any = None

    @property
    def mode(self) -> str:
        return "legacy" if self.era == "legacy" else "auto"

    @asynccontextmanager
    async def connect(self, policy: Any = None, **client_options: Any) -> AsyncIterator[Client]:
        policy = testlayer.WIRE_POLICY if policy is None else policy
        options = {"mode": self.mode, **client_options}
        if self.transport == "stdio":
            argument = policy if isinstance(policy, str) else json.dumps(policy)
            params = StdioServerParameters(command=sys.executable, args=[str(SCRIPT), argument],
                                           cwd=str(HERE))
            async with Client(params, **options) as client:
                yield client
            return
        self.layer = testlayer.build_layer(policy)
        if self.transport == "memory":
            async with Client(build_server(self.layer), **options) as client:
                yield client
            return
        endpoint = HttpEndpoint(self.layer, port=0)
        await endpoint.start()
        try:
            assert endpoint.url is not None
            async with Client(endpoint.url, **options) as client:
                yield client
        finally:
            await endpoint.stop()


@pytest.fixture(params=[(t, e) for t in TRANSPORTS for e in ERAS], ids=lambda p: f"{p[0]}-{p[1]}")
def wire(request: pytest.FixtureRequest) -> Wire:
    return Wire(*request.param)
