"""The one table from the layer's outcomes to SDK results and JSON-RPC errors.

| layer outcome                         | SDK answer                                          |
|---------------------------------------|-----------------------------------------------------|
| `ToolResult` (success or `isError`)   | `CallToolResult`, field by field (`codec`)          |
| resource contents                     | `ReadResourceResult`                                |
| `PromptResult`                        | `GetPromptResult`                                   |
| completion values                     | `CompleteResult`                                    |
| listing dicts                         | `ListToolsResult` and the three other listings      |
| `MCPLayerError` raised                | `MCPError(protocol_code(error), message, data)`     |
| `NotFoundError` from a resource read  | the same, with the era's code (`eras`)              |
| a cursor sent to a listing            | `MCPError(-32602, "Invalid cursor: ...")`           |
| any other exception                   | logged with traceback; `MCPError(-32603, "Internal error")` |

The layer raises only `NotFoundError` for tools, any error for resources and prompts, and only
policy refusals for completions.

Where a layer error surfaces is decided by the layer (`cloudg_lab.errors.outcome`); this module
only translates, so no transport can disagree with another. A raw exception never reaches the SDK:
the handshake era would send its text to the client.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from mcp import MCPError, types

from cloudg_lab.adapters import codec, eras
from cloudg_lab.errors import MCPLayerError, NotFoundError, protocol_code
from cloudg_lab.logs import log_failure

T = TypeVar("T")
INTERNAL_ERROR = -32603
_log = logging.getLogger("cloudg_lab.adapters")


def protocol_error(error: MCPLayerError, *, not_found_code: int | None = None) -> MCPError:
    """The JSON-RPC error a layer error becomes (its message and data already scrubbed).

    `not_found_code` replaces the code of a `NotFoundError` where the era wants its own.
    """
    if not_found_code is not None and isinstance(error, NotFoundError):
        return MCPError(not_found_code, error.message, error.data)
    return MCPError(protocol_code(error), error.message, error.data)


async def guarded(label: str, call: Callable[[], Awaitable[T]], *, not_found_code: int | None = None) -> T:
    """Run a layer call; layer errors become `MCPError`, anything else a masked internal error.

    Raises:
        MCPError: for every failure, never anything else.
    """
    try:
        return await call()
    except MCPError:
        raise
    except MCPLayerError as exc:
        raise protocol_error(exc, not_found_code=not_found_code) from None
    except Exception as exc:
        log_failure(_log, label, exc)
        raise MCPError(INTERNAL_ERROR, "Internal error") from None


def single_page(params: types.PaginatedRequestParams | None) -> None:
    """Our listings come in one page and issue no cursor, so any cursor is one we never issued.

    Raises:
        MCPError: -32602 (invalid params, in every era) for any cursor.
    """
    if params is not None and params.cursor is not None:
        raise MCPError(eras.INVALID_PARAMS, "Invalid cursor: this listing has a single page")


tool_result = codec.tool_result
read_result = codec.read_result
prompt_result = codec.prompt_result


def completion_result(values: dict[str, object]) -> types.CompleteResult:
    return types.CompleteResult(completion=types.Completion.model_validate(values))


def tools_result(items: list[dict[str, object]]) -> types.ListToolsResult:
    return types.ListToolsResult.model_validate({"tools": items})


def resources_result(items: list[dict[str, object]]) -> types.ListResourcesResult:
    return types.ListResourcesResult.model_validate({"resources": items})


def templates_result(items: list[dict[str, object]]) -> types.ListResourceTemplatesResult:
    return types.ListResourceTemplatesResult.model_validate({"resourceTemplates": items})


def prompts_result(items: list[dict[str, object]]) -> types.ListPromptsResult:
    return types.ListPromptsResult.model_validate({"prompts": items})
