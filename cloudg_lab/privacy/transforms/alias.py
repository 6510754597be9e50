"""`alias`: fixed friendly names for chosen values (`111111111111` → `prod-payments`).

Aliases are registered in the vault, so `depseudonymize` turns them back into the real value
and `redact` hands out the alias wherever it would have made a pseudonym of that value (an
account inside an ARN too). List `alias` before `redact` in a policy: redact leaves aliases
alone, while after redact the real values would already be pseudonyms.
"""

from __future__ import annotations

from pydantic import field_validator

from cloudg_lab.privacy import text
from cloudg_lab.privacy.common import FailsClosed, fallback_vault, skipped_key
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.stages import SAME, Effect, Stage
from cloudg_lab.privacy.walk import walk_once


class AliasOptions(TransformOptions):
    aliases: dict[str, str]
    """real value → friendly name."""
    entity: str = "alias"

    @field_validator("aliases")
    @classmethod
    def _distinct(cls, value: dict[str, str]) -> dict[str, str]:
        if any(not k or not v for k, v in value.items()):
            raise ValueError("aliases and the values they stand for must not be empty")
        if len(set(value.values())) != len(value):
            raise ValueError("two values share one alias; each alias must name one value")
        return value


class Alias(FailsClosed):
    """The `alias` transform."""

    name = "alias"

    def __init__(self, options: AliasOptions) -> None:
        self.options = options
        self._registered: set[tuple[int, int]] = set()

    def _apply(self, value: object, ctx: TransformContext) -> object:
        vault = ctx.vault if ctx.vault is not None else fallback_vault()
        stamp = (id(vault), vault.generation)
        if stamp not in self._registered:
            for real, alias in self.options.aliases.items():
                vault.set_alias(real, alias, self.options.entity)
            self._registered.add(stamp)
        out, run = walk_once([_Aliaser(self.options)], value, ctx)
        run.commit()
        return out


class _Aliaser(Stage[bool]):
    """States: False, or True below a key whose values are never rewritten (`skipped_key`)."""

    name = "alias"
    root = False
    leaf_types = frozenset({str, int})

    def __init__(self, options: AliasOptions) -> None:
        self.aliases, self.entity = options.aliases, options.entity

    def int_floor(self, state: bool) -> int | None:
        return None if state else 0

    def key(self, state: bool, key: object, flavor: object) -> tuple[object, bool, tuple[Effect, ...]]:
        return key, state or skipped_key(key), ()

    def leaf(self, state: bool, value: object) -> tuple[object, tuple[Effect, ...], int]:
        probe = str(value) if type(value) is int else value
        if state or not isinstance(probe, str):
            return SAME, (), -1
        found = self.aliases.get(probe)
        if found is not None:
            return found, self._effects(1), -1
        spans = text.find(probe, self.aliases.get)
        if not spans:
            return SAME, (), -1
        return text.replace(probe, spans), self._effects(len(spans)), -1

    def _effects(self, n: int) -> tuple[Effect, ...]:
        return (("aliased", self.entity, n, "pseudonym", self.entity),)


register_transform("alias", AliasOptions, Alias)
