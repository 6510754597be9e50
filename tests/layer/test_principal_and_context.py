"""Statements 1 and 2: who is calling, and what a handler can reach while it runs."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cloudg_lab import Principal, RequestInfo, ToolContext
from cloudg_lab.layer.principal import default_principal, resolve_principal
from cloudg_lab.types import OAuthToken


def test_an_auth_set_principal_wins_over_everything():
    chosen = Principal.parse("svc:ops")
    info = RequestInfo(transport="stdio", principal=chosen,
                       access_token=OAuthToken(client_id="app", scopes=("read",)))
    assert default_principal(info) is chosen


def test_an_oauth_token_gives_client_id_and_scopes_as_roles():
    info = RequestInfo(transport="http", access_token=OAuthToken(client_id="app-7", scopes=("read", "lead")))
    found = default_principal(info)
    assert found.id == "app-7" and found.roles == {"default", "read", "lead"}
    assert found.attributes["auth"] == "oauth"


@pytest.mark.parametrize("transport", ["stdio", "memory", "notebook", "python"])
def test_local_transports_resolve_to_the_local_user(transport):
    found = default_principal(RequestInfo(transport=transport))
    assert found.id == "local" and found.roles == {"default", "local"}


def test_http_without_auth_is_anonymous_whatever_the_client_calls_itself():
    info = RequestInfo(transport="http", client_info={"name": "admin", "version": "1"},
                       headers={"x-user": "admin"})
    found = default_principal(info)
    assert found.id == "anonymous" and found.roles == {"default"}


def test_custom_resolvers_run_first_and_fall_back_on_none_or_errors():
    def broken(info: RequestInfo) -> Principal | None:
        raise RuntimeError("resolver bug")

    def abstain(info: RequestInfo) -> Principal | None:
        return None

    def by_header(info: RequestInfo) -> Principal | None:
        user = info.header("X-Team-User")
        return Principal.parse(user) if user else None

    info = RequestInfo(transport="http", headers={"x-team-user": "dana:analyst"})
    assert resolve_principal(info, [broken, abstain, by_header]).label() == "dana:analyst"
    assert resolve_principal(RequestInfo(transport="http"), [broken, abstain, by_header]).id == "anonymous"


def test_request_info_reads_headers_case_insensitively():
    info = RequestInfo(transport="http", headers={"authorization": "Bearer t0k3n"}, session_id="s1")
    assert info.header("Authorization") == "Bearer t0k3n" and info.header("AUTHORIZATION") == "Bearer t0k3n"
    assert RequestInfo(headers={}).header("Authorization") is None


@pytest.mark.parametrize(("spec", "ident", "roles"), [
    ("alice", "alice", {"default"}),
    ("alice:analyst,lead", "alice", {"default", "analyst", "lead"}),
    (" bob : ops ", "bob", {"default", "ops"}),
])
def test_principal_parse(spec, ident, roles):
    found = Principal.parse(spec)
    assert (found.id, found.roles) == (ident, roles)


@pytest.mark.parametrize("bad", ["", ":admin", "alice:a,,b"])
def test_principal_parse_refuses_malformed_specs(bad):
    with pytest.raises(ValueError):
        Principal.parse(bad)


async def test_progress_reaches_the_callback_and_non_increasing_values_are_dropped(make_layer):
    sent: list[tuple[float, Any, Any]] = []

    async def progress(p: float, total: float | None, message: str | None) -> None:
        sent.append((p, total, message))

    layer = make_layer()

    @layer.tool()
    async def work(ctx: ToolContext) -> str:
        for value in (1, 2, 2, 1, 3):
            await ctx.report_progress(value, 3, f"step {value}")
        return "done"

    await layer.call_tool("work", context=ToolContext(progress=progress))
    assert sent == [(1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]


async def test_progress_from_a_worker_thread_arrives_on_the_loop(make_layer):
    arrived = asyncio.Event()
    sent: list[float] = []

    async def progress(p: float, total: float | None, message: str | None) -> None:
        sent.append(p)
        arrived.set()

    layer = make_layer()

    @layer.tool()
    def work(ctx: ToolContext) -> str:
        ctx.report_progress_sync(0.5, 1.0)
        return "done"

    await layer.call_tool("work", context=ToolContext(progress=progress))
    await asyncio.wait_for(arrived.wait(), 5)
    assert sent == [0.5]


async def test_log_and_progress_text_pass_the_output_pipeline(make_layer):
    logged: list[tuple[str, Any, str]] = []
    sent: list[Any] = []

    async def log(level: str, data: Any, logger: str) -> None:
        logged.append((level, data, logger))

    async def progress(p: float, total: float | None, message: str | None) -> None:
        sent.append(message)

    layer = make_layer({"name": "shout", "transforms": [{"type": "shout"}]})

    @layer.tool()
    async def chatty(ctx: ToolContext) -> str:
        await ctx.log("info", {"note": "a canary inside"})
        await ctx.report_progress(1, None, "canary step")
        return "ok"

    await layer.call_tool("chatty", context=ToolContext(log=log, progress=progress))
    assert logged == [("info", {"note": "A CANARY INSIDE"}, "cloudg_lab")]
    assert sent == ["CANARY STEP"]


async def test_a_handler_can_poll_its_deadline(make_layer):
    layer = make_layer(default_timeout=30)
    seen: dict[str, Any] = {}

    @layer.tool()
    async def look(ctx: ToolContext) -> str:
        seen["remaining"] = ctx.remaining()
        seen["cancelled"] = ctx.cancelled
        ctx.check_cancelled()
        return "ok"

    await layer.call_tool("look")
    assert 0 < seen["remaining"] <= 30 and seen["cancelled"] is False


async def test_the_context_principal_is_used_when_no_principal_is_given(make_layer):
    layer = make_layer()
    seen: list[str] = []

    @layer.tool()
    async def whoami(ctx: ToolContext) -> str:
        seen.append(ctx.principal.label())
        return "ok"

    await layer.call_tool("whoami", context=ToolContext(principal=Principal.parse("zed:ops")))
    await layer.call_tool("whoami")
    assert seen == ["zed:ops", "local:local"]
