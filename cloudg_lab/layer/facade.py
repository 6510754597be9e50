"""`Layer`: the one object transports, the CLI and the notebook talk to.

It owns the registry, the workspace, the policy (with its vault and audit) and the middleware,
offers decorators to register primitives, and runs the four request kinds through
`lifecycle`. `with_policy` gives a sibling that shares everything but the policy, which is how
the notebook previews one call under several profiles.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from cloudg_lab.layer import lifecycle, listing
from cloudg_lab.layer.chain import Terminal, build_chain
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.layer.principal import resolve_principal
from cloudg_lab.layer.validate import call_shape, inspect_handler
from cloudg_lab.layer.workers import DEFAULT_LIMIT, WorkerSlots
from cloudg_lab.policy import Policy
from cloudg_lab.registry import PromptArgument, PromptSpec, Registry, ResourceSpec, TemplateSpec, ToolSpec
from cloudg_lab.registry.specs import check_capabilities, sensitivity_rank
from cloudg_lab.registry.uritemplate import variables as template_variables
from cloudg_lab.types import (
    Middleware,
    Principal,
    PrincipalResolver,
    PromptResult,
    RequestInfo,
    ToolResult,
)

F = TypeVar("F", bound=Callable[..., Any])
_PREFIX = re.compile(r"^[A-Za-z0-9_.-]{0,64}$")
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,128}$")
DEFAULT_POLICY_ENV = "CLOUDG_LAB_POLICY"


class Layer:
    """Policy and privacy in front of every tool, resource, prompt and completion."""

    def __init__(self, policy: Any = None,
                 datasets: Mapping[str, str | Path] | Sequence[str | Path] | None = None, *,
                 prefix: str = "", default_timeout: float | None = 300.0,
                 max_output_chars: int = 200_000, middleware: Iterable[Middleware] = (),
                 allowed_roots: Sequence[str | Path] | None = None, vault_key: str | bytes | None = None,
                 catalog: bool = True, principal_resolvers: Iterable[PrincipalResolver] = (),
                 registry: Registry | None = None, workspace: Any = None,
                 threads_per_principal: int = DEFAULT_LIMIT) -> None:
        """Build a layer.

        Args:
            policy: profile name, YAML/JSON path or text, dict or `Policy`; default from
                `$CLOUDG_LAB_POLICY`, else `standard`.
            datasets: inventory files to load now, by name (`{"prod": path}`) or as a list.
            catalog: register the shipped inventory tools, resources and prompts.
            threads_per_principal: worker threads one principal's sync handlers may hold at
                once; further calls wait for a slot (their timeout runs meanwhile).

        Raises:
            ValueError: for a bad prefix or limits.
            PolicyError: for an invalid policy.
        """
        if not _PREFIX.match(prefix):
            raise ValueError(f"prefix {prefix!r} must be at most 64 of A-Z a-z 0-9 _ . -")
        if max_output_chars < 100:
            raise ValueError("max_output_chars must be at least 100")
        self.policy = Policy.load(policy if policy is not None
                                  else os.environ.get(DEFAULT_POLICY_ENV, "standard"))
        if vault_key is not None:
            from cloudg_lab.privacy.vault import Vault

            self.policy.vault = Vault.from_config(self.policy.model.vault, key=vault_key)
        self.prefix = prefix
        self.default_timeout = default_timeout
        self.workers = WorkerSlots(threads_per_principal)
        self.max_output_chars = max_output_chars
        self.registry = registry or Registry()
        self.principal_resolvers = list(principal_resolvers)
        self._middleware: list[Middleware] = list(middleware)
        self._chains: dict[str, Terminal] = {}
        if workspace is None:
            from cloudg_lab.data.workspace import Workspace
            from cloudg_lab.privacy.classify import DatasetClassifier

            workspace = Workspace(allowed_roots=allowed_roots, classifier=DatasetClassifier())
        self.workspace = workspace
        self._derive_pseudonyms()
        if catalog and registry is None:
            from cloudg_lab.catalog import register_catalog

            register_catalog(self)
        for name, path in _dataset_items(datasets):
            self.workspace.load(path, name=name)

    def _derive_pseudonyms(self) -> None:
        """Let the vault resolve pseudonyms of the workspace's data it never issued, and build
        the cheap part of that reverse map at each load rather than on the first resolution."""
        known = getattr(self.workspace, "known_identifiers", None)
        if not callable(known):
            return
        vault = self.policy.vault
        vault.derive_from(known)
        self.policy.known_source = known

        def on_change(event: str, _name: str) -> None:
            if event in ("loaded", "replaced"):
                vault.prepare()

        self.workspace.on_change(on_change)

    # ------------------------------------------------------------------ parts

    @property
    def vault(self) -> Any:
        return self.policy.vault

    @property
    def audit_log(self) -> Any:
        return self.policy.audit

    @property
    def middleware(self) -> tuple[Middleware, ...]:
        return tuple(self._middleware)

    def use(self, middleware: Middleware) -> None:
        """Append `middleware` innermost (closest to the policy check)."""
        self._middleware.append(middleware)
        self._chains.clear()

    def chain(self, kind: str) -> Terminal:
        """The composed middleware chain ending in `kind`'s terminal stage (built once)."""
        found = self._chains.get(kind)
        if found is None:
            terminal = {"tool": lifecycle.tool_terminal, "resource": lifecycle.resource_terminal,
                        "prompt": lifecycle.prompt_terminal,
                        "completion": lifecycle.completion_terminal}[kind]

            async def run(info: Any, _t: Any = terminal) -> Any:
                return await _t(self, info)

            found = self._chains[kind] = build_chain(self._middleware, run)
        return found

    def with_policy(self, policy: Any) -> Layer:
        """A sibling layer: same registry, workspace, vault and middleware; another policy."""
        sibling = object.__new__(Layer)
        sibling.__dict__.update(self.__dict__)
        sibling.policy = Policy.load(policy).with_vault(self.vault)
        sibling.policy.known_source = self.policy.known_source
        sibling._middleware = list(self._middleware)
        sibling._chains = {}
        return sibling

    def register_into(self, server: Any, **options: Any) -> Any:
        """Serve this layer through an `mcp` SDK low-level `Server` or an `MCPServer`."""
        from cloudg_lab.adapters.sdk import register_into

        return register_into(self, server, **options)

    def resolve_principal(self, info: RequestInfo) -> Principal:
        return resolve_principal(info, self.principal_resolvers)

    def known_identifiers(self) -> Mapping[str, str] | None:
        """Real identifiers of the loaded datasets (value → entity), for free-text detection."""
        known = getattr(self.workspace, "known_identifiers", None)
        return known() if callable(known) else None

    def dataset_hint(self, arguments: Mapping[str, Any] | None, principal: Principal) -> str | None:
        """The dataset a call concerns (the caller's active one by default), for provenance."""
        if arguments:
            named = arguments.get("dataset")
            if isinstance(named, str) and named:
                return named
        return self.workspace.view(principal).active_name  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ requests

    async def call_tool(self, name: str, arguments: Any = None, *, principal: Principal | None = None,
                        context: ToolContext | None = None) -> ToolResult:
        """Call a tool; every failure but an unknown or hidden name is an `isError` result.

        Raises:
            NotFoundError: `Unknown tool: NAME` (JSON-RPC -32602).
        """
        return await lifecycle.call_tool(self, name, arguments, self._who(principal, context), context)

    async def read_resource(self, uri: str, *, principal: Principal | None = None,
                            context: ToolContext | None = None) -> list[Any]:
        """Read a resource or template URI.

        Raises:
            MCPLayerError: every failure, as a protocol error.
        """
        return await lifecycle.read_resource(self, uri, self._who(principal, context), context)

    async def get_prompt(self, name: str, arguments: Any = None, *, principal: Principal | None = None,
                         context: ToolContext | None = None) -> PromptResult:
        """Render a prompt.

        Raises:
            MCPLayerError: every failure, as a protocol error.
        """
        return await lifecycle.get_prompt(self, name, arguments, self._who(principal, context), context)

    async def complete(self, ref: Mapping[str, Any], argument: Mapping[str, Any], *,
                       principal: Principal | None = None,
                       context_arguments: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Complete a prompt argument or template variable: `{"values", "total", "hasMore"}`.

        Raises:
            AccessDeniedError, RateLimitedError: when the policy refuses; nothing else raises.
        """
        return await lifecycle.complete(self, dict(ref) if isinstance(ref, Mapping) else ref,
                                        dict(argument) if isinstance(argument, Mapping) else argument,
                                        principal or Principal.local(), context_arguments)

    def _who(self, principal: Principal | None, context: ToolContext | None) -> Principal:
        if principal is not None:
            return principal
        return context.principal if context is not None else Principal.local()

    # ------------------------------------------------------------------ listings

    async def list_tools(self, principal: Principal | None = None) -> list[dict[str, Any]]:
        who = principal or Principal.local()
        return [listing.tool_wire(s, self.prefix,
                                  with_output_schema=not self.policy.output_pipeline(s, who))
                for s in self.visible_tools(who)]

    async def list_resources(self, principal: Principal | None = None) -> list[dict[str, Any]]:
        who = principal or Principal.local()
        return [listing.resource_wire(s) for s in self.registry.resources()
                if self.policy.is_allowed(s, who)]

    async def list_resource_templates(self, principal: Principal | None = None) -> list[dict[str, Any]]:
        who = principal or Principal.local()
        return [listing.template_wire(s) for s in self.registry.templates()
                if self.policy.is_allowed(s, who)]

    async def list_prompts(self, principal: Principal | None = None) -> list[dict[str, Any]]:
        who = principal or Principal.local()
        return [listing.prompt_wire(s, self.prefix) for s in self.registry.prompts()
                if self.policy.is_allowed(s, who)]

    def visible_tools(self, principal: Principal) -> list[ToolSpec]:
        return [s for s in self.registry.tools() if self.policy.is_allowed(s, principal)]

    # ------------------------------------------------------------------ registration

    def tool(self, name: str | None = None, *, description: str | None = None,
             category: str = "general", sensitivity: str = "internal",
             capabilities: Iterable[str] = ("read_state",), tags: Iterable[str] = (),
             timeout_seconds: float | None = None, read_only: bool = True,
             destructive: bool = False, idempotent: bool = True, open_world: bool = False,
             output_schema: Mapping[str, Any] | None = None,
             title: str | None = None) -> Callable[[F], F]:
        """Register a tool; its arguments come from the handler's signature.

        Raises:
            ValueError: for a bad name, sensitivity or capability.
            TypeError: for a signature no caller could fill.
        """
        def decorate(fn: F) -> F:
            tool_name = _check_name(name or fn.__name__)
            shape = inspect_handler(fn, tool_name)
            sensitivity_rank(sensitivity)
            self.registry.add(ToolSpec(
                name=tool_name, handler=fn, description=description or _doc(fn),
                input_schema=shape.input_schema, output_schema=output_schema,
                arguments_model=shape.model, takes_ctx=shape.takes_ctx,
                single_model=shape.single_model, is_async=shape.is_async, category=category,
                sensitivity=sensitivity, capabilities=check_capabilities(tuple(capabilities)),  # type: ignore[arg-type]
                tags=tuple(tags), timeout_seconds=timeout_seconds, read_only=read_only,
                destructive=destructive, idempotent=idempotent, open_world=open_world, title=title))
            return fn

        return decorate

    def resource(self, uri: str, *, name: str | None = None, description: str | None = None,
                 mime_type: str = "application/json", category: str = "general",
                 sensitivity: str = "internal", capabilities: Iterable[str] = ("read_state",),
                 tags: Iterable[str] = (),
                 completions: Mapping[str, Callable[..., Any]] | None = None) -> Callable[[F], F]:
        """Register a resource, or a template when `uri` has `{var}` / `{+var}` parts.

        Raises:
            ValueError: when a template's variables and the handler's parameters disagree.
        """
        def decorate(fn: F) -> F:
            takes_ctx, is_async = call_shape(fn)
            common: dict[str, Any] = {
                "name": name or fn.__name__, "handler": fn, "description": description or _doc(fn),
                "mime_type": mime_type, "takes_ctx": takes_ctx, "is_async": is_async,
                "category": category, "sensitivity": sensitivity,
                "capabilities": check_capabilities(tuple(capabilities)), "tags": tuple(tags)}
            sensitivity_rank(sensitivity)
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
               tags: Iterable[str] = (), completions: Mapping[str, Callable[..., Any]] | None = None,
               title: str | None = None) -> Callable[[F], F]:
        """Register a prompt; arguments default to the handler's parameters (no default = required)."""
        def decorate(fn: F) -> F:
            takes_ctx, is_async = call_shape(fn)
            args = tuple(arguments) if arguments is not None else _prompt_arguments(fn, takes_ctx)
            sensitivity_rank(sensitivity)
            self.registry.add(PromptSpec(
                name=_check_name(name or fn.__name__), handler=fn, description=description or _doc(fn),
                arguments=args, takes_ctx=takes_ctx, is_async=is_async, category=category,
                sensitivity=sensitivity,  # type: ignore[arg-type]
                capabilities=check_capabilities(tuple(capabilities)), tags=tuple(tags),
                completions=dict(completions or {}), title=title))
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


def _dataset_items(datasets: Mapping[str, str | Path] | Sequence[str | Path] | None,
                   ) -> list[tuple[str | None, str | Path]]:
    if not datasets:
        return []
    if isinstance(datasets, Mapping):
        return list(datasets.items())
    if isinstance(datasets, str | Path):
        return [(None, datasets)]
    return [(None, p) for p in datasets]


def _check_name(name: str) -> str:
    if not _NAME.match(name):
        raise ValueError(f"name {name!r} must be 1-128 of A-Z a-z 0-9 _ . -")
    return name


def _doc(fn: Callable[..., Any]) -> str:
    return inspect.cleandoc(fn.__doc__ or "").split("\n\n")[0].replace("\n", " ")


def _check_params(fn: Callable[..., Any], names: list[str], takes_ctx: bool, uri: str) -> None:
    params = list(inspect.signature(fn).parameters)[1 if takes_ctx else 0:]
    if sorted(params) != sorted(names):
        raise ValueError(f"template {uri!r} has variables {names} but the handler takes {params}")


def _prompt_arguments(fn: Callable[..., Any], takes_ctx: bool) -> tuple[PromptArgument, ...]:
    params = list(inspect.signature(fn).parameters.values())[1 if takes_ctx else 0:]
    return tuple(PromptArgument(name=p.name, required=p.default is inspect.Parameter.empty)
                 for p in params)
