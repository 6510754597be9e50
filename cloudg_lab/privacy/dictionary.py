"""The dictionary of a workspace's sensitive values, found again inside any text.

A `Dictionary` is a read-only mapping value → entity (what the pipeline's `known` always was)
that also finds its values *inside* text: in another case, with non-breaking spaces or
typographic apostrophes, URL-encoded, with dashes for spaces, joined to other words
(`billing-db-01-replica`, `Ana Lee's`), or with their separators squashed and glued in front of
another word (`analeeNightly`).

How: text is cut into pieces (runs of letters and digits), and every run of up to `MAX_PIECES`
consecutive pieces is looked up as it is spelled there, folded; a value whose pieces were
squashed together is found by its squashed form at the start of a piece. That is a handful of
dictionary look-ups per word, against entries that share their strings with the inventory.
We measured an Aho-Corasick automaton (pyahocorasick) first: it also finds values glued
anywhere, but for 100,000 assets it builds for seconds and holds hundreds of MB of trie nodes,
because ids and names share few prefixes.
"""

from __future__ import annotations

import re
from collections.abc import ItemsView, Iterator, Mapping
from itertools import chain
from typing import Protocol, runtime_checkable
from urllib.parse import quote, unquote

from cloudg_lab.privacy import text
from cloudg_lab.privacy.invisible import visible

_FOLD = str.maketrans({"\n": " ", "\r": " ", "\t": " ", "\u00a0": " ", "\u2007": " ", "\u202f": " ",
                       "\u2009": " ",
                       "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2010": "-", "\u2011": "-",
                       **dict(zip("ıİάέήίόύώΐΰςΆΈΉΊΌΎΏ", "iIαεηιουωιυσΑΕΗΙΟΥΩ", strict=True))})
"""Also Turkish dotless and dotted i as the one `i` (`YILDIZ` is `Yıldız`, `İSMAİL` is `İsmail`) and
Greek without its accents and final sigma (`ΝΙΚΟΛΑΟΣ` is `Νικόλαος`): capitals as these languages
write them (red team `dune`); every entry is one character, so a fold keeps its value's length."""
MARKS = ("\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
          "\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963\u0981-\u0983\u09bc-\u09d7\u0a01-\u0a03"
          "\u0a3c-\u0a51\u0a81-\u0a83\u0abc-\u0acd\u0b01-\u0b03\u0b3c-\u0b57\u0b82\u0bbe-\u0bcd"
          "\u0c00-\u0c04\u0c3e-\u0c56\u0c81-\u0c83\u0cbc-\u0cd6\u0d00-\u0d03\u0d3b-\u0d4d\u0e31"
          "\u0e34-\u0e3a\u0e47-\u0e4e\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\u3099\u309a")
_PIECE = re.compile(f"[^\\W_](?:[^\\W_]|[{MARKS}])*")
"""A run of letters and digits, with the marks written on them: the vowel signs and viramas of
Indic scripts, Hebrew and Arabic points, a decomposed accent (`स्नेहा` is one piece, not three
letters whose marks fall between pieces; red team `dune`)."""
_JOINTS = re.compile(r"[ _.-]+")
"""What joins the words of a name: `quartz-ledger-store` is `QUARTZ_LEDGER_STORE` as a constant,
`quartz.ledger.store` as a host label, `quartz ledger store` in prose. Only for names (some
letter, no `:`, `/` or `@`): in an ARN, a path or an address the joint is part of the value
(`x_y` and `x-y` are two buckets), and `10-0-0-5` is not the address `10.0.0.5`."""
_NOT_A_NAME = re.compile(r"[:/@]|^[^a-z]*$")


def joined(folded: str) -> str:
    """`folded` with any run of joints as one `-`, or itself when it is not a name."""
    return folded if _NOT_A_NAME.search(folded) else _JOINTS.sub("-", folded)
_CAMEL_HINT = re.compile(r"[a-z0-9][A-Z]")
_CAMEL_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
"""The words of a camel-case piece (`ledgerArchiveV2Job`: ledger, Archive, V2, Job; `HTTPServer`:
HTTP, Server); only texts with a lower-upper transition are cut so."""
_NUMBER_DIGITS, _NUMBER_JOINTS = 6, ":/#"
"""The number that ends a composite id (`datadog:monitor:41490052`, `gitlab/projects/7781203`):
prose quotes it alone (`monitor 41490052 muted`), so it is a spelling of the id. Six digits at
least, as for any number found in text (`text.mentionable`); a number that is a value of its own
(an account) stays that value, since entries are looked up first."""
_RESERVED = re.compile(r"[^A-Za-z0-9._~-]")
"""Characters URL encoding changes (a value without any is its own encoded form)."""
MAX_PIECES = 8
"""Longest run of pieces looked up (a name rarely has more words or dashes)."""
SQUASHED_PREFIX = 6
Spelled = tuple[str, str]
"""(entity, the value as the data holds it)."""
Found = tuple[int, int, str, str]
"""(start, end, entity, the value as the data holds it) of a value found inside a text."""
_WHOLE_ONLY = frozenset({"tag_value"})
"""Too generic to look for inside other words (a tag value `blue`)."""


