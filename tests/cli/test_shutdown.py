"""Stopping is clean (guarantee 7): a stop signal ends a real server fast and silently, and a reader
that goes away early (`| head -1`) ends the CLI without a traceback. Every process here is real."""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

CLI = str(Path(sys.executable).parent / "cloudg-lab")
OPEN = ["--policy", "open"]
WAIT = 60.0
STOP_WITHIN_S = 2.0
LEGACY = "2025-11-25"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": LEGACY, "capabilities": {},
                         "clientInfo": {"name": "raw", "version": "0"}}}
HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def quiet_env(**extra: str) -> dict[str, str]:
    """A fixed vault key, so no startup notice about a random key lands on stderr."""
    return {**os.environ, "CLOUDG_LAB_VAULT_KEY": secrets.token_hex(32), **extra}


async def start_http(token: str) -> tuple[asyncio.subprocess.Process, str]:
    process = await asyncio.create_subprocess_exec(
        CLI, "serve", "--transport", "http", "--port", "0", *OPEN, env=quiet_env(CLOUDG_LAB_TOKENS=token),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stderr is not None
    async with asyncio.timeout(WAIT):
        while not (found := re.search(r"serving (http://\S+)", (await process.stderr.readline()).decode())):
            assert process.returncode is None
    return process, found.group(1)


async def stop(process: asyncio.subprocess.Process, sig: int) -> tuple[float, int, bytes]:
    """Send `sig`; the seconds until exit, the status, and what stderr said after the signal."""
    assert process.stderr is not None
    began = time.monotonic()
    process.send_signal(sig)
    async with asyncio.timeout(WAIT):
        said = await process.stderr.read()
        status = await process.wait()
    return time.monotonic() - began, status, said


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_ends_http_with_an_open_stream_fast_and_silently(sig):
    token = secrets.token_urlsafe(16)
    process, url = await start_http(token)
    auth = {"authorization": f"Bearer {token}"}
    async with httpx2.AsyncClient(timeout=WAIT, headers=auth) as http:
        opened = await http.post(url, json=INITIALIZE, headers=HEADERS)
        session = {"mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": LEGACY}
        await http.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"},
                        headers={**HEADERS, **session})
        async with http.stream("GET", url, headers={"accept": "text/event-stream", **session}) as stream:
            assert stream.status_code == 200
            seconds, status, said = await stop(process, sig)
            async for _ in stream.aiter_bytes():  # the stream ends complete: no protocol error
                pass
    assert said == b"", said.decode()
    assert status == 0 and seconds < STOP_WITHIN_S, seconds


async def start_stdio() -> asyncio.subprocess.Process:
    process = await asyncio.create_subprocess_exec(
        CLI, "serve", "--transport", "stdio", *OPEN, env=quiet_env(), stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
    await process.stdin.drain()
    async with asyncio.timeout(WAIT):
        answer = json.loads(await process.stdout.readline())
    assert answer["result"]["serverInfo"]["name"] == "cloudg-lab"
    return process


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_ends_stdio_fast_and_silently(sig):
    process = await start_stdio()
    seconds, status, said = await stop(process, sig)
    assert (status, said) == (0, b"")
    assert seconds < STOP_WITHIN_S, seconds


async def test_closing_stdin_ends_stdio_fast_and_silently():
    process = await start_stdio()
    assert process.stdin is not None and process.stderr is not None
    began = time.monotonic()
    process.stdin.close()
    async with asyncio.timeout(WAIT):
        said = await process.stderr.read()
        status = await process.wait()
    assert (status, said) == (0, b"")
    assert time.monotonic() - began < STOP_WITHIN_S


@pytest.mark.parametrize("command", [["tools"], ["templates", "--json"],
                                     ["call", "find_assets", "--args", '{"limit": 300}'], ["--help"]])
def test_a_reader_gone_before_the_output_ends_the_cli_without_a_word(command):
    reader, writer = os.pipe()
    os.close(reader)  # nobody will read: the very first write fails with EPIPE
    try:
        done = subprocess.run([CLI, *command, *OPEN], stdout=writer, stderr=subprocess.PIPE,
                              env=quiet_env(), timeout=WAIT, check=False)
    finally:
        os.close(writer)
    assert done.stderr == b"", done.stderr.decode()
    assert done.returncode in (0, 141)


def test_piping_into_head_prints_one_line_and_nothing_on_stderr():
    done = subprocess.run(f"'{CLI}' tools --json --policy open | head -1", shell=True, capture_output=True,
                          env=quiet_env(), timeout=WAIT, check=False)
    assert (done.stdout, done.stderr) == (b"[\n", b"")
