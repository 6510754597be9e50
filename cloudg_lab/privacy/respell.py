"""A string as a reader reads it, so that the dictionary finds its values in any encoding.

A value the data holds plainly (an owner, an asset name, a password under its key) comes back
elsewhere encoded: JSON `\\uXXXX` escapes (surrogate pairs too), `\\xHH` bytes, HTML character
references, quoted-printable `=HH`, full-width or decomposed (NFD) letters, `+` for spaces,
percent-encoded twice, a token in base32, base58 or base64url without padding, an account
number grouped (`1234-5678-9012`, `123,456,789,012`), in scientific notation or with its leading
zero lost, a person as `Last, First`, a name glued to Chinese or Japanese words; a line shouted
in capitals hides a token whose prefix is lower case. The dictionary matches *spellings* of a
value (case, joints, one %-layer), not *encodings*, so the scanner asks `readable` for the
decoded text and decides that instead when it hides more. Decoded tokens, numbers and names are
only substituted when `known` holds what they decode to, so an ordinary id is never rewritten;
text holding none of the triggers costs a few substring tests and regular-expression passes.
(An IDN host in punycode needs none of this: under `strict` every host name is hidden.)
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import re
import unicodedata
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from urllib.parse import unquote_plus

from cloudg_lab.privacy.invisible import unseen

Known = Callable[[str], bool]

_UNICODE_ESCAPES = re.compile(r"(?:\\u[0-9a-fA-F]{4})+")
_BYTE_ESCAPES = re.compile(r"(?:\\x[0-9a-fA-F]{2})+")
_QUOTED_PRINTABLE = re.compile(r"(?:=[0-9A-F]{2})+")
_PERCENT = re.compile(r"[^\s\"'<>]*%[0-9A-Fa-f]{2}[^\s\"'<>]*")
_PLUSSED = re.compile(r"[^\W_]+(?:\+[^\W_]+)+")
_TOKEN = re.compile(r"(?<![A-Za-z0-9_=-])[A-Za-z0-9_-]{8,}(?![A-Za-z0-9_-])")
_GROUPED = re.compile(r"(?<![\d.,'’-])\d{1,4}(?:[ ,.'’-]\d{3,4}){2,4}(?![\d])|(?<![\d.])\d{9,11}(?![\d.])")
"""Digits grouped as locales group them: spaces (no-break and narrow ones are spaces once read),
commas, dots, dashes and the Swiss apostrophe (`123'456'789'012`, `123’456’789’012`; red team `dune`)."""
_SCIENTIFIC = re.compile(r"(?<![\d.])\d\.\d{4,}[eE]\+?\d{1,2}(?![\d])")
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_INDEX = {c: i for i, c in enumerate(_B58)}
_B32 = re.compile(r"[A-Z2-7]+")
_CJK_CLASS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_CJK = re.compile(f"[{_CJK_CLASS}]")
_CJK_RUN = re.compile(f"[{_CJK_CLASS}]{{3,}}")
_SCRIPT_EDGE = re.compile(f"(?<=[{_CJK_CLASS}])(?=[^\\W{_CJK_CLASS}])|"
                          f"(?<=[^\\W{_CJK_CLASS}])(?=[{_CJK_CLASS}])")
_INVERTED = re.compile(r"(?<![\w'’-])([^\W\d_][\w'’-]+), ([^\W\d_][\w'’-]+)(?![\w'’-])")
"""`Lee, Ana`: a directory's, a CSV export's or a citation's way to write a person."""
_DIGIT_ZEROS = (0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xDE6,
                0xE50, 0xED0, 0xF20, 0x1040, 0x17E0, 0x1810, 0x1946, 0x19D0, 0xA8D0, 0xA900, 0xFF10)
_NATIVE_DIGITS = {zero + i: str(i) for zero in _DIGIT_ZEROS
                  for i in range(10)}
"""Decimal digits of other scripts (Arabic-Indic `٤١١١`, Persian `۴۱۱۱`, Devanagari `४१११`, Thai,
Bengali...) read as the digits they are: a card or an account written so is the same number
(red team `dune`). NFKC joins only the full-width ones."""
_MAX_CJK_NAME = 8
_SHOUTED = 20
"""Text this long in capitals only is read in lower case too (a log line or a title shouted)."""
_ACCOUNT_DIGITS = 12
"""An AWS account has twelve digits; a number of nine to eleven may be one that lost its zeros."""


