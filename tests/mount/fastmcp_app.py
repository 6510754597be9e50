"""A fastmcp app for the mount tests, built around one test's canaries and state directory."""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path

from fastmcp import FastMCP


def build(canary: dict[str, str], state: Path) -> FastMCP:
    app = FastMCP("fastmcp-canary")

    @app.tool
    def inventory() -> dict[str, str]:
        """Secrets and identifiers, structured and in free text."""
        return {"aws_secret_access_key": canary["aws_secret"], "github_token": canary["github_token"],
                "arn": canary["arn"], "account_id": canary["account_id"],
                "note": f"host {canary['hostname']} in {canary['account_id']} uses {canary['aws_secret']}"}

    @app.tool
    def lookup(arn: str, account_id: str) -> dict[str, str]:
        """Record what arrived and answer its hash."""
        text = json.dumps({"arn": arn, "account_id": account_id}, sort_keys=True)
        (state / "fastmcp-echo.json").write_text(text)
        return {"sha256": hashlib.sha256(text.encode()).hexdigest()}

    @app.tool
    async def wait(seconds: float) -> str:
        """Sleep; a cancel is written to the state directory."""
        (state / "started").write_text("1")
        try:
            await asyncio.sleep(seconds)
        except asyncio.CancelledError:
            (state / "cancelled").write_text("1")
            raise
        return "waited"

    @app.resource("vault://accounts/{account_id}")
    def account(account_id: str) -> str:
        return f"account {account_id} token {canary['github_token']}"

    return app
