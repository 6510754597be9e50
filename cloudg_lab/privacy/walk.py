"""The one walk over JSON values: every transform that walks a value is a `Stage` walked here.

`fusion` decides which transforms share a walk (the output stages, across calls, with memos);
input transforms walk alone, once per call (`walk_once`). Why iterative: results can nest
hundreds of levels (the layer allows 200, direct callers more) and a transform must never raise
on odd data, so there is no recursion limit to hit. Why copy-on-write: a transform must not
mutate its input, and copying the unchanged subtrees of a 10 MB result would cost more than the
transform itself, so only the containers on the path to a change are rebuilt. The hot loop is
kept flat: a dict entry whose key and value were seen before under the same state costs two
dictionary look-ups, and a record seen before under the same state one (`memo`); the marks'
pointers are spelled once, at the end (`frames`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cloudg_lab.privacy.frames import DictFrame, Frame, ListFrame, Pending, relative, spell, store
from cloudg_lab.privacy.memo import (
    KEY_MEMO,
    LEAF_MEMO,
    PASS,
    Compiled,
    Context,
    Record,
    Recorded,
    State,
    compiled,
    oldest_version,
    record_key,
    unmarked,
)
from cloudg_lab.privacy.stages import DROP, SAME, Container, Effect, Stage
from cloudg_lab.types import Mark

if TYPE_CHECKING:
    from cloudg_lab.privacy.fusion import Fusion
    from cloudg_lab.privacy.pipeline import TransformContext

_PUSHED: Final = object()
"""`_descend`'s answer when it pushed a frame (the value is walked entry by entry)."""
_UNMET: Final = object()
"""A record the record memo has not met."""


def walk_once(stages: Sequence[Stage[object]], value: object, ctx: TransformContext) -> tuple[object, Run]:
    """Walk `value` with memos that live for this walk only, and hand back the run's effects.

    For the input transforms: arguments are small, and their hooks may note what they met on
    the stage itself (a reversed value, a refusal), which memos shared across calls would skip.
    """
    run = Run(stages, Context(stages), ctx)
    return run.walk(value), run


