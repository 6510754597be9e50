"""The walk's memos: composite states, each with its answers per key, per string and per record.

A state is one state per stage (a key rule, a glob position...) interned per `Context`, so two
values met under the same state share its memos. Three memos live on a state: `km` (a dict key:
its new key, the state of its value, effects), `lm` (a scalar: new value, effects, the names
version it was computed at) and `rm`, whole flat records (a dict of strings, integers, booleans
and nulls: a page's items) and, when no stage enters dicts, records holding flat records (an
asset and its tags; remembered when met a second time). A record answer is what the walk made
of that record under that state, with its counts, its marks relative to the record, and the
oldest names version of the string answers it used (the records inside it included), so it is
redone exactly when one of those would be (`Run.floor`).
"""

from __future__ import annotations

from collections.abc import Sequence

from cloudg_lab.pointer import escape
from cloudg_lab.privacy.stages import DROP, SAME, Effect, Same, Stage
from cloudg_lab.types import Mark

LEAF_MEMO = 300_000
KEY_MEMO = 50_000
_STATES = 20_000
PASS = frozenset({bool, type(None)})
"""Scalars no stage is asked about."""
_FLAT_MEMO = 5_000
"""Records kept per state (a few KB each); when full the memo starts over, so the pages asked
now are the ones remembered."""
_FLAT_VALUES = frozenset({str, int, bool, type(None)})
"""Value types a record may hold to be memoised whole: equal values of these are the same value
(a float is left out: -0.0 equals 0.0, so a memoised copy could change its sign)."""
_NESTED_VALUES = _FLAT_VALUES | {dict}
"""A record may also hold flat records (an asset's tags), when no stage enters dicts."""
_STR = frozenset({str})
RecordKey = tuple[tuple[object, ...], tuple[object, ...], tuple[type, ...]]
"""A flat record's keys, values (a nested record's own key in its place) and value types."""
Recorded = tuple[tuple[tuple[tuple[str, str], int], ...], tuple[tuple[str, str], ...]]
Compiled = Recorded | tuple[()]
"""Effects as memos keep them: `((report key, amount)...), ((mark kind, entity)...)`, or `()`
for none. Built once per memoised answer, so replaying one is a few dictionary updates."""


def compiled(effects: list[Effect]) -> Compiled:
    if not effects:
        return ()
    tallies = tuple(((section, label), amount) for section, label, amount, _, _ in effects if amount)
    marks = tuple((mark, entity) for _, _, _, mark, entity in effects if mark is not None)
    return (tallies, marks) if tallies or marks else ()


def unmarked(effects: list[Effect]) -> list[Effect]:
    """A removed value keeps its counts but no marks: a mark points at what the output holds."""
    return [(section, label, amount, None, entity) for section, label, amount, _, entity in effects]


class State:
    """A composite state: one state per stage, with the memos that belong to it."""

    __slots__ = ("flavor", "flavored", "flavors", "fractions", "ints", "items", "km", "lm", "rm",
                 "states")

    def __init__(self, states: tuple[object, ...], stages: Sequence[Stage[object]],
                 flavor: tuple[object, ...] | None = None) -> None:
        self.states = states
        self.flavor = flavor
        self.flavored = () if flavor is not None else tuple(
            (i, s.flavor, x) for i, (s, x) in enumerate(zip(stages, states, strict=True))
            if s.flavored(x))
        """(stage index, its flavor function, its state) for the stages whose keys look around."""
        floors = [f for s, x in zip(stages, states, strict=True) if (f := s.int_floor(x)) is not None]
        self.ints: int | None = min(floors) if floors else None
        """Integers at least this large (in absolute value) are scanned as text; None: none are."""
        self.fractions = self.ints == 0 and any(float in s.leaf_types for s in stages)
        """Do fractions reach `leaf` (a floor of 0: every number is what the key says)?"""
        self.flavors: dict[tuple[object, ...], State] = {}
        self.items: State | None = None
        self.km: dict[object, tuple[object, State, Compiled]] = {}
        self.lm: dict[object, tuple[object, Compiled, int]] = {}
        self.rm: dict[object, Record | None] = {}
        """Flat records met under this state (see `Record`), by `record_key`; None for a record
        holding records met once (remembering one costs more than walking it: a page seen
        once pays nothing for the memo)."""

    def remember(self, key: object, record: Record | None) -> None:
        if len(self.rm) >= _FLAT_MEMO:
            self.rm.clear()
        self.rm[key] = record

    def met(self, key: object) -> None:
        """Note a record holding records met for the first time: walked, remembered next time."""
        self.remember(key, None)


