"""OAuth 2.1 resource server: JWT access tokens checked against the issuer's published keys.

`JwtVerifier` is the SDK's `TokenVerifier` (its hook for resource servers): the bearer guard asks
it about any token that is not one of the static ones, and on success the SDK's own auth context
carries the access token, where the default resolver (ARCHITECTURE.md, step 2) makes the client id
the principal id and the scopes its roles.

What is checked: the signature with a key from the issuer's JWKS (PyJWT's `PyJWKClient`, which
caches the set and fetches it again when a token names a key id it does not hold: key rotation),
an asymmetric algorithm from a fixed list (`none` and shared-secret algorithms never verify),
`iss`, `aud`, `exp` (and `nbf`, `iat` when present) with a small clock skew. The JWKS address is
the issuer's metadata's `jwks_uri` (RFC 8414, then OpenID discovery), unless given.
"""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import jwt
from mcp.server.auth.provider import AccessToken

_log = logging.getLogger("cloudg_lab.oauth")
ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512",
              "EdDSA")
"""Asymmetric only: a resource server holds no shared secret, so HS* (and `none`) never pass."""
_DISCOVERY = ("/.well-known/oauth-authorization-server", "/.well-known/openid-configuration")
_FETCH_TIMEOUT = 10.0


@dataclass(frozen=True)
class OAuthSettings:
    """What `cloudg-lab serve --oauth-issuer URL --oauth-audience AUD` configures."""

    issuer: str
    audience: str
    jwks_url: str | None = None
    leeway: float = 60.0
    """Seconds of clock skew allowed on `exp`, `nbf` and `iat`."""
    required_scopes: Sequence[str] = ()
    key_refresh_cooldown: float = 5.0
    """Seconds between fetches of the key set that an unknown key id forces: a rotated key is
    picked up within this, and a flood of made-up key ids costs the issuer one fetch per period."""

    def __post_init__(self) -> None:
        if not self.issuer.startswith(("https://", "http://")):
            raise ValueError(f"--oauth-issuer must be an http(s) URL, not {self.issuer!r}")
        if not self.audience:
            raise ValueError("--oauth-audience is required with --oauth-issuer")


class JwtVerifier:
    """The SDK `TokenVerifier` for JWT access tokens of one issuer and audience."""

    def __init__(self, settings: OAuthSettings) -> None:
        self.settings = settings
        self._keys: jwt.PyJWKClient | None = None
        self._lock = asyncio.Lock()

    async def verify_token(self, token: str) -> AccessToken | None:
        """The access token's identity and scopes, or None for any token that does not verify."""
        if token.count(".") != 2:
            return None
        try:
            keys = await self._client()
            claims = await asyncio.to_thread(self._decode, keys, token)
        except (jwt.PyJWTError, OSError, ValueError) as exc:
            _log.info("OAuth token refused: %s", type(exc).__name__)
            return None
        return _access_token(claims, token)

    def _decode(self, keys: jwt.PyJWKClient, token: str) -> dict[str, object]:
        key = keys.get_signing_key_from_jwt(token)
        s = self.settings
        claims: dict[str, object] = jwt.decode(
            token, key.key, algorithms=list(ALGORITHMS), audience=s.audience, issuer=s.issuer,
            leeway=s.leeway, options={"require": ["exp", "iss", "aud"]})
        return claims

    async def _client(self) -> jwt.PyJWKClient:
        if self._keys is None:
            async with self._lock:
                if self._keys is None:
                    uri = self.settings.jwks_url
                    if uri is None:
                        uri = await asyncio.to_thread(jwks_uri, self.settings.issuer)
                    self._keys = jwt.PyJWKClient(uri, lifespan=300, timeout=_FETCH_TIMEOUT,
                                                 cooldown_duration=self.settings.key_refresh_cooldown)
        return self._keys


def jwks_uri(issuer: str) -> str:
    """The issuer's `jwks_uri` from its metadata (RFC 8414, then OpenID discovery).

    Raises:
        ValueError: when no metadata document of this issuer names one.
    """
    base = issuer.rstrip("/")
    for url in _metadata_urls(base):
        try:
            with urllib.request.urlopen(url, timeout=_FETCH_TIMEOUT) as response:
                document = json.loads(response.read(1_000_000))
        except (OSError, ValueError):
            continue
        if isinstance(document, dict) and str(document.get("issuer", "")).rstrip("/") == base \
                and isinstance(document.get("jwks_uri"), str):
            return str(document["jwks_uri"])
    raise ValueError(f"no jwks_uri in the metadata of {issuer}")


def _metadata_urls(issuer: str) -> list[str]:
    """RFC 8414 §3.1 inserts the well-known path before the issuer's path; OpenID appends it."""
    parts = urlsplit(issuer)
    root = f"{parts.scheme}://{parts.netloc}"
    return [f"{root}{_DISCOVERY[0]}{parts.path}", f"{issuer}{_DISCOVERY[1]}", f"{issuer}{_DISCOVERY[0]}"]


def _access_token(claims: dict[str, object], token: str) -> AccessToken | None:
    client = claims.get("client_id") or claims.get("azp") or claims.get("sub")
    if not isinstance(client, str) or not client:
        return None
    scopes = claims.get("scope", claims.get("scp", ""))
    listed = scopes.split() if isinstance(scopes, str) else [s for s in scopes if isinstance(s, str)] \
        if isinstance(scopes, list) else []
    subject = claims.get("sub")
    expires = claims.get("exp")
    return AccessToken(token=token, client_id=client, scopes=listed,
                       expires_at=int(expires) if isinstance(expires, int | float) else None,
                       subject=subject if isinstance(subject, str) else None,
                       resource=_audience(claims.get("aud")), claims={"iss": claims.get("iss")})


def _audience(aud: object) -> str | None:
    if isinstance(aud, str):
        return aud
    return next((a for a in aud if isinstance(a, str)), None) if isinstance(aud, list) else None

