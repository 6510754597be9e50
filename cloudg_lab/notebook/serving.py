"""`%mcp serve`: the session's layer over streamable HTTP, as a task on the kernel's own loop.

The endpoint (`cloudg_lab.adapters.http.HttpEndpoint`) binds 127.0.0.1 and always requires a
bearer token: either the tokens in `$VAR` (`--token-env VAR`) or one generated here that stands
for the session's principal. A generated token is kept on the returned object and never printed
whole, so it does not end up in a saved notebook. Because the server shares the kernel's loop, it
answers while the kernel is idle or awaiting, not while a cell blocks the loop.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cloudg_lab.adapters.oauth import OAuthSettings
from cloudg_lab.notebook.session import PrincipalLike, Session
from cloudg_lab.types import Principal

if TYPE_CHECKING:
    from cloudg_lab.adapters.http import HttpEndpoint

KEY = "http"
TOKEN_PLACEHOLDER = "${CLOUDG_LAB_TOKEN}"
_stopping: set[asyncio.Task[None]] = set()


@dataclass
class Served:
    """A running endpoint and what a client needs to reach it."""

    endpoint: HttpEndpoint
    url: str
    loop: asyncio.AbstractEventLoop
    policy: str
    principal: str
    token: str | None
    """The generated token (None when tokens came from an environment variable)."""
    token_env: str | None

    @property
    def running(self) -> bool:
        return bool(self.endpoint.running)

    async def stop(self) -> None:
        """Stop the endpoint and free its port."""
        await self.endpoint.stop()

    @property
    def token_hint(self) -> str:
        if self.token is None:
            return f"tokens from ${self.token_env}"
        return f"{self.token[:4]}… (generated; read .token)"

    def client_config(self) -> dict[str, object]:
        """A ready `mcpServers` entry; the token stays a placeholder for you to fill in."""
        return {"mcpServers": {"cloudg-lab": {
            "type": "http", "url": self.url,
            "headers": {"Authorization": f"Bearer {TOKEN_PLACEHOLDER}"}}}}


def _token_spec(token: str, principal: Principal) -> str:
    roles = "+".join(sorted(principal.roles - {"default"}))
    return f"{token}:{roles}:{principal.id}"


async def serve(session: Session, *, port: int, token_env: str | None = None,
                policy: str | None = None, principal: PrincipalLike = None,
                oauth: OAuthSettings | None = None) -> Served:
    """Start the endpoint on the running loop and return once it accepts connections.

    Raises:
        RuntimeError: when already serving, or when the server fails to start.
        OSError: when the port cannot be bound.
        ValueError: for bad tokens in `$token_env`, an empty variable, or a bad policy/principal.

    With `oauth`, JWT access tokens of that issuer are accepted too (`adapters.oauth`).
    """
    from cloudg_lab.adapters.http import HttpEndpoint
    from cloudg_lab.adapters.tokens import TokenTable

    found = _served(session)
    if found is not None and found.running:
        raise RuntimeError(f"Already serving on {found.url}; run %mcp stop first")
    scope = session.scope(policy, principal)
    token: str | None = None
    if token_env:
        tokens = TokenTable.from_env(token_env)
        if not tokens:
            raise ValueError(f"${token_env} holds no tokens (TOKEN[:ROLES[:ID]], comma-separated)")
    else:
        token = secrets.token_urlsafe(24)
        tokens = TokenTable([_token_spec(token, scope.principal)])
    endpoint = HttpEndpoint(scope.layer, host="127.0.0.1", port=port, tokens=tokens, oauth=oauth)
    await endpoint.start()
    served = Served(endpoint=endpoint, url=str(endpoint.url), loop=asyncio.get_running_loop(),
                    policy=scope.policy, principal=scope.principal.label(), token=token,
                    token_env=token_env)
    session.servers[KEY] = served
    return served


async def stop(session: Session) -> Served | None:
    """Stop the endpoint and free its port; None when nothing was serving."""
    served = _served(session)
    if served is not None:
        del session.servers[KEY]
        await served.stop()
    return served


def stop_soon(session: Session) -> None:
    """Stop serving from synchronous code (`%unload_ext`).

    Inside a running loop (a kernel) the stop runs as a task right after the current cell; in
    terminal IPython, whose loop only runs during cells, it runs to completion now.
    """
    served = _served(session)
    if served is None:
        return
    del session.servers[KEY]
    if served.loop.is_running():
        task = served.loop.create_task(served.endpoint.stop(), name="cloudg-lab-http-stop")
        _stopping.add(task)
        task.add_done_callback(_stopping.discard)
    elif not served.loop.is_closed():
        served.loop.run_until_complete(served.endpoint.stop())


def status_rows(session: Session) -> list[dict[str, object]]:
    served = _served(session)
    if served is None:
        return []
    return [{"url": served.url, "running": served.running, "policy": served.policy,
             "principal": served.principal, "token": served.token_hint}]


def _served(session: Session) -> Served | None:
    found = session.servers.get(KEY)
    return found if isinstance(found, Served) else None
