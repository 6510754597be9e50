"""Streamable HTTP on uvicorn: an endpoint that starts and stops inside a running event loop.

The same `HttpEndpoint` serves the CLI (`run_forever`, blocking until a signal) and the notebook
(`await start()` on the kernel's loop, `await stop()` later, start again if you like). Every start
builds a fresh SDK app, because an SDK session manager runs only once. The socket is bound here,
before uvicorn starts, so a busy port is a plain `OSError` and `port=0` gives a free port at once.
uvicorn never installs signal handlers: inside a kernel they belong to the kernel.

Security defaults: 127.0.0.1; Host and Origin checked by the SDK (foreign Origin → 403, foreign
Host → 421); bodies over `max_body_bytes` → 413; bearer tokens → principals (`auth`); a
non-loopback host without tokens is refused before anything listens.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
import socket
from collections.abc import Callable, Iterator, Sequence

import uvicorn
from mcp.server.auth.middleware.auth_context import AuthContextMiddleware
from mcp.server.transport_security import TransportSecuritySettings

from cloudg_lab._version import __version__
from cloudg_lab.adapters.auth import BearerAuth
from cloudg_lab.adapters.cors import with_cors
from cloudg_lab.adapters.drain import Drain
from cloudg_lab.adapters.oauth import JwtVerifier, OAuthSettings
from cloudg_lab.adapters.resource_metadata import ResourceMetadata
from cloudg_lab.adapters.sdk import DEFAULT_NAME, build_server
from cloudg_lab.adapters.served import ServedLayer
from cloudg_lab.adapters.signals import on_stop_signals
from cloudg_lab.adapters.tokens import TokenTable
from cloudg_lab.types import PrincipalResolver

DEFAULT_PORT = 8765
DEFAULT_MAX_BODY = 4 * 1024 * 1024
_LOOPBACK_NAMES = frozenset({"localhost", "ip6-localhost"})
_log = logging.getLogger("cloudg_lab.http")


class HttpEndpoint:
    """A streamable-HTTP MCP endpoint for one layer; `url` and `port` are set once started."""

    def __init__(self, layer: ServedLayer, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                 path: str = "/mcp", tokens: TokenTable | str | Sequence[str] | None = None,
                 allowed_hosts: Sequence[str] = (), allowed_origins: Sequence[str] = (),
                 max_body_bytes: int = DEFAULT_MAX_BODY, name: str = DEFAULT_NAME,
                 principal_resolver: PrincipalResolver | None = None,
                 resource_url: str | None = None, authorization_servers: Sequence[str] = (),
                 log_level: str = "warning", shutdown_timeout: float = 3.0,
                 startup_timeout: float = 15.0, oauth: OAuthSettings | None = None) -> None:
        """Configure, without listening yet.

        `resource_url` (the public URL of the endpoint) and `authorization_servers` go into the
        RFC 9728 metadata served when tokens are on; by default the resource is the URL a request
        reached. `oauth` makes the endpoint an OAuth resource server: JWT access tokens of that
        issuer and audience are accepted besides the static tokens (`adapters.oauth`).

        Raises:
            ValueError: for a non-loopback host without tokens, a bad token spec or a body cap
                below 1 KiB.
        """
        self.layer = layer
        self.host = host
        self.requested_port = port
        self.path = path if path.startswith("/") else f"/{path}"
        self.tokens = _token_table(tokens)
        self.oauth = oauth
        if not self.tokens and oauth is None and not is_loopback(host):
            raise ValueError(f"Refusing to serve on {host} without bearer tokens: anyone who can reach "
                             "the port could call every tool. Set tokens (TOKEN[:ROLES[:ID]]) or bind "
                             "127.0.0.1.")
        if max_body_bytes < 1024:
            raise ValueError("max_body_bytes must be at least 1024")
        self.allowed_hosts = list(allowed_hosts)
        self.allowed_origins = list(allowed_origins)
        self.max_body_bytes = max_body_bytes
        self.name = name
        self.principal_resolver = principal_resolver
        servers = (*authorization_servers, *([oauth.issuer] if oauth is not None else []))
        self.metadata = ResourceMetadata(self.path, name, resource_url, tuple(dict.fromkeys(servers)))
        self.log_level = log_level
        self.shutdown_timeout = shutdown_timeout
        self.startup_timeout = startup_timeout
        self.port: int | None = None
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self._socket: socket.socket | None = None
        self._drain: Drain | None = None

    # ------------------------------------------------------------------ state

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    @property
    def url(self) -> str | None:
        if self.port is None:
            return None
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{self.path}"

    # ------------------------------------------------------------------ app

    def build_app(self) -> Drain:
        """A fresh ASGI app: the drain, CORS, the bearer guard (metadata, health), the SDK's app."""
        server = build_server(self.layer, name=self.name, principal_resolver=self.principal_resolver)
        app = server.streamable_http_app(streamable_http_path=self.path,
                                         transport_security=self._security(),
                                         max_request_body_size=self.max_body_bytes, host=self.host)
        health = {"status": "ok", "name": self.name, "version": __version__}
        verifier = JwtVerifier(self.oauth) if self.oauth is not None else None
        guarded = BearerAuth(AuthContextMiddleware(app) if verifier is not None else app, self.tokens,
                             self.metadata, health=health, verifier=verifier,
                             required_scopes=self.oauth.required_scopes if self.oauth is not None else ())
        return Drain(with_cors(guarded, self._origins()))

    def _origins(self) -> list[str]:
        """The one Origin allow-list: the SDK's 403 check and our CORS preflights both use it."""
        return ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*", *self.allowed_origins]

    def _security(self) -> TransportSecuritySettings:
        hosts = ["127.0.0.1:*", "localhost:*", "[::1]:*", *self.allowed_hosts]
        if not is_loopback(self.host) and not _is_wildcard(self.host):
            hosts.append(f"{self.host}:*")
        return TransportSecuritySettings(enable_dns_rebinding_protection=True,
                                         allowed_hosts=hosts, allowed_origins=self._origins())

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Listen, and return once uvicorn accepts connections.

        Raises:
            RuntimeError: when already running, or when uvicorn fails to start.
            OSError: when the address cannot be bound (port in use, unknown host).
        """
        if self.running:
            raise RuntimeError(f"Already serving on {self.url}")
        self._drain = app = self.build_app()
        config = uvicorn.Config(app, log_level=self.log_level, access_log=False,
                                lifespan="on", timeout_graceful_shutdown=math.ceil(self.shutdown_timeout))
        server = _QuietServer(config)
        sock = _bind(self.host, self.requested_port)
        if not is_loopback(self.host):
            _log.warning("serving on %s over plain HTTP: bearer tokens travel in clear text; put a "
                         "TLS proxy in front", self.host)
        self._socket, self._server, self.port = sock, server, sock.getsockname()[1]
        self._task = task = asyncio.get_running_loop().create_task(_serve(server, sock),
                                                                   name="cloudg-lab-http")
        ready = asyncio.ensure_future(server.ready.wait())
        await asyncio.wait({ready, task}, timeout=self.startup_timeout,
                           return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
        if not server.started:
            failure = task.exception() if task.done() else "no answer in time"
            await self.stop()
            raise RuntimeError(f"HTTP endpoint failed to start: {failure}")

    async def stop(self) -> None:
        """End open streams, stop serving and free the port; a no-op when not running."""
        server, task = self._server, self._task
        if server is None or task is None:
            return
        if self._drain is not None:
            self._drain.close()
        server.should_exit = True
        try:
            await asyncio.wait_for(asyncio.shield(task), self.shutdown_timeout + 2)
        except TimeoutError:
            server.force_exit = True
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        except Exception:
            _log.warning("HTTP endpoint stopped with an error", exc_info=True)
        finally:
            self._reset()

    async def run_forever(self, on_ready: Callable[[HttpEndpoint], None] | None = None) -> None:
        """Start, serve until SIGINT/SIGTERM or until the server stops, then stop (for the CLI).

        Raises:
            RuntimeError, OSError: as for `start`.
        """
        await self.start()
        serving = self._task
        if on_ready is not None:
            on_ready(self)
        stop = asyncio.Event()
        with on_stop_signals(stop.set):
            waiter = asyncio.ensure_future(stop.wait())
            await asyncio.wait({waiter, *([serving] if serving else [])},
                               return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
        await self.stop()

    def _reset(self) -> None:
        if self._socket is not None:
            self._socket.close()
        self._socket = self._server = self._task = self._drain = None
        self.port = None


class _QuietServer(uvicorn.Server):
    """uvicorn without signal capture (the host loop owns signals) that says when it is ready."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = asyncio.Event()

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self.ready.set()


async def _serve(server: uvicorn.Server, sock: socket.socket) -> None:
    """uvicorn's serve, with its `sys.exit` on startup failure turned into an ordinary error."""
    try:
        await server.serve(sockets=[sock])
    except SystemExit as exc:
        raise RuntimeError(f"uvicorn exited with status {exc.code}") from None


def _token_table(tokens: TokenTable | str | Sequence[str] | None) -> TokenTable:
    if isinstance(tokens, TokenTable):
        return tokens
    if isinstance(tokens, str):
        return TokenTable.from_text(tokens)
    return TokenTable(tokens or ())


def _bind(host: str, port: int) -> socket.socket:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.setblocking(False)
    except OSError as exc:
        sock.close()
        raise OSError(exc.errno, f"Cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


def is_loopback(host: str) -> bool:
    """True for 127.0.0.0/8, ::1 and localhost names."""
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")
