"""Input `depseudonymize`: the handler sees real identifiers, whatever shape they come back in.

Fences are stripped, then a whole-string pseudonym (or alias) is reversed, then pseudonyms
embedded in longer strings: inside ARNs and Azure ids component by component, inside
`cloudg://` URIs, inside sentences. Only pseudonyms issued in the caller's namespace under the
current key resolve; a string that merely looks like a pseudonym passes unchanged.

Every real value it puts back is noted in `ctx.reversed`: the output side of the same call
treats those as known identifiers, so a handler that echoes an argument (in a result, an error
or its data) never hands the real value back in clear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from cloudg_lab.privacy import text
from cloudg_lab.privacy.common import argument_skipped, fallback_vault
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.stages import SAME, Effect, Stage
from cloudg_lab.privacy.transforms.sanitize import FENCE_CLOSE, FENCE_OPEN
from cloudg_lab.privacy.walk import walk_once

if TYPE_CHECKING:  # for the annotations only
    from cloudg_lab.privacy.vault import Entry, Vault


class DepseudonymizeOptions(TransformOptions):
    skip_arguments: list[str] = Field(default_factory=list)
    """`tool.argument` globs passed as they are (e.g. `reveal_token.token`)."""


def strip_fences(value: str) -> str:
    if "⟦" not in value:
        return value
    return value.replace(FENCE_OPEN, "").replace(FENCE_CLOSE, "")


def reverse(value: str, vault: Vault, namespace: str) -> tuple[str, list[str]]:
    """`value` with its pseudonyms replaced by real values, and the entity of each one."""
    out, found = reverse_entries(value, vault, namespace)
    return out, [entry.entity for entry in found]


def reverse_entries(value: str, vault: Vault, namespace: str) -> tuple[str, list[Entry]]:
    """`value` with its pseudonyms replaced by real values, and the vault entry of each one."""
    plain = strip_fences(value)
    entry = vault.entry(plain.strip(), namespace)
    if entry is not None:
        return entry.real, [entry]
    spans = vault.reverse_spans(plain, namespace)
    if not spans:
        return plain, []
    return (text.replace(plain, [(s, e, found.real) for s, e, found in spans]),
            [found for _, _, found in spans])


class Depseudonymize:
    """The `depseudonymize` input transform."""

    name = "depseudonymize"

    def __init__(self, options: DepseudonymizeOptions) -> None:
        self.options = options

    def apply(self, value: object, ctx: TransformContext) -> object:
        out, run = walk_once([_Reverser(self, ctx)], value, ctx)
        run.commit()
        return out

    def skipped(self, tool: str, argument: object) -> bool:
        return argument_skipped(self.options.skip_arguments, tool, argument)


_TOP, _ON, _OFF = "top", "on", "off"
"""States: the arguments object (whose keys may be skipped), below it, below a skipped one."""


class _Reverser(Stage[str]):
    """Every real value it puts back goes into `ctx.reversed` as it is met (see `walk_once`)."""

    name = "depseudonymize"
    root = _TOP
    leaf_types = frozenset({str, int})

    def __init__(self, owner: Depseudonymize, ctx: TransformContext) -> None:
        self.owner, self.ctx = owner, ctx
        self.vault = ctx.vault if ctx.vault is not None else fallback_vault()

    def int_floor(self, state: str) -> int | None:
        return None if state == _OFF else 0

    def key(self, state: str, key: object, flavor: object) -> tuple[object, str, tuple[Effect, ...]]:
        if state == _OFF or (state == _TOP and self.owner.skipped(self.ctx.name, key)):
            return key, _OFF, ()
        if not isinstance(key, str):
            return key, _ON, ()
        new, effects = self._string(key)
        return new, _ON, effects

    def leaf(self, state: str, value: object) -> tuple[object, tuple[Effect, ...], int]:
        if state == _OFF:
            return SAME, (), -1
        if type(value) is str:
            new, effects = self._string(value)
            return (SAME if new == value else new), effects, -1
        real, effects = self._string(str(value))
        if real == str(value):
            return SAME, (), -1
        return (int(real) if real.isdigit() and not real.startswith("0") else real), effects, -1

    def _string(self, value: str) -> tuple[str, tuple[Effect, ...]]:
        out, entries = reverse_entries(value, self.vault, self.ctx.namespace)
        for entry in entries:
            self.ctx.reversed[entry.real] = entry.entity
        return out, tuple(("depseudonymized", entry.entity, 1, None, "") for entry in entries)


register_transform("depseudonymize", DepseudonymizeOptions, Depseudonymize)
