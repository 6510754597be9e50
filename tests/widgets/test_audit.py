"""AuditLog in process: real layers and buffers, filters, rewrites, eviction, export, big buffers."""

from __future__ import annotations

import json
import re
import time

import pandas as pd
import pytest

from cloudg_lab.notebook.widgets import AuditLog
from cloudg_lab.notebook.widgets.audit_rows import COLUMNS, Filters
from cloudg_lab.policy.audit import AuditLog as Buffer
from cloudg_lab.types import Principal

LOCKDOWN = "extends: standard\nhide_denied: false\ndeny_tools: [find_assets]\n"


def fill(buffer: Buffer, n: int) -> None:
    for i in range(n):
        buffer.record(("denied", "not_found", "rate_limited")[i % 3], kind=("tool", "resource")[i % 2],
                      name=f"tool_{i % 7}", principal_id=f"user{i % 4}", roles=("analyst",),
                      arguments={"ref": f"{i:012x}"}, reason="because")


async def test_a_denied_call_tops_the_table_with_its_principal(session):
    session.define_policy("lockdown", LOCKDOWN)
    shown = AuditLog(session.audit_log("lockdown"), title="audit · policy lockdown")
    result = await session.call("find_assets", {"limit": 1}, policy="lockdown",
                                principal="mallory:intern")
    assert result.is_error and result.error_code == -31001
    await shown.updated()
    first = shown.rows[0]
    assert (first["decision"], first["principal"], first["roles"], first["name"]) == \
        ("denied", "mallory", "default,intern", "find_assets")
    assert set(first) == set(COLUMNS)
    assert re.fullmatch(r"limit=[0-9a-f]{12}", first["arguments"])  # a keyed hash, not the value
    assert shown.principal.options[-1] == ("mallory", "mallory")
    assert "denied 1" in shown.counters.value


async def test_counter_only_decisions_update_the_counters_without_a_rerender(session):
    shown = AuditLog(session.audit_log())
    renders = shown.renders
    await session.call("list_capabilities", {})
    await shown.updated()
    assert shown.renders == renders and shown.rows == []
    assert f"allowed {session.audit_log().counters['allowed']}" in shown.counters.value


def test_filters_narrow_the_rows_and_learn_new_principals():
    buffer = Buffer(size=100)
    fill(buffer, 30)
    shown = AuditLog(buffer, filters=Filters(decision="denied", principal="user0"))
    assert {(r["decision"], r["principal"]) for r in shown.rows} == {("denied", "user0")}
    shown.decision.value = ""
    shown.principal.value = "user1"
    shown.kind.value = "resource"
    assert {(r["kind"], r["principal"]) for r in shown.rows} == {("resource", "user1")}
    assert len(shown.rows) == 8
    shown.principal.value = ""
    assert len(shown.rows) == 15
    buffer.record("denied", kind="resource", name="x", principal_id="newcomer", roles=(), arguments={})
    assert ("newcomer", "newcomer") in shown.principal.options  # no loop here: applied at once
    assert shown.principal.value == "" and shown.rows[0]["principal"] == "newcomer"
    capped = AuditLog(buffer, filters=Filters(last=3))
    assert len(capped.rows) == 3 and "last 3" in capped.static_text()


def test_a_rewritten_entry_replaces_its_row_and_old_entries_fall_out():
    buffer = Buffer(size=5, record_allowed=True)
    shown = AuditLog(buffer)
    ticket = buffer.record("allowed", kind="tool", name="t", principal_id="p", roles=(), arguments={})
    assert ticket is not None
    buffer.rewrite(ticket, decision="rejected", reason="secret in arguments")
    assert [(r["seq"], r["decision"], r["reason"]) for r in shown.rows] == \
        [(1, "rejected", "secret in arguments")]
    fill(buffer, 9)
    assert [r["seq"] for r in shown.rows] == [10, 9, 8, 7, 6]


def test_a_principal_with_no_roles_and_an_empty_buffer_read_well():
    buffer = Buffer(size=10)
    shown = AuditLog(buffer, title="audit · policy quiet")
    assert "no audit entries (yet)" in shown.static_html()
    assert shown.static_text().startswith("audit · policy quiet\ncounters: allowed 0")
    nobody = Principal("nobody", frozenset())
    buffer.record("denied", kind="tool", name="t", principal_id=nobody.id, roles=nobody.roles,
                  arguments={})
    assert shown.rows[0]["roles"] == "" and "nobody" in shown.table.html.value


def test_a_hundred_thousand_entries_build_and_update_fast():
    buffer = Buffer(size=100_000)
    fill(buffer, 100_000)
    started = time.perf_counter()
    shown = AuditLog(buffer, page_size=50)
    built = time.perf_counter() - started
    assert "of 100,000" in shown.table.position.value and shown.table.shown == 50
    started = time.perf_counter()
    buffer.record("denied", kind="tool", name="latest", principal_id="u", roles=(), arguments={})
    updated = time.perf_counter() - started
    assert shown.rows[0]["name"] == "latest" and "of 100,000" in shown.table.position.value
    shown.decision.value = "rate_limited"
    assert shown.table.total == 33_333
    assert built < 5 and updated < 1, (built, updated)  # generous: the machine is shared


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".jsonl"])
def test_export_writes_the_filtered_rows_oldest_first_atomically(tmp_path, suffix):
    buffer = Buffer(size=100)
    fill(buffer, 12)
    shown = AuditLog(buffer, filters=Filters(decision="denied"))
    target = tmp_path / f"trail{suffix}"
    shown.export_path.value = str(target)
    shown.export_button.click()
    assert "wrote 4 rows" in shown.export_status.value
    if suffix == ".jsonl":
        rows = [json.loads(line) for line in target.read_text().splitlines()]
    else:
        rows = (pd.read_csv if suffix == ".csv" else pd.read_parquet)(target).to_dict("records")
    assert [r["seq"] for r in rows] == [1, 4, 7, 10] and {r["decision"] for r in rows} == {"denied"}
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_export_mistakes_are_one_line_on_the_widget(tmp_path):
    shown = AuditLog(Buffer(size=10))
    shown.export_path.value = str(tmp_path / "trail.txt")
    shown.export_button.click()
    assert "export failed: Export to .csv, .parquet, .jsonl" in shown.export_status.value
    shown.export_path.value = str(tmp_path / "missing" / "trail.csv")
    shown.export_button.click()
    assert "export failed:" in shown.export_status.value and "Traceback" not in shown.export_status.value
    shown.export_path.value = str(tmp_path / "plain")
    shown.export_format.value = ".jsonl"
    shown.export_button.click()
    assert (tmp_path / "plain.jsonl").exists()


def test_closing_unsubscribes():
    buffer = Buffer(size=10)
    shown = AuditLog(buffer)
    assert len(buffer._listeners) == 1
    shown.close()
    shown.close()
    assert len(buffer._listeners) == 0 and shown.table.html.comm is None
    fill(buffer, 3)
    assert shown.rows == []
