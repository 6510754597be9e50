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

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar

from cloudg_lab.notebook.display import CallResult, PromptView, ReadResult
from cloudg_lab.notebook.session import PrincipalLike, current

F = TypeVar("F", bound=Callable[..., Any])


async def acall(tool: str, arguments: Mapping[str, Any] | None = None, *,
                policy: str | None = None, principal: PrincipalLike = None,
                timeout: float | None = None,  # noqa: ASYNC109 (the tool's deadline)
                **kwargs: Any) -> CallResult:
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


async def aprompt(name: str, arguments: Mapping[str, Any] | None = None, *,
                  policy: str | None = None, principal: PrincipalLike = None,
                  **kwargs: Any) -> PromptView:
    """Render prompt `name` with `arguments` and keyword arguments merged.

    Raises:
        MCPLayerError: for unknown, hidden, denied or failing prompts.
        PolicyError, ValueError: for a bad `policy` or `principal`.
    """
    return await current().prompt(name, {**(arguments or {}), **kwargs}, policy=policy,
                                  principal=principal)


async def acomplete(ref_kind: Literal["prompt", "template"], ref: str, argument: str,
                    partial: str = "", *, context: Mapping[str, Any] | None = None,
                    policy: str | None = None, principal: PrincipalLike = None) -> list[str]:
    """Completion values for a prompt argument or a template variable.

    Raises:
        AccessDeniedError, RateLimitedError: when the policy refuses.
        PolicyError, ValueError: for a bad `policy` or `principal`.
    """
    found = await current().complete(ref_kind, ref, argument, partial, context=context,
                                     policy=policy, principal=principal)
    return list(found["values"])


def tool(name: str | None = None, **options: Any) -> Callable[[F], F]:
    """Register a tool on the session's layer (same options as `Layer.tool`).

    Raises:
        ValueError, TypeError: for a bad name, option or handler signature.
    """
    return current().layer.tool(name, **options)


def resource(uri: str, **options: Any) -> Callable[[F], F]:
    """Register a resource or template on the session's layer (options as `Layer.resource`).

    Raises:
        ValueError: when a template's variables and the handler's parameters disagree.
    """
    return current().layer.resource(uri, **options)


def prompt(name: str | None = None, **options: Any) -> Callable[[F], F]:
    """Register a prompt on the session's layer (options as `Layer.prompt`)."""
    return current().layer.prompt(name, **options)
