"""CORS for browser clients (a JupyterLab page, an MCP inspector): preflights answered for the
origins the endpoint already trusts, refused for every other.

The allow-list is the one the SDK's Origin check uses (`http://localhost:*` and friends plus
`allowed_origins`), so a preflight never promises what the SDK would then refuse with 403. A
`:*` entry matches any numeric port. Responses expose the headers a browser client must read:
the session id, the protocol version and the 401 challenge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp

METHODS = ("GET", "POST", "DELETE")
EXPOSED = ("Mcp-Session-Id", "Mcp-Protocol-Version", "WWW-Authenticate")
PREFLIGHT_MAX_AGE = 600


def with_cors(app: ASGIApp, origins: Sequence[str]) -> ASGIApp:
    """`app` behind a CORS layer that trusts exactly `origins`."""
    return CORSMiddleware(app, allow_origin_regex=origin_pattern(origins), allow_methods=METHODS,
                          allow_headers=["*"], expose_headers=EXPOSED, max_age=PREFLIGHT_MAX_AGE)


def origin_pattern(origins: Sequence[str]) -> str:
    """One regular expression (matched in full) for the allow-list; `scheme://host:*` takes any port."""
    parts = [re.escape(o[:-2]) + r":\d{1,5}" if o.endswith(":*") else re.escape(o) for o in origins]
    return "|".join(f"(?:{p})" for p in parts) or r"(?!)"
