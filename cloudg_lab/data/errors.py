"""The one error a bad inventory file produces: file, JSON path and what was expected.

It is an `InvalidArgumentsError` (-32602) because the fix is always the caller's: another file or
another path. The message is a single line a person can act on, never a parser dump; the full
path of the file travels in `data`, which the output pipeline transforms like any result.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

from cloudg_lab.errors import InvalidArgumentsError


class InventoryFormatError(InvalidArgumentsError):
    """A file that is not a readable inventory: `inventory-map.json: $.assets[17].name: ...`."""

    def __init__(self, file: str | Path, where: str, problem: str) -> None:
        label = Path(file).name or str(file)
        super().__init__(f"{label}: {where}: {problem}",
                         {"file": str(file), "path": where, "problem": problem})
        self.where = where
        self.problem = problem


def describe(value: object) -> str:
    """The JSON type name of `value`, for `expected an object, found an array` messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


_EXPECTED = re.compile(r"^Expected `([^`]+)`(?:, got `(\w+)`)?(?: of length 0)?(?: - at `([^`]*)`)?$")
_MISSING = re.compile(r"^Object missing required field `(\w+)`(?: - at `([^`]*)`)?$")
_WANTED = (("str", "a string"), ("float", "a number"), ("int", "a number"), ("bool", "true or false"),
           ("object", "an object"), ("array", "an array"))
_FOUND = {"str": "a string", "int": "a number", "float": "a number", "bool": "a boolean",
          "null": "null", "object": "an object", "array": "an array"}


def invalid(file: str, prefix: str, exc: msgspec.ValidationError,
            first: int = 0) -> InventoryFormatError:
    """msgspec's `Expected `str`, got `int` - at `$[17].asset_type`` as our error, with `$`
    replaced by `prefix` (`$.assets`) and positions counted from `first`. Paths are field names
    and positions only: msgspec writes a dict member as `[...]`, so no tag key of the data ever
    reaches the message."""
    text = str(exc)
    missing = _MISSING.match(text)
    if missing is not None:
        return InventoryFormatError(file, _join(prefix, first, missing.group(2), missing.group(1)),
                                    "required field missing")
    expected = _EXPECTED.match(text)
    if expected is None:
        return InventoryFormatError(file, prefix, "invalid record")
    wanted, got, path = expected.groups()
    where = _join(prefix, first, path)
    if got == "null" and "null" not in wanted:
        return InventoryFormatError(file, where, "required field missing")
    if got is None:  # `Expected `array` of length 0`: an empty array stands for none, no other
        return InventoryFormatError(file, where, "expected an object, found an array")
    want = next((phrase for name, phrase in _WANTED if name in wanted.split(" | ")), wanted)
    return InventoryFormatError(file, where, f"expected {want}, found {_FOUND.get(got, 'another type')}")


def _join(prefix: str, first: int, path: str | None, field: str | None = None) -> str:
    rest = _POSITION.sub(lambda m: f"[{int(m.group(1)) + first}]", (path or "$")[1:], count=1)
    where = prefix + rest
    return f"{where}.{field}" if field else where


_POSITION = re.compile(r"^\[(\d+)\]")


def malformed(file: str, buf: bytes | bytearray, exc: msgspec.DecodeError,
              sections: frozenset[str]) -> InventoryFormatError:
    """A syntax error as `$.assets[3]: invalid JSON at line 3 column 13: expected ',' or '}'`;
    a document that stops early as `file ends early (truncated JSON)`. The path goes down to the
    record (`section_path`), never into it."""
    text = str(exc)
    if text.startswith("Input data was truncated"):
        return InventoryFormatError(file, section_path(buf, len(buf), sections),
                                    "file ends early (truncated JSON)")
    at = _BYTE.search(text)
    offset = int(at.group(1)) if at else len(buf)
    reason = _BYTE.sub("", text).removeprefix("JSON is malformed: ").strip()
    where = section_path(buf, offset, sections)
    if reason == "trailing characters":
        return InventoryFormatError(file, "$", "unexpected data after the JSON document")
    return InventoryFormatError(file, where, f"invalid JSON at {line_column(buf, offset)}: {reason}")


_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[][{},:]')


def section_path(buf: bytes | bytearray, offset: int, sections: frozenset[str]) -> str:
    """`$.assets[17]`: the record of a known section holding byte `offset`, `$.regions` for a
    known member, else `$`. Only the file's own section names are quoted, never a key of the
    data. (Read on the error path only: a scan of the text before the error.)"""
    stack: list[list[object]] = []  # [kind, key or index]
    pending: bytes = b""
    for token in _TOKEN.finditer(buf, 0, offset):
        text = token.group()
        if text[:1] == b'"':
            pending = text
        elif text == b":" and stack:
            stack[-1][1] = pending
        elif text in (b"{", b"["):
            stack.append([text, None if text == b"{" else 0])
        elif text in (b"}", b"]") and stack:
            stack.pop()
        elif text == b"," and stack and stack[-1][0] == b"[":
            stack[-1][1] = int(stack[-1][1]) + 1  # type: ignore[call-overload]
    if not stack or stack[0][0] != b"{" or not isinstance(stack[0][1], bytes):
        return "$"
    key = stack[0][1].decode("utf-8", "replace")[1:-1]
    if key not in sections:
        return "$"
    if len(stack) > 1 and stack[1][0] == b"[":
        return f"$.{key}[{stack[1][1]}]"
    return f"$.{key}"


_BYTE = re.compile(r"\s*\(byte (\d+)\)")


def line_column(buf: bytes | bytearray, offset: int) -> str:
    """`line 3 column 13` of byte `offset` (columns count characters, from 1)."""
    start = buf.rfind(b"\n", 0, offset) + 1
    column = len(bytes(buf[start:offset]).decode("utf-8", "replace")) + 1
    line = buf.count(b"\n", 0, offset) + 1
    return f"line {line} column {column}"