def readable(value: str, known: Known) -> str | None:
    """`value` decoded as a reader reads it, or None when nothing in it was encoded."""
    text = _escapes(value) if "\\" in value else value
    if "&" in text and ";" in text:
        text = html.unescape(text)
    if "=" in text:
        text = _QUOTED_PRINTABLE.sub(lambda m: _utf8(bytes.fromhex(m.group().replace("=", ""))) or m.group(),
                                     text)
    if "%" in text:
        text = _PERCENT.sub(lambda m: _unquoted_unless_held(m.group(), known), text)
    if "+" in text:
        text = _PLUSSED.sub(lambda m: _spaced(m.group(), known), text)
    if not text.isascii() and not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = text.translate(_NATIVE_DIGITS)
        if _TWINS.search(text) is not None:
            text = _WORD.sub(lambda m: _untwinned(m.group(), known), text)
    if not text.isascii() and _CJK.search(text) is not None:
        text = _words(text, known)
    text = _TOKEN.sub(lambda m: _decoded_token(m.group(), known), text)
    if ", " in text:
        text = _INVERTED.sub(lambda m: _person(m, known), text)
    if any(c.isdigit() for c in text):
        text = _numbers(text, known)
    if len(text) >= _SHOUTED and text.isupper():
        text = text.lower()  # `SEEN WITH GHP_...`: token prefixes are lower case, their bodies any case
    return None if text == value else text


_TWINS = re.compile("[A-Za-z][\\w-]*[\u0370-\u03ff\u0400-\u04ff]|[\u0370-\u03ff\u0400-\u04ff][\\w-]*[A-Za-z]")
_WORD = re.compile(r"[\w-]+")


def _untwinned(word: str, known: Known) -> str:
    """A word mixing Latin letters with Cyrillic or Greek ones drawn alike (`раyments-lеdger`),
    in Latin letters when `known` holds it so: a name the data holds, written with homoglyphs
    (red team `dune`). A word of one script is left as it is."""
    if word.isascii() or not any("a" <= c <= "z" or "A" <= c <= "Z" for c in word):
        return word
    latin = word.translate(_LOOKALIKES)
    return latin if latin != word and known(latin) else word


def _words(text: str, known: Known) -> str:
    """`text` with spaces where a reader of Chinese or Japanese sees a word end: between their
    characters and letters of other scripts (`Ana Lee负责`), and around a name `known` holds
    inside a run of them (`担当は欧阳娜娜さんです`), which no space separates from its words."""
    text = _SCRIPT_EDGE.sub(" ", text)
    return _CJK_RUN.sub(lambda m: _known_inside(m.group(), known), text)


def _known_inside(run: str, known: Known) -> str:
    """`run` with each longest name `known` holds (two characters at least) set apart by spaces."""
    out, i = [], 0
    while i < len(run):
        width = next((w for w in range(min(_MAX_CJK_NAME, len(run) - i), 1, -1) if known(run[i:i + w])), 0)
        if width:
            out.append(f" {run[i:i + width]} ")
            i += width
        else:
            out.append(run[i])
            i += 1
    return "".join(out)


def _person(m: re.Match[str], known: Known) -> str:
    """`Last, First` as `First Last` when `known` holds that person."""
    named = f"{m.group(2)} {m.group(1)}"
    return named if known(named) else m.group()


def _escapes(text: str) -> str:
    """JSON `\\uXXXX` runs (a surrogate pair is one character) and `\\xHH` UTF-8 bytes decoded."""
    text = _UNICODE_ESCAPES.sub(lambda m: json.loads(f'"{m.group()}"'), text)
    return _BYTE_ESCAPES.sub(lambda m: _utf8(bytes.fromhex(m.group().replace("\\x", ""))) or m.group(), text)


