"""`ServedLayer`: the layer as the adapters see it, a protocol so they never import `Layer`.

`Layer.register_into` imports the SDK adapter when called; if the adapters imported `Layer` back,
the two would form an import cycle. They need only the request methods, the listings, the
registry (for the SDK's header check and a host's own entries) and the principal resolvers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from cloudg_lab.layer.context import ToolContext
from cloudg_lab.registry import Registry
from cloudg_lab.types import Principal, PrincipalResolver, PromptResult, ResourceContents, ToolResult


class ServedLayer(Protocol):
    """What a transport calls; `cloudg_lab.Layer` is one."""

    @property
    def prefix(self) -> str: ...

    @property
    def registry(self) -> Registry: ...

    @property
    def principal_resolvers(self) -> list[PrincipalResolver]: ...

    async def call_tool(self, name: str, arguments: object = None, *, principal: Principal | None = None,
                        context: ToolContext | None = None) -> ToolResult: ...

    async def read_resource(self, uri: str, *, principal: Principal | None = None,
                            context: ToolContext | None = None) -> list[ResourceContents]: ...

    async def get_prompt(self, name: str, arguments: object = None, *, principal: Principal | None = None,
                         context: ToolContext | None = None) -> PromptResult: ...

    async def complete(self, ref: Mapping[str, object], argument: Mapping[str, object], *,
                       principal: Principal | None = None,
                       context_arguments: Mapping[str, object] | None = None) -> dict[str, object]: ...

    async def list_tools(self, principal: Principal | None = None) -> list[dict[str, object]]: ...

    async def list_resources(self, principal: Principal | None = None) -> list[dict[str, object]]: ...

    async def list_resource_templates(self,
                                      principal: Principal | None = None) -> list[dict[str, object]]: ...

    async def list_prompts(self, principal: Principal | None = None) -> list[dict[str, object]]: ...
