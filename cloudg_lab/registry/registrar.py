"""Registration: decorators that turn handlers into specs and add them to a `Registry`.

A `Registrar` only builds specs; it never runs them, so the catalog registers through one without
importing the layer. The composition root (`layer.compose`) hands the catalog two: a plain one,
and a privileged one for the few primitives that inspect the policy, the vault or the audit (their
specs are marked `privileged`, and only those get the `PolicyPort` at call time). Users get the
plain one through `Layer.tool` and friends, so nothing they register can reach those services.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TypedDict, TypeVar

from cloudg_lab.registry.registry import Registry
from cloudg_lab.registry.signatures import call_shape, inspect_handler
from cloudg_lab.registry.specs import (
    PromptArgument,
    PromptSpec,
    ResourceSpec,
    TemplateSpec,
    ToolSpec,
    check_capabilities,
    check_sensitivity,
)
from cloudg_lab.registry.uritemplate import variables as template_variables
from cloudg_lab.types import NAME_PATTERN, Sensitivity

F = TypeVar("F", bound=Callable[..., object])


class _ResourceFields(TypedDict):
    """What a resource and a template spec share, built once by `Registrar.resource`."""

    name: str
    handler: Callable[..., object]
    description: str
    mime_type: str
    takes_ctx: bool
    is_async: bool
    category: str
    sensitivity: Sensitivity
    capabilities: frozenset[str]
    tags: tuple[str, ...]
    privileged: bool


class Registrar:
    """Decorators registering tools, resources, templates, prompts and completions into `registry`."""

    def __init__(self, registry: Registry, *, privileged: bool = False) -> None:
        self.registry = registry
        self._privileged = privileged

    def tool(self, name: str | None = None, *, description: str | None = None,
             category: str = "general", sensitivity: str = "internal",
             capabilities: Iterable[str] = ("read_state",), tags: Iterable[str] = (),
             timeout_seconds: float | None = None, read_only: bool = True,
             destructive: bool = False, idempotent: bool = True, open_world: bool = False,
             output_schema: Mapping[str, object] | None = None,
             title: str | None = None) -> Callable[[F], F]:
        """Register a tool; its arguments come from the handler's signature.

        Raises:
            ValueError: for a bad name, sensitivity or capability.
            TypeError: for a signature no caller could fill.
        """
        def decorate(fn: F) -> F:
            tool_name = _check_name(name or fn.__name__)
            shape = inspect_handler(fn, tool_name)
            level = check_sensitivity(sensitivity)
            self.registry.add(ToolSpec(
                name=tool_name, handler=fn, description=description or _doc(fn),
                input_schema=shape.input_schema, output_schema=output_schema,
                arguments_model=shape.model, takes_ctx=shape.takes_ctx,
                single_model=shape.single_model, is_async=shape.is_async, category=category,
                sensitivity=level, capabilities=check_capabilities(tuple(capabilities)),
                tags=tuple(tags), timeout_seconds=timeout_seconds, read_only=read_only,
                destructive=destructive, idempotent=idempotent, open_world=open_world, title=title,
                privileged=self._privileged))
            return fn

        return decorate

    def resource(self, uri: str, *, name: str | None = None, description: str | None = None,
                 mime_type: str = "application/json", category: str = "general",
                 sensitivity: str = "internal", capabilities: Iterable[str] = ("read_state",),
                 tags: Iterable[str] = (),
                 completions: Mapping[str, Callable[..., object]] | None = None) -> Callable[[F], F]:
        """Register a resource, or a template when `uri` has `{var}` / `{+var}` parts.

        Raises:
            ValueError: when a template's variables and the handler's parameters disagree.
        """
        def decorate(fn: F) -> F:
            takes_ctx, is_async = call_shape(fn)
            checked = check_capabilities(tuple(capabilities))
            common: _ResourceFields = {
                "name": name or fn.__name__, "handler": fn, "description": description or _doc(fn),
                "mime_type": mime_type, "takes_ctx": takes_ctx, "is_async": is_async,
                "category": category, "sensitivity": check_sensitivity(sensitivity),
                "capabilities": checked, "tags": tuple(tags), "privileged": self._privileged}
            names = template_variables(uri)
            if names:
                _check_params(fn, names, takes_ctx, uri)
                self.registry.add(TemplateSpec(uri_template=uri, completions=dict(completions or {}),
                                               **common))
            else:
                self.registry.add(ResourceSpec(uri=uri, **common))
            return fn

        return decorate

    def prompt(self, name: str | None = None, *, description: str | None = None,
               arguments: Iterable[PromptArgument] | None = None, category: str = "general",
               sensitivity: str = "internal", capabilities: Iterable[str] = ("read_state",),
               tags: Iterable[str] = (), completions: Mapping[str, Callable[..., object]] | None = None,
               title: str | None = None) -> Callable[[F], F]:
        """Register a prompt; arguments default to the handler's parameters (no default = required)."""
        def decorate(fn: F) -> F:
            takes_ctx, is_async = call_shape(fn)
            args = tuple(arguments) if arguments is not None else _prompt_arguments(fn, takes_ctx)
            level = check_sensitivity(sensitivity)
            self.registry.add(PromptSpec(
                name=_check_name(name or fn.__name__), handler=fn, description=description or _doc(fn),
                arguments=args, takes_ctx=takes_ctx, is_async=is_async, category=category,
                sensitivity=level,
                capabilities=check_capabilities(tuple(capabilities)), tags=tuple(tags),
                completions=dict(completions or {}), title=title, privileged=self._privileged))
            return fn

        return decorate

    def completion(self, *, argument: str, prompt: str | None = None,
                   template: str | None = None) -> Callable[[F], F]:
        """Attach a completer `(ctx, value, context_arguments) -> [str]` to a prompt or template.

        Raises:
            KeyError: when the prompt or template is not registered yet.
        """
        def decorate(fn: F) -> F:
            spec: PromptSpec | TemplateSpec | None = (
                self.registry.prompt(prompt) if prompt else self.registry.template(template or ""))
            if spec is None:
                raise KeyError(f"No prompt or template {prompt or template!r} to attach a completion to")
            self.registry.add(replace(spec, completions={**spec.completions, argument: fn}))
            return fn

        return decorate


def _check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise ValueError(f"name {name!r} must be 1-128 of A-Z a-z 0-9 _ . -")
    return name


def _doc(fn: Callable[..., object]) -> str:
    return inspect.cleandoc(fn.__doc__ or "").split("\n\n")[0].replace("\n", " ")


def _check_params(fn: Callable[..., object], names: list[str], takes_ctx: bool, uri: str) -> None:
    params = list(inspect.signature(fn).parameters)[1 if takes_ctx else 0:]
    if sorted(params) != sorted(names):
        raise ValueError(f"template {uri!r} has variables {names} but the handler takes {params}")


def _prompt_arguments(fn: Callable[..., object], takes_ctx: bool) -> tuple[PromptArgument, ...]:
    params = list(inspect.signature(fn).parameters.values())[1 if takes_ctx else 0:]
    return tuple(PromptArgument(name=p.name, required=p.default is inspect.Parameter.empty)
                 for p in params)
