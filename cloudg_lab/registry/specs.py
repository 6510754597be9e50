"""Spec value objects: what a primitive is, what it needs, how sensitive it is.

Every spec carries a category, a sensitivity and capabilities, because policies decide on those
and not on names alone; a spec without them would make profiles meaningless.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from cloudg_lab.registry.uritemplate import variables
from cloudg_lab.types import Kind, Sensitivity, Spec

SENSITIVITIES: tuple[Sensitivity, ...] = ("public", "internal", "confidential", "restricted")
CAPABILITIES = ("read_state", "write_state", "read_fs", "write_fs", "cloud_access", "exec", "reveal",
                "manage_data", "upstream")
"""`manage_data`: load and unload the datasets every principal shares (the other capabilities
name what a primitive touches; this one names who may change what everyone reads).
`upstream`: forwards to a mounted MCP server, whose behaviour the layer does not know."""

Completer = Callable[..., object]


class ArgumentsModel(Protocol):
    """What validates a tool's arguments: a pydantic model class (`registry.signatures`), or a
    mounted tool's JSON Schema validator (`adapters.arguments`)."""

    def model_validate(self, obj: dict[str, object], /) -> object: ...
"""`(ctx, value, context_arguments) -> iterable of str`, sync or async."""


def check_sensitivity(value: str) -> Sensitivity:
    """`value` as a sensitivity.

    Raises:
        ValueError: for an unknown sensitivity.
    """
    return SENSITIVITIES[sensitivity_rank(value)]


def sensitivity_rank(value: str) -> int:
    """Position in `public < internal < confidential < restricted`.

    Raises:
        ValueError: for an unknown sensitivity.
    """
    try:
        return SENSITIVITIES.index(value)
    except ValueError:
        raise ValueError(f"Unknown sensitivity {value!r}; "
                         f"expected one of {', '.join(SENSITIVITIES)}") from None


def check_capabilities(values: tuple[str, ...] | frozenset[str]) -> frozenset[str]:
    """Validate capability names at registration, where a typo is cheap to fix.

    Raises:
        ValueError: for an unknown capability.
    """
    unknown = sorted(set(values) - set(CAPABILITIES))
    if unknown:
        raise ValueError(f"Unknown capabilities {unknown}; expected some of {', '.join(CAPABILITIES)}")
    return frozenset(values)


@dataclass(frozen=True)
class ToolSpec(Spec):
    name: str = ""
    handler: Callable[..., object] = field(default=lambda: None, compare=False)
    input_schema: Mapping[str, object] = field(default_factory=dict, compare=False)
    output_schema: Mapping[str, object] | None = field(default=None, compare=False)
    arguments_model: ArgumentsModel | None = field(default=None, compare=False)
    """The pydantic model that validates arguments (built by the layer's validate stage)."""
    takes_ctx: bool = False
    single_model: bool = False
    """True for `def f(ctx, args: Model)`: the validated model is passed whole as `args`."""
    is_async: bool = False
    timeout_seconds: float | None = None
    read_only: bool = True
    destructive: bool = False
    idempotent: bool = True
    open_world: bool = False
    title: str | None = None

    @property
    def argument_names(self) -> frozenset[str]:
        properties = self.input_schema.get("properties")
        return frozenset(properties) if isinstance(properties, Mapping) else frozenset()

    @property
    def kind(self) -> Kind:
        return "tool"

    @property
    def key(self) -> str:
        return self.name


@dataclass(frozen=True)
class ResourceSpec(Spec):
    uri: str = ""
    name: str = ""
    handler: Callable[..., object] = field(default=lambda: None, compare=False)
    mime_type: str = "application/json"
    takes_ctx: bool = False
    is_async: bool = False

    @property
    def kind(self) -> Kind:
        return "resource"

    @property
    def key(self) -> str:
        return self.uri


@dataclass(frozen=True)
class TemplateSpec(Spec):
    uri_template: str = ""
    name: str = ""
    handler: Callable[..., object] = field(default=lambda: None, compare=False)
    mime_type: str = "application/json"
    takes_ctx: bool = False
    is_async: bool = False
    completions: Mapping[str, Completer] = field(default_factory=dict, compare=False)

    @property
    def argument_names(self) -> frozenset[str]:
        return frozenset(variables(self.uri_template))

    @property
    def kind(self) -> Kind:
        return "resource"

    @property
    def key(self) -> str:
        return self.uri_template


@dataclass(frozen=True)
class PromptArgument:
    name: str
    description: str = ""
    required: bool = False

    def to_wire(self) -> dict[str, object]:
        return {"name": self.name, "description": self.description, "required": self.required}


@dataclass(frozen=True)
class PromptSpec(Spec):
    name: str = ""
    handler: Callable[..., object] = field(default=lambda: None, compare=False)
    arguments: tuple[PromptArgument, ...] = ()
    takes_ctx: bool = False
    is_async: bool = False
    completions: Mapping[str, Completer] = field(default_factory=dict, compare=False)
    title: str | None = None

    @property
    def argument_names(self) -> frozenset[str]:
        return frozenset(a.name for a in self.arguments)

    @property
    def kind(self) -> Kind:
        return "prompt"

    @property
    def key(self) -> str:
        return self.name
