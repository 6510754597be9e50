"""`%mcp serve [--port 8765] [--token-env VAR] [--oauth-issuer URL --oauth-audience AUD] [--policy P]`,
`%mcp stop`, `%mcp status`."""

from __future__ import annotations

import json
from collections.abc import Sequence

from IPython import get_ipython
from IPython.core.error import UsageError

from cloudg_lab.adapters.oauth import OAuthSettings
from cloudg_lab.notebook import serving
from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.display import Table
from cloudg_lab.notebook.display.bundle import mimebundle
from cloudg_lab.notebook.display.html import esc, frame_html

TERMINAL_NOTE = ("terminal IPython runs its event loop only while a cell runs, so this server "
                 "answers only then; serve from a Jupyter kernel to answer between cells")


class ServerView:
    """What `%mcp serve` shows: URL, a token hint and a client config; `.token` holds the token."""

    def __init__(self, served: serving.Served) -> None:
        self.served = served
        self.url = served.url
        self.token = served.token

    def _lines(self) -> list[str]:
        s = self.served
        lines = [f"serving {s.url} · policy {s.policy} · principal {s.principal}",
                 f"bearer token: {s.token_hint}",
                 "client config:", json.dumps(s.client_config(), indent=2)]
        if getattr(get_ipython(), "kernel", None) is None:
            lines.append(TERMINAL_NOTE)
        return lines

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        lines = self._lines()
        body = f'<div>{esc(lines[1])}</div><pre class="cloudg-json">{esc(lines[3])}</pre>'
        body += "".join(f"<div>{esc(extra)}</div>" for extra in lines[4:])
        return mimebundle(None, frame_html(lines[0], body), "\n".join(lines), include, exclude)

    def __repr__(self) -> str:
        return f"<ServerView {self.url}>"


def _configure_serve(parser: CommandParser) -> None:
    from cloudg_lab.adapters.http import DEFAULT_PORT

    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0 picks a free port")
    parser.add_argument("--token-env", default=None, metavar="VAR",
                        help="read bearer tokens TOKEN[:ROLES[:ID]] from $VAR")
    parser.add_argument("--oauth-issuer", default=None, metavar="URL",
                        help="also accept JWT access tokens from this OAuth issuer")
    parser.add_argument("--oauth-audience", default=None, metavar="AUD",
                        help="the audience those tokens must name")
    add_scope(parser)


async def _serve(inv: Invocation) -> object:
    a = inv.args
    try:
        oauth = OAuthSettings(issuer=a.oauth_issuer, audience=a.oauth_audience or "") \
            if a.oauth_issuer else None
        served = await serving.serve(inv.session, port=a.port, token_env=a.token_env,
                                     policy=inv.policy, principal=inv.principal, oauth=oauth)
    except (RuntimeError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    return ServerView(served)


async def _stop(inv: Invocation) -> object:
    served = await serving.stop(inv.session)
    if served is None:
        raise UsageError("Nothing is being served; start with %mcp serve")
    return Table("stopped", [{"url": served.url}], ["url"])


async def _status(inv: Invocation) -> object:
    return Table("servers", serving.status_rows(inv.session),
                 ["url", "running", "policy", "principal", "token"])


def _no_options(parser: CommandParser) -> None:
    """Takes no arguments."""


COMMANDS = (
    Command("serve", "serve this layer over streamable HTTP on 127.0.0.1 (bearer token)",
            _configure_serve, _serve),
    Command("stop", "stop the HTTP endpoint", _no_options, _stop),
    Command("status", "the HTTP endpoint's URL and state", _no_options, _status),
)