def fold(value: str) -> str:
    """The matching form: spaces and apostrophes unified (a line break is a space: text wraps a
    name where it likes, `ledger-\narchive`), lower case, same length as `value`."""
    folded = value.translate(_FOLD)
    lowered = folded.lower()
    if "ς" in lowered:  # `lower` writes a word's last `Σ` as the final sigma
        lowered = lowered.replace("ς", "σ")
    if len(lowered) == len(value):
        return lowered
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in folded)


def squash(value: str) -> str:
    """Letters and digits only, folded (`Ana Lee-2` → `analee2`)."""
    return "".join(_PIECE.findall(fold(value)))


class Dictionary(Mapping[str, str]):
    """value → entity, plus `find` for the values inside a text."""

    holds_components = True
    """The components of its composite values (an ARN's account) are entries of their own
    (`classify` adds them), so `derive` need not take them apart again."""

    def __init__(self, entries: Mapping[str, str], *, owned: bool = False) -> None:
        """`owned`: `entries` is a dict the caller hands over and no longer changes, kept
        instead of copied (a classified estate's holds hundreds of thousands)."""
        self._entries = entries if owned and type(entries) is dict else dict(entries)
        self._folded: dict[str, str] = {}
        """Folded spellings that differ from the value (most ids do not) → the value they spell
        (a key of `_entries`, so no string is stored twice). URL-encoded spellings need no entry:
        a looked-up text with `%` escapes is decoded first."""
        self._squashed: dict[str, list[tuple[str, str, str]]] = {}
        """First letters of a squashed multi-piece value → (squashed value, entity, value)."""
        self._widest = 1
        """The most pieces a value has, spelled as data or URL-encoded (runs longer than that
        are never looked up)."""
        self._held: dict[str, str] = {}
        rest: list[str] = []
        for value in self._entries:  # in bulk: the printable ASCII values without spaces, most of an estate
            if value.isascii() and " " not in value and value.isprintable():
                folded = value.lower()
                if folded != value:
                    self._folded.setdefault(folded, value)
                if "_" in folded or "." in folded or "--" in folded:
                    self._folded.setdefault(joined(folded), value)
                if folded[-_NUMBER_DIGITS:].isdigit():
                    self._number_of(folded, value)
            else:
                rest.append(value)
        paths = (value for value in self._entries if "/" in value or ":" in value)
        for value in chain(paths, self._entries):  # paths first: an ARN or a resource path
            if self._widest == MAX_PIECES:         # has the most pieces, so the widest is met early
                break
            if value.isascii() and " " not in value:
                self._count_pieces(value, value.lower(), self._entries[value])
        for value in rest:
            self._index(value, self._entries[value])
        self.held: Mapping[str, str] = {shown: value for shown, value in self._held.items()
                                        if shown not in self._entries}
        """How `sanitize` shows a value with invisible characters → the value as the data holds
        it (usually empty). A value shown so is pseudonymized as held, so the pseudonym passed
        back reverses to a value of the data (unless the shown spelling is a value of its own)."""

    def _number_of(self, folded: str, value: str) -> None:
        """File the number that ends a composite id as a spelling of it (see `_NUMBER_DIGITS`)."""
        head = folded.rstrip("0123456789")
        if len(folded) - len(head) >= _NUMBER_DIGITS and head and head[-1] in _NUMBER_JOINTS:
            self._folded.setdefault(folded[len(head):], value)

    def _index(self, value: str, entity: str) -> None:
        """The spellings of a value with spaces or non-ASCII letters."""
        folded = fold(value)
        if folded != value:
            self._folded.setdefault(folded, value)
        shown = visible(folded)
        if shown != folded:  # `ledger\u200d-archive`: as shown once sanitize strips the joiners
            self._folded.setdefault(shown, value)
            self._folded.setdefault(joined(shown), value)
            self._held.setdefault(visible(value), value)
        dashed = joined(folded)
        if dashed != folded:  # `Ana Lee` as identifiers spell it: ana-lee, ana_lee, ana.lee
            self._folded.setdefault(dashed, value)
        self._count_pieces(value, folded, entity)
        if entity in _WHOLE_ONLY or len(value) > 200:
            return
        if " " in value and text.mentionable(value):
            squashed = squash(value)
            if len(squashed) >= SQUASHED_PREFIX + 2:
                self._squashed.setdefault(squashed[:SQUASHED_PREFIX], []).append(
                    (squashed, entity, value))

    def _count_pieces(self, value: str, folded: str, entity: str) -> None:
        """Widen `_widest` to the pieces of `value` as text may spell it (URL-encoded, `%3A`
        glues to the next piece), until it reaches `MAX_PIECES`."""
        if self._widest == MAX_PIECES or entity in _WHOLE_ONLY or len(value) > 200:
            return
        encoded = fold(quote(value, safe="")) if _RESERVED.search(value) else folded
        if not encoded.isalnum():
            pieces = len(_PIECE.findall(encoded))
            if pieces > self._widest:
                self._widest = min(pieces, MAX_PIECES)

    def __getitem__(self, value: str) -> str:
        return self._entries[value]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, value: object) -> bool:
        return value in self._entries

    def get(self, value: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return self._entries.get(value, default)

    def items(self) -> ItemsView[str, str]:
        return self._entries.items()  # the dict's own view: no look-up per key

    def lookup(self, value: str) -> Spelled | None:
        """(entity, the value as the data holds it) for `value` in any spelling, or None: every
        spelling of a value must become the one pseudonym of that value."""
        found = self._entries.get(value)
        if found is not None:
            return found, value
        if not value:
            return None
        return self._spelled(fold(value.strip()))

    def _spelled(self, folded: str) -> Spelled | None:
        entity = self._entries.get(folded)
        if entity is not None:
            return entity, folded
        value = self._folded.get(folded)
        if value is not None:
            return self._entries[value], value
        dashed = joined(folded) if " " in folded or "_" in folded or "." in folded else folded
        if dashed != folded:  # its words joined otherwise: any joint is the one `-`
            value = dashed if dashed in self._entries else self._folded.get(dashed)
            if value is not None:
                return self._entries[value], value
        if "%" in folded:  # `Ana%20Lee`, `arn%3Aaws%3A...`: the value URL-encoded
            decoded = fold(unquote(folded))
            if decoded != folded:
                return self._spelled(decoded)
        return None

    def find(self, value: str) -> list[Found]:
        """Non-overlapping `(start, end, entity, value as the data holds it)` of dictionary
        values inside `value`, longest first, left to right."""
        folded = fold(value)
        pieces = [m.span() for m in _PIECE.finditer(folded)]
        camel = value if _CAMEL_HINT.search(value) is not None else None
        out: list[Found] = []
        i = 0
        while i < len(pieces):
            found = self._longest(folded, pieces, i, camel)
            if found is None:
                i += 1
                continue
            out.append(found[0])
            i += found[1]
        return out

    def _longest(self, folded: str, pieces: list[tuple[int, int]], i: int,
                 camel: str | None = None) -> tuple[Found, int] | None:
        start = pieces[i][0]
        for width in range(min(self._widest, len(pieces) - i), 0, -1):
            end = pieces[i + width - 1][1]
            candidate = folded[start:end]
            spelled = self._spelled(candidate)
            if spelled is not None and spelled[0] not in _WHOLE_ONLY and \
                    text.mentionable(candidate):
                return (start, end, *spelled), width
        glued = self._glued(folded, pieces[i])
        if glued is None and camel is not None and _CAMEL_HINT.search(camel, *pieces[i]) is not None:
            glued = self._camel(camel, pieces[i])
        return None if glued is None else (glued, 1)

    def _camel(self, value: str, piece: tuple[int, int]) -> Found | None:
        """A name whose words code spells in camel case, alone or glued to more words
        (`LedgerArchiveJob`, `ledgerArchiveClient` of `ledger-archive`): the words of one piece
        joined by `-`, longest run first."""
        words = [m.span() for m in _CAMEL_WORD.finditer(value, *piece)]
        for first in range(len(words)):
            for width in range(min(self._widest, len(words) - first), 1, -1):
                run = words[first:first + width]
                candidate = "-".join(value[a:b].lower() for a, b in run)
                spelled = self._spelled(candidate)
                if spelled is not None and spelled[0] not in _WHOLE_ONLY and text.mentionable(candidate):
                    return (run[0][0], run[-1][1], *spelled)
        return None

    def _glued(self, folded: str, piece: tuple[int, int]) -> Found | None:
        """A squashed multi-piece value at the start of one piece (`analeeNightly02`)."""
        start, end = piece
        if end - start < SQUASHED_PREFIX + 2:
            return None
        word = folded[start:end]
        best: Found | None = None
        for squashed, entity, value in self._squashed.get(word[:SQUASHED_PREFIX], ()):
            if word.startswith(squashed) and (best is None or len(squashed) > best[1] - start):
                best = (start, start + len(squashed), entity, value)
        return best


@runtime_checkable
class Matcher(Protocol):
    """What the scanner needs of a dictionary (a `Dictionary`, or one with a call's values in
    front: `pipeline.Overlay`)."""

    held: Mapping[str, str]
    """How `sanitize` shows a value with invisible characters → the value as the data holds it."""

    def lookup(self, value: str) -> Spelled | None:
        """(entity, canonical value) of `value` in any spelling."""
        ...

    def find(self, value: str) -> list[Found]:
        """The values inside `value`."""
        ...
