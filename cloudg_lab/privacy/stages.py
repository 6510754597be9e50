"""The stage contract: a walking transform as pure functions of (state, key or value).

A stage's part of a walk (`walk.Run`) is a few hooks on its own *state*, a small value it
chooses (a key rule, a free-text flag, a glob position): the walk keeps one state per stage and
hands each stage only the states that stage made (its `root`, what its `key` and `item`
returned). Its `key` and `leaf` answers are memoised per composite state, so they must depend
only on their arguments and on `memo_key` (plus, for `leaf`, the version of `version_source`,
e.g. the vault's names). What happened is returned as effects, never written to the report
directly, so memoised answers can be replayed. The hooks over a whole walk (`retry`, `finish`)
belong to the fused stages (`fusion.Fused`).
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Generic, Protocol, TypeVar


class Same(Enum):
    """The type of `SAME`: an enum of one member, so `x is SAME` narrows `str | Same` to `str`."""

    SAME = "same"


class Drop(Enum):
    """The type of `DROP`, one member as `Same`."""

    DROP = "drop"


SAME: Final = Same.SAME
"""A hook's answer for "unchanged"."""
DROP: Final = Drop.DROP
"""A hook's answer for "remove this dict entry or list item"."""

Effect = tuple[str, str, int, "str | None", str]
"""`(report section, label, amount, mark kind or None, mark entity)`."""

Container = dict[object, object] | list[object]
"""A JSON object or array as the walk meets it (a dict's keys are strings in JSON, any hashable
value from a Python caller)."""


class Versioned(Protocol):
    """What `version_source` offers: a counter that moves whenever answers may change (the
    vault's `names_version`: the names it learned)."""

    @property
    def names_version(self) -> int: ...


S_co = TypeVar("S_co", covariant=True)


class Stage(Generic[S_co]):
    """Defaults: a stage that changes nothing. Subclasses override what they need.

    Generic in its state type: a `Stage[KeyRule]` is walked as a `Stage[object]`, beside stages
    of other state types. That is sound only because the walk hands each stage the states it
    made itself, never another stage's; mypy cannot see that, so the type variable is covariant
    and each hook that takes a state says so (`ignore[misc]  # own state`: this invariant).
    """

    name = "stage"
    root: S_co
    """The state of the value walked (every stage sets it)."""
    memo_key: tuple[object, ...] = ()
    """What, besides the state, the `key` and `leaf` answers depend on (hashable)."""
    memo_refs: tuple[object, ...] = ()
    """Objects `memo_key` names by id, kept alive as long as the memos are."""
    entering = False
    leaf_types: frozenset[type] = frozenset({str})
    """The scalar types `leaf` is asked about; numbers only from `int_floor` on, and fractions
    only where the floor is 0 (under a secret-named key every number is the secret)."""
    version_source: Versioned | None = None
    """A leaf answer with version >= 0 is redone when this source's version moved past it."""
    settles = False
    """Does this stage have a `settle` to run? Only those that say so are asked."""

    def flavored(self, state: S_co) -> bool:  # type: ignore[misc]  # own state
        """Do keys under `state` depend on their dict (its other keys)? Then `flavor` is asked."""
        return False

    def flavor(self, state: S_co,  # type: ignore[misc]  # own state
               container: dict[object, object]) -> object:
        """What the keys of `container` may depend on (hashable, small)."""
        return None

    def int_floor(self, state: S_co) -> int | None:  # type: ignore[misc]  # own state
        """The smallest integer under `state` that reaches `leaf` (as its decimal text); None: none.

        A floor above 0 lets id-like numbers through while small counts stay numbers; a floor
        of 0 lets every number through, fractions included (if `float` is in `leaf_types`).
        """
        return None

    def key(self, state: S_co, key: object,  # type: ignore[misc]  # own state
            flavor: object) -> tuple[object, S_co, tuple[Effect, ...]]:
        """(new key or DROP, the state of its value, effects)."""
        return key, state, ()

    def item(self, state: S_co) -> S_co:  # type: ignore[misc]  # own state
        """The state of a list's items, given the list's state."""
        return state

    def enters_dicts(self) -> bool:
        """Might `enter` change a dict below the root (the root is always entered)? Asked once
        per walk: a stage that only cuts lists lets the walk skip the call for every record."""
        return self.entering

    def enter(self, state: S_co, container: Container,  # type: ignore[misc]  # own state
              depth: int) -> tuple[object, tuple[Effect, ...]]:
        """The container to descend into (or a scalar replacing it), and effects. Not memoised."""
        return container, ()

    def leaf(self, state: S_co,  # type: ignore[misc]  # own state
             value: object) -> tuple[object, tuple[Effect, ...], int]:
        """(new value, SAME or DROP; effects; version or -1)."""
        return SAME, (), -1

    def settle(self, state: S_co,  # type: ignore[misc]  # own state
               value: str) -> tuple[object, tuple[Effect, ...]]:
        """(new string or SAME, effects) once every stage's `leaf` answered. Memoised with `leaf`.

        Caps belong here: they then cut text the other stages (redaction) already rewrote, so a
        cut never splits a value redaction would have caught whole.
        """
        return SAME, ()
