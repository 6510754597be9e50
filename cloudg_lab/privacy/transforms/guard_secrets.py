"""Input `guard_secrets`: arguments never carry secrets into a handler.

A model that found a credential somewhere (or was tricked into writing one) must not pass it
to a tool: arguments with a secret, or any non-empty argument *named* like a secret, are
refused (InvalidArgumentsError, -32602, listing entity types, never values) or redacted.
`skip_arguments` exempts `tool.argument` globs that legitimately carry such names.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal

from pydantic import Field

from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.privacy import text
from cloudg_lab.privacy.common import argument_skipped
from cloudg_lab.privacy.detectors import DEFAULT, Detector, DetectorSet, KeyRule
from cloudg_lab.privacy.detectors.keys import NONE
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.stages import SAME, Effect, Same, Stage
from cloudg_lab.privacy.walk import walk_once
from cloudg_lab.types import JSON

MESSAGE = ("Arguments appear to contain secrets ({entities}); refusing to process them. "
           "Pass resource references, never credentials.")


class GuardSecretsOptions(TransformOptions):
    action: Literal["reject", "redact"] = "reject"
    categories: tuple[Literal["secret", "credential"], ...] = ("secret", "credential")
    """Credentials too: an access key id alone is half a login, refused like the secret."""
    min_confidence: float = Field(default=0.8, ge=0, le=1)
    skip_arguments: list[str] = Field(default_factory=list)
    """`tool.argument` globs left unchecked (e.g. `reveal_token.token`)."""


class GuardSecrets:
    """The `guard_secrets` input transform; it refuses by raising (as `refuse_real_identifiers`)."""

    name = "guard_secrets"

    def __init__(self, options: GuardSecretsOptions) -> None:
        self.options = options

    def apply(self, value: JSON, ctx: TransformContext) -> JSON:
        """Raises:
            InvalidArgumentsError: when arguments carry secrets and the action is `reject`.
        """
        detectors = ctx.detectors if isinstance(ctx.detectors, DetectorSet) else DEFAULT
        categories = frozenset(self.options.categories)
        selection = detectors.select(lambda d: d.category in categories,
                                     ("guard", tuple(sorted(categories))))
        out, run = walk_once([_Guard(self, ctx, detectors, selection)], value, ctx)
        entities = sorted(label for section, label in run.counts if section == _FOUND)
        if entities:
            if self.options.action == "reject":
                raise InvalidArgumentsError(MESSAGE.format(entities=", ".join(entities)),
                                            {"entities": entities})
            ctx.report.merge("redacted_arguments", dict.fromkeys(entities, 1))
        return out

    def skipped(self, tool: str, argument: object) -> bool:
        return argument_skipped(self.options.skip_arguments, tool, argument)


_FOUND = "found"


class _Top(Enum):
    """The type of `_TOP` (an enum of one, so `state is _TOP` narrows the state)."""

    TOP = "top"


_TOP: Final = _Top.TOP
"""The state of the arguments object itself: its keys are the arguments, which may be skipped."""
_State = KeyRule | _Top | None


class _Guard(Stage[_State]):
    """States: the key rule in force (sensitive below a secret-named key), None where skipped."""

    name = "guard_secrets"
    root = _TOP
    leaf_types = frozenset({str, int, float})

    def __init__(self, owner: GuardSecrets, ctx: TransformContext, detectors: DetectorSet,
                 selection: tuple[Detector, ...]) -> None:
        self.owner, self.ctx, self.detectors, self.selection = owner, ctx, detectors, selection

    def int_floor(self, state: _State) -> int | None:
        return 0 if state is not None and state is not _TOP and state.kind == "sensitive" else None

    def key(self, state: _State, key: object, flavor: object) -> tuple[object, _State, tuple[Effect, ...]]:
        if state is None or (state is _TOP and self.owner.skipped(self.ctx.name, key)):
            return key, None, ()
        rule = NONE if state is _TOP else state
        if rule.kind != "sensitive":
            found = self.detectors.key_rule(key) if isinstance(key, str) else NONE
            rule = found if found.kind == "sensitive" else NONE
        if not isinstance(key, str) or not key:
            return key, rule, ()
        new, effects = self._scan(key)
        return (key if new is SAME else new), rule, effects

    def leaf(self, state: _State, value: object) -> tuple[object, tuple[Effect, ...], int]:
        if state is None:
            return SAME, (), -1
        if state is not _TOP and state.kind == "sensitive" and _carries(value):
            entity = state.entity or "secret"
            return f"[REDACTED:{entity}]", ((_FOUND, entity, 1, None, ""),), -1
        if not isinstance(value, str) or not value:
            return SAME, (), -1
        new, effects = self._scan(value)
        return new, effects, -1

    def _scan(self, value: str) -> tuple[str | Same, tuple[Effect, ...]]:
        findings = self.detectors.scan(value, self.selection, NONE, self.owner.options.min_confidence)
        if not findings:
            return SAME, ()
        effects = tuple((_FOUND, f.entity, 1, None, "") for f in findings)
        return text.replace(value, [(f.start, f.end, f"[REDACTED:{f.entity}]") for f in findings]), effects


def _carries(value: object) -> bool:
    """Empty strings, empty containers, booleans and null carry no secret."""
    if value is None or isinstance(value, bool):
        return False
    if isinstance(value, str | dict | list):
        return len(value) > 0
    return True


register_transform("guard_secrets", GuardSecretsOptions, GuardSecrets)
