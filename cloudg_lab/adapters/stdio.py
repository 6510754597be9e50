"""Serving a layer over stdio: one client, the local user, nothing but protocol bytes on stdout.

The SDK's `stdio_server` moves the protocol onto private descriptors and points fd 1 at stderr
while it serves, so a stray `print` in a handler cannot corrupt the stream. Bearer tokens mean
nothing here: whoever started the process is the caller (`Principal.local()`).
"""

from __future__ import annotations

from typing import Any

from mcp.server.stdio import stdio_server

from cloudg_lab.adapters.sdk import DEFAULT_NAME, build_server
from cloudg_lab.types import PrincipalResolver


async def serve_stdio(layer: Any, *, name: str = DEFAULT_NAME,
                      principal_resolver: PrincipalResolver | None = None) -> None:
    """Serve `layer` on this process's stdin and stdout until the client closes stdin.

    Raises:
        RuntimeError: when another stdio server already holds stdin or stdout in this process.
    """
    server = build_server(layer, name=name, transport="stdio", principal_resolver=principal_resolver)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())
