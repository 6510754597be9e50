"""The edge of the lifecycle: the `mcp` SDK on one side, the layer's four methods on the other.

This package is the only place that imports `mcp`, starlette, uvicorn or httpx2. An SDK request
becomes a `RequestInfo` and a `ToolContext` (`requests`), goes to `Layer.call_tool`,
`read_resource`, `get_prompt` or `complete` (`handlers`), and its outcome goes back through one
table (`results`). `sdk` builds or extends SDK servers; `stdio` and `http` serve them, `tokens` and
`auth` turn bearer tokens into principals for HTTP.
"""

from __future__ import annotations

from cloudg_lab.adapters.http import HttpEndpoint
from cloudg_lab.adapters.sdk import build_server, register_into
from cloudg_lab.adapters.stdio import serve_stdio
from cloudg_lab.adapters.tokens import TokenTable

__all__ = ["HttpEndpoint", "TokenTable", "build_server", "register_into", "serve_stdio"]