def _utf8(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _spaced(words: str, known: Known) -> str:
    """`Ana+Lee` (a form-encoded query value) as `Ana Lee` when `known` holds that."""
    spaced = words.replace("+", " ")
    return spaced if known(spaced) else words


def _unquoted_unless_held(token: str, known: Known) -> str:
    """`token` decoded (`_unquoted`), unless `known` holds it as it stands and not decoded: a
    password may hold a `%7c` of its own (`Bapy%7ctMaR`), and decoded it is no value of the data
    (a seed sweep of red team `tundra` showed one written in `\\u` escapes to every caller)."""
    decoded = _unquoted(token)
    return token if decoded != token and known(token) and not known(decoded) else decoded


def _unquoted(token: str) -> str:
    """`token` with its %-layers (up to three) and `+` spaces decoded."""
    for _ in range(3):
        try:
            decoded = unquote_plus(token, errors="strict")
        except UnicodeDecodeError:  # not an encoding: a `%` that belongs to the value
            break
        if decoded == token:
            break
        token = decoded
    return token


def _decoded_token(token: str, known: Known) -> str:
    """The text a base32, base58 or base64url token encodes, when `known` holds it."""
    if token.islower() or token.isdigit():
        return token  # names and hex ids: no encoding mixes cases so rarely
    for decode in (_from_base32, _from_base64url, _from_base58):
        decoded = decode(token)
        if decoded is not None and decoded.isprintable() and known(decoded):
            return decoded
    return token


def _from_base32(token: str) -> str | None:
    if _B32.fullmatch(token) is None or len(token) % 8 in (1, 3, 6):
        return None
    try:
        return _utf8(base64.b32decode(token + "=" * (-len(token) % 8)))
    except binascii.Error:
        return None


def _from_base64url(token: str) -> str | None:
    if len(token) % 4 == 1:
        return None
    try:
        return _utf8(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    except (binascii.Error, ValueError):
        return None


def _from_base58(token: str) -> str | None:
    number = 0
    for c in token:
        digit = _B58_INDEX.get(c)
        if digit is None:
            return None
        number = number * 58 + digit
    return _utf8(number.to_bytes((number.bit_length() + 7) // 8, "big"))


def with_zeros(digits: str) -> str | None:
    """`digits` as the account number it was before a parse as an integer dropped its leading
    zeros (`11336014325` of `011336014325`), or None when it is too short to have been one."""
    return digits.zfill(_ACCOUNT_DIGITS) if 9 <= len(digits) < _ACCOUNT_DIGITS and digits.isdigit() else None


def _numbers(text: str, known: Known) -> str:
    """Grouped, scientific and zero-stripped spellings of numbers `known` holds, as it holds them."""
    def digits(m: re.Match[str]) -> str:
        joined = re.sub(r"\D", "", m.group())
        for candidate in (joined, with_zeros(joined)):
            if candidate is not None and known(candidate):
                return candidate
        return m.group()

    def scientific(m: re.Match[str]) -> str:
        try:
            number = Decimal(m.group())
        except InvalidOperation:
            return m.group()
        whole = str(int(number)) if number == number.to_integral_value() else ""
        return whole if whole and known(whole) else m.group()

    text = _SCIENTIFIC.sub(scientific, text) if "e" in text or "E" in text else text
    return _GROUPED.sub(digits, text)


_LOOKALIKES = str.maketrans("аеорсухіѕјԁԛԝɡАВЕКМНОРСТХІЅЈαεικνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
                            "aeopcyxisjdqwgABEKMHOPCTXISJaeikvoptuxABEZHIKMNOPTYX")
"""Cyrillic and Greek letters drawn like Latin ones, read as those inside a Latin key."""


def readable_key(key: str) -> str:
    """`key` as a reader reads it: full-width and compatibility forms as ASCII (`ｐａｓｓｗｏｒｄ`),
    invisible characters gone (a zero-width space or a soft hyphen inside `password`) and, in a
    key with Latin letters, Cyrillic and Greek look-alikes as Latin (`pаssword`): a key rule may
    not depend on how its key is spelled."""
    if key.isascii():
        return key
    folded = unseen(unicodedata.normalize("NFKC", key))
    if any("a" <= c <= "z" or "A" <= c <= "Z" for c in folded):
        folded = folded.translate(_LOOKALIKES)
    return folded
