"""Bearer tokens to principals: `TOKEN[:ROLES[:ID]]`, stored as hashes, compared in constant time.

Specs come from an environment variable (`CLOUDG_LAB_TOKENS` by default), separated by whitespace
or `;`. Roles inside one spec are separated by `,` (as in `--as alice:analyst,lead`) or `+`
(`s3cret-token:analyst,lead:alice`). Commas never separate specs: `tok:analyst,teamlead:alice`
read as two specs would silently turn `teamlead` into a token. A spec is read from the right, so a
token that itself holds `:` needs the full `TOKEN:ROLES:ID` form. Role `default` is always added.
Only SHA-256 digests are kept; every lookup compares against every digest, so timing says nothing
about which one matched.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cloudg_lab.types import Principal, identifier_pattern

DEFAULT_TOKEN_ENV = "CLOUDG_LAB_TOKENS"
MIN_TOKEN_LENGTH = 8
_SEPARATORS = re.compile(r"[;\s]+")
_ROLE = identifier_pattern(64)


@dataclass(frozen=True)
class _Entry:
    digest: bytes
    principal: Principal


class TokenTable:
    """Known tokens (as digests) and the principal each one stands for."""

    def __init__(self, specs: Iterable[str] = ()) -> None:
        """Parse token specs.

        Raises:
            ValueError: for a token shorter than 8 characters, a bad role name or a duplicate token.
        """
        self._entries: list[_Entry] = []
        for spec in specs:
            self._add(spec)

    @classmethod
    def from_text(cls, text: str) -> TokenTable:
        """Specs separated by whitespace or `;`.

        Raises:
            ValueError: as for the constructor.
        """
        return cls(s for s in _SEPARATORS.split(text) if s)

    @classmethod
    def from_env(cls, var: str = DEFAULT_TOKEN_ENV, environ: Mapping[str, str] | None = None) -> TokenTable:
        """The table described by `$var` (empty when unset).

        Raises:
            ValueError: as for the constructor, naming the variable.
        """
        try:
            return cls.from_text((environ if environ is not None else os.environ).get(var, ""))
        except ValueError as exc:
            raise ValueError(f"${var}: {exc}") from None

    def __bool__(self) -> bool:
        return bool(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def principal_for(self, token: str | None) -> Principal | None:
        """The principal behind `token`, or None; looks at every entry whatever it finds."""
        if not token:
            return None
        digest = _digest(token)
        found: Principal | None = None
        for entry in self._entries:
            if hmac.compare_digest(entry.digest, digest):
                found = entry.principal
        return found

    def _add(self, spec: str) -> None:
        token, roles, ident = _split(spec)
        if len(token) < MIN_TOKEN_LENGTH:
            raise ValueError(f"bearer tokens need at least {MIN_TOKEN_LENGTH} characters "
                             f"(token #{len(self._entries) + 1} is shorter)")
        bad = [r for r in roles if not _ROLE.match(r)]
        if bad:
            raise ValueError(f"token #{len(self._entries) + 1} has an invalid role name; "
                             "roles are 1-64 of A-Z a-z 0-9 _ . - separated by ',' or '+'")
        digest = _digest(token)
        if any(hmac.compare_digest(e.digest, digest) for e in self._entries):
            raise ValueError(f"token #{len(self._entries) + 1} repeats an earlier token")
        principal = Principal(id=ident or f"token-{digest.hex()[:8]}",
                              roles=frozenset({"default", *roles}),
                              attributes={"auth": "bearer"})
        self._entries.append(_Entry(digest, principal))


def _split(spec: str) -> tuple[str, list[str], str]:
    parts = spec.strip().rsplit(":", 2)
    token = parts[0]
    roles = [r.strip() for r in re.split(r"[,+|]", parts[1]) if r.strip()] if len(parts) > 1 else []
    ident = parts[2].strip() if len(parts) > 2 else ""
    return token, roles, ident


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()
