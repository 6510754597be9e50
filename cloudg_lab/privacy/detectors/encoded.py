"""Encoded layers: base64 (standard or URL-safe) and %-encoded text, opened and scanned inside.

Orchestrators and VM provisioning store secrets encoded under neutral keys (a Kubernetes
secret's `data`, cloud-init user data, an Azure VM's `customData`), and URLs carry encoded
URLs. A layer is opened only when it is plausible (the right alphabet, decoding to text), up to
`MAX_CANDIDATE` characters, and at most `MAX_DEPTH` layers deep; the detector set scans the
decoded text for secrets, and one found there makes the whole encoded value a secret.
"""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import unquote

from cloudg_lab.privacy.detectors.base import Detector, define, longer_than

MAX_DEPTH = 2
"""Layers opened in one value: base64 in %-encoding, base64 in base64."""
MAX_CANDIDATE = 65_536
_MIN_BASE64 = 24
_TEXTY = 0.9
"""The share of printable characters that makes decoded bytes text rather than a binary key."""
_CREDENTIAL_PAIR = re.compile(r"[\w.@+-]{1,128}:(?=\S*[^\d\s])\S{6,512}", re.ASCII)
"""`user:password`, the whole of a decoded layer: what HTTP Basic and registry `auth` fields
encode. Only a layer that decodes to exactly this counts (plain text like `env:production` is
no credential); a right side of digits only is a port (`host:8080`)."""


def base64_text(candidate: str) -> str | None:
    """The text `candidate` encodes in base64 or base64url, or None when it encodes no text."""
    body = candidate.rstrip("=")
    if not _MIN_BASE64 <= len(body) <= MAX_CANDIDATE or len(body) % 4 == 1:
        return None
    urlsafe = "-" in body or "_" in body
    if urlsafe and ("+" in body or "/" in body):
        return None  # mixed alphabets: a path or a name, not an encoding
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if urlsafe else None,
                               validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return decoded if _is_text(decoded) else None


def percent_text(candidate: str) -> str | None:
    """`candidate` with its %-escapes decoded, or None when that changes nothing or is no text."""
    if len(candidate) > MAX_CANDIDATE:
        return None
    try:
        decoded = unquote(candidate, errors="strict")
    except UnicodeDecodeError:
        return None
    return decoded if decoded != candidate and _is_text(decoded) else None


_PROVISIONING = ("#cloud-config", "#!", "content-type: multipart", "#include", "<powershell>",
                 "<script>")
"""How cloud-init user data, boot scripts and Windows user data begin."""


def inherently_secret(decoded: str) -> str | None:
    """The entity a decoded layer is as a whole, whatever key holds it, or None.

    A `user:password` pair is a credential; a provisioning script is user data, whose passwords
    come in forms no token pattern knows (cloud-init's `chpasswd` lists `user:password` lines).
    """
    text = decoded.strip()
    if _CREDENTIAL_PAIR.fullmatch(text) is not None:
        return "credentials"
    return "user_data" if text[:24].lower().startswith(_PROVISIONING) else None


def _is_text(decoded: str) -> bool:
    printable = sum(1 for c in decoded if c.isprintable() or c in "\n\r\t")
    return printable >= _TEXTY * len(decoded)


ENCODED: tuple[Detector, ...] = (
    define("base64_secret", "secret", "secret", 0.9,
           r"(?<![\w+/-])[A-Za-z0-9+/_-]{24,}={0,2}(?![\w+/=-])", (), flags=re.ASCII,
           gate=longer_than(_MIN_BASE64), decode=base64_text, min_len=_MIN_BASE64,
           description="secrets inside base64 or base64url text (user data, secret manifests)"),
    define("url_encoded_secret", "secret", "secret", 0.9,
           r"(?<![^\s\"'<>])[^\s\"'<>%]*(?:%[0-9A-Fa-f]{2}[^\s\"'<>%]*)+", ("%",),
           decode=percent_text, min_len=6,
           description="secrets inside %-encoded text (URLs inside URLs, form bodies)"),
)
"""After every plain detector: a secret matched as it stands is cut more precisely."""
