"""Helpers of the mount tests: ports, waits, the upstream command, the layer served over HTTP."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp import Client

from cloudg_lab.adapters import HttpEndpoint

HERE = Path(__file__).parent
SERVER = HERE / "upstream_server.py"
WAIT_S = 20.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the upstream exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the upstream never listened")


def stdio_command(state: Path) -> list[str]:
    return [sys.executable, str(SERVER), str(state)]


@asynccontextmanager
async def serve(layer: Any, **client_options: Any) -> AsyncIterator[Client]:
    """`layer` on streamable HTTP (127.0.0.1, a free port) and a client connected to it."""
    endpoint = HttpEndpoint(layer, port=0)
    await endpoint.start()
    try:
        assert endpoint.url is not None
        async with Client(endpoint.url, **client_options) as client:
            yield client
    finally:
        await endpoint.stop()


async def wait_for_file(path: Path) -> bool:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if path.exists():  # noqa: ASYNC240 (a stat per 50 ms poll, in a test)
            return True
        await asyncio.sleep(0.05)
    return False
