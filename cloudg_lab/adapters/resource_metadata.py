"""RFC 9728 protected-resource metadata: how a client learns to authenticate to this endpoint.

With bearer tokens on, the metadata answers without a token at `/.well-known/oauth-protected-resource`
and at the form RFC 9728 §3.1 gives a resource with a path (`/.well-known/oauth-protected-resource/mcp`),
and every 401 names the latter in `WWW-Authenticate: Bearer ..., resource_metadata="<url>"`. The
resource is the URL the client used (its scheme and Host) unless a public URL is configured, so a
client behind a name or a proxy sees the URL it must check the metadata against. Static tokens have
no authorization server; `authorization_servers` is listed only when one is known.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import Scope

WELL_KNOWN = "/.well-known/oauth-protected-resource"
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")


@dataclass(frozen=True)
class ResourceMetadata:
    """What the endpoint says about itself as an OAuth protected resource."""

    mcp_path: str
    name: str
    resource_url: str | None = None
    authorization_servers: Sequence[str] = ()

    def serves(self, path: str) -> bool:
        return path in (WELL_KNOWN, WELL_KNOWN + self.mcp_path)

    def resource(self, scope: Scope) -> str:
        """The resource identifier: the configured URL, else the one this request reached."""
        if self.resource_url:
            return self.resource_url
        return f"{scope.get('scheme', 'http')}://{_host(scope)}{self.mcp_path}"

    def metadata_url(self, scope: Scope) -> str:
        """Where the metadata of `resource(scope)` lives (RFC 9728 §3.1: inserted before the path)."""
        parts = urlsplit(self.resource(scope))
        return f"{parts.scheme}://{parts.netloc}{WELL_KNOWN}{parts.path.rstrip('/')}"

    def document(self, scope: Scope) -> dict[str, object]:
        body: dict[str, object] = {"resource": self.resource(scope), "bearer_methods_supported": ["header"],
                                "resource_name": self.name}
        if self.authorization_servers:
            body["authorization_servers"] = list(self.authorization_servers)
        return body


def _host(scope: Scope) -> str:
    """The request's Host header when it is a plain host[:port], else the address it reached.

    The value lands inside a quoted header parameter, so anything else could forge the challenge.
    """
    for name, value in scope.get("headers", ()):
        if name == b"host":
            host = bytes(value).decode("latin-1")
            if _HOST.match(host):
                return host
            break
    server = scope.get("server") or ("127.0.0.1", None)
    address, port = str(server[0]), server[1]
    address = f"[{address}]" if ":" in address else address
    return f"{address}:{port}" if port else address
