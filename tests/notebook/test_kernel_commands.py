"""Every other `%mcp` subcommand in a real kernel, on the bundled sample estate."""

from __future__ import annotations

import json

import pandas as pd
import pytest

pytestmark = pytest.mark.kernel


def plain(cell) -> str:
    return cell.result["text/plain"]


def test_read_a_resource_and_a_template(kernel):
    exact = kernel.ok("%mcp read cloudg://workspace").payload
    assert exact["kind"] == "resource" and exact["name"] == "cloudg://workspace"
    status = json.loads(exact["wire"]["contents"][0]["text"])
    assert status["active_dataset"] == "sample"
    templated = kernel.ok("s = %mcp read cloudg://datasets/sample/summary")
    assert not templated.data
    assert kernel.value("s.data['name'] if 'name' in s.data else s.data['dataset']") == "sample"


def test_under_strict_a_typed_real_identifier_is_refused_and_not_shown_back(kernel):
    cell = kernel.run("%mcp read cloudg://datasets/sample/summary --policy strict")
    assert not cell.ok and "Argument 'dataset' is not an identifier this server issued" in cell.stderr
    assert "sample" not in cell.stderr
    history = plain(kernel.ok("%mcp history --last 1"))
    assert "datasets/sample" not in history


def test_prompt_renders_messages(kernel):
    cell = kernel.ok("%mcp prompt attack_surface_report dataset=sample")
    assert cell.payload["kind"] == "prompt" and cell.payload["wire"]["messages"]
    assert "[user]" in plain(cell)
    assert "Missing required prompt arguments: ref" in kernel.run("%mcp prompt investigate_asset").stderr


def test_complete_prompt_arguments_and_template_variables(kernel):
    cell = kernel.ok("%mcp complete template cloudg://datasets/{dataset}/summary dataset sam")
    assert "sample" in plain(cell)
    cell = kernel.ok("%mcp complete prompt policy_review policy st")
    assert "standard" in plain(cell) and "strict" in plain(cell)


def test_load_datasets_and_select(kernel):
    kernel.ok("from cloudg_lab.data import SAMPLE_PATH")
    loaded = kernel.ok("%mcp load copy={SAMPLE_PATH}").payload
    names = [d["name"] for d in loaded["wire"]["structuredContent"]["datasets"]]
    assert {"sample", "copy"} <= set(names)
    assert "copy" in plain(kernel.ok("%mcp datasets"))
    kernel.ok("%mcp select sample")
    assert kernel.value("cloudg_lab.notebook.session.current().layer.workspace.active_name") == "sample"
    assert "replace" in kernel.run("%mcp load copy={SAMPLE_PATH}").stderr
    missing = kernel.run("%mcp load /no/such/dir/inventory-map.json").stderr
    assert "Cannot load /no/such/dir/inventory-map.json: inventory-map.json: no such file" in missing
    assert "Traceback" not in missing


def test_use_changes_the_defaults_and_whoami_shows_them(kernel):
    shown = plain(kernel.ok("%mcp whoami --policy strict --as carol:lead"))
    assert "strict" in shown and "carol" in shown and "lead" in shown
    kernel.ok("%mcp use --policy strict --as carol:lead")
    try:
        payload = kernel.ok("%mcp call add a=1 b=1").payload
        assert payload["policy"] == "strict" and payload["principal"]["id"] == "carol"
    finally:
        kernel.ok("%mcp use --policy standard --as local:local")
    assert "standard" in plain(kernel.ok("%mcp whoami"))


def test_policy_cell_summarises_or_names_the_bad_line(kernel):
    cell = kernel.ok("%%mcp policy readers\nextends: standard\nroles:\n  reader:\n"
                     "    name: readers-read-inventory-only\n    deny_categories: [workspace, privacy]\n")
    text = plain(cell)
    assert "policy readers defined" in text and "reader-user:reader" in text and "workspace_status" in text
    bad = kernel.run("%%mcp policy broken\nextends: standard\nhide_denied: maybe\n")
    assert "(line 2)" in bad.stderr and bad.stderr.count("\n") == 1 and not bad.errors
    assert "needs the policy as YAML" in kernel.run("%%mcp policy empty\n").stderr


