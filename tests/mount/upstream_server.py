"""An upstream MCP server written with the official SDK, for the mount tests.

Run as `python upstream_server.py STATE_DIR [--http PORT]`: stdio by default, streamable HTTP on
127.0.0.1 with `--http`. `STATE_DIR/canaries.json` holds the secrets and identifiers its tools
return (generated per test, so nothing here is a fixed sample); what `echo` receives and the
cancels `slow` sees are written back into `STATE_DIR` for the test to read.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from mcp import MCPError, types
from mcp.server.mcpserver import Context, MCPServer

STATE = Path(sys.argv[1])
CANARY: dict[str, str] = json.loads((STATE / "canaries.json").read_text())
server = MCPServer("upstream-canary", version="1.0")


def _story() -> str:
    return (f"deploy role {CANARY['arn']} in account {CANARY['account_id']} on host "
            f"{CANARY['hostname']} with key {CANARY['aws_secret']} and token {CANARY['github_token']}")


@server.tool(description=f"Inventory of {CANARY['hostname']}, read with key {CANARY['aws_secret']}",
             title=f"Inventory of account {CANARY['account_id']}")
def canary() -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=_story())],
        structured_content={"aws_secret_access_key": CANARY["aws_secret"],
                            "github_token": CANARY["github_token"], "arn": CANARY["arn"],
                            "account_id": CANARY["account_id"], "hostname": CANARY["hostname"]},
        _meta={"trace": _story(), "cloudg/error_code": "spoofed"})


@server.tool()
def echo(arn: str, account_id: str, hostname: str) -> dict[str, object]:
    """Record exactly what arrived and answer its hash."""
    got = {"arn": arn, "account_id": account_id, "hostname": hostname}
    text = json.dumps(got, sort_keys=True)
    (STATE / "echo.json").write_text(text)
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "got": got}


@server.tool()
async def slow(seconds: float) -> str:
    """Sleep; a cancel is written to STATE_DIR/cancelled."""
    (STATE / "started").write_text("1")
    try:
        await asyncio.sleep(seconds)
    except asyncio.CancelledError:
        (STATE / "cancelled").write_text("1")
        raise
    return "slept"


@server.tool()
def credentials(ctx: Context) -> str:
    """Record the Authorization and X-Team headers this request carried (HTTP only)."""
    headers = ctx.headers or {}
    (STATE / "headers.json").write_text(json.dumps({k: headers.get(k) for k in
                                                    ("authorization", "x-team")}))
    return "recorded"


@server.tool()
def crash() -> str:
    """The process dies mid-call."""
    os._exit(3)


@server.tool()
def refuse() -> types.CallToolResult:
    """An `isError` result quoting a secret."""
    return types.CallToolResult(content=[types.TextContent(
        type="text", text=f"denied for {CANARY['arn']}: bad key {CANARY['aws_secret']}")], is_error=True)


@server.tool()
def explode() -> str:
    """A JSON-RPC error quoting a secret."""
    raise MCPError(-32050, f"backend down at {CANARY['hostname']} ({CANARY['github_token']})",
                   {"account": CANARY["account_id"]})


@server.resource("memo://about", mime_type="text/plain", description=f"About {CANARY['hostname']}")
def about() -> str:
    return _story()


@server.resource("memo://accounts/{account_id}", mime_type="application/json")
def account(account_id: str) -> dict[str, Any]:
    (STATE / "resource.json").write_text(json.dumps({"account_id": account_id}))
    return {"account_id": account_id, "owner_token": CANARY["github_token"]}


@server.prompt(description=f"Brief on {CANARY['arn']} (token {CANARY['github_token']})")
def brief(account_id: str) -> str:
    return f"Review account {account_id} ({CANARY['arn']}); key {CANARY['aws_secret']}"


if __name__ == "__main__":
    if "--http" in sys.argv:
        import uvicorn

        port = int(sys.argv[sys.argv.index("--http") + 1])
        uvicorn.run(server.streamable_http_app(host="127.0.0.1"), host="127.0.0.1", port=port,
                    log_level="warning")
    else:
        server.run()
