"""Encoded layers: base64 (standard or URL-safe, gzip or zlib inside), hex, %-encoded text,
HTML entities and backslash-escaped quotes, opened and scanned inside.

Orchestrators and VM provisioning store secrets encoded under neutral keys (a Kubernetes
secret's `data`, cloud-init user data, an Azure VM's `customData`, a Helm release: base64 of
gzip of JSON), URLs carry encoded URLs, error pages quote JSON as HTML (`&quot;password&quot;`)
and logs quote JSON inside JSON (`{\\"api_key\\": ...}`). A layer is opened only when it is
plausible (the right alphabet, decoding to text), up to `MAX_CANDIDATE` characters, and at most
`MAX_DEPTH` layers deep; the detector set scans the decoded text for secrets, and one found
there makes the whole encoded value a secret.
"""

from __future__ import annotations

import base64
import binascii
import html
import re
import zlib
from urllib.parse import unquote

from cloudg_lab.privacy.detectors.base import Detector, define, longer_than

OPAQUE = ("base64_secret",)
"""Layers that encode bytes (base64 and hex): a `user:password` pair or a script is a secret whole, and under
`strict` an identifier inside makes the whole token one (a %-encoded or escaped layer is text:
its parts are matched as such)."""
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


_HEX = re.compile(r"(?:[0-9a-f]{2})+|(?:[0-9A-F]{2})+")


def base64_text(candidate: str) -> str | None:
    """The text `candidate` encodes in base64, base64url or hex, or None when it encodes no text."""
    if _HEX.fullmatch(candidate) is not None:  # hex is base64's alphabet too: one pass finds both
        return hex_text(candidate)
    body = candidate.rstrip("=")
    if not _MIN_BASE64 <= len(body) <= MAX_CANDIDATE or len(body) % 4 == 1:
        return None
    urlsafe = "-" in body or "_" in body
    if urlsafe and ("+" in body or "/" in body):
        return None  # mixed alphabets: a path or a name, not an encoding
    try:
        raw = _inflated(base64.b64decode(body + "=" * (-len(body) % 4),
                                         altchars=b"-_" if urlsafe else None, validate=True))
        decoded = raw.decode("utf-16-le") if _wide(raw) else raw.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error):
        return None
    return decoded if _is_text(decoded) else None


def _wide(raw: bytes) -> bool:
    """`raw` is UTF-16LE text: PowerShell's `-EncodedCommand` takes base64 of it, and an EDR
    alert quotes the command line so (red team `sleet`). Mostly-ASCII text has a zero in (nearly)
    every odd byte; UTF-8 text has none."""
    odd = raw[1::2]
    return len(raw) >= 8 and len(raw) % 2 == 0 and odd.count(0) >= 0.9 * len(odd)


_DEFLATE_HEADS = (b"\x78\x01", b"\x78\x5e", b"\x78\x9c", b"\x78\xda")


def _inflated(raw: bytes) -> bytes:
    """`raw` decompressed when it is gzip or zlib data (at most `MAX_CANDIDATE` * 16 bytes out)."""
    if raw[:2] == b"\x1f\x8b":
        return zlib.decompressobj(wbits=31).decompress(raw, MAX_CANDIDATE * 16)
    if raw[:2] in _DEFLATE_HEADS:
        return zlib.decompressobj().decompress(raw, MAX_CANDIDATE * 16)
    return raw


def hex_text(candidate: str) -> str | None:
    """The text `candidate` encodes in hex (`44425f50...`), or None when it encodes no text."""
    if len(candidate) > MAX_CANDIDATE or len(candidate) % 2:
        return None
    try:
        decoded = bytes.fromhex(candidate).decode("utf-8")
    except ValueError:
        return None
    return decoded if _is_text(decoded) else None


def entity_text(candidate: str) -> str | None:
    """`candidate` with its HTML character references decoded, or None when none was there."""
    decoded = html.unescape(candidate)
    return decoded if decoded != candidate else None


_ESCAPED = re.compile(r"\\([\"'\\/])")


def unescaped_text(candidate: str) -> str | None:
    """`candidate` with one level of backslash escapes before quotes undone (JSON in JSON)."""
    decoded = _ESCAPED.sub(r"\1", candidate)
    return decoded if decoded != candidate else None


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
    define(OPAQUE[0], "secret", "secret", 0.9,
           r"(?<![\w+/-])[A-Za-z0-9+/_-]{24,}={0,2}(?![\w+/=-])", (), flags=re.ASCII,
           gate=longer_than(_MIN_BASE64), decode=base64_text, min_len=_MIN_BASE64,
           description="secrets inside base64, base64url or hex text (user data, secret manifests)"),
    define("url_encoded_secret", "secret", "secret", 0.9,
           r"(?<![^\s\"'<>])[^\s\"'<>%]*(?:%[0-9A-Fa-f]{2}[^\s\"'<>%]*)+", ("%",),
           decode=percent_text, min_len=6,
           description="secrets inside %-encoded text (URLs inside URLs, form bodies)"),
)
"""After every plain detector: a secret matched as it stands is cut more precisely."""

QUOTED: tuple[Detector, ...] = (
    define("html_entity_secret", "secret", "secret", 0.9,
           r"[^<>\r\n]*&(?:quot|apos|#0*3[49]|#x0*2[27]);[^<>\r\n]*", ("&quot;", "&apos;", "&#"),
           flags=re.I, decode=entity_text, min_len=12,
           description="secrets inside text quoted as HTML (&quot;password&quot;: ...)"),
    define("escaped_quote_secret", "secret", "secret", 0.9, r"[^\r\n]*\\[\"'][^\r\n]*", ("\\",),
           decode=unescaped_text, min_len=12,
           description="secrets inside JSON quoted in JSON ({\\\"api_key\\\": ...})"),
)
"""Before the assignments: quoting as HTML or in JSON breaks their parse (`&#x27;` ends a value
at its `;`), so the decoded line is judged whole first."""
