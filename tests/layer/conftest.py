"""Fixtures for the layer core: a layer with no catalog, and a marking transform.

`Shout` stands in for the privacy transforms in tests of the layer's plumbing only: it upper-cases
any string holding the token `canary`, counts it in the report and marks the path, so a test can
see exactly which pieces of a result passed the output pipeline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cloudg_lab import Layer
from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform

CANARY = "canary"


class _ShoutOptions(TransformOptions):
    pass


class Shout:
    name = "shout"

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        return self._walk(value, ctx, "")

    def _walk(self, value: Any, ctx: TransformContext, path: str) -> Any:
        if isinstance(value, str) and CANARY in value:
            ctx.report.count("redacted", "canary")
            ctx.mark(path, "redacted", "canary")
            return value.upper()
        if isinstance(value, dict):
            return {k: self._walk(v, ctx, f"{path}/{k}") for k, v in value.items()}
        if isinstance(value, list):
            return [self._walk(v, ctx, f"{path}/{i}") for i, v in enumerate(value)]
        return value


class _RefuseOptions(TransformOptions):
    word: str = "forbidden"


class Refuse:
    """An input transform refusing any argument value containing a word."""

    name = "refuse"

    def __init__(self, options: _RefuseOptions) -> None:
        self.word = options.word

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        if self.word in repr(value):
            raise InvalidArgumentsError("Arguments carry a refused word", {"entities": ["word"]})
        return value


class _KeyShoutOptions(TransformOptions):
    key: str


class KeyShout:
    """Upper-cases string values found directly under one key (a key-based detector's stand-in)."""

    name = "key_shout"

    def __init__(self, options: _KeyShoutOptions) -> None:
        self.key = options.key

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        if isinstance(value, dict) and isinstance(value.get(self.key), str):
            return {**value, self.key: value[self.key].upper()}
        return value


register_transform("shout", _ShoutOptions, lambda _options: Shout())
register_transform("key_shout", _KeyShoutOptions, KeyShout)
register_transform("refuse", _RefuseOptions, Refuse)

OPEN: dict[str, Any] = {"name": "test-open"}
SHOUTING: dict[str, Any] = {"name": "test-shout", "transforms": [{"type": "shout"}]}


@pytest.fixture
def make_layer() -> Callable[..., Layer]:
    def build(policy: Any = None, **options: Any) -> Layer:
        return Layer(policy=policy if policy is not None else dict(OPEN), catalog=False, **options)

    return build
