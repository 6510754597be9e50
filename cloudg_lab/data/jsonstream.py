"""A chunked walker over a JSON document whose big parts are arrays of small objects.

`json.load` holds the whole text and every parsed object at once: about seven times the file
size for an inventory. The loader needs neither: it keeps each asset's compact source text and a
few columns. So this reader walks the top-level object key by key and decodes array elements one
at a time with the C decoder, reading the file in chunks. Memory stays at one chunk plus what the
caller keeps, and a non-ASCII character in one asset no longer widens the whole text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import IO, Any

from cloudg_lab.data.errors import InventoryFormatError

_WS = re.compile(r"[ \t\n\r]*")
_SEPARATOR = re.compile(r"[ \t\n\r]*([,\]])[ \t\n\r]*")
_BLANKS = " \t\n\r"
_NUMBER_TAIL = re.compile(r"[0-9.eE+-]*")
_PARTIAL_TAIL = re.compile(r"(?:t(?:ru?)?|f(?:a(?:ls?)?)?|n(?:ul?)?|[0-9.eE+-]*)[ \t\r\n]*\Z")
"""What a file cut inside a value ends with: nothing, a partial literal or a partial number."""
_DECODER = json.JSONDecoder()
_CHUNK = 1 << 20
_NEAR_END = 16
Progress = Callable[[int], None]
"""Called with the number of characters read so far (after each chunk)."""


class JsonStream:
    """A cursor over `fh`'s text that decodes one JSON value at a time."""

    def __init__(self, fh: IO[str], file: str, *, progress: Progress | None = None,
                 chunk: int = _CHUNK) -> None:
        self._fh = fh
        self._file = file
        self._progress = progress
        self._chunk = chunk
        self._text = ""
        self._pos = 0
        self._base = 0
        """Characters dropped from the front of `_text` so far."""
        self._line = 1
        """Line number of `_text[0]`."""
        self._column = 0
        """Characters between the start of that line and `_text[0]`."""
        self._eof = False

    # ------------------------------------------------------------------ buffer

    def _fill(self, size: int | None = None) -> bool:
        if self._eof:
            return False
        chunk = self._read(size or self._chunk)
        if not chunk:
            self._eof = True
            return False
        dropped = self._text[:self._pos]
        newlines = dropped.count("\n")
        self._line += newlines
        self._column = len(dropped) - dropped.rfind("\n") - 1 if newlines else self._column + len(dropped)
        self._base += self._pos
        self._text = self._text[self._pos:] + chunk
        self._pos = 0
        if self._progress is not None:
            self._progress(self._base + len(self._text))
        return True

    def _read(self, size: int) -> str:
        try:
            return self._fh.read(size)
        except UnicodeDecodeError as exc:
            raise self.error(self._where_now(), f"not UTF-8 text ({exc.reason})") from None

    def _skip_ws(self) -> None:
        while True:
            match = _WS.match(self._text, self._pos)
            self._pos = match.end() if match else self._pos
            if self._pos < len(self._text) or not self._fill():
                return

    def peek(self) -> str:
        """The next non-blank character, or "" at the end of the file."""
        self._skip_ws()
        return self._text[self._pos] if self._pos < len(self._text) else ""

    def _take(self, char: str) -> bool:
        if self.peek() == char:
            self._pos += 1
            return True
        return False

    # ------------------------------------------------------------------ values

    def value(self, where: str) -> tuple[Any, str]:
        """Decode the next value; returns it with its exact source text.

        Raises:
            InventoryFormatError: for invalid JSON or a file that ends inside the value.
        """
        text, pos = self._text, self._pos
        if (pos >= len(text) or text[pos] in _BLANKS) and not self.peek():
            raise self.error(where, "file ends early (truncated JSON)")
        grow = self._chunk
        while True:
            try:
                obj, end = _DECODER.raw_decode(self._text, self._pos)
            except json.JSONDecodeError as exc:
                if self._incomplete(exc) and self._fill(grow):
                    grow *= 2
                    continue
                raise self._syntax(where, exc) from None
            except RecursionError:
                raise self.error(where, "nested too deeply to read") from None
            if self._may_continue(obj, end) and self._fill(grow):
                grow *= 2
                continue
            raw = self._text[self._pos:end]
            self._pos = end
            return obj, raw

    def _may_continue(self, obj: Any, end: int) -> bool:
        """True when the next chunk could extend this value: a number (`1` of `1.5e3`) whose
        digits run to the end of the buffer."""
        if type(obj) is dict or self._eof:
            return False
        if end == len(self._text):
            return True
        is_number = type(obj) is int or type(obj) is float
        return is_number and _NUMBER_TAIL.fullmatch(self._text, end) is not None

    def _incomplete(self, exc: json.JSONDecodeError) -> bool:
        near_end = exc.pos >= len(self._text) - _NEAR_END
        return not self._eof and (near_end or exc.msg.startswith("Unterminated string"))

    def members(self, where: str) -> Iterator[str]:
        """The keys of the object starting here; the caller consumes each value before the next.

        Raises:
            InventoryFormatError: when no object starts here or its punctuation is wrong.
        """
        self._open("{", where, "an object")
        first = True
        while True:
            if self._take("}"):
                return
            if not first and not self._take(","):
                raise self._expected(where, "',' or '}' between members")
            first = False
            if self.peek() != '"':
                raise self._expected(where, "a member name in double quotes")
            key, _ = self.value(where)
            if not self._take(":"):
                raise self._expected(f"{where}.{key}", "':' after the member name")
            yield key

    def items(self, where: str) -> Iterator[tuple[int, Any, str]]:
        """(index, value, source text) for each element of the array starting here.

        Raises:
            InventoryFormatError: when no array starts here or its punctuation is wrong.
        """
        self._open("[", where, "an array")
        if self._take("]"):
            return
        index = 0
        while True:
            value, raw = self.value(f"{where}[{index}]")
            yield index, value, raw
            found = _SEPARATOR.match(self._text, self._pos)
            if found is not None and found.end() < len(self._text):
                self._pos = found.end()  # fast path: the separator and the next value are buffered
                if found.group(1) == "]":
                    return
            elif self._take("]"):
                return
            elif not self._take(","):
                raise self._expected(f"{where}[{index}]", "',' or ']' after the element")
            index += 1

    def skip(self, where: str) -> None:
        """Decode and drop the next value."""
        self.value(where)

    def finish(self) -> None:
        """Raises:
            InventoryFormatError: when anything but blanks follows the document.
        """
        if self.peek():
            raise self.error("$", "unexpected data after the JSON document")

    def _open(self, char: str, where: str, what: str) -> None:
        found = self.peek()
        if found == char:
            self._pos += 1
            return
        if not found:
            raise self.error(where, "file ends early (truncated JSON)")
        kinds = {"{": "an object", "[": "an array", '"': "a string"}
        got = kinds.get(found, "a number, boolean or null")
        raise self.error(where, f"expected {what}, found {got}")

    # ------------------------------------------------------------------ errors

    def error(self, where: str, problem: str) -> InventoryFormatError:
        return InventoryFormatError(self._file, where, problem)

    def _expected(self, where: str, what: str) -> InventoryFormatError:
        if not self.peek():
            return self.error(where, "file ends early (truncated JSON)")
        return self.error(where, f"invalid JSON at {self._where_now()}: expected {what}")

    def _syntax(self, where: str, exc: json.JSONDecodeError) -> InventoryFormatError:
        at_end = _PARTIAL_TAIL.match(self._text, exc.pos) is not None
        if self._eof and (at_end or exc.msg.startswith("Unterminated string")):
            return self.error(where, "file ends early (truncated JSON)")
        return self.error(where, f"invalid JSON at {self._where_at(exc.pos)}: {exc.msg}")

    def _where_now(self) -> str:
        return self._where_at(self._pos)

    def _where_at(self, pos: int) -> str:
        line = self._line + self._text.count("\n", 0, pos)
        start = self._text.rfind("\n", 0, pos) + 1
        column = pos - start + 1 + (self._column if start == 0 else 0)
        return f"line {line} column {column}"
