"""One session with a mounted MCP server, held open for the layer, and its failures as layer errors.

An upstream is a stdio command (a list, or a string split like a shell would), a streamable
HTTP URL (with headers or a bearer token), an in-process SDK `Server` / `MCPServer`, a fastmcp
app (through `adapters.fastmcp`), or any `Opener`. Each becomes an `mcp` SDK
`ClientSession`; the layer's forwarding handlers only ever talk to that session.

The session lives in a task of its own: the SDK's transports are anyio task groups, which must be
entered and left by the same task, while the layer's calls come from any request task. When the
upstream goes away (a crashed process, a dropped HTTP server), the pending calls fail cleanly, and
the next call connects again once.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shlex
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TextIO, TypeVar

from mcp import Client, ClientSession, MCPError, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.server import Server
from mcp.server.mcpserver import MCPServer
from mcp.types import CONNECTION_CLOSED

from cloudg_lab.errors import InvalidArgumentsError, MCPLayerError, NotFoundError
from cloudg_lab.logs import log_failure

T = TypeVar("T")
Opener = Callable[[], AbstractAsyncContextManager[ClientSession]]
"""Opens a connected (initialised) session and closes it on exit."""
Source = str | Sequence[str] | Server[Any] | MCPServer | Opener

UPSTREAM_ERROR = "upstream_error"
_CONNECT_S = 30.0
_CLOSE_S = 5.0
_HTTP_SCHEMES = ("http://", "https://")
_log = logging.getLogger("cloudg_lab.adapters.upstream")


class UpstreamError(MCPLayerError):
    """A mounted server failed: an `isError` result, a JSON-RPC error, a crash or a bad answer.

    The message is the upstream's own text (it passes the output pipeline like any result);
    `data["upstream_code"]` keeps a JSON-RPC error's code.
    """

    code = UPSTREAM_ERROR


def opener(source: Source, *, headers: Mapping[str, str] | None = None, token: str | None = None,
           env: Mapping[str, str] | None = None, cwd: str | Path | None = None) -> Opener:
    """How to open a session with `source`.

    Raises:
        ValueError: for an empty command, headers or a token given to a non-HTTP upstream, or
            a source of another type.
    """
    if isinstance(source, Server | MCPServer):
        _only_http(headers, token, "an in-process server")
        return lambda: _client(Client(source))
    if _is_fastmcp(source):
        from cloudg_lab.adapters.fastmcp import opener as fastmcp_opener

        _only_http(headers, token, "a fastmcp app")
        return fastmcp_opener(source)
    if callable(source):
        _only_http(headers, token, "an opener")
        return source
    if isinstance(source, str) and source.startswith(_HTTP_SCHEMES):
        return lambda: _http_session(source, headers, token)
    command = shlex.split(source) if isinstance(source, str) else list(source)
    if not command or not all(isinstance(part, str) and part for part in command):
        raise ValueError("an upstream command needs a program and string arguments")
    _only_http(headers, token, "a stdio command")
    params = StdioServerParameters(command=command[0], args=command[1:],
                                   env=dict(env) if env is not None else None, cwd=cwd)
    return lambda: _client(Client(stdio_client(params, errlog=_errlog())))


def _is_fastmcp(source: object) -> bool:
    """A fastmcp app, recognised without importing fastmcp (an optional extra)."""
    return any(c.__module__.startswith("fastmcp.") and c.__name__ == "FastMCP"
               for c in type(source).__mro__)


def describe(source: Source) -> str:
    """What `source` is, without its arguments or credentials (for listings and messages)."""
    if isinstance(source, Server | MCPServer):
        return "in-process server"
    if _is_fastmcp(source):
        return "fastmcp app"
    if callable(source):
        return "in-process app"
    if isinstance(source, str) and source.startswith(_HTTP_SCHEMES):
        return "streamable HTTP"
    return "stdio command"


def _errlog() -> TextIO:
    """Where the upstream process's stderr goes: ours, unless ours is no file (a Jupyter kernel
    replaces it with a stream that has no descriptor), then the process's original stderr."""
    for stream in (sys.stderr, sys.__stderr__):
        try:
            if stream is not None:
                stream.fileno()
                return stream
        except (OSError, ValueError, AttributeError):
            continue
    return open(os.devnull, "w")  # lives as long as the process


def _only_http(headers: Mapping[str, str] | None, token: str | None, what: str) -> None:
    if headers or token:
        raise ValueError(f"headers and a bearer token apply to HTTP upstreams, not {what}")


