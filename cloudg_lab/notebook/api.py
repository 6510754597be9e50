"""The async API: the `%mcp` requests as coroutines, for code the input transformer cannot reach.

Inside a `def`, a loop body or any library code, write `await cloudg_lab.acall("find_assets",
limit=5)`. Calls use the session's layer, policy and principal; `policy=` and `principal=`
override them for one call. Arguments whose names clash with those keywords go in `arguments=`.

Registering your own primitives from a notebook uses the same session:

    from cloudg_lab.notebook import tool

    @tool(category="demo")
    async def add(a: int, b: int) -> dict:
        return {"sum": a + b}

This module and the session import neither IPython nor ipywidgets.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Concatenate, Literal, ParamSpec, TypeVar

from cloudg_lab.notebook.display import CallResult, PromptView, ReadResult
from cloudg_lab.notebook.session import PrincipalLike, current
from cloudg_lab.registry.registrar import Registrar

P = ParamSpec("P")
R = TypeVar("R")


async def acall(tool: str, arguments: Mapping[str, object] | None = None, *,
                policy: str | None = None, principal: PrincipalLike = None,
                timeout: float | None = None,  # noqa: ASYNC109 (the tool's deadline)
                **kwargs: object) -> CallResult:
    """Call `tool` with `arguments` and keyword arguments merged; an isError result is returned.

    Raises:
        NotFoundError: for a tool that is unknown or hidden from the principal.
        PolicyError, ValueError: for a bad `policy`, `principal` or `timeout`.
    """
    return await current().call(tool, {**(arguments or {}), **kwargs}, policy=policy,
                                principal=principal, timeout=timeout)


async def aread(uri: str, *, policy: str | None = None,
                principal: PrincipalLike = None) -> ReadResult:
    """Read a resource or templated URI.

    Raises:
        MCPLayerError: for unknown, hidden, denied or failing reads.
        PolicyError, ValueError: for a bad `policy` or `principal`.
    """
    return await current().read(uri, policy=policy, principal=principal)


async def aprompt(name: str, arguments: Mapping[str, object] | None = None, *,
                  policy: str | None = None, principal: PrincipalLike = None,
                  **kwargs: object) -> PromptView:
    """Render prompt `name` with `arguments` and keyword arguments merged.

    Raises:
        MCPLayerError: for unknown, hidden, denied or failing prompts.
        PolicyError, ValueError: for a bad `policy` or `principal`.
    """
    return await current().prompt(name, {**(arguments or {}), **kwargs}, policy=policy,
                                  principal=principal)


async def acomplete(ref_kind: Literal["prompt", "template"], ref: str, argument: str,
                    partial: str = "", *, context: Mapping[str, object] | None = None,
                    policy: str | None = None, principal: PrincipalLike = None) -> list[str]:
    """Completion values for a prompt argument or a template variable.

    Raises:
        AccessDeniedError, RateLimitedError: when the policy refuses.
        PolicyError, ValueError: for a bad `policy` or `principal`.
    """
    found = await current().complete(ref_kind, ref, argument, partial, context=context,
                                     policy=policy, principal=principal)
    values = found["values"]
    return [str(v) for v in values] if isinstance(values, list) else []


def _on_the_session_layer(register: Callable[Concatenate[Registrar, P], R]) -> Callable[P, R]:
    """`register` (a `Registrar` method) called on the session's layer, with its own signature."""
    @functools.wraps(register)
    def on_layer(*args: P.args, **kwargs: P.kwargs) -> R:
        return register(current().layer, *args, **kwargs)

    return on_layer


tool = _on_the_session_layer(Registrar.tool)
"""Register a tool on the session's layer (same options as `Layer.tool`)."""
resource = _on_the_session_layer(Registrar.resource)
"""Register a resource or template on the session's layer (options as `Layer.resource`)."""
prompt = _on_the_session_layer(Registrar.prompt)
"""Register a prompt on the session's layer (options as `Layer.prompt`)."""
