"""Fixtures for the mount tests: fresh canaries and real upstream servers.

`upstream` is parametrised over the SDK server of `upstream_server.py` spawned over stdio by the
layer itself, and the same server run by the test as a streamable HTTP process on 127.0.0.1.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import canaries  # tests/mount is on pytest's pythonpath
import pytest
from mountkit import SERVER, free_port, stdio_command, wait_for_port


@pytest.fixture
def canary() -> dict[str, str]:
    return canaries.draw()


@pytest.fixture
def state(tmp_path: Path, canary: dict[str, str]) -> Path:
    return canaries.write(tmp_path / "state", canary)


@pytest.fixture
def http_upstream(state: Path) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, str(SERVER), str(state), "--http", str(port)])
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(params=["stdio", "http"])
def upstream(request: pytest.FixtureRequest, state: Path) -> Any:
    """What `Layer.mount` gets: the stdio command, or the URL of a running HTTP upstream."""
    if request.param == "stdio":
        return stdio_command(state)
    return request.getfixturevalue("http_upstream")
