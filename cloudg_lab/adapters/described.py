"""What a mounted upstream says about its primitives, scrubbed once, when it is mounted.

Listings are answers too: an upstream's tool description or prompt title can quote a hostname,
an account or a key as easily as its results can. The layer's own descriptions are written by
us, so listings never pass the output pipeline; a mounted upstream's are not, so each of its
descriptions and titles passes the mounting layer's base output pipeline here, for the local
principal. Names and URIs stay as the upstream gave them: they are what calls are routed by.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Protocol

from cloudg_lab.policy.mounts import DEFAULT_SENSITIVITY
from cloudg_lab.privacy.pipeline import Pipeline, TransformContext
from cloudg_lab.types import Kind, Principal, Spec


class DescribingPolicy(Protocol):
    def output_pipeline(self, spec: Spec | None, principal: Principal) -> Pipeline: ...

    def transform_context(self, *, kind: Kind, name: str, principal: Principal,
                          sensitivity: str = ..., dataset: str | None = ..., path: str = ...,
                          known: Mapping[str, str] | None = ...) -> TransformContext: ...


class Describer:
    """Scrubs free text an upstream publishes about itself with one policy's output pipeline."""

    def __init__(self, policy: DescribingPolicy) -> None:
        self._policy = policy
        self._who = Principal.local()
        self._pipeline = policy.output_pipeline(None, self._who)

    def text(self, value: str | None, kind: Kind, name: str) -> str | None:
        if not value or not self._pipeline:
            return value
        ctx = self._policy.transform_context(kind=kind, name=name, principal=self._who,
                                             sensitivity=DEFAULT_SENSITIVITY)
        out = self._pipeline.apply(value, ctx.at("/description"))
        return out if isinstance(out, str) else json.dumps(out)
