"""An iterative, copy-on-write walk over JSON values, for transforms that are not stages.

`alias` and the input transforms walk with it; `sanitize`, `redact` and `project` are stages
run by `stagewalk`, which follows the same two rules.

Why not recursion: results can nest hundreds of levels (the layer allows 200, direct callers
more), and a transform must never raise on odd data. Why copy-on-write: a transform must not
mutate its input, and copying unchanged subtrees of a 10 MB result would cost more than the
transform itself; only the containers on the path to a change are rebuilt.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

DROP: Any = object()
"""Returned by a visitor hook to remove a dict entry or list item."""


class Visitor:
    """What a transform supplies. Override the hooks it needs and set the flags that enable them."""

    wants_keys = False
    """Call `key` for every dict entry."""
    skip_types: frozenset[type] = frozenset()
    """Scalar types `leaf` never sees (the hot path of a walk is Python calls per value)."""

    def key(self, key: Any, state: Any, parent: dict[Any, Any], walk: Walk) -> tuple[Any, Any]:
        """(new key or DROP, state for the entry's value)."""
        return key, state

    def item(self, state: Any, parent: list[Any]) -> Any:
        """State for the items of a list."""
        return state

    def leaf(self, value: Any, state: Any, walk: Walk) -> Any:
        """The new value for a scalar (or an unknown type), or DROP."""
        return value


class _Frame:
    __slots__ = ("at", "done", "is_dict", "items", "key", "out", "src", "state")

    def __init__(self, src: Any, state: Any, key: Any) -> None:
        self.src = src
        self.state = state
        self.key = key
        self.is_dict = isinstance(src, dict)
        self.items: Iterator[Any] = iter(src.items()) if self.is_dict else iter(enumerate(src))
        self.out: Any = None
        self.at: Any = None
        self.done = 0


class Walk:
    """Where the walk is; hooks ask it for the JSON pointer of the value at hand."""

    __slots__ = ("_frames", "base")

    def __init__(self, base: str) -> None:
        self.base = base
        self._frames: list[_Frame] = []

    @property
    def depth(self) -> int:
        return len(self._frames)

    def pointer(self, key: Any = None) -> str:
        """The JSON pointer of the current value (or of `key` inside the current container)."""
        parts = [self.base]
        for frame in self._frames:
            parts.append(_escape(frame.at))
        if key is not None:
            parts.append(_escape(key))
        return "/".join(parts) if len(parts) > 1 else self.base


def _escape(key: Any) -> str:
    text = str(key)
    return text.replace("~", "~0").replace("/", "~1") if ("~" in text or "/" in text) else text


def rewrite(value: Any, visitor: Visitor, state: Any = None, base: str = "") -> Any:  # noqa: PLR0915
    """`value` as `visitor` changes it; untouched subtrees are shared, never copied.

    Scalars whose type is in `visitor.skip_types` never reach `leaf` (the hot path of a walk
    over a 10 MB result is the number of Python calls per value).
    """
    walk = Walk(base)
    if not isinstance(value, dict | list):
        out = visitor.leaf(value, state, walk)
        return None if out is DROP else out
    frames = walk._frames
    frames.append(_Frame(value, state, None))
    wants_keys = visitor.wants_keys
    skip, leaf, key_hook = visitor.skip_types, visitor.leaf, visitor.key
    containers = (dict, list)
    while True:
        frame = frames[-1]
        pushed = False
        if frame.is_dict:
            for k, v in frame.items:
                if wants_keys:
                    new_k, child_state = key_hook(k, frame.state, frame.src, walk)
                    if new_k is DROP:
                        _materialize(frame)
                        frame.done += 1
                        continue
                    if new_k != k:
                        _materialize(frame)
                        new_k = _free_key(new_k, frame)
                else:
                    new_k, child_state = k, frame.state
                frame.at = new_k
                tv = type(v)
                if tv in skip:
                    new_v = v
                elif tv in containers or isinstance(v, containers):
                    frames.append(_Frame(v, child_state, (k, v)))
                    pushed = True
                    break
                else:
                    new_v = leaf(v, child_state, walk)
                if new_v is v and frame.out is None and new_k is k:
                    frame.done += 1
                else:
                    _store(frame, k, v, new_k, new_v)
        else:
            if frame.done == 0 and frame.at is None:
                frame.state = visitor.item(frame.state, frame.src)
            item_state = frame.state
            for i, v in frame.items:
                frame.at = i if frame.out is None else len(frame.out)
                tv = type(v)
                if tv in skip:
                    new_v = v
                elif tv in containers or isinstance(v, containers):
                    frames.append(_Frame(v, item_state, (i, v)))
                    pushed = True
                    break
                else:
                    new_v = leaf(v, item_state, walk)
                if new_v is v and frame.out is None:
                    frame.done += 1
                else:
                    _store(frame, i, v, i, new_v)
        if pushed:
            continue
        frames.pop()
        done = frame.src if frame.out is None else frame.out
        if not frames:
            return done
        parent = frames[-1]
        orig_key, orig = frame.key
        if done is orig and parent.out is None and (not parent.is_dict or parent.at is orig_key):
            parent.done += 1
        else:
            _store(parent, orig_key, orig, parent.at, done)


def _store(frame: _Frame, key: Any, old: Any, new_key: Any, new: Any) -> None:
    """Record the outcome for one entry: nothing while unchanged, else into the copy."""
    if new is DROP:
        _materialize(frame)
    elif frame.out is not None or new is not old or new_key is not key:
        out = _materialize(frame)
        if frame.is_dict:
            out[new_key] = new
        else:
            out.append(new)
    frame.done += 1


def _materialize(frame: _Frame) -> Any:
    """Start the copy (everything before the current entry was unchanged); return it."""
    if frame.out is None:
        frame.out = dict(islice(frame.src.items(), frame.done)) if frame.is_dict \
            else frame.src[:frame.done]
    return frame.out


def _free_key(key: Any, frame: _Frame) -> Any:
    """A renamed key that clashes with another entry gets a ` (2)`, ` (3)`... suffix."""
    if key not in frame.out and key not in frame.src:
        return key
    n = 2
    while f"{key} ({n})" in frame.out or f"{key} ({n})" in frame.src:
        n += 1
    return f"{key} ({n})"