class Context:
    """The interned states of one stage combination under one memo key (vault, namespace...)."""

    __slots__ = ("interned", "refs", "root", "steps")

    def __init__(self, stages: Sequence[Stage[object]]) -> None:
        self.refs = tuple(ref for s in stages for ref in s.memo_refs)
        self.interned: dict[tuple[object, ...], State] = {}
        self.root = self.state(tuple(s.root for s in stages), stages)
        self.steps: dict[str, str] = {}

    def step(self, key: object) -> str:
        """`key` as a JSON pointer step (`/key`), one string per dict key: the marks of every
        record of a page, and the remembered ones, share them."""
        if type(key) is not str:
            return f"/{escape(key)}"
        found = self.steps.get(key)
        if found is None:
            if len(self.steps) > _STATES:
                self.steps.clear()
            found = self.steps[key] = f"/{escape(key)}"
        return found

    def state(self, states: tuple[object, ...], stages: Sequence[Stage[object]]) -> State:
        found = self.interned.get(states)
        if found is None:
            if len(self.interned) > _STATES:
                self.interned.clear()
            found = self.interned[states] = State(states, stages)
        return found


class Record:
    """What the walk made of one flat record under one state (see the module docstring)."""

    __slots__ = ("built", "nested", "oldest", "out", "suffixes", "tallies")

    def __init__(self, out: dict[object, object] | Same, tallies: tuple[tuple[tuple[str, str], int], ...],
                 suffixes: tuple[tuple[str, str, str], ...], oldest: int) -> None:
        self.out = out
        """The new record (never handed out: copied), or `SAME`."""
        self.nested: tuple[object, ...] = () if out is SAME else \
            tuple(k for k, v in out.items() if type(v) is dict)
        """The keys of `out` that hold records (copied too)."""
        self.tallies = tallies
        self.suffixes = suffixes
        """(pointer below the record, mark kind, entity) per mark."""
        self.oldest = oldest
        """The oldest names version among the answers used, -1 for none."""
        self.built: tuple[str | None, tuple[Mark, ...]] = (None, ())
        """The marks last made for this record, and the pointer of the record they were made at:
        the same page asked again makes no new ones (marks are immutable tuples)."""

    def copy(self, value: dict[object, object]) -> dict[object, object]:
        """The new record for `value` (the record this answer was made of), as a fresh copy."""
        if self.out is SAME:
            return value
        out = dict(self.out)
        for k in self.nested:
            out[k] = dict(out[k])  # type: ignore[call-overload]  # `nested` names dicts
        return out

    def marks(self, at: str) -> tuple[Mark, ...]:
        """The record's marks, for the record at pointer `at` (kept for the next time)."""
        new = tuple.__new__
        marks = tuple(new(Mark, (at + suffix, kind, entity)) for suffix, kind, entity in self.suffixes)
        self.built = (at, marks)
        return marks


def record_key(record: dict[object, object], nested: bool = False) -> RecordKey | None:
    """A key equal for records with the same keys and values of the same types, in the same
    order; None when `record` is not flat (it nests, or holds a type `_FLAT_VALUES` leaves out).
    `True == 1`, so the types are part of the key. With `nested`, a record may hold flat
    records too (their keys stand in for them)."""
    values = tuple(record.values())
    types = tuple(map(type, values))
    if not _STR.issuperset(map(type, record)):
        return None
    if _FLAT_VALUES.issuperset(types):
        return tuple(record), values, types
    if not nested or not _NESTED_VALUES.issuperset(types):
        return None
    inner = list(values)
    at = -1
    for _ in range(types.count(dict)):
        at = types.index(dict, at + 1)
        key = record_key(values[at])  # type: ignore[arg-type]  # `types` says a dict
        if key is None:
            return None
        inner[at] = key
    return tuple(record), tuple(inner), types


def oldest_version(cs: State, record: dict[object, object], floor: int, inner: list[int]) -> int:
    """The oldest names version among the string answers the walk of flat `record` under `cs`
    (its dict state) used, and `inner` (its records' oldest), -1 when none depends on names.
    An answer no longer in its memo counts as `floor`, the version of the walk that met it."""
    versions = inner
    for k, v in record.items():
        found = cs.km.get(k)
        if found is None:
            versions.append(floor)
            continue
        new_k, child, _ = found
        tv = type(v)
        if new_k is DROP:
            continue
        if tv is str:
            hit = child.lm.get(v)
        elif tv is int and child.ints is not None and abs(v) >= child.ints:  # type: ignore[arg-type]
            hit = child.lm.get(("int", v))
        else:
            continue
        versions.append(floor if hit is None else hit[2])
    return min((v for v in versions if v >= 0), default=-1)
