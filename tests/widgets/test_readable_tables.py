"""Audit, vault and policy tables read like tables: counters and rows agree or say why, numbers
right-aligned, times on one line, no Python reprs."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from cloudg_lab.notebook.plain import plain
from cloudg_lab.notebook.widgets import AuditLog
from cloudg_lab.notebook.widgets.audit_rows import COLUMNS, cells, row
from cloudg_lab.notebook.widgets.vault import rows as vault_rows
from cloudg_lab.policy.audit import AuditLog as Buffer

AUDITED = "extends: standard\naudit: true\n"


@pytest.mark.parametrize(("value", "text"), [
    (True, "yes"), (False, "no"), (None, ""), (30.0, "30"), (0.25, "0.25"), ([1, "a", True], "1, a, yes"),
    ({"rate": 30.0, "burst": None, "per": "minute"}, "rate 30, per minute"), ("x", "x")])
def test_plain_values_have_no_python_reprs(value: object, text: str) -> None:
    assert plain(value) == text


async def test_allowed_calls_counted_but_not_kept_are_explained(session):
    shown = AuditLog(session.audit_log())
    await session.call("list_regions", {})
    await session.call("list_regions", {})
    await shown.updated()
    assert shown.rows == [] and session.audit_log().counters["allowed"] >= 2
    allowed = session.audit_log().counters["allowed"]
    assert f"{allowed} allowed calls are counted but not kept as rows" in shown.counters.value
    assert "does not audit allowed calls" in shown.static_text()
    assert "does not audit allowed calls" in shown.static_html()


async def test_a_policy_that_audits_allowed_calls_needs_no_explanation(session):
    session.define_policy("audited", AUDITED)
    shown = AuditLog(session.audit_log("audited"))
    await session.call("list_regions", {}, policy="audited")
    await shown.updated()
    assert len(shown.rows) == 1 and shown.gap() == ""


def test_entries_that_left_the_ring_are_counted_in_words() -> None:
    buffer = Buffer(size=3)
    for i in range(5):
        buffer.record("denied", kind="tool", name="t", principal_id="u", roles=(), arguments={},
                      reason=f"r{i}")
    shown = AuditLog(buffer)
    assert len(shown.rows) == 3 and shown.gap() == "2 older entries left the ring of 3"


def test_audit_cells_align_numbers_and_keep_times_on_one_line() -> None:
    buffer = Buffer(size=5)
    recorded = buffer.record("denied", kind="tool", name="t", principal_id="u", roles=(), arguments={},
                             reason="no")
    assert recorded is not None
    entry = replace(recorded, duration_ms=1234.5)
    by_column = dict(zip(COLUMNS, cells(row(entry)), strict=True))
    seq, when, duration = by_column["seq"], by_column["time"], by_column["duration_ms"]
    assert 'class="cloudg-w-num"' in seq and 'class="cloudg-w-num"' in duration
    assert "1234.5" in duration and "None" not in "".join(cells(row(entry)))
    assert 'class="cloudg-w-nowrap"' in when and re.search(r">\d\d:\d\d:\d\d\.\d{3}<", when)


def test_vault_times_read_like_a_clock() -> None:
    found = vault_rows([{"pseudonym": "p", "entity": "e", "namespace": "n", "created": 0.0,
                         "last_used": 86_400.0, "real": "r"}])
    assert found[0]["first_used"] == "1970-01-01 00:00:00"
    assert found[0]["last_used"] == "1970-01-02 00:00:00"


@pytest.mark.parametrize("profile", ["standard", "strict", "open"])
def test_policy_summaries_show_no_python_reprs(session, profile: str) -> None:
    from cloudg_lab.notebook.commands.policy import summary_table

    table = summary_table(session.layer_for(profile).policy)
    values = [str(r["value"]) for r in table.rows]
    assert values and not [v for v in values if re.search(r"\b(True|False|None)\b|\w=", v)], values
