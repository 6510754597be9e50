"""The outcome table of `cloudg_lab.adapters.results`: nothing raw ever reaches the SDK."""

from __future__ import annotations

import logging

import pytest
from mcp import MCPError

from cloudg_lab import AccessDeniedError, NotFoundError, ToolResult, ToolTimeoutError
from cloudg_lab.adapters import results


async def _raise(error: BaseException) -> None:
    raise error


@pytest.mark.parametrize(("error", "code", "message", "data"), [
    (NotFoundError("Unknown tool: x"), -32602, "Unknown tool: x", None),
    (AccessDeniedError("Access denied", {"reason": "r"}), -31001, "Access denied", {"reason": "r"}),
    (ToolTimeoutError("Tool t timed out"), -32603, "Tool t timed out", None),
])
async def test_layer_errors_become_json_rpc_errors_with_their_code_and_data(error, code, message, data):
    with pytest.raises(MCPError) as caught:
        await results.guarded("test", lambda: _raise(error))
    assert (caught.value.code, caught.value.message, caught.value.data) == (code, message, data)


async def test_an_unexpected_exception_is_logged_and_masked(caplog):
    detail = "-".join(("internal", "detail"))  # built at run time: absent from the source lines logged
    with caplog.at_level(logging.ERROR, "cloudg_lab.adapters"), pytest.raises(MCPError) as caught:
        await results.guarded("tools/call", lambda: _raise(KeyError(detail)))
    assert (caught.value.code, caught.value.message, caught.value.data) == (-32603, "Internal error", None)
    assert "tools/call failed with KeyError" in caplog.text and "test_results.py" in caplog.text
    assert detail not in caplog.text  # messages can hold values the policy hides; only frames are logged


def test_a_tool_result_keeps_its_meta_and_error_flag():
    wire = results.tool_result(ToolResult(structured={"a": 1}, is_error=True,
                                          meta={"cloudg/error_code": "timeout"}))
    assert (wire.is_error, wire.structured_content, wire.meta) == (True, {"a": 1},
                                                                  {"cloudg/error_code": "timeout"})
