"""`cloudg-lab serve --mount NAME=CMD_OR_URL`: the CLI as a privacy gateway, through a real client."""

from __future__ import annotations

import os
import shlex
import sys

import pytest
from canaries import leaks
from mcp import Client, StdioServerParameters
from mountkit import stdio_command

from cloudg_lab.cli import main


def gateway(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "cloudg_lab", "serve", *args],
                                 env={**os.environ, "CLOUDG_LAB_VAULT_KEY": "mount-cli-test-key"})


async def test_serve_mount_puts_strict_in_front_of_a_stdio_server(canary, state):
    params = gateway("--policy", "strict", "--mount", f"up={shlex.join(stdio_command(state))}",
                     "--mount", "up2=" + shlex.join(stdio_command(state)))
    async with Client(params) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        shown = await client.call_tool("up_canary", {})
        assert shown.structured_content is not None
        echoed = await client.call_tool("up2_echo", {k: shown.structured_content[k]
                                                     for k in ("arn", "account_id", "hostname")})
    assert {"up_canary", "up_echo", "up2_canary", "find_assets"} <= names  # beside the catalog
    assert leaks(shown.model_dump(mode="json"), canary) == []
    assert leaks(echoed.model_dump(mode="json"), canary) == []
    assert (state / "echo.json").read_text().count(canary["account_id"]) == 2  # real, in arn too


def test_a_bad_mount_is_a_usage_error_before_serving(capsys: pytest.CaptureFixture[str]):
    for value, message in (("no-equals-sign", "--mount expects NAME=CMD_OR_URL"),
                           ("bad_name=true", "--mount bad_name: mount name"),
                           (f"up={sys.executable} -c pass", "--mount up: Upstream up could not be reached")):
        assert main(["serve", "--policy", "strict", "--mount", value]) == 2
        assert f"Error: {message}" in capsys.readouterr().err
