"""`Layer`: the one object transports, the CLI and the notebook talk to.

It holds a policy and the `Services` the composition root (`layer.compose`) built, registers
primitives (it is a `Registrar`), and runs the four request kinds through the `Lifecycle` it
owns (`layer.lifecycle`), which gets those parts and never the layer.
`with_policy` gives a sibling with another policy over the same registry, workspace, vault and
middleware, which is how the notebook previews one call under several profiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, Unpack

from cloudg_lab.data.workspace import Workspace
from cloudg_lab.layer import compose, lifecycle
from cloudg_lab.layer.chain import Terminal
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.layer.port import LayerPort
from cloudg_lab.layer.principal import resolve_principal
from cloudg_lab.layer.services import Services, Settings
from cloudg_lab.layer.workers import DEFAULT_LIMIT, WorkerSlots
from cloudg_lab.policy import Policy
from cloudg_lab.policy.audit import AuditLog
from cloudg_lab.policy.policy import PolicySource
from cloudg_lab.privacy.vault import Vault
from cloudg_lab.registry import Registry, ToolSpec
from cloudg_lab.registry.registrar import Registrar
from cloudg_lab.types import (
    Middleware,
    Principal,
    PrincipalResolver,
    PromptResult,
    RequestInfo,
    ResourceContents,
    ToolResult,
    Transport,
    identifier_pattern,
)

if TYPE_CHECKING:  # the adapters' types for the two doors below (they import the adapters on call)
    from cloudg_lab.adapters.mount import Mounted, MountOptions, Upstream

S = TypeVar("S")
_PREFIX = identifier_pattern(64, 0)
DEFAULT_POLICY_ENV = compose.DEFAULT_POLICY_ENV


class Layer(Registrar):
    """Policy and privacy in front of every tool, resource, prompt and completion."""

    def __init__(self, policy: PolicySource | None = None,
                 datasets: Mapping[str, str | Path] | Sequence[str | Path] | None = None, *,
                 prefix: str = "", default_timeout: float | None = 300.0,
                 max_output_chars: int = 200_000, middleware: Iterable[Middleware] = (),
                 allowed_roots: Sequence[str | Path] | None = None, vault_key: str | bytes | None = None,
                 catalog: bool = True, principal_resolvers: Iterable[PrincipalResolver] = (),
                 registry: Registry | None = None, workspace: Workspace | None = None,
                 threads_per_principal: int = DEFAULT_LIMIT) -> None:
        """Build a layer.

        Args:
            policy: profile name, YAML/JSON path or text, dict or `Policy`; default from
                `$CLOUDG_LAB_POLICY`, else `standard`.
            datasets: inventory files to load now, by name (`{"prod": path}`) or as a list.
            default_timeout: seconds a tool may run unless its spec or the call says otherwise.
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
        loaded = compose.load_policy(policy)
        services = compose.build_services(loaded, registry=registry, workspace=workspace,
                                          allowed_roots=allowed_roots, vault_key=vault_key)
        settings = Settings(prefix=prefix, max_output_chars=max_output_chars,
                            workers=WorkerSlots(threads_per_principal),
                            principal_resolvers=list(principal_resolvers))
        self._install(compose.bind(loaded, services), services, settings, list(middleware),
                      default_timeout)
        if catalog and registry is None:
            compose.install_catalog(services.registry)
        for name, path in _dataset_items(datasets):
            self.workspace.load(path, name=name)

    def _install(self, policy: Policy, services: Services, settings: Settings,
                 middleware: list[Middleware], default_timeout: float | None) -> None:
        Registrar.__init__(self, services.registry)
        self.policy = policy
        self.services = services
        self.port = LayerPort(policy, services, settings.prefix)
        self.lifecycle = lifecycle.Lifecycle(policy, services, settings, self.port,
                                             middleware=middleware, default_timeout=default_timeout)
        self.workspace: Workspace = services.workspace
        self.vault: Vault = services.vault
        self.audit_log: AuditLog = services.audit
        self.prefix: str = settings.prefix
        self.max_output_chars: int = settings.max_output_chars
        self.workers: WorkerSlots = settings.workers
        self.principal_resolvers: list[PrincipalResolver] = settings.principal_resolvers
        self._settings = settings

    @classmethod
    def _assembled(cls, policy: Policy, services: Services, settings: Settings,
                   middleware: list[Middleware], default_timeout: float | None) -> Layer:
        layer = cls.__new__(cls)
        layer._install(policy, services, settings, middleware, default_timeout)
        return layer

    def with_policy(self, policy: PolicySource) -> Layer:
        """A sibling layer: same registry, workspace, vault and middleware; another policy, with
        its own audit and rate-limit buckets.

        Raises:
            PolicyError: for an invalid policy.
        """
        chosen = compose.load_policy(policy)
        services = replace(self.services, audit=chosen.audit, limiter=chosen.rate_limiter)
        return Layer._assembled(compose.bind(chosen, services), services, self._settings,
                                list(self.lifecycle.middleware), self.default_timeout)

    # ------------------------------------------------------------------ parts

    @property
    def default_timeout(self) -> float | None:
        """Seconds a tool may run unless its spec or the call says otherwise (None: no limit)."""
        return self.lifecycle.default_timeout

    @default_timeout.setter
    def default_timeout(self, seconds: float | None) -> None:
        self.lifecycle.default_timeout = seconds

    @property
    def middleware(self) -> tuple[Middleware, ...]:
        return self.lifecycle.middleware

    def use(self, middleware: Middleware) -> None:
        """Append `middleware` innermost (closest to the policy check)."""
        self.lifecycle.use(middleware)

    def chain(self, kind: str) -> Terminal:
        """The composed middleware chain ending in `kind`'s terminal stage."""
        return self.lifecycle.chain(kind)

    def register_into(self, server: S, *, transport: Transport = "memory",
                      principal_resolver: PrincipalResolver | None = None) -> S:
        """Serve this layer through an `mcp` SDK low-level `Server` or an `MCPServer`."""
        from cloudg_lab.adapters.sdk import register_into

        return register_into(self, server, transport=transport, principal_resolver=principal_resolver)

    async def mount(self, name: str, upstream: Upstream, **options: Unpack[MountOptions]) -> Mounted:
        """Put this layer in front of an MCP server: its tools and prompts become `NAME_*`, its
        resources `NAME+URI`, all under this layer's policy (`adapters.mount.mount`).

        Raises:
            ValueError: for a bad or taken name or upstream description.
            UpstreamError: when the upstream cannot be reached.
        """
        from cloudg_lab.adapters.mount import mount

        return await mount(self, name, upstream, **options)

    async def unmount(self, name: str) -> None:
        """Remove a mounted upstream's primitives and close its connection.

        Raises:
            KeyError: when nothing is mounted as `name`.
        """
        from cloudg_lab.adapters.mount import unmount

        await unmount(self, name)

    def resolve_principal(self, info: RequestInfo) -> Principal:
        return resolve_principal(info, self.principal_resolvers)

    # ------------------------------------------------------------------ requests

    async def call_tool(self, name: str, arguments: object = None, *, principal: Principal | None = None,
                        context: ToolContext | None = None,
                        timeout_seconds: float | None = None) -> ToolResult:
        """Call a tool; every failure but an unknown or hidden name is an `isError` result.

        Args:
            timeout_seconds: seconds for this call in place of the layer's default (a tool's own
                `timeout_seconds` still comes first, as it does over the default).

        Raises:
            NotFoundError: `Unknown tool: NAME` (JSON-RPC -32602).
        """
        return await self.lifecycle.call_tool(name, arguments, self._who(principal, context),
                                              context, timeout_seconds=timeout_seconds)

    async def read_resource(self, uri: str, *, principal: Principal | None = None,
                            context: ToolContext | None = None) -> list[ResourceContents]:
        """Read a resource or template URI.

        Raises:
            MCPLayerError: every failure, as a protocol error.
        """
        return await self.lifecycle.read_resource(uri, self._who(principal, context), context)

    async def get_prompt(self, name: str, arguments: object = None, *, principal: Principal | None = None,
                         context: ToolContext | None = None) -> PromptResult:
        """Render a prompt.

        Raises:
            MCPLayerError: every failure, as a protocol error.
        """
        return await self.lifecycle.get_prompt(name, arguments, self._who(principal, context),
                                               context)

    async def complete(self, ref: Mapping[str, object], argument: Mapping[str, object], *,
                       principal: Principal | None = None,
                       context_arguments: Mapping[str, object] | None = None) -> dict[str, object]:
        """Complete a prompt argument or template variable: `{"values", "total", "hasMore"}`.

        Raises:
            AccessDeniedError, RateLimitedError: when the policy refuses; nothing else raises.
        """
        return await self.lifecycle.complete(
            dict(ref) if isinstance(ref, Mapping) else ref,
            dict(argument) if isinstance(argument, Mapping) else argument,
            principal or Principal.local(), context_arguments)

    def _who(self, principal: Principal | None, context: ToolContext | None) -> Principal:
        if principal is not None:
            return principal
        return context.principal if context is not None else Principal.local()

    # ------------------------------------------------------------------ listings

    async def list_tools(self, principal: Principal | None = None) -> list[dict[str, object]]:
        return await self.port.listed("tools", principal or Principal.local())

    async def list_resources(self, principal: Principal | None = None) -> list[dict[str, object]]:
        return await self.port.listed("resources", principal or Principal.local())

    async def list_resource_templates(self, principal: Principal | None = None) -> list[dict[str, object]]:
        return await self.port.listed("resource_templates", principal or Principal.local())

    async def list_prompts(self, principal: Principal | None = None) -> list[dict[str, object]]:
        return await self.port.listed("prompts", principal or Principal.local())

    def visible_tools(self, principal: Principal) -> list[ToolSpec]:
        return self.port.visible_tools(principal)


def _dataset_items(datasets: Mapping[str, str | Path] | Sequence[str | Path] | None,
                   ) -> list[tuple[str | None, str | Path]]:
    if not datasets:
        return []
    if isinstance(datasets, Mapping):
        return list(datasets.items())
    if isinstance(datasets, str | Path):
        return [(None, datasets)]
    return [(None, p) for p in datasets]
