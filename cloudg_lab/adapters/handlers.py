"""The eight SDK request handlers, each a thin call into one of the layer's methods.

A handler resolves the caller (`ContextFactory`), calls the layer and translates the outcome
through `results`. It holds no policy or privacy logic: a hidden tool, a denied call or a
pseudonym behave here exactly as they do in-process.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcp import types
from mcp.server import ServerRequestContext

from cloudg_lab.adapters import eras, results
from cloudg_lab.adapters.requests import ContextFactory
from cloudg_lab.adapters.served import ServedLayer
from cloudg_lab.layer.lookup import strip_prefix
from cloudg_lab.types import PrincipalResolver, Transport

Ctx = ServerRequestContext[Any, Any]
Paginated = types.PaginatedRequestParams | None


class LayerHandlers:
    """`on_*` handlers serving one layer; `table()` lists them with their SDK method names."""

    def __init__(self, layer: ServedLayer, *, local_transport: Transport = "memory",
                 principal_resolver: PrincipalResolver | None = None) -> None:
        self.layer = layer
        self.contexts = ContextFactory(layer, local_transport=local_transport,
                                       principal_resolver=principal_resolver)

    def table(self) -> list[tuple[str, type[Any], Any]]:
        """(method, params type, handler) for every request kind the layer serves."""
        return [
            ("tools/list", types.PaginatedRequestParams, self.list_tools),
            ("tools/call", types.CallToolRequestParams, self.call_tool),
            ("resources/list", types.PaginatedRequestParams, self.list_resources),
            ("resources/templates/list", types.PaginatedRequestParams, self.list_resource_templates),
            ("resources/read", types.ReadResourceRequestParams, self.read_resource),
            ("prompts/list", types.PaginatedRequestParams, self.list_prompts),
            ("prompts/get", types.GetPromptRequestParams, self.get_prompt),
            ("completion/complete", types.CompleteRequestParams, self.complete),
        ]

    def tool_input_schema(self, name: str) -> Mapping[str, object] | None:
        """For the SDK's `Mcp-Param-*` header check, which would otherwise list tools per call."""
        bare = strip_prefix(name, self.layer.prefix)
        spec = self.layer.registry.tool(bare) if bare is not None else None
        return dict(spec.input_schema) if spec is not None else None

    # ------------------------------------------------------------------ listings

    async def list_tools(self, ctx: Ctx, params: Paginated) -> types.ListToolsResult:
        results.single_page(params)
        who = self.contexts.listing_principal(ctx)
        return results.tools_result(
            await results.guarded("tools/list", lambda: self.layer.list_tools(who)))

    async def list_resources(self, ctx: Ctx, params: Paginated) -> types.ListResourcesResult:
        results.single_page(params)
        who = self.contexts.listing_principal(ctx)
        return results.resources_result(
            await results.guarded("resources/list", lambda: self.layer.list_resources(who)))

    async def list_resource_templates(self, ctx: Ctx, params: Paginated) -> types.ListResourceTemplatesResult:
        results.single_page(params)
        who = self.contexts.listing_principal(ctx)
        return results.templates_result(await results.guarded(
            "resources/templates/list", lambda: self.layer.list_resource_templates(who)))

    async def list_prompts(self, ctx: Ctx, params: Paginated) -> types.ListPromptsResult:
        results.single_page(params)
        who = self.contexts.listing_principal(ctx)
        return results.prompts_result(
            await results.guarded("prompts/list", lambda: self.layer.list_prompts(who)))

    # ------------------------------------------------------------------ requests

    async def call_tool(self, ctx: Ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        context = self.contexts.context(ctx)
        result = await results.guarded("tools/call", lambda: self.layer.call_tool(
            params.name, params.arguments, principal=context.principal, context=context))
        return results.tool_result(result)

    async def read_resource(self, ctx: Ctx,
                            params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        context = self.contexts.context(ctx)
        contents = await results.guarded("resources/read", lambda: self.layer.read_resource(
            params.uri, principal=context.principal, context=context),
            not_found_code=eras.resource_not_found(ctx.protocol_version))
        return results.read_result(contents)

    async def get_prompt(self, ctx: Ctx, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        context = self.contexts.context(ctx)
        prompt = await results.guarded("prompts/get", lambda: self.layer.get_prompt(
            params.name, params.arguments, principal=context.principal, context=context))
        return results.prompt_result(prompt)

    async def complete(self, ctx: Ctx, params: types.CompleteRequestParams) -> types.CompleteResult:
        who = self.contexts.listing_principal(ctx)
        ref = params.ref.model_dump(by_alias=True, exclude_none=True)
        argument = params.argument.model_dump(by_alias=True)
        known = params.context.arguments if params.context is not None else None
        values = await results.guarded("completion/complete", lambda: self.layer.complete(
            ref, argument, principal=who, context_arguments=known))
        return results.completion_result(values)
