"""The walk's frames, and the JSON pointers of the marks made in them.

A frame is one container being walked (`walk.Run`): its entries' state, the copy started when
something changed, and where its output goes in its parent's. A mark is noted with the frame
and entry it was made at (`Pending`); its pointer is spelled only when the marks are read, from
the frames' prefixes, each computed once from the parent's (a page makes thousands of marks,
mostly under the same few hundred records).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import Any

from cloudg_lab.pointer import escape
from cloudg_lab.privacy.memo import Record, State
from cloudg_lab.privacy.stages import DROP
from cloudg_lab.types import Mark

Pending = tuple["Frame | None", Any, tuple[tuple[str, str], ...] | Record]
"""A mark's frame (None: the root value), its entry there, and its `(kind, entity)` pairs or
the replayed record whose marks they are."""
Step = Callable[[Any], str]
"""A key or position as a pointer step (`/key`), interned (`memo.Context.step`)."""


class Frame:
    __slots__ = ("at", "cs", "done", "flat", "is_dict", "items", "key", "name", "out", "parent",
                 "prefix", "src")

    def __init__(self, src: Any, cs: State, key: Any, parent: Frame | None) -> None:
        self.src, self.key = src, key
        self.parent = parent
        self.name: Any = None if parent is None else parent.at
        """Where the output of this frame goes in its parent's output (a key or a position)."""
        self.is_dict = isinstance(src, dict)
        self.cs = cs
        """The state of its entries (a dict's flavored one, a list's items')."""
        self.items: Any = iter(src.items()) if self.is_dict else iter(enumerate(src))
        self.out: Any = None
        self.at: Any = None
        self.prefix: str | None = None
        self.done = 0
        self.flat: tuple[Any, State, dict[tuple[str, str], int], int, list[int]] | None = None
        """A flat record's memo key, its state, the counts outside it, where its pending marks
        start and the oldest versions of the records inside it, while it is walked to be
        remembered (`walk.Run._remember`)."""

    def store(self, key: Any, old: Any, new_key: Any, new: Any) -> None:
        if new is DROP:
            self.materialize()
        elif self.out is not None or new is not old or new_key is not key:
            out = self.materialize()
            if self.is_dict:
                out[new_key] = new
            else:
                out.append(new)
        self.done += 1

    def materialize(self) -> Any:
        """Start the copy (everything before the current entry was unchanged); return it."""
        if self.out is None:
            self.out = dict(islice(self.src.items(), self.done)) if self.is_dict \
                else self.src[: self.done]
        return self.out

    def free_key(self, key: Any) -> Any:
        if key not in self.out and key not in self.src:
            return key
        n = 2
        while f"{key} ({n})" in self.out or f"{key} ({n})" in self.src:
            n += 1
        return f"{key} ({n})"


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
