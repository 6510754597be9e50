"""The real `cloudg-lab` entry point, run in a subprocess: output, exit codes, serving."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from cloudg_lab import __version__
from cloudg_lab.data import SAMPLE_PATH

CLI = str(Path(sys.executable).parent / "cloudg-lab")
OPEN = ["--policy", "open"]
WAIT = 60.0
ROLE_POLICY = """\
name: cli-roles
allow_tools: [list_datasets]
roles:
  analyst:
    name: analysts
    allow_tools: [find_assets]
"""


def run(*args: str, env: dict[str, str] | None = None,
        stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=WAIT, input=stdin,
                          env={**os.environ, **(env or {})}, check=False)


def test_tools_lists_a_table_or_the_exact_wire_json():
    table = run("tools", *OPEN)
    wire = run("tools", "--json", *OPEN)
    assert table.returncode == wire.returncode == 0
    assert table.stdout.splitlines()[0].split() == ["name", "category", "sensitivity", "description"]
    names = [t["name"] for t in json.loads(wire.stdout)]
    assert "find_assets" in names and all(re.search(rf"^{n}\s", table.stdout, re.M) for n in names)


def test_call_prints_structured_content_and_raw_prints_the_wire_result():
    arguments = json.dumps({"limit": 2, "fields": ["name", "type"]})
    plain = run("call", "find_assets", "--args", arguments, *OPEN)
    raw = run("call", "find_assets", "--args", arguments, "--raw", *OPEN)
    assert plain.returncode == raw.returncode == 0
    page = json.loads(plain.stdout)
    assert page["returned"] == 2 and page["dataset"] == "sample"
    wire = json.loads(raw.stdout)
    assert wire["isError"] is False and wire["structuredContent"]["items"] == page["items"]


def test_an_unknown_tool_exits_1_with_one_line():
    result = run("call", "no_such_tool", *OPEN)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "Error: Unknown tool: no_such_tool\n")


def test_an_error_result_exits_1_and_raw_still_prints_it():
    plain = run("call", "find_assets", "--args", '{"limit": "many"}', *OPEN)
    raw = run("call", "find_assets", "--args", '{"limit": "many"}', "--raw", *OPEN)
    assert plain.returncode == raw.returncode == 1
    assert plain.stderr.startswith("Error: Invalid arguments for tool 'find_assets'")
    assert plain.stderr.count("\n") == 1
    assert json.loads(raw.stdout)["_meta"]["cloudg/error_code"] == -32602


@pytest.mark.parametrize(("args", "expected"), [
    (["call", "find_assets", "--args", "{bad"], "Error: --args is not valid JSON"),
    (["call", "find_assets", "--args", "[1, 2]"], "Error: --args must be a JSON object, not list"),
    (["frobnicate"], "cloudg-lab: error: argument COMMAND: invalid choice: 'frobnicate'"),
    (["call"], "cloudg-lab call: error: the following arguments are required: tool"),
    (["tools", "--policy", "no-such-profile"], "Error: Unknown policy profile 'no-such-profile'"),
    (["tools", "--policy", "open", "--dataset", "/no/such/inventory.json"], "Error: "),
    (["serve", "--transport", "carrier-pigeon"], "cloudg-lab serve: error: argument --transport"),
])
def test_usage_errors_exit_2_with_one_line(args, expected):
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.startswith(expected)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_roles_and_principal_id_decide_what_is_visible(tmp_path):
    policy = tmp_path / "roles.yaml"
    policy.write_text(ROLE_POLICY)
    default = run("tools", "--json", "--policy", str(policy))
    analyst = run("tools", "--json", "--policy", str(policy), "--role", "analyst", "--principal-id", "ana")
    assert [t["name"] for t in json.loads(default.stdout)] == ["list_datasets"]
    assert [t["name"] for t in json.loads(analyst.stdout)] == ["list_datasets", "find_assets"]


def test_the_cli_names_a_principal_as_percent_mcp_does_and_keeps_the_old_flags(tmp_path):
    policy = tmp_path / "roles.yaml"
    policy.write_text(ROLE_POLICY)
    spelled = run("call", "privacy_status", "--json", *OPEN, "--as", "ana:analyst")
    visible = run("tools", "--json", "--policy", str(policy), "--as", "ana:analyst")
    both = run("tools", "--policy", str(policy), "--as", "ana", "--role", "analyst")
    malformed = run("tools", "--as", ":analyst")
    who = json.loads(spelled.stdout)["structuredContent"]
    assert (spelled.returncode, who["principal"]["id"]) == (0, "ana"), spelled.stderr
    assert "analyst" in who["principal"]["roles"]
    assert [t["name"] for t in json.loads(visible.stdout)] == ["list_datasets", "find_assets"]
    assert both.returncode == 2 and "--as or --principal-id/--role" in both.stderr
    assert malformed.returncode == 2 and "Principal needs an id" in malformed.stderr


def test_named_datasets_read_and_prompt():
    named = run("call", "list_datasets", "--dataset", f"estate={SAMPLE_PATH}", *OPEN)
    read = run("read", "cloudg://datasets", *OPEN)
    prompt = run("prompt", "incident_triage", "--args", "{}", *OPEN)
    unknown = run("read", "cloudg://nothing/here", *OPEN)
    assert named.returncode == 0 and "estate" in named.stdout and '"sample"' not in named.stdout
    assert read.returncode == 0 and "sample" in read.stdout
    assert prompt.returncode == 1 and prompt.stderr.startswith("Error: Missing required prompt arguments")
    assert (unknown.returncode, unknown.stderr) == (1, "Error: Unknown resource: cloudg://nothing/here\n")


def test_python_dash_m_is_the_same_command():
    result = subprocess.run([sys.executable, "-m", "cloudg_lab", "--version"], capture_output=True,
                            text=True, timeout=WAIT, check=False)
    assert (result.returncode, result.stdout.strip()) == (0, f"cloudg-lab {__version__}")


def test_lab_passes_extra_arguments_to_jupyter_lab():
    result = run("lab", "--version")
    stray = run("tools", "--version-typo", *OPEN)
    assert result.returncode == 0
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", result.stdout.strip())
    assert stray.returncode == 2
    assert stray.stderr == "cloudg-lab: error: unrecognized arguments: --version-typo\n"


# --------------------------------------------------------------------------- serving


async def test_serve_stdio_speaks_mcp_and_nothing_else_on_stdout():
    params = StdioServerParameters(command=CLI, args=["serve", "--transport", "stdio", *OPEN])
    async with Client(params) as client:
        result = await client.call_tool("list_datasets", {})
    assert not result.is_error and result.structured_content["active"] == "sample"
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                             "clientInfo": {"name": "raw", "version": "0"}}}
    raw = run("serve", "--transport", "stdio", *OPEN, stdin=json.dumps(initialize) + "\n")
    lines = raw.stdout.splitlines()
    assert raw.returncode == 0 and len(lines) == 1
    assert json.loads(lines[0])["result"]["serverInfo"]["name"] == "cloudg-lab"


async def test_serve_http_with_tokens_from_the_environment():
    env = {**os.environ, "CLI_TEST_TOKENS": "cli-test-token-1:analyst:carol"}
    process = await asyncio.create_subprocess_exec(
        CLI, "serve", "--transport", "http", "--port", "0", "--token-env", "CLI_TEST_TOKENS", *OPEN,
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stderr is not None and process.stdout is not None
    try:
        async with asyncio.timeout(WAIT):
            banner = (await process.stderr.readline()).decode()
        url = re.search(r"serving (http://\S+)", banner)
        assert url is not None, banner
        assert "1 bearer token(s) from $CLI_TEST_TOKENS" in banner
        http = httpx2.AsyncClient(headers={"authorization": "Bearer cli-test-token-1"}, timeout=30)
        async with http, Client(streamable_http_client(url.group(1), http_client=http)) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            await client.call_tool("list_datasets", {})
            metrics = json.loads((await client.read_resource("cloudg://metrics")).contents[0].text)
        async with httpx2.AsyncClient(timeout=30) as anonymous:
            refused = await anonymous.post(url.group(1), json={})
        assert "find_assets" in names
        assert metrics["tool:list_datasets"]["calls"] == 1
        assert refused.status_code == 401
    finally:
        process.send_signal(signal.SIGINT)
        async with asyncio.timeout(WAIT):
            status = await process.wait()
    assert status == 0
    assert await process.stdout.read() == b""


def test_serve_refuses_a_public_host_without_tokens():
    result = run("serve", "--transport", "http", "--host", "0.0.0.0", *OPEN, env={"CLOUDG_LAB_TOKENS": ""})
    assert result.returncode == 2
    assert result.stderr.startswith("Error: Refusing to serve on 0.0.0.0 without bearer tokens")


def test_the_cli_prints_what_the_policy_lets_through():
    real = json.loads(run("call", "list_accounts", *OPEN).stdout)
    strict = run("call", "list_accounts", "--policy", "strict")
    ids = [a["account_id"] for a in real["items"]]
    assert strict.returncode == 0 and len(ids) == 4
    assert not [i for i in ids if i in strict.stdout]
    assert real["dataset"] not in strict.stdout


def test_timeout_sets_the_default_tool_deadline():
    result = run("call", "find_assets", "--timeout", "0.000001", *OPEN)
    assert (result.returncode, result.stderr) == (1, "Error: Tool find_assets timed out after 1e-06 s\n")
