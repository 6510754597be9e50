"""Running consecutive walking transforms as one walk, with their per-value work memoised.

`sanitize`, `redact` and `project` each decide about a key or a string from a small *state*
(the rule of the enclosing key, a free-text flag, a glob position) and the value alone. So the
engine composes them into one iterative walk over interned composite states, each holding a
memo from key and from string to the composed outcome: on a page whose keys and values repeat,
a dict entry costs two dictionary look-ups instead of three walks of hook calls. Outcomes carry
*effects* (report counts and marks) that are replayed every time the value is met, so memoised
results report exactly what a fresh computation would.

One difference from running the transforms one by one is deliberate: a stage's `settle` (the
caps: sanitize's free text, project's `max_string`) runs once every stage's `leaf` answered, so a
cap cuts text redaction already rewrote and never leaves part of a secret for it to miss.

A stage (what a fusable transform returns from `stage(ctx, value)`) offers: `root`,
`key(state, key, flavor)`, `item(state)`, `leaf(state, value)`, optional `flavor(state, d)`
(what a key's decision may depend on in its dict), `settle(state, value)` (caps, after every
`leaf`), `enter(state, container, depth)`, `retry(out, run)` (project's size budget) and
`finish(out, run)`; see `stages.Stage` and `Fused`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeGuard

from cloudg_lab.privacy.common import FailsClosed
from cloudg_lab.privacy.memo import Context
from cloudg_lab.privacy.stages import S_co, Stage
from cloudg_lab.privacy.walk import Run

if TYPE_CHECKING:  # the pipeline imports this module when it first applies
    from cloudg_lab.privacy.pipeline import Step, TransformContext

_MAX_ROUNDS = 12
_CONTEXTS = 16


class Fused(Stage[S_co]):
    """A stage of a fused walk: besides the hooks on values, two on the walk's output."""

    def retry(self, out: object, run: Run) -> bool:
        """Adjust and ask for another walk (with fresh effects) after seeing `out`."""
        return False

    def finish(self, out: object, run: Run) -> object:
        """The last word on the walk's output; `run` holds its counts and marks."""
        return out


class Fusable(Protocol):
    """A transform that walks: `stage` gives its part of the shared walk."""

    @property
    def name(self) -> str: ...

    def stage(self, ctx: TransformContext, value: object) -> Fused[object]: ...


def _fusable(transform: Step) -> TypeGuard[Fusable]:
    return callable(getattr(transform, "stage", None))


class Fusion(FailsClosed):
    """One group of fusable transforms; memos live here, across calls (thread-safe)."""

    def __init__(self, transforms: Sequence[Fusable]) -> None:
        self.transforms = tuple(transforms)
        self.name = "+".join(t.name for t in self.transforms)
        self._contexts: dict[tuple[object, ...], Context] = {}
        self._lock = threading.Lock()

    def context(self, stages: Sequence[Stage[object]]) -> Context:
        key = tuple(s.memo_key for s in stages)
        found = self._contexts.get(key)
        if found is None:
            with self._lock:
                if len(self._contexts) >= _CONTEXTS:
                    self._contexts.clear()
                found = self._contexts.setdefault(key, Context(stages))
        return found

    def _apply(self, value: object, ctx: TransformContext) -> object:
        stages = [t.stage(ctx, value) for t in self.transforms]
        for _ in range(_MAX_ROUNDS):
            run = Run(stages, self.context(stages), ctx)
            out = run.walk(value)
            if not any(s.retry(out, run) for s in stages):
                break
        for stage in stages:
            out = stage.finish(out, run)
        run.commit()
        return out


_GROUPS: dict[tuple[int, ...], tuple[tuple[Step, ...], tuple[Step, ...]]] = {}
_GROUPS_LOCK = threading.Lock()


def steps(transforms: Sequence[Step]) -> tuple[Step, ...]:
    """The steps for `transforms`: runs of fusable transforms become one `Fusion` each.

    Cached by the transforms' identities, so pipelines that policies assemble per call share
    their memos.
    """
    key = tuple(map(id, transforms))
    found = _GROUPS.get(key)
    if found is not None and all(a is b for a, b in zip(found[0], transforms, strict=True)):
        return found[1]
    out: list[Step] = []
    run: list[Fusable] = []
    for transform in transforms:
        if _fusable(transform):
            run.append(transform)
            continue
        if run:
            out.append(Fusion(run))
            run = []
        out.append(transform)
    if run:
        out.append(Fusion(run))
    with _GROUPS_LOCK:
        if len(_GROUPS) > 256:
            _GROUPS.clear()
        _GROUPS[key] = (tuple(transforms), tuple(out))
    return tuple(out)


def apply(transforms: Sequence[Step], value: object, ctx: TransformContext) -> object:
    """Run `transforms` over `value` in order, fusing what can be fused."""
    for step in steps(transforms):
        value = step.apply(value, ctx)
    return value
