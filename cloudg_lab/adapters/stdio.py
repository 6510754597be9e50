"""Serving a layer over stdio: one client, the local user, nothing but protocol bytes on stdout.

The SDK's `stdio_server` moves the protocol onto private descriptors and points fd 1 at stderr
while it serves, so a stray `print` in a handler cannot corrupt the stream. Bearer tokens mean
nothing here: whoever started the process is the caller (`Principal.local()`). A server that owns
its process (`run_stdio`, the CLI) also stops on SIGINT or SIGTERM, quietly and with status 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys

from mcp.server.stdio import stdio_server

from cloudg_lab.adapters.sdk import DEFAULT_NAME, build_server
from cloudg_lab.adapters.served import ServedLayer
from cloudg_lab.adapters.signals import on_stop_signals
from cloudg_lab.types import PrincipalResolver

STOP_GRACE_S = 0.5


async def serve_stdio(layer: ServedLayer, *, name: str = DEFAULT_NAME,
                      principal_resolver: PrincipalResolver | None = None) -> None:
    """Serve `layer` on this process's stdin and stdout until the client closes stdin.

    Raises:
        RuntimeError: when another stdio server already holds stdin or stdout in this process.
    """
    server = build_server(layer, name=name, transport="stdio", principal_resolver=principal_resolver)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


async def run_stdio(layer: ServedLayer, *, name: str = DEFAULT_NAME,
                    principal_resolver: PrincipalResolver | None = None) -> None:
    """`serve_stdio` until the client closes stdin or a stop signal arrives (for the CLI).

    On a signal the server is cancelled, which ends every handler within `STOP_GRACE_S`. The
    SDK reads stdin on a worker thread that no cancel can interrupt while the client keeps stdin
    open, and the interpreter would wait for that thread at exit; with nothing else left running,
    the process then ends at once, status 0, rather than wait for a line that may never come.

    Raises:
        RuntimeError: as for `serve_stdio`.
    """
    serving = asyncio.ensure_future(serve_stdio(layer, name=name, principal_resolver=principal_resolver))
    signalled = asyncio.Event()
    with on_stop_signals(signalled.set):
        waiter = asyncio.ensure_future(signalled.wait())
        await asyncio.wait({serving, waiter}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
    if serving.done():
        serving.result()
        return
    serving.cancel()
    await asyncio.wait({serving}, timeout=STOP_GRACE_S)
    if not serving.done():
        _exit_now()


def _exit_now() -> None:
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(0)
