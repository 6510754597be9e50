"""The stage contract: a walking transform as pure functions of (state, key or value).

A transform that returns a `Stage` from `stage(ctx, value)` is run by `fusion` together with its
neighbours in one walk. Its `key` and `leaf` answers are memoised per composite state, so they
must depend only on their arguments and on `memo_key` (plus, for `leaf`, the version of
`version_source`, e.g. the vault's names). What happened is returned as effects, never
written to the report directly, so memoised answers can be replayed.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final


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


class Stage:
    """Defaults: a stage that changes nothing. Subclasses override what they need."""

    name = "stage"
    root: Any = None
    memo_key: Any = ()
    memo_refs: tuple[Any, ...] = ()
    """Objects `memo_key` names by id, kept alive as long as the memos are."""
    entering = False
    leaf_types: frozenset[type] = frozenset({str})
    """The scalar types `leaf` is asked about; numbers only from `int_floor` on, and fractions
    only where the floor is 0 (under a secret-named key every number is the secret)."""
    version_source: Any = None
    """An object with a `names_version` int; a leaf answer with version >= 0 is redone when it moved."""

    def flavored(self, state: Any) -> bool:
        """Do keys under `state` depend on their dict (its other keys)? Then `flavor` is asked."""
        return False

    def flavor(self, state: Any, container: dict[Any, Any]) -> Any:
        """What the keys of `container` may depend on (hashable, small)."""
        return None

    def int_floor(self, state: Any) -> int | None:
        """The smallest integer under `state` that reaches `leaf` (as its decimal text); None: none.

        A floor above 0 lets id-like numbers through while small counts stay numbers; a floor
        of 0 lets every number through, fractions included (if `float` is in `leaf_types`).
        """
        return None

    def key(self, state: Any, key: Any, flavor: Any) -> tuple[Any, Any, tuple[Effect, ...]]:
        """(new key or DROP, the state of its value, effects)."""
        return key, state, ()

    def item(self, state: Any) -> Any:
        """The state of a list's items, given the list's state."""
        return state

    def enters_dicts(self) -> bool:
        """Might `enter` change a dict below the root (the root is always entered)? Asked once
        per walk: a stage that only cuts lists lets the walk skip the call for every record."""
        return self.entering

    def enter(self, state: Any, container: Any, depth: int) -> tuple[Any, tuple[Effect, ...]]:
        """The container to descend into (or a scalar replacing it), and effects. Not memoised."""
        return container, ()

    def leaf(self, state: Any, value: Any) -> tuple[Any, tuple[Effect, ...], int]:
        """(new value, SAME or DROP; effects; version or -1)."""
        return SAME, (), -1

    settles = False
    """Does this stage have a `settle` to run? Only those that say so are asked."""

    def settle(self, state: Any, value: str) -> tuple[Any, tuple[Effect, ...]]:
        """(new string or SAME, effects) once every stage's `leaf` answered. Memoised with `leaf`.

        Caps belong here: they then cut text the other stages (redaction) already rewrote, so a
        cut never splits a value redaction would have caught whole.
        """
        return SAME, ()

    def retry(self, out: Any, run: Any) -> bool:
        """Adjust and ask for another walk (with fresh effects) after seeing `out`."""
        return False

    def finish(self, out: Any, run: Any) -> Any:
        """The last word on the walk's output; `run` holds its counts and marks."""
        return out
