"""How a policy classifies primitives the layer did not define: those of a mounted upstream.

A mounted server says nothing the policy can trust about what its tools touch, so every
mounted primitive starts conservative (category `upstream`, sensitivity `confidential`,
capability `upstream`) and `mounts` rules in the policy, matched by globs on the mounted name
(`gh_*`, or `gh+*` for resource URIs), say better. Every matching rule applies in order and a
later one overrides what an earlier one set, so a child policy's rules (concatenated after its
parent's by `extends`) win. `upstream` always stays among the capabilities, so
`deny_capabilities: [upstream]` reliably shuts every mount, whatever the rules grant.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from cloudg_lab.registry.specs import check_capabilities, sensitivity_rank

UPSTREAM = "upstream"
DEFAULT_CATEGORY = "upstream"
DEFAULT_SENSITIVITY = "confidential"
MountedKind = Literal["tool", "resource", "prompt"]


class MountRule(BaseModel):
    """Category, sensitivity, extra capabilities and tags for the mounted primitives it matches."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    names: list[str] = ["*"]
    """Globs on the mounted key: `NAME_tool`, `NAME_prompt`, `NAME+uri` for resources."""
    kinds: list[MountedKind] | None = None
    category: str | None = None
    sensitivity: str | None = None
    capabilities: list[str] | None = None
    """Added to `upstream`, which every mounted primitive keeps."""
    tags: list[str] = []

    @field_validator("sensitivity")
    @classmethod
    def _known_sensitivity(cls, value: str | None) -> str | None:
        if value is not None:
            sensitivity_rank(value)
        return value

    @field_validator("capabilities")
    @classmethod
    def _known_capabilities(cls, value: list[str] | None) -> list[str] | None:
        if value is not None:
            check_capabilities(tuple(value))
        return value


@dataclass(frozen=True)
class Classification:
    category: str
    sensitivity: str
    capabilities: frozenset[str]
    tags: tuple[str, ...]


def classify(rules: list[MountRule], key: str, kind: MountedKind, mount: str) -> Classification:
    """The classification of the mounted primitive `key` of upstream `mount`.

    Its first tag is always `upstream:MOUNT`, so a rule (`match: {tags: [upstream:gh]}`) can
    address one upstream across all kinds.
    """
    category, sensitivity = DEFAULT_CATEGORY, DEFAULT_SENSITIVITY
    capabilities: frozenset[str] = frozenset({UPSTREAM})
    tags = [f"{UPSTREAM}:{mount}"]
    for rule in rules:
        if rule.kinds is not None and kind not in rule.kinds:
            continue
        if not any(fnmatchcase(key, pattern) for pattern in rule.names):
            continue
        category = rule.category or category
        sensitivity = rule.sensitivity or sensitivity
        if rule.capabilities is not None:
            capabilities = frozenset({UPSTREAM, *rule.capabilities})
        tags.extend(t for t in rule.tags if t not in tags)
    return Classification(category, sensitivity, capabilities, tuple(tags))