class Run:
    """One walk: the effects it collected (committed to the report and marks at the end)."""

    def __init__(self, stages: Sequence[Stage[object]], context: Context, ctx: TransformContext) -> None:
        self.stages = stages
        self.context = context
        self.ctx = ctx
        self.base: str = ctx.path
        self.counts: dict[tuple[str, str], int] = {}
        self._marks: list[Mark] = []
        self._pending: list[Pending] = []
        """Marks made, each with the frame it was made in and the entry there (or a replayed
        record's): paths are spelled only when someone asks (`marks`)."""
        self.enterers = [(i, s) for i, s in enumerate(stages) if s.entering]
        self.entering = bool(self.enterers)
        self.entering_dicts = any(s.enters_dicts() for _, s in self.enterers)
        """Does some stage enter dicts below the root? (`project` only cuts lists, unless it
        includes by glob or caps depth.)"""
        self.settling = [(i, s) for i, s in enumerate(stages) if s.settles]
        versioned = [s.version_source for s in stages if s.version_source is not None]
        self.versions = versioned[0] if versioned else None
        self.floor = self.versions.names_version if self.versions is not None else 0
        """Answers computed at this names version or later stand for this walk; a stage that
        learns names during the walk walks again at its end (see redact's `finish`)."""
        self._frames: list[Frame] = []

    # ------------------------------------------------------------------ effects

    def record(self, effects: Recorded) -> None:
        """Count the effects and note where their marks go; the marks get their paths when
        someone asks (`marks`): a page makes thousands."""
        tallies, marks = effects
        counts = self.counts
        for counted, amount in tallies:
            counts[counted] = counts.get(counted, 0) + amount
        if marks:
            frames = self._frames
            top = frames[-1] if frames else None
            self._pending.append((top, None if top is None else top.at, marks))

    def unmark(self) -> None:
        """Forget the marks at the value at hand (its entry is being removed)."""
        top, pending = self._frames[-1], self._pending
        while pending and pending[-1][0] is top and pending[-1][1] == top.at \
                and type(pending[-1][2]) is not Record:
            pending.pop()

    @property
    def marks(self) -> list[Mark]:
        """The marks so far, each with the JSON pointer of the value it marks."""
        if self._pending:
            pending, self._pending = self._pending, []
            spell(pending, self.base, self.context.step, self._marks)
        return self._marks

    def rewalk(self, stages: Sequence[Stage[object]], value: object, fusion: Fusion) -> object:
        """Walk `value` again with some stages only (a rescan), recording into this run."""
        other = Run(stages, fusion.context(stages), self.ctx)
        out = other.walk(value)
        for key, n in other.counts.items():
            self.counts[key] = self.counts.get(key, 0) + n
        self.marks.extend(other.marks)
        return out

    def commit(self) -> None:
        report = self.ctx.report
        for (section, label), n in self.counts.items():
            report.count(section, label, n)
        self.ctx.marks.extend(self.marks)

    # ------------------------------------------------------------------ steps

    def _key_miss(self, dcs: State, key: object) -> tuple[object, State, Compiled]:
        new_key = key
        states: list[object] = []
        effects: list[Effect] = []
        for i, stage in enumerate(self.stages):
            flavor = dcs.flavor[i] if dcs.flavor is not None else None
            new_key, child, eff = stage.key(dcs.states[i], new_key, flavor)
            effects.extend(eff)
            if new_key is DROP:
                break
            states.append(child)
        child_state = self.context.root if new_key is DROP else \
            self.context.state(tuple(states), self.stages)
        found = (new_key, child_state, compiled(unmarked(effects) if new_key is DROP else effects))
        if len(dcs.km) < KEY_MEMO:
            dcs.km[key] = found
        return found

    def _leaf_miss(self, cs: State, value: object) -> tuple[object, Compiled, int]:
        out = value
        effects: list[Effect] = []
        version = -1
        for i, stage in enumerate(self.stages):
            if type(out) not in stage.leaf_types:
                continue
            new, eff, ver = stage.leaf(cs.states[i], out)
            effects.extend(eff)
            version = max(version, ver)
            if new is DROP:
                out = DROP
                break
            if new is not SAME:
                out = new
        for i, stage in self.settling:
            if type(out) is str:
                new, eff = stage.settle(cs.states[i], out)
                effects.extend(eff)
                out = out if new is SAME else new
        found = (SAME if out is value else out,
                 compiled(unmarked(effects) if out is DROP else effects), version)
        if len(cs.lm) < LEAF_MEMO:
            cs.lm[value] = found
        return found

    def leaf(self, cs: State, value: object) -> object:
        """The new value of the scalar at hand (or DROP)."""
        tv = type(value)
        if tv is float and cs.ints is not None \
                and value.is_integer() and abs(value) >= cs.ints:  # type: ignore[attr-defined, arg-type]  # tv: type(value)
            new = self.leaf(cs, int(value))  # type: ignore[call-overload]  # an id stored as 123456789012.0
            return value if type(new) is int else new
        if tv is float and cs.fractions:
            found = cs.lm.get(value)
            if found is None or 0 <= found[2] < self.floor:
                found = self._leaf_miss(cs, value)
            if found[1]:
                self.record(found[1])
            return value if found[0] is SAME else found[0]
        if tv is str or (tv is int and cs.ints is not None
                         and abs(value) >= cs.ints):  # type: ignore[arg-type]  # tv: type(value)
            found = cs.lm.get(value) if tv is str else cs.lm.get(("int", value))
            if found is None or 0 <= found[2] < self.floor:
                found = self._leaf_miss(cs, value) if tv is str else \
                    self._int_miss(cs, value)  # type: ignore[arg-type]  # tv: type(value)
            new, effects, _ = found
            if effects:
                self.record(effects)
            return value if new is SAME else new
        if tv not in PASS and tv is not int and tv is not float:
            self.counts[("passed_through", tv.__name__)] = \
                self.counts.get(("passed_through", tv.__name__), 0) + 1
        return value

    def _int_miss(self, cs: State, value: int) -> tuple[object, Compiled, int]:
        found = self._leaf_miss(cs, value)
        if len(cs.lm) < LEAF_MEMO:
            cs.lm[("int", value)] = found
        return found

    def enter(self, cs: State, container: Container, depth: int) -> object:
        out: object = container
        for i, stage in self.enterers:
            out, effects = stage.enter(cs.states[i], container, depth)
            if effects:
                found = compiled(list(effects))
                if found:
                    self.record(found)
            if not isinstance(out, dict | list):
                break
            container = out
        return out

    def dict_state(self, cs: State, d: dict[object, object]) -> State:
        flavored = cs.flavored
        if not flavored:
            return cs
        if len(flavored) == 1:
            i, fn, state = flavored[0]
            flavor: tuple[object, ...] = (None,) * i + (fn(state, d),) + (None,) * (len(cs.states) - i - 1)
        else:
            parts: list[object] = [None] * len(cs.states)
            for i, fn, state in flavored:
                parts[i] = fn(state, d)
            flavor = tuple(parts)
        found = cs.flavors.get(flavor)
        if found is None:
            found = State(cs.states, self.stages, flavor)
            if len(cs.flavors) < KEY_MEMO:
                cs.flavors[flavor] = found
        return found

    def item_state(self, cs: State) -> State:
        if cs.items is None:
            cs.items = self.context.state(tuple(s.item(x) for s, x in zip(self.stages, cs.states,
                                                                         strict=True)), self.stages)
        return cs.items

    # ------------------------------------------------------------------ flat records

    def _descend(self, value: Container, cs: State, key: tuple[object, object]) -> object:
        """The new value of a container: a flat record met before under `cs` from the memo,
        anything else walked entry by entry in a frame pushed here (then `_PUSHED`)."""
        flat = None
        if type(value) is dict:
            flat = record_key(value, not self.entering_dicts)
            if flat is not None:
                known = cs.rm.get(flat, _UNMET)
                if isinstance(known, Record):
                    if known.oldest < 0 or known.oldest >= self.floor:
                        return self._replay(known, value)
                elif known is _UNMET and dict in flat[2]:  # a record holding records:
                    cs.met(flat)                           # remembered when met again
                    flat = None
        frame = self._frame(value, cs, key, self._frames[-1])
        if flat is not None:  # its effects are kept apart, to be remembered with it (`_remember`)
            frame.flat = (flat, cs, self.counts, len(self._pending), [])
            self.counts = {}
        self._frames.append(frame)
        return _PUSHED

    def _frame(self, value: Container, cs: State, key: tuple[object, object], parent: Frame | None) -> Frame:
        """A frame for `value` met under `cs` (its entries' state: a dict's flavored one)."""
        if isinstance(value, dict):
            return DictFrame(value, self.dict_state(cs, value), key, parent)
        return ListFrame(value, self.item_state(cs), key, parent)

    def _replay(self, known: Record, value: dict[object, object]) -> object:
        counts = self.counts
        for counted, amount in known.tallies:
            counts[counted] = counts.get(counted, 0) + amount
        top = self._frames[-1]
        if known.suffixes:
            self._pending.append((top, top.at, known))
        if top.flat is not None:  # a record inside a record being remembered
            top.flat[4].append(known.oldest)
        return known.copy(value)

    def _remember(self, frame: Frame) -> None:
        """Keep what the walk made of the flat record in `frame` (see `memo.Record`)."""
        assert frame.is_dict and frame.flat is not None  # only a dict is a flat record
        flat, cs, outer, start, inner = frame.flat
        counts, self.counts = self.counts, outer
        for counted, amount in counts.items():
            outer[counted] = outer.get(counted, 0) + amount
        suffixes = relative(self._pending[start:], frame, self.context.step)
        out = SAME if frame.out is None else \
            {k: dict(v) if type(v) is dict else v for k, v in frame.out.items()}
        oldest = oldest_version(frame.cs, frame.src, self.floor, inner)
        cs.remember(flat, Record(out, tuple(counts.items()), tuple(suffixes), oldest))
        parent = frame.parent
        if parent is not None and parent.flat is not None:
            parent.flat[4].append(oldest)

    # ------------------------------------------------------------------ the walk

    def walk(self, value: object) -> object:
        root = self.context.root
        if self.entering and isinstance(value, dict | list):
            value = self.enter(root, value, 1)
        if not isinstance(value, dict | list):
            out = self.leaf(root, value)
            if out is DROP:
                entity = next((label for section, label in self.counts if section == "dropped"), "value")
                return f"[REDACTED:{entity}]"
            return out
        frames = self._frames
        frames.append(self._frame(value, root, (None, value), None))
        return self._loop(frames)

    def _loop(self, frames: list[Frame]) -> Container:  # noqa: PLR0915  (the hot loop, kept flat on purpose)
        leaf, enter, entering, floor = self.leaf, self.enter, self.entering, self.floor
        descend, dicts = self._descend, self.entering_dicts
        pending = self._pending  # only `marks` rebinds it, never during a walk
        while True:
            frame = frames[-1]
            counts = self.counts  # a flat record's frame has its own (`_descend`, `_remember`)
            pushed = False
            cs = frame.cs  # a dict's entries' keys say their values' states; a list's items share it
            km, ccs = cs.km, cs
            for k, v in frame.items:
                if frame.is_dict:
                    found = km.get(k)
                    if found is None:
                        found = self._key_miss(cs, k)
                    new_k, ccs, effects = found
                    if new_k is DROP:
                        frame.at = k
                        if effects:
                            self.record(effects)
                        frame.materialize()
                        frame.done += 1
                        continue
                    if new_k is not k and new_k != k:
                        new_k = frame.free_key(new_k)
                    frame.at = new_k
                    if effects:
                        self.record(effects)
                else:
                    new_k = frame.at = k if frame.out is None else len(frame.out)
                tv = type(v)
                if tv is str:
                    hit = ccs.lm.get(v)
                    if hit is not None and (hit[2] < 0 or hit[2] >= floor):
                        new_v = v if hit[0] is SAME else hit[0]
                        made = hit[1]
                        if made:  # `record`, inlined: most entries of a page get here
                            for counted, amount in made[0]:
                                counts[counted] = counts.get(counted, 0) + amount
                            if made[1]:
                                pending.append((frame, new_k, made[1]))
                    else:
                        new_v = leaf(ccs, v)
                elif tv in PASS or (tv is int and (ccs.ints is None
                                                   or abs(v) < ccs.ints)):  # type: ignore[arg-type]  # tv: type(v)
                    new_v = v
                elif isinstance(v, dict | list):
                    entered = enter(ccs, v, len(frames) + 1) \
                        if entering and (dicts or tv is not dict) else v
                    new_v = descend(entered, ccs, (k, v)) if isinstance(entered, dict | list) \
                        else entered
                    if new_v is _PUSHED:
                        pushed = True
                        break
                else:
                    new_v = leaf(ccs, v)
                if new_v is v and new_k is k and frame.out is None:
                    pass
                elif new_v is DROP:
                    frame.materialize()
                    if frame.is_dict and effects:
                        self.unmark()  # the key's marks: the entry is gone
                elif frame.is_dict:
                    (frame.out if frame.out is not None else frame.materialize())[new_k] = new_v
                else:
                    (frame.out if frame.out is not None else frame.materialize()).append(new_v)
                frame.done += 1
            if pushed:
                continue
            frames.pop()
            done = frame.src if frame.out is None else frame.out
            if frame.flat is not None:
                self._remember(frame)
            if not frames:
                return done
            orig_key, orig = frame.key
            store(frames[-1], orig_key, orig, frames[-1].at, done)
