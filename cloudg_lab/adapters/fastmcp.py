"""The layer in front of a fastmcp app, mounted in-process through fastmcp's in-memory transport.

`await layer.mount("app", app)` recognises a fastmcp app and opens its session here:
`fastmcp.Client(app)` (fastmcp's `FastMCPTransport`: real JSON-RPC over in-memory streams, with
the app's lifespan entered). The session is then mounted like any other upstream
(`adapters.mount`): the app's tools and prompts become `app_*` specs, its resources `app+URI`,
all served by the layer.

What mounting guarantees, and why we mount rather than sit inside the app as fastmcp middleware:

- Everything an agent receives passes the layer, because the agent talks to the layer, never to
  the app: the output pipeline runs over every result, error, resource and prompt, including
  errors fastmcp itself produces (validation, unknown tool) and `_meta` the app writes; the app
  cannot write the layer's `cloudg/` keys.
- Every call passes the policy, the input pipeline and the audit first: a denied or hidden app
  primitive never runs, and the app only ever receives real values for the pseudonyms the agent
  passes back, validated against the schema the app published.
- Timeouts and cancels reach the app: the layer cancels the forwarded request and fastmcp cancels
  the tool's task.
- The app keeps running as written: its own middleware, dependencies and lifespan are untouched.

As middleware inside the app, the layer would see only what fastmcp hands its middleware hooks:
anything the app serves around them (another middleware answering first, a mounted sub-server
with its own chain, fastmcp's own error texts) could reach the client unfiltered, and the app's
transport, not the layer, would decide who the caller is. Mounting costs an in-memory JSON-RPC
round trip per call (`benchmarks/bench_mount.py` measures it) and buys the guarantees above.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from mcp import ClientSession


def opener(app: Any) -> Callable[[], AbstractAsyncContextManager[ClientSession]]:
    """An opener of a session with the fastmcp `app` (`adapters.upstream.Opener`).

    Raises:
        TypeError: when `app` is not a fastmcp `FastMCP` server.
        ImportError: when fastmcp is not installed (`pip install cloudg-lab[fastmcp]`).
    """
    from fastmcp import Client, FastMCP

    if not isinstance(app, FastMCP):
        raise TypeError(f"expected a fastmcp FastMCP app, got {type(app).__name__}")

    @asynccontextmanager
    async def session() -> AsyncIterator[ClientSession]:
        async with Client(app) as client:
            yield client.session

    return session

