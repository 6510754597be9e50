"""A local OAuth authorization server on 127.0.0.1 for resource-server tests: metadata and JWKS.

Keys are made here with `cryptography`, tokens signed with PyJWT; `rotate()` publishes a new key
(the old one withdrawn), as an issuer does on rotation. Nothing leaves loopback.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm


class Issuer:
    """Its URL, the keys it publishes and tokens signed with the current one."""

    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}/realms/{secrets.token_hex(3)}"
        self.fetches = 0
        self._keys: dict[str, tuple[str, Any]] = {}
        self.current = self.rotate(keep_old=False)

    def rotate(self, *, keep_old: bool = False, kind: str = "rsa") -> str:
        """Publish a new signing key (the others withdrawn unless `keep_old`); its key id."""
        kid = secrets.token_hex(4)
        key: Any = rsa.generate_private_key(public_exponent=65537, key_size=2048) if kind == "rsa" \
            else ec.generate_private_key(ec.SECP256R1())
        alg = "RS256" if kind == "rsa" else "ES256"
        self._keys = {**(self._keys if keep_old else {}), kid: (alg, key)}
        self.current = kid
        return kid

    def jwks(self) -> dict[str, Any]:
        keys = []
        for kid, (alg, key) in self._keys.items():
            codec = RSAAlgorithm if alg.startswith("RS") else ECAlgorithm
            jwk = json.loads(codec.to_jwk(key.public_key()))
            keys.append({**jwk, "kid": kid, "alg": alg, "use": "sig"})
        return {"keys": keys}

    def token(self, *, client_id: str = "inventory-agent", scopes: str = "analyst", audience: Any = None,
              issuer: str | None = None, expires_in: float = 300, kid: str | None = None,
              **claims: Any) -> str:
        kid = kid or self.current
        alg, key = self._keys[kid] if kid in self._keys else next(iter(self._keys.values()))
        now = time.time()
        body = {"iss": issuer or self.url, "aud": audience or AUDIENCE, "sub": f"user-{client_id}",
                "client_id": client_id, "scope": scopes, "iat": int(now), "exp": int(now + expires_in),
                **claims}
        return jwt.encode(body, key, algorithm=alg, headers={"kid": kid})


AUDIENCE = "https://inventory.example/mcp"


@contextmanager
def running() -> Iterator[Issuer]:
    """An issuer serving RFC 8414 metadata and its JWKS on a free loopback port."""
    box: dict[str, Issuer] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            issuer = box["issuer"]
            path = issuer.url.split("127.0.0.1", 1)[1].split("/", 1)[1]
            if self.path == f"/.well-known/oauth-authorization-server/{path}":  # RFC 8414 §3.1
                body: Any = {"issuer": issuer.url, "jwks_uri": issuer.url + "/jwks"}
            elif self.path == f"/{path}/jwks":
                issuer.fetches += 1
                body = issuer.jwks()
            else:
                self.send_error(404)
                return
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box["issuer"] = Issuer(server.server_address[1])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield box["issuer"]
    finally:
        server.shutdown()
        server.server_close()
