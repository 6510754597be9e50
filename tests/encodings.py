"""Encodings a red team writes a known value in, shared by the red-team plantings and the
privacy tests of each encoding (one spelling of each, so the two never drift apart)."""

from __future__ import annotations

import base64
import quopri
import unicodedata
from collections.abc import Callable
from urllib.parse import quote, quote_plus

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def base58(value: str) -> str:
    number, out = int.from_bytes(value.encode(), "big"), ""
    while number:
        number, digit = divmod(number, 58)
        out = _B58[digit] + out
    return out


def fullwidth(value: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in value)


ENCODERS: dict[str, Callable[[str], str]] = {
    "byte_escape": lambda v: "".join(f"\\x{b:02x}" for b in v.encode()),
    "html_decimal": lambda v: "".join(f"&#{ord(c)};" for c in v),
    "quoted_printable": lambda v: quopri.encodestring(v.encode(), quotetabs=True).decode().replace("=\n", ""),
    "fullwidth": fullwidth,
    "nfd": lambda v: unicodedata.normalize("NFD", v),
    "plus_query": quote_plus,
    "double_percent": lambda v: quote(quote(v, safe=""), safe=""),
    "base32": lambda v: base64.b32encode(v.encode()).decode().rstrip("="),
    "base58": base58,
    "base64url": lambda v: base64.urlsafe_b64encode(v.encode()).decode().rstrip("="),
}
