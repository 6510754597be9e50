"""`alias`: fixed friendly names for chosen values (`111111111111` → `prod-payments`).

Aliases are registered in the vault, so `depseudonymize` turns them back into the real value
and `redact` hands out the alias wherever it would have made a pseudonym of that value (an
account inside an ARN too). List `alias` before `redact` in a policy: redact leaves aliases
alone, while after redact the real values would already be pseudonyms.
"""

from __future__ import annotations

from typing import Any

from pydantic import field_validator

from cloudg_lab.privacy import text
from cloudg_lab.privacy.common import fail_closed, fallback_vault, skipped_key
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.walk import Visitor, Walk, rewrite
from cloudg_lab.types import Mark


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


class Alias:
    """The `alias` transform."""

    name = "alias"

    def __init__(self, options: AliasOptions) -> None:
        self.options = options
        self._registered: set[tuple[int, int]] = set()

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        try:
            vault = ctx.vault if ctx.vault is not None else fallback_vault()
            stamp = (id(vault), vault.generation)
            if stamp not in self._registered:
                for real, alias in self.options.aliases.items():
                    vault.set_alias(real, alias, self.options.entity)
                self._registered.add(stamp)
            visitor = _Aliaser(self.options, ctx)
            out = rewrite(value, visitor, False, ctx.path)
            if visitor.count:
                ctx.report.count("aliased", self.options.entity, visitor.count)
            return out
        except Exception:
            return fail_closed(self.name, value, ctx)


class _Aliaser(Visitor):
    wants_keys = True
    skip_types = frozenset({bool, type(None), float})

    def __init__(self, options: AliasOptions, ctx: TransformContext) -> None:
        self.aliases, self.entity, self.ctx = options.aliases, options.entity, ctx
        self.count = 0

    def key(self, key: Any, state: bool, parent: dict[Any, Any], walk: Walk) -> tuple[Any, Any]:
        return key, state or skipped_key(key)

    def leaf(self, value: Any, state: bool, walk: Walk) -> Any:
        if state:
            return value
        probe = str(value) if type(value) is int else value
        if not isinstance(probe, str):
            return value
        found = self.aliases.get(probe)
        if found is not None:
            return self._done(walk, found, 1)
        spans = text.find(probe, self.aliases.get)
        if not spans:
            return value
        return self._done(walk, text.replace(probe, spans), len(spans))

    def _done(self, walk: Walk, new: str, n: int) -> str:
        self.count += n
        self.ctx.marks.append(Mark(path=walk.pointer(), kind="pseudonym", entity=self.entity))
        return new


register_transform("alias", AliasOptions, Alias)
