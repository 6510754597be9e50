"""The walk's frames, and the JSON pointers of the marks made in them.

A frame is one container being walked (`walk.Run`): its entries' state, the copy started when
something changed, and where its output goes in its parent's; one class per kind of container
(`DictFrame`, `ListFrame`), so each frame's copy has its container's type. A mark is noted with the frame
and entry it was made at (`Pending`); its pointer is spelled only when the marks are read, from
the frames' prefixes, each computed once from the parent's (a page makes thousands of marks,
mostly under the same few hundred records).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Literal

from cloudg_lab.pointer import escape
from cloudg_lab.privacy.memo import Record, RecordKey, State
from cloudg_lab.privacy.stages import DROP, Container
from cloudg_lab.types import Mark

Pending = tuple["Frame | None", object, tuple[tuple[str, str], ...] | Record]
"""A mark's frame (None: the root value), its entry there, and its `(kind, entity)` pairs or
the replayed record whose marks they are."""
Step = Callable[[object], str]
"""A key or position as a pointer step (`/key`), interned (`memo.Context.step`)."""
Flat = tuple[RecordKey, State, dict[tuple[str, str], int], int, list[int]]
"""A flat record's memo key, its state, the counts outside it, where its pending marks start
and the oldest versions of the records inside it, while it is walked to be remembered
(`walk.Run._remember`)."""


class _Frame:
    """What frames of both kinds hold; made as a `DictFrame` or a `ListFrame`, by their `src`."""

    __slots__ = ("at", "cs", "done", "flat", "is_dict", "items", "key", "name", "out", "parent",
                 "prefix", "src")

    def __init__(self, src: Container, cs: State, key: tuple[object, object], parent: Frame | None) -> None:
        self.src, self.key = src, key
        """The container, and the entry (key or position, value) of the parent's it is."""
        self.parent = parent
        self.name: object = None if parent is None else parent.at
        """Where the output of this frame goes in its parent's output (a key or a position)."""
        self.is_dict = isinstance(src, dict)
        """A flag, not a type test: the walk's loop reads it for every entry."""
        self.cs = cs
        """The state of its entries (a dict's flavored one, a list's items')."""
        self.items: Iterator[tuple[object, object]] = \
            iter(src.items()) if isinstance(src, dict) else iter(enumerate(src))
        self.out: Container | None = None
        self.at: object = None
        """The entry at hand: its (new) key, or its position in the output."""
        self.prefix: str | None = None
        self.done = 0
        self.flat: Flat | None = None


class DictFrame(_Frame):
    """A dict being walked; the attributes its `src` makes precise (one `__init__`, for speed:
    a page makes a frame for each record it does not have by heart)."""

    __slots__ = ()
    is_dict: Literal[True]
    src: dict[object, object]
    out: dict[object, object] | None

    def materialize(self) -> dict[object, object]:
        """Start the copy (everything before the current entry was unchanged); return it."""
        if self.out is None:
            self.out = dict(islice(self.src.items(), self.done))
        return self.out

    def free_key(self, key: object) -> object:
        """`key`, or `key (2)`, `key (3)`... when the copy or the input holds it already (a key
        another key was renamed to)."""
        out = self.materialize()
        if key not in out and key not in self.src:
            return key
        n = 2
        while f"{key} ({n})" in out or f"{key} ({n})" in self.src:
            n += 1
        return f"{key} ({n})"


class ListFrame(_Frame):
    """A list being walked (see `DictFrame`)."""

    __slots__ = ()
    is_dict: Literal[False]
    src: list[object]
    items: Iterator[tuple[int, object]]
    out: list[object] | None

    def materialize(self) -> list[object]:
        """Start the copy (everything before the current entry was unchanged); return it."""
        if self.out is None:
            self.out = self.src[: self.done]
        return self.out


Frame = DictFrame | ListFrame


def store(frame: Frame, key: object, old: object, new_key: object, new: object) -> None:
    """Put `new`, what the walk made of `frame`'s entry `key` (value `old`), as `new_key`."""
    if new is DROP:
        frame.materialize()
    elif frame.out is not None or new is not old or new_key is not key:
        if frame.is_dict:
            frame.materialize()[new_key] = new
        else:
            frame.materialize().append(new)
    frame.done += 1


def prefix_of(frame: Frame, base: str) -> str:
    """The JSON pointer of `frame`'s output, from the nearest frame above that knows its own."""
    chain = []
    top: Frame | None = frame
    while top is not None and top.prefix is None:
        chain.append(top)
        top = top.parent
    prefix = base if top is None else top.prefix
    for f in reversed(chain):
        f.prefix = prefix = base if f.parent is None else f"{prefix}/{escape(f.name)}"
    assert prefix is not None
    return prefix


def spell(pending: list[Pending], base: str, step: Step, out: list[Mark]) -> None:
    """Append to `out` the marks of `pending`, each with its pointer (below `base`)."""
    append, new = out.append, tuple.__new__
    for top, at, marks in pending:
        path = base if top is None else \
            (top.prefix if top.prefix is not None else prefix_of(top, base)) + step(at)
        if isinstance(marks, Record):
            built = marks.built
            out.extend(built[1] if built[0] == path else marks.marks(path))
            continue
        for kind, entity in marks:
            append(new(Mark, (path, kind, entity)))


def relative(pending: list[Pending], frame: Frame, step: Step) -> tuple[tuple[str, str, str], ...]:
    """The marks of `pending`, made in `frame` (a record) or in the records inside it, as
    `(pointer below the record, kind, entity)` (`memo.Record.suffixes`)."""
    suffixes: list[tuple[str, str, str]] = []
    for top, at, marks in pending:
        assert top is not None  # marks inside a record are made in its frame or its records'
        here = step(at) if top is frame else step(top.name) + step(at)
        if isinstance(marks, Record):
            suffixes += [(here + suffix, kind, entity) for suffix, kind, entity in marks.suffixes]
        else:
            suffixes += [(here, kind, entity) for kind, entity in marks]
    return tuple(suffixes)