@asynccontextmanager
async def _http_session(url: str, headers: Mapping[str, str] | None,
                        token: str | None) -> AsyncIterator[ClientSession]:
    """A session over streamable HTTP; the HTTP client is ours to close (the SDK's transport
    leaves a client it was given open)."""
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    sent = dict(headers or {})
    if token:
        sent["Authorization"] = f"Bearer {token}"
    http = httpx2.AsyncClient(headers=sent, timeout=httpx2.Timeout(30, read=300))
    async with http, _client(Client(streamable_http_client(url, http_client=http))) as session:
        yield session


@asynccontextmanager
async def _client(client: Client) -> AsyncIterator[ClientSession]:
    async with client:
        yield client.session


class Connection:
    """A session with one upstream, opened by a task that holds it until `close`."""

    def __init__(self, name: str, open_session: Opener, *, connect_timeout: float = _CONNECT_S) -> None:
        self.name = name
        self._open = open_session
        self._connect_timeout = connect_timeout
        self._session: ClientSession | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._closed = False
        self._lock = asyncio.Lock()

    async def open(self) -> ClientSession:
        """Connect (again, if the last session ended) and return the session.

        Raises:
            UpstreamError: when the upstream cannot be reached within the connect timeout.
        """
        async with self._lock:
            if self._session is not None:
                return self._session
            if self._closed:
                raise UpstreamError(f"Upstream {self.name} is unmounted")
            ready: asyncio.Future[ClientSession] = asyncio.get_running_loop().create_future()
            self._stop = asyncio.Event()
            self._task = asyncio.create_task(self._hold(ready), name=f"cloudg-upstream-{self.name}")
            try:
                return await asyncio.wait_for(asyncio.shield(ready), self._connect_timeout)
            except TimeoutError:
                await self._end_task()
                raise UpstreamError(f"Upstream {self.name} did not answer within "
                                    f"{self._connect_timeout:g} s") from None

    async def _hold(self, ready: asyncio.Future[ClientSession]) -> None:
        try:
            async with self._open() as session:
                self._session = session
                ready.set_result(session)
                await self._stop.wait()
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # an ExceptionGroup from a transport's task group included
            log_failure(_log, f"upstream {self.name}", exc, logging.WARNING)
            if not ready.done():
                ready.set_exception(UpstreamError(f"Upstream {self.name} could not be reached"))
        finally:
            self._session = None

    async def call(self, request: Callable[[ClientSession], Awaitable[T]]) -> T:
        """Run one request on the session; every failure becomes a layer error.

        A cancel of the awaiting task cancels the request, and the SDK client tells the upstream
        (`notifications/cancelled`, or an aborted POST in the 2026-07-28 era).

        Raises:
            UpstreamError: for a JSON-RPC error, a lost connection or an unreadable answer.
            InvalidArgumentsError, NotFoundError: for the upstream's -32602 and -32601.
        """
        session = await self.open()
        try:
            return await request(session)
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED:
                await self._reset(session)
                raise UpstreamError(f"Upstream {self.name} closed the connection",
                                    {"upstream": self.name}) from None
            raise from_jsonrpc(self.name, exc) from None
        except MCPLayerError:
            raise
        except Exception as exc:
            log_failure(_log, f"upstream {self.name} request", exc, logging.WARNING)
            if self._session is None:
                raise UpstreamError(f"Upstream {self.name} closed the connection") from None
            raise UpstreamError(f"Upstream {self.name} sent an answer the client could not use "
                                f"({type(exc).__name__})") from None

    async def _reset(self, lost: ClientSession) -> None:
        """Forget a session that lost its upstream, so the next call connects afresh."""
        async with self._lock:
            if self._session is lost:
                await self._end_task()

    async def close(self) -> None:
        """Leave the session; the upstream process (if any) is stopped by its transport."""
        async with self._lock:
            self._closed = True
            await self._end_task()

    async def _end_task(self) -> None:
        task, self._task = self._task, None
        if task is None:
            return
        self._stop.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), _CLOSE_S)
        except TimeoutError:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


def from_jsonrpc(name: str, error: MCPError) -> MCPLayerError:
    """The layer error for an upstream's JSON-RPC error (its message passes the output pipeline)."""
    data = {"upstream": name, "upstream_code": error.code}
    if error.code == -32602:
        return InvalidArgumentsError(error.message, data)
    if error.code == -32601:
        return NotFoundError(error.message, data)
    return UpstreamError(error.message, data)
