"""`%mcp` in a real kernel: loading, calls, capture, bodies, principals, errors, the loop."""

from __future__ import annotations

import pytest

from cloudg_lab.notebook.payload import MIME_TYPE, ResultPayload

pytestmark = pytest.mark.kernel

TEAM_POLICY = """%%mcp policy team
extends: standard
roles:
  analyst:
    name: analysts-see-no-privacy-or-workspace-tools
    deny_categories: [privacy, workspace]
"""

VISIBLE_DENIALS = """%%mcp policy team-visible
extends: standard
hide_denied: false
roles:
  analyst:
    name: analysts-may-not-add
    deny_tools: [add]
"""


def usage_error(cell) -> str:
    """The one stderr line of a usage error; fails on tracebacks or error messages."""
    assert cell.reply["status"] == "error" and cell.reply["ename"] == "UsageError", cell.describe()
    assert not cell.errors and not cell.reply["traceback"], cell.describe()
    lines = cell.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("UsageError: "), cell.describe()
    return lines[0]


def test_load_prints_one_status_line(kernel):
    lines = kernel.loaded.stdout.strip().splitlines()
    assert len(lines) == 1, kernel.loaded.describe()
    line = lines[0]
    for part in ("cloudg_lab 0.1.0", "policy standard", "principal local", "datasets: sample",
                 "vault key"):
        assert part in line, line


def test_listings_show_what_the_principal_may_see(kernel):
    tools = kernel.ok("%mcp tools").payload
    assert tools["kind"] == "listing" and tools["name"] == "tools"
    names = [t["name"] for t in tools["wire"]]
    assert {"find_assets", "add", "numbers"} <= set(names)
    found = kernel.ok("%mcp tools --grep ^find_ --category inventory").payload
    assert [t["name"] for t in found["wire"]] == ["find_assets"]
    resources = kernel.ok("%mcp resources").payload["wire"]
    assert "cloudg://workspace" in [r["uri"] for r in resources]
    templates = kernel.ok("%mcp templates").payload["wire"]
    assert "cloudg://assets/{+ref}" in [t["uriTemplate"] for t in templates]
    prompts = kernel.ok("%mcp prompts").result
    assert "attack_surface_report" in prompts["text/plain"] and "<table" in prompts["text/html"]


def test_a_captured_call_shows_nothing_and_keeps_the_result(kernel):
    cell = kernel.ok("r = %mcp call add a=2 b=40")
    assert not cell.data and not cell.stdout
    assert kernel.value('type(r).__name__, r.structured["sum"], r.is_error') == ("CallResult", 42, False)
    assert kernel.value("r.wire['structuredContent']['sum'], r.origin.policy") == (42, "standard")


def test_a_call_displays_the_payload_html_and_text(kernel):
    bundle = kernel.ok("%mcp call find_assets limit=2").result
    data = ResultPayload.model_validate(bundle[MIME_TYPE])
    assert (data.kind, data.name, data.policy) == ("tool", "find_assets", "standard")
    assert data.principal.id == "local"
    assert len(data.wire["structuredContent"]["items"]) == 2
    assert "<table" in bundle["text/html"] and "find_assets · policy standard" in bundle["text/plain"]


def test_cell_bodies_in_json_and_yaml(kernel):
    from_json = kernel.ok('%%mcp call add\n{"a": 5, "b": 6}\n').payload
    from_yaml = kernel.ok("%%mcp call add b=100\na: 5\nb: 6\n").payload
    assert from_json["wire"]["structuredContent"]["sum"] == 11
    assert from_yaml["wire"]["structuredContent"]["sum"] == 105  # k=v wins over the body


def test_variables_expand_in_the_line(kernel):
    kernel.ok("n = 3\nwhich = 'add'")
    payload = kernel.ok("%mcp call {which} a={n} b={n * 2}").payload
    assert payload["name"] == "add" and payload["wire"]["structuredContent"]["sum"] == 9


def test_an_analyst_sees_fewer_tools_than_an_admin(kernel):
    kernel.ok(TEAM_POLICY)
    analyst = kernel.ok("%mcp tools --policy team --as bob:analyst").payload
    admin = kernel.ok("%mcp tools --policy team --as admin:admin").payload
    analyst_names = {t["name"] for t in analyst["wire"]}
    admin_names = {t["name"] for t in admin["wire"]}
    assert analyst_names < admin_names
    assert "workspace_status" in admin_names and "workspace_status" not in analyst_names
    assert analyst["principal"] == {"id": "bob", "roles": ["analyst", "default"]}
    assert analyst["policy"] == "team"


