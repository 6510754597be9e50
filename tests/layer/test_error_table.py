"""Every kind routes every failure the way the one table (`errors.outcome`) says, and middleware
and the preview name failures from the same table."""

from __future__ import annotations

from typing import Any

import pytest

from cloudg_lab import Layer, ToolResult
from cloudg_lab.errors import (
    AccessDeniedError,
    InvalidArgumentsError,
    MCPLayerError,
    NotFoundError,
    RateLimitedError,
    ToolTimeoutError,
    error_code,
    failure_name,
    failure_name_of_code,
    outcome,
    protocol_code,
)
from cloudg_lab.middleware import outcomes
from cloudg_lab.types import META_PREFIX

ERRORS = [AccessDeniedError("no"), RateLimitedError("slow down", {"retry_after": 1.0}),
          InvalidArgumentsError("bad"), NotFoundError("gone"), ToolTimeoutError("late"),
          MCPLayerError("plain"), ValueError("boom"), KeyError("k")]


def raising_layer(error: BaseException) -> Layer:
    layer = Layer(policy="open", catalog=False)

    def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise error

    @layer.tool()
    def tool() -> str:
        return fail()

    @layer.resource("test://r")
    def resource() -> str:
        return fail()

    @layer.prompt()
    def prompt() -> str:
        return fail()

    layer.completion(argument="x", prompt="prompt")(lambda value, context_arguments: fail())
    return layer


async def observed(layer: Layer, kind: str) -> tuple[str, Any]:
    """(route, code) a caller sees for `kind`."""
    try:
        if kind == "tool":
            result = await layer.call_tool("tool")
            assert isinstance(result, ToolResult) and result.is_error
            return "error_result", result.meta[META_PREFIX + "error_code"]
        if kind == "resource":
            await layer.read_resource("test://r")
        elif kind == "prompt":
            await layer.get_prompt("prompt")
        else:
            ref = {"type": "ref/prompt", "name": "prompt"}
            values = await layer.complete(ref, {"name": "x", "value": ""})
            assert values == {"values": [], "total": 0, "hasMore": False}
            return "empty_result", None
    except MCPLayerError as exc:
        return "protocol_error", protocol_code(exc)
    raise AssertionError(f"{kind} neither failed nor answered empty")


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("kind", ["tool", "resource", "prompt", "completion"])
async def test_each_kind_routes_each_failure_as_the_table_says(kind, error):
    route, code = await observed(raising_layer(error), kind)
    assert route == outcome(kind, error)
    if route == "error_result":
        assert code == error_code(error)
    elif route == "protocol_error":
        assert code == protocol_code(error)


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
async def test_middleware_names_a_raised_failure_and_its_result_alike(error):
    result = await raising_layer(error).call_tool("tool")
    by_class, by_code = outcomes.of_error(error), outcomes.of_result(result)
    assert by_class == failure_name(error)
    assert by_code == failure_name_of_code(result.error_code)
    if not isinstance(error, NotFoundError):  # NotFoundError shares -32602 with refused arguments
        assert by_class == by_code