def test_report_of_the_last_and_of_a_named_result(kernel):
    kernel.ok("strict_page = %mcp call find_assets limit=3 --policy strict")
    named = plain(kernel.ok("%mcp report strict_page"))
    assert "pseudonymized" in named
    kernel.ok("%mcp call find_assets limit=1 --policy strict")
    assert "pseudonymized" in plain(kernel.ok("%mcp report"))
    assert "No variable named 'missing'" in kernel.run("%mcp report missing").stderr


def test_audit_shows_the_policy_trail(kernel):
    kernel.run("%mcp call not_a_tool")
    text = plain(kernel.ok("%mcp audit --decision not_found --last 5"))
    assert "not_a_tool" in text and "not_found" in text and "counters:" in text


def test_vault_masks_real_values_unless_the_principal_may_reveal(kernel):
    kernel.ok("%mcp call find_assets limit=3 --policy strict")
    masked = plain(kernel.ok("%mcp vault --policy strict"))
    assert "may not reveal" in masked
    revealed = plain(kernel.ok("%mcp vault --policy standard --as admin:admin"))
    assert "may reveal" in revealed and "may not" not in revealed


def test_preview_compares_policies_and_principals(kernel):
    cell = kernel.ok("%mcp preview find_assets limit=1 --policies open,strict")
    text = plain(cell)
    assert "open · local:local" in text and "strict · local:local" in text and "◆" in text
    kernel.ok("%%mcp policy no-workspace\nextends: standard\nroles:\n  analyst:\n"
              "    name: no-workspace-for-analysts\n    deny_categories: [workspace]\n")
    hidden = plain(kernel.ok("%mcp preview workspace_status --policies no-workspace --as bob:analyst "
                             "--as admin:admin"))
    assert "hidden" in hidden and "ok" in hidden


def test_inspector_history_and_help(kernel):
    inspector = plain(kernel.ok("%mcp inspector"))
    for section in ("== catalog ==", "== last result ==", "== report ==", "== audit ==", "== vault =="):
        assert section in inspector
    kernel.ok("%mcp call add a=1 b=1")
    history = plain(kernel.ok("%mcp history --last 3"))
    assert "add" in history and "ok" in history
    assert "preview" in plain(kernel.ok("%mcp help"))
    assert "usage: %mcp call" in plain(kernel.ok("%mcp help call"))
    assert "did you mean 'call'" in kernel.run("%mcp help cal").stderr


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".jsonl"])
def test_export_audit_writes_whole_files(kernel, tmp_path, suffix):
    kernel.run("%mcp call also_not_a_tool")
    target = tmp_path / f"audit{suffix}"
    cell = kernel.ok(f"%mcp export audit {target}")
    assert str(target) in plain(cell)
    if suffix == ".jsonl":
        rows = [json.loads(line) for line in target.read_text().splitlines()]
    else:
        frame = pd.read_csv(target) if suffix == ".csv" else pd.read_parquet(target)
        rows = frame.to_dict("records")
    assert any(r["name"] == "also_not_a_tool" and r["decision"] == "not_found" for r in rows)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]
    assert "Export to" in kernel.run(f"%mcp export audit {tmp_path / 'audit.txt'}").stderr


def test_a_pair_whose_json_does_not_parse_is_one_line_naming_it(kernel):
    bad = kernel.run("%mcp call find_assets limit=2 fields='[\"name\" \"arn\"]'")
    assert bad.stderr.startswith("UsageError: fields=...: the value looks like JSON")
    assert bad.stderr.count("\n") == 1 and not bad.errors and "Traceback" not in bad.stderr


def test_an_unknown_tool_gets_a_did_you_mean_from_the_tools_this_principal_sees(kernel):
    typo = kernel.run("%mcp call find_asets limit=1")
    assert typo.stderr.startswith("UsageError: Unknown tool: find_asets; did you mean find_assets")
    assert typo.stderr.count("\n") == 1 and "Traceback" not in typo.stderr
    nothing_close = kernel.run("%mcp call zzzz_qqqq")
    assert "Unknown tool: zzzz_qqqq" in nothing_close.stderr and "did you mean" not in nothing_close.stderr
    hidden = kernel.run("%mcp call reveal_tokn token=x --policy strict")  # reveal is hidden there
    assert "did you mean" not in hidden.stderr and "reveal_token" not in hidden.stderr
