"""Input `refuse_real_identifiers`: under a pseudonymizing policy the caller speaks pseudonyms.

A caller that was only ever shown pseudonyms has no honest use for a real identifier; one that
sends them is guessing, and each answer would confirm or deny a guess. So an argument holding a
real identifier of the loaded data (an asset id, name, ARN, account or dataset name the output
would hide) is refused, before `depseudonymize` runs, with one message that names the argument
and never the value.

Refusing only real values would itself answer the guess ("refused" means "real"). So in the
arguments that name things (`pseudonym_arguments`: refs, accounts, finding ids, datasets) any
value this server did not issue is refused with the same message, real or invented alike; only
what the output shows in clear (a value that identifies nothing) passes. Every other argument
(a region, a sort key, a tool name, free text) is left alone whatever it holds: there a real
value names nothing (handlers match it against what the caller sees, or a vocabulary shown in
clear), so it is answered like any invented text of its shape, and refusing it alone would
confirm it (`find_assets region=<a real account>` refused, `region=<twelve other digits>`
answered). Arguments matched over what the caller sees (`skip_arguments`) are never checked.
A completion's partial value is free text; its context arguments are whole values, checked by
their own names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pydantic import Field

from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.privacy import text
from cloudg_lab.privacy.common import argument_skipped, fallback_vault
from cloudg_lab.privacy.entities import category_of
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.shapes import nullish
from cloudg_lab.privacy.stages import SAME, Effect, Stage
from cloudg_lab.privacy.transforms.depseudonymize import strip_fences
from cloudg_lab.privacy.walk import walk_once
from cloudg_lab.types import JSON

MESSAGE = ("Argument '{argument}' is not an identifier this server issued. Under this policy "
           "identifiers are pseudonyms: pass them exactly as results show them.")
_SLOT, _FREE, _SKIP = "slot", "free", "skip"
_NAME = re.compile(r"[a-z_][a-z0-9_]{0,63}")
"""What a declared argument's name looks like; any other name is the caller's and may be a real
value (`{"billing-db-07": 1}`), so it is never quoted."""
_SECRETS = frozenset({"secret", "credential"})
_SEGMENTS = re.compile(r"[\s:/]+")
"""What separates the segments of an ARN or a resource path."""


class RefuseRealOptions(TransformOptions):
    pseudonym_arguments: list[str] = Field(default_factory=list)
    """`tool.argument` globs that name things: any value not issued here is refused."""
    skip_arguments: list[str] = Field(default_factory=list)
    """`tool.argument` globs never checked (matched over what the caller sees, or by design)."""


class RefuseRealIdentifiers:
    """The `refuse_real_identifiers` input transform; refuses by raising."""

    name = "refuse_real_identifiers"

    def __init__(self, options: RefuseRealOptions) -> None:
        self.options = options

    def apply(self, value: JSON, ctx: TransformContext) -> JSON:
        """Raises:
            InvalidArgumentsError: naming the first `pseudonym_arguments` slot that holds a value
                this server did not issue (real or invented alike).
        """
        if isinstance(value, dict):
            walk_once([_Checker(self, ctx)], value, ctx)
        return value

    def mode(self, tool: str, argument: str, kind: str) -> str:
        if argument_skipped(self.options.skip_arguments, tool, argument):
            return _SKIP
        if kind != "completion" and argument_skipped(self.options.pseudonym_arguments, tool, argument):
            return _SLOT
        return _FREE


_State = tuple[str, str] | None


class _Checker(Stage[_State]):
    """States: None for the arguments object, then (top-level argument, mode) below it."""

    name = "refuse_real_identifiers"
    root = None
    leaf_types = frozenset({str, int})

    def __init__(self, owner: RefuseRealIdentifiers, ctx: TransformContext) -> None:
        self.owner, self.ctx = owner, ctx
        self.vault = ctx.vault if ctx.vault is not None else fallback_vault()
        self.known: Mapping[str, str] = ctx.known if isinstance(ctx.known, Mapping) else {}

    def int_floor(self, state: _State) -> int | None:
        return None if state is None else 0

    def key(self, state: _State, key: object, flavor: object) -> tuple[object, _State, tuple[Effect, ...]]:
        """Keys are free text (a slot's value is what names a thing), so only the state moves."""
        if state is None:
            state = (str(key), self.owner.mode(self.ctx.name, str(key), self.ctx.kind))
        return key, state, ()

    def leaf(self, state: _State, value: object) -> tuple[object, tuple[Effect, ...], int]:
        if state is not None:
            self._check(str(value), state)
        return SAME, (), -1

    def _check(self, value: str, state: tuple[str, str]) -> None:
        argument, mode = state
        plain = strip_fences(value).strip()
        if mode == _SKIP or nullish(plain):
            return
        if mode != _SLOT:
            return  # a real value in free text names nothing; refusing it would confirm it
        entity = self.known.get(plain)
        if self._issued(plain) or (entity is not None and self._shown_in_clear(plain, entity)):
            return
        named = argument if _NAME.fullmatch(argument) else "(undeclared)"
        raise InvalidArgumentsError(MESSAGE.format(argument=named), {"argument": named})

    def _issued(self, value: str) -> bool:
        """A pseudonym of this namespace, or one built of them that names a real identifier
        (an ARN whose components another process pseudonymized under the same key). Built of
        them wholly: a shown ARN whose account segment the caller swapped for a guessed real
        account reverses to a real ARN too, and accepting it would confirm the guess."""
        if self.vault.entry(value, self.ctx.namespace) is not None:
            return True
        spans = self.vault.reverse_spans(value, self.ctx.namespace)
        if not spans or text.replace(value, [(s, e, f.real) for s, e, f in spans]) not in self.known:
            return False
        typed = text.replace(value, [(s, e, " ") for s, e, _ in spans])
        return not any(part in self.known for part in _SEGMENTS.split(typed) if part)

    def _shown_in_clear(self, value: str, entity: str) -> bool:
        """A real identifier the output leaves as it is (it identifies nothing) may come back;
        a known secret never is, and is never handed to the vault."""
        if category_of(entity) in _SECRETS:
            return False
        return self.vault.keeps(value, entity, self.ctx.namespace, avoid=self.known)


register_transform("refuse_real_identifiers", RefuseRealOptions, RefuseRealIdentifiers)