def test_a_denied_call_is_an_error_result_without_traceback(kernel):
    kernel.ok(VISIBLE_DENIALS)
    cell = kernel.ok("%mcp call add a=1 b=2 --policy team-visible --as bob:analyst")
    payload = cell.payload
    assert payload["wire"]["isError"] is True
    assert payload["wire"]["_meta"]["cloudg/error_code"] == -31001
    assert "cloudg-error" in cell.result["text/html"] and "Traceback" not in cell.stderr
    assert "Error -31001" in cell.result["text/plain"]


@pytest.mark.parametrize(("line", "expected"), [
    ("%mcp bogus", "Unknown %mcp subcommand 'bogus'"),
    ("%mcp call nope", "Unknown tool: nope"),
    ("%mcp call add --args '{oops'", "--args is not valid JSON"),
    ("%mcp call add a=1 b=2 --policy no-such-policy", "Unknown policy profile 'no-such-policy'"),
    ("%mcp call add a=1 b=2 --as :x", "Principal needs an id"),
    ("%mcp call", "the following arguments are required: TOOL"),
    ("%mcp read cloudg://nowhere", "Unknown resource"),
    ("%mcp tools --grep '('", "missing ), unterminated subpattern"),
])
def test_each_user_mistake_is_one_usage_error_line(kernel, line, expected):
    assert expected in usage_error(kernel.run(line))


def test_an_async_handler_runs_on_the_kernels_running_loop(kernel):
    kernel.ok("import asyncio\nkernel_loop = id(asyncio.get_running_loop())")
    kernel.ok("r = %mcp call add a=1 b=1")
    assert kernel.value("r.structured['loop'] == kernel_loop") is True
    assert kernel.value("id(asyncio.get_running_loop()) == kernel_loop") is True


def test_inside_a_function_the_magic_points_to_the_async_api(kernel):
    line = usage_error(kernel.run("def f():\n    %mcp tools\nf()"))
    assert "await cloudg_lab.acall(...)" in line


def test_the_async_api_works_inside_functions(kernel):
    kernel.ok("async def total():\n"
              "    r = await cloudg_lab.acall('add', a=2, b=3)\n"
              "    s = await cloudg_lab.acall('add', {'a': 1}, b=1, principal='eve:analyst')\n"
              "    return r.structured['sum'], s.origin.principal.id\n"
              "got = await total()")
    assert kernel.value("got") == (5, "eve")


def test_pages_follow_the_cursor_with_a_progress_bar(kernel):
    kernel.ok("r = %mcp call numbers limit=2")
    assert kernel.value("(await r.next()).structured['items'][0]['n']") == 2
    cell = kernel.ok("pages = await r.pages()")
    assert any("application/vnd.jupyter.widget-view+json" in d for d in cell.data), cell.describe()
    assert kernel.value("[p.structured['returned'] for p in pages]") == [2, 2, 1]
    assert kernel.value("(await r.pages().to_frame())['n'].tolist()") == [0, 1, 2, 3, 4]
    assert kernel.value("r.to_frame()['square'].tolist()") == [0, 1]


def test_tab_completion_offers_subcommands_tools_uris_and_prompts(kernel):
    assert "call" in kernel.complete("%mcp ca")
    assert "find_assets" in kernel.complete("%mcp call find_a")
    assert "limit=" in kernel.complete("%mcp call find_assets li")
    assert "cloudg://workspace" in kernel.complete("%mcp read cloudg://w")
    assert "attack_surface_report" in kernel.complete("%mcp prompt atta")
    assert "--policy" in kernel.complete("%mcp tools --po")


def test_config_options_apply_and_bad_values_are_refused(kernel):
    kernel.ok("%config McpMagic.display_limit = 1")
    try:
        assert "more rows" in kernel.ok("%mcp tools").result["text/plain"]
        refused = kernel.run("%config McpMagic.display_limit = 0")
        assert "display_limit must be at least 1" in refused.stderr + refused.stdout
        assert kernel.ok("%config McpMagic.display_limit").result["text/plain"] == "1"
    finally:
        kernel.ok("%config McpMagic.display_limit = 50")
    kernel.ok("%config McpMagic.autoload_sample = False")
    try:
        assert kernel.value("cloudg_lab.notebook.session.current().layer.workspace.names()") == []
    finally:
        kernel.ok("%config McpMagic.autoload_sample = True")
    assert kernel.value("cloudg_lab.notebook.session.current().layer.workspace.names()") == ["sample"]
    kernel.ok("%config McpMagic.policy = 'strict'")
    try:
        assert kernel.ok("%mcp call find_assets limit=1").payload["policy"] == "strict"
    finally:
        kernel.ok("%config McpMagic.policy = 'standard'")
