"""The layer every wire test serves, in-process or in a stdio subprocess.

It registers its own small primitives (no catalog), so the suite checks the wire and nothing else:
a tool that adds, one the policy denies, one with a tight rate limit, a slow one with a short
timeout, one that blocks until released, a resource, a template, a prompt with completions, and a
pair of tools for the pseudonym round trip under `strict`. Run as a script it serves the layer on
stdio: `python testlayer.py '<policy as JSON or a profile name>'`.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from cloudg_lab import Layer, ToolContext

ACCOUNT = "123456789012"
ARN = f"arn:aws:iam::{ACCOUNT}:role/BillingAdmin"
SUM_SCHEMA = {"type": "object", "properties": {"sum": {"type": "integer"}}, "required": ["sum"]}
TIMEOUT_S = 0.2
LOG_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")

WIRE_POLICY: dict[str, Any] = {
    "name": "wire-test",
    "hide_denied": False,
    "audit": True,
    "audit_size": 5000,
    "deny_tools": ["forbidden"],
    "deny_prompts": ["restricted"],
    "rate_limits": [{"rate": 1, "per": "hour", "burst": 1, "scope": "principal_tool",
                     "tools": ["limited"], "kinds": ["tool"]}],
}

ROLES_POLICY: dict[str, Any] = {
    "name": "roles-test",
    "allow_tools": ["whoami"],
    "roles": {"analyst": {"name": "analysts", "allow_tools": ["add", "whoami"]}},
}


class Gate:
    """Lets a test see that `block` started and decide when it may finish (in-process only)."""

    started: asyncio.Event | None = None
    release: asyncio.Event | None = None

    @classmethod
    def arm(cls) -> None:
        cls.started, cls.release = asyncio.Event(), asyncio.Event()


def build_layer(policy: Any = None, **options: Any) -> Layer:
    layer = Layer(policy=WIRE_POLICY if policy is None else policy, catalog=False, **options)

    @layer.tool(output_schema=SUM_SCHEMA)
    async def add(ctx: ToolContext, a: int, b: int) -> dict[str, int]:
        """Add two integers."""
        await ctx.report_progress(1, 2, "adding")
        await ctx.log("info", "added")
        return {"sum": a + b}

    @layer.tool()
    async def forbidden() -> str:
        """Denied by the wire-test policy, but listed (hide_denied: false)."""
        return "never"

    @layer.tool()
    async def limited() -> str:
        """One call per hour."""
        return "once"

    @layer.tool(timeout_seconds=TIMEOUT_S)
    async def slow(seconds: float) -> str:
        """Sleeps; its timeout is 0.2 s."""
        await asyncio.sleep(seconds)
        return "done"

    @layer.tool()
    async def block() -> str:
        """Waits until the test releases it."""
        if Gate.started is None or Gate.release is None:
            return "no gate"
        Gate.started.set()
        await Gate.release.wait()
        return "released"

    @layer.tool()
    def noisy() -> str:
        """Prints to stdout, as careless handlers do; over stdio that must not reach the wire."""
        print("stray output from a handler")
        return "quiet"

    @layer.tool()
    async def chatter(ctx: ToolContext) -> str:
        """Logs one message at every level, so a test sees which levels reach the client."""
        for level in LOG_LEVELS:
            await ctx.log(level, f"at {level}")
        return "said"

    @layer.tool()
    async def whoami(ctx: ToolContext) -> dict[str, Any]:
        """The caller as the layer sees it."""
        client = ctx.request.client_info or {}
        return {"id": ctx.principal.id, "roles": sorted(ctx.principal.roles),
                "transport": ctx.request.transport, "client": client.get("name")}

    @layer.tool(sensitivity="confidential")
    async def account_owner(ctx: ToolContext) -> dict[str, str]:
        """An identifier strict pseudonymizes, in the result, the progress text and the log."""
        await ctx.report_progress(1, 1, f"found {ARN}")
        await ctx.log("info", {"account_id": ACCOUNT})
        return {"account_id": ACCOUNT, "arn": ARN}

    @layer.tool(sensitivity="confidential")
    async def is_real_account(account_id: str) -> dict[str, bool]:
        """Whether the handler received the real account id."""
        return {"real": account_id == ACCOUNT}

    @layer.resource("test://info", name="info", mime_type="text/plain")
    def info() -> str:
        """A plain text resource."""
        return "wire test layer"

    @layer.resource("memo://{name}", name="memo", mime_type="text/plain")
    def memo(name: str) -> str:
        """A templated resource."""
        return f"memo for {name}"

    @layer.resource("broken://disk", name="broken", mime_type="text/plain")
    def broken() -> str:
        """Fails the way a bug would."""
        raise RuntimeError("disk on fire")

    @layer.prompt(completions={"who": _names})
    def greet(who: str) -> str:
        """Greets someone."""
        return f"Say hello to {who}."

    @layer.prompt(completions={"who": _names})
    def restricted(who: str) -> str:
        """Denied by the wire-test policy, but listed."""
        return f"Whisper to {who}."

    return layer


def _names(value: str, context_arguments: dict[str, Any]) -> list[str]:
    return [n for n in ("albert", "alice", "bob") if n.startswith(value)]


def _policy_from_argv(text: str) -> Any:
    return json.loads(text) if text.startswith("{") else text


if __name__ == "__main__":
    from cloudg_lab.adapters import serve_stdio

    asyncio.run(serve_stdio(build_layer(_policy_from_argv(sys.argv[1]) if len(sys.argv) > 1 else None)))
