"""SDK servers that serve a layer: a new one (`build_server`) or one a host already built
(`register_into`).

A fresh server gets the layer's handlers as its `on_*` constructor arguments. An existing
low-level `Server` or `MCPServer` keeps what it has: its own tools, resources and prompts stay,
come first in listings and win name clashes, and the layer serves everything else.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar

from mcp import types
from mcp.server import Server, ServerRequestContext

from cloudg_lab._version import __version__
from cloudg_lab.adapters import loglevels
from cloudg_lab.adapters.handlers import LayerHandlers
from cloudg_lab.adapters.served import ServedLayer
from cloudg_lab.types import PrincipalResolver, Transport

Ctx = ServerRequestContext[Any, Any]
Handler = Callable[[Ctx, Any], Awaitable[Any]]
S = TypeVar("S")
DEFAULT_NAME = "cloudg-lab"
INSTRUCTIONS = ("Cloud inventory tools behind a privacy policy. Identifiers may be pseudonyms: pass "
                "them back unchanged and tools resolve the real resources.")


def build_server(layer: ServedLayer, *, name: str = DEFAULT_NAME, version: str = __version__,
                 instructions: str | None = INSTRUCTIONS, transport: Transport = "memory",
                 principal_resolver: PrincipalResolver | None = None) -> Server[Any]:
    """A low-level SDK `Server` whose every handler delegates to `layer`; it serves
    `logging/setLevel` too, since handlers send log notifications (`loglevels`).

    Args:
        transport: what to record as the transport of requests that carry no HTTP request
            (`stdio` when served over stdio, `memory` for in-process clients).
        principal_resolver: tried before the layer's own resolvers.
    """
    handlers = LayerHandlers(layer, local_transport=transport, principal_resolver=principal_resolver)
    server: Server[Any] = Server(
        name, version=version, instructions=instructions,
        get_tool_input_schema=handlers.tool_input_schema,
        on_list_tools=handlers.list_tools, on_call_tool=handlers.call_tool,
        on_list_resources=handlers.list_resources,
        on_list_resource_templates=handlers.list_resource_templates,
        on_read_resource=handlers.read_resource, on_list_prompts=handlers.list_prompts,
        on_get_prompt=handlers.get_prompt, on_completion=handlers.complete)
    server.add_request_handler(loglevels.SET_LEVEL, types.SetLevelRequestParams, loglevels.set_level)
    return server


def register_into(layer: ServedLayer, server: S, *, transport: Transport = "memory",
                  principal_resolver: PrincipalResolver | None = None) -> S:
    """Serve `layer` through an existing SDK low-level `Server` or `MCPServer`; returns `server`.

    Call it after the host registered its own handlers. Methods the host does not serve get the
    layer's handler; methods it serves get a composite in which the host's entries come first.
    A host's own `logging/setLevel` is kept (its levels are then the host's business).

    Raises:
        TypeError: when `server` is neither a low-level `Server` nor an `MCPServer`.
    """
    lowlevel = _lowlevel(server)
    handlers = LayerHandlers(layer, local_transport=transport, principal_resolver=principal_resolver)
    host = {method: entry.handler for method, _, _ in handlers.table()
            if (entry := lowlevel.get_request_handler(method)) is not None}
    router = _Router(host, handlers)
    for method, params_type, ours in handlers.table():
        combined = router.handler(method) if method in host else ours
        lowlevel.add_request_handler(method, params_type, combined)
    if lowlevel.get_request_handler(loglevels.SET_LEVEL) is None:
        lowlevel.add_request_handler(loglevels.SET_LEVEL, types.SetLevelRequestParams, loglevels.set_level)
    return server


def _lowlevel(server: object) -> Server[Any]:
    if isinstance(server, Server):
        return server
    from mcp.server.mcpserver import MCPServer

    if isinstance(server, MCPServer):
        return server._lowlevel_server  # the SDK offers no public way to extend its handlers
    raise TypeError(f"register_into needs an mcp Server or MCPServer, not {type(server).__name__}")


class _Router:
    """Composite handlers: host listings first (host wins clashes), requests to their owner."""

    _LISTS: ClassVar[dict[str, tuple[str, str]]] = {
        "tools/list": ("tools", "name"), "resources/list": ("resources", "uri"),
        "resources/templates/list": ("resource_templates", "uri_template"),
        "prompts/list": ("prompts", "name")}

    def __init__(self, host: dict[str, Handler], ours: LayerHandlers) -> None:
        self.host = host
        self.ours = ours
        self._own: dict[str, Handler] = {m: h for m, _, h in ours.table()}

    def handler(self, method: str) -> Handler:
        if method in self._LISTS:
            return self._merged_listing(method)
        return self._routed(method)

    def _merged_listing(self, method: str) -> Handler:
        field, key = self._LISTS[method]

        async def merged(ctx: Ctx, params: Any) -> Any:
            host_result = await self.host[method](ctx, params)
            if params is not None and params.cursor:
                return host_result
            ours = await self._own[method](ctx, params)
            host_items = getattr(host_result, field)
            taken = {getattr(item, key) for item in host_items}
            extra = [item for item in getattr(ours, field) if getattr(item, key) not in taken]
            return host_result.model_copy(update={field: [*host_items, *extra]})

        return merged

    def _routed(self, method: str) -> Handler:
        async def routed(ctx: Ctx, params: Any) -> Any:
            target = self.host[method] if await self._host_owns(method, ctx, params) else self._own[method]
            return await target(ctx, params)

        return routed

    async def _host_owns(self, method: str, ctx: Ctx, params: Any) -> bool:
        if method == "tools/call":
            return params.name in await self._host_names(ctx, "tools/list")
        if method == "prompts/get":
            return params.name in await self._host_names(ctx, "prompts/list")
        if method == "resources/read":
            if params.uri in await self._host_names(ctx, "resources/list"):
                return True
            return not self._layer_knows_uri(params.uri)
        if method == "completion/complete":
            ref = params.ref
            if isinstance(ref, types.PromptReference):
                return ref.name in await self._host_names(ctx, "prompts/list")
            return self.ours.layer.registry.template(ref.uri) is None
        return False

    async def _host_names(self, ctx: Ctx, method: str) -> set[str]:
        handler = self.host.get(method)
        if handler is None:
            return set()
        field, key = self._LISTS[method]
        listed = await handler(ctx, None)
        return {str(getattr(item, key)) for item in getattr(listed, field)}

    def _layer_knows_uri(self, uri: str) -> bool:
        registry = self.ours.layer.registry
        return registry.resource(uri) is not None or next(registry.match_template(uri), None) is not None
