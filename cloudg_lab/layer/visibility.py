"""The `Visibility` a handler gets on its context: what this caller can see of a value.

Handlers that search, complete, sort or suggest must answer from what the caller was shown, or
each answer is an oracle on the real values behind the pseudonyms (a substring match, a prefix,
an order). Under a policy that shows identifiers as they are this is the identity; otherwise it
runs the very output pipeline of the call over the value (report and marks discarded), so what a
handler compares is exactly what the caller would read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, cast

from cloudg_lab.privacy.pipeline import Pipeline, TransformContext
from cloudg_lab.types import JSON


class Clear:
    """The identity: the policy hides no identifier."""

    active = False
    key = "clear"

    def show(self, value: JSON) -> JSON:
        return value

    def shown(self, pairs: Sequence[tuple[str, str]]) -> list[str]:
        return [value for value, _ in pairs]

    def real_of(self, value: str) -> str | None:
        return None


CLEAR = Clear()


class _Shows(Protocol):
    """A step that can say what it shows for values of known entity (`redact`)."""

    def shown(self, pairs: Sequence[tuple[str, str]], ctx: TransformContext) -> list[str]: ...


class Pseudonymous:
    """What the output pipeline of one call makes of a value, for that call's caller."""

    active = True

    def __init__(self, pipeline: Pipeline, context: Callable[[], TransformContext]) -> None:
        self._pipeline, self._context = pipeline, context
        probe = context()
        self._namespace, self._vault = probe.namespace, probe.vault
        self._steps = ".".join(str(id(t)) for t in pipeline.transforms)
        self._typed = _typed_step(pipeline)

    @property
    def key(self) -> str:
        """Same transforms, namespace and vault contents: the same visible forms."""
        vault: object = self._vault
        return f"{self._steps}|{self._namespace}|{id(vault)}.{getattr(vault, 'generation', 0)}"

    def show(self, value: JSON) -> JSON:
        return self._pipeline.apply(value, self._context())

    def shown(self, pairs: Sequence[tuple[str, str]]) -> list[str]:
        if self._typed is None:  # a hiding step of another kind: ask the whole pipeline
            return [str(self.show(value)) for value, _ in pairs]
        return self._typed.shown(pairs, self._context())

    def real_of(self, value: str) -> str | None:
        found = self._vault.entry(value, self._namespace) if value and self._vault is not None else None
        return found.real if found is not None else None


def _typed_step(pipeline: Pipeline) -> _Shows | None:
    for step in pipeline.transforms:
        if getattr(step, "hides_identifiers", False) and callable(getattr(step, "shown", None)):
            return cast(_Shows, step)
    return None


def visibility(pipeline: Pipeline, context: Callable[[], TransformContext]) -> Clear | Pseudonymous:
    """`CLEAR` unless `pipeline` hides identifiers."""
    return Pseudonymous(pipeline, context) if pipeline.hides_identifiers else CLEAR
