"""The widgets in a real kernel: their models hold the right tables after real calls.

State is read back the way a front end would see it: through follow-up cells reading the widget
models, through the comm messages the kernel sends while idle, and through the serialised state
of every model under a widget.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.kernel

VIEW = "application/vnd.jupyter.widget-view+json"
LOCKDOWN = ("%%mcp policy lockdown\nextends: standard\nhide_denied: false\ndeny_tools: [add]\n")


def shown(cell) -> dict:
    """The displayed bundle of a widget cell, checked to carry the view and both fallbacks."""
    bundle = cell.result
    assert {VIEW, "text/html", "text/plain"} <= set(bundle), cell.describe()
    return bundle


def test_a_denied_call_becomes_the_first_row_with_its_principal(kernel):
    kernel.ok(LOCKDOWN)
    bundle = shown(kernel.ok("w = %mcp audit --policy lockdown\nw"))
    assert 'class="dataframe cloudg-table cloudg-audit"' in bundle["text/html"]
    denied = kernel.ok("%mcp call add a=1 b=2 --policy lockdown --as mallory:intern").payload
    assert denied["wire"]["isError"] is True
    kernel.ok("await w.updated()")
    first = kernel.value("w.rows[0]")
    assert (first["decision"], first["principal"], first["roles"], first["name"]) == \
        ("denied", "mallory", "default,intern", "add")
    table = kernel.value("w.table.html.value")
    first_row = table.split("<tbody>")[1].split("</tr>")[0]
    assert "cloudg-w-dec-denied" in first_row and "mallory" in first_row
    assert "denied 1" in kernel.value("w.counters.value")


def test_a_burst_of_a_thousand_calls_is_a_handful_of_rerenders(kernel):
    kernel.ok(LOCKDOWN)
    kernel.ok("b = %mcp audit --policy lockdown\nb")
    kernel.ok("before = b.renders\n"
              "for _ in range(1000):\n"
              "    await cloudg_lab.acall('add', {'a': 1, 'b': 1}, policy='lockdown', principal='eve')\n"
              "await b.updated()")
    assert kernel.value("b.renders - before") <= 2
    assert kernel.value("[r['principal'] for r in b.rows[:3]]") == ["eve"] * 3
    kernel.ok("t = %mcp audit --policy audit\nt")  # records every decision; numbers runs in threads
    kernel.ok("before = t.renders\n"
              "for i in range(1000):\n"
              "    await cloudg_lab.acall('numbers', {'limit': 1}, policy='audit')\n"
              "await t.updated()")
    assert kernel.value("t.renders - before") <= 100
    assert kernel.value("len(t.rows)") >= 1000
    assert kernel.value("t.rows[0]['name'], t.rows[0]['decision']") == ("numbers", "allowed")


def test_closing_a_widget_stops_following_the_buffer(kernel):
    kernel.ok(LOCKDOWN)
    kernel.ok("c = %mcp audit --policy lockdown\nc.close()\nclosed_at = c.renders")
    kernel.run("%mcp call add a=1 b=1 --policy lockdown")
    kernel.ok("await c.updated()")
    assert kernel.value("c.renders - closed_at") == 0
    assert kernel.value("c.widget.comm is None")


def test_vault_for_a_viewer_who_may_not_reveal_holds_no_real_value(kernel):
    kernel.ok("%mcp call find_assets limit=50 --policy strict")
    kernel.ok("%mcp call list_findings limit=50 --policy strict")
    kernel.ok("%mcp call internet_exposure limit=50 --policy strict")
    reals = kernel.value("sorted({row[2] for row in "
                         "cloudg_lab.notebook.session.current().layer.vault.export()['entries']})")
    pseudonyms = kernel.value("sorted({row[3] for row in "
                              "cloudg_lab.notebook.session.current().layer.vault.export()['entries']})")
    assert len(reals) > 50
    masked = shown(kernel.ok("v = %mcp vault --policy strict\nv"))
    state = kernel.value("json.dumps(tree_state(v.widget), default=str)")
    everything = state + masked["text/html"] + masked["text/plain"]
    assert [r for r in reals if r in everything] == []
    assert sum(p in state for p in pseudonyms) > 50  # the rows are there, only masked
    revealed = kernel.ok("a = %mcp vault --policy standard --as admin:admin --search sample\na")
    assert "sample" in kernel.value("json.dumps(tree_state(a.widget), default=str)")
    assert "may reveal" in revealed.result["text/plain"]


def test_preview_marks_exactly_the_cells_the_pipeline_changed(kernel):
    kernel.ok("p = %mcp preview find_assets limit=5 --policies open,standard,strict "
              "--as alice:analyst --as bob\np")
    labels = kernel.value("p.comparison.labels")
    assert labels == ["open · alice:analyst", "open · bob", "standard · alice:analyst",
                      "standard · bob", "strict · alice:analyst", "strict · bob"]
    kernel.ok("from cloudg_lab.privacy.pipeline import REPORT_COUNT_SECTIONS\n"
              "checks = {label: (sorted(p.changed[label]),\n"
              "                  sorted(m.path for m in p.results[label].marks),\n"
              "                  sum(sum(v.values()) for k, v in (p.results[label].report or {}).items()\n"
              "                      if k in REPORT_COUNT_SECTIONS))\n"
              "          for label in p.comparison.labels}")
    checks = kernel.value("checks")
    for label, (changed, marks, counted) in checks.items():
        assert changed == marks, label
        assert len(changed) == counted, label
        assert bool(changed) == label.startswith("strict"), label
    page = kernel.value("p.table.html.value")
    on_page = kernel.value("sum(len(set(c) & set(p.comparison.paths[:p.table.page_size])) "
                           "for c in p.changed.values())")
    assert page.count('class="cloudg-w-changed"') == on_page > 0


def test_preview_shows_hidden_denied_refused_and_rate_limited_as_such(kernel):
    kernel.ok(LOCKDOWN)
    kernel.ok("%%mcp policy tight\nextends: standard\nrate_limits:\n"
              "  - {rate: 1, per: minute, scope: principal}\n")
    kernel.ok("%mcp call add a=1 b=1 --policy tight")
    kernel.ok("s = %mcp preview add a=1 b=2 --policies standard,lockdown,tight")
    assert kernel.value("[v.status for v in s.comparison.views]") == ["ok", "denied", "rate limited"]
    kernel.ok("h = %mcp preview reveal_token token=res-0000000000 --policies standard "
              "--as admin:admin --as nobody")
    assert kernel.value("[v.status for v in h.comparison.views]")[1] == "hidden"
    assert "reveal_token" in kernel.value("h.comparison.hidden_tools(h.comparison.views[1])")
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    kernel.ok(f"r = %mcp preview find_assets query={secret} --policies open,standard")
    assert kernel.value("[v.status for v in r.comparison.views]") == ["ok", "refused"]
    assert "refused" in kernel.value("r.head.value")


def test_bad_input_reads_well(kernel):
    kernel.ok("%%mcp policy quiet\nextends: open\n")
    empty = shown(kernel.ok("%mcp audit --policy quiet"))
    assert "no audit entries (yet)" in empty["text/html"]
    kernel.ok("%mcp call add a=1 b=2 --policy open")
    report = shown(kernel.ok("%mcp report"))
    assert "no transform report" in report["text/plain"]
    nobody = shown(kernel.ok("%mcp vault --as nobody"))
    assert "vault · nobody" in nobody["text/plain"] and "may not reveal" in nobody["text/plain"]
    shown(kernel.ok("%mcp audit --principal nobody --last 5"))
    shown(kernel.ok("%mcp inspector --as nobody"))
    assert "No variable named 'gone'" in kernel.run("%mcp report gone").stderr
    assert "invalid choice" in kernel.run("%mcp audit --decision maybe").stderr


def test_inspector_calls_through_its_form_and_follows_the_session(kernel):
    bundle = shown(kernel.ok("i = %mcp inspector --policy strict\ni"))
    for section in ("== catalog ==", "== last result ==", "== report ==", "== audit ==",
                    "== vault =="):
        assert section in bundle["text/plain"]
    kernel.ok("i.catalog.select.value = 'find_assets'\n"
              "limit = next(f for f in i.catalog.form.fields if f.name == 'limit')\n"
              "limit.input.value = 2\n"
              "i.catalog.call_button.click()\n"
              "called = await i.catalog.pending")
    assert kernel.value("called.structured['returned'], i.shown is called") == (2, True)
    assert kernel.value("i.tabs.selected_index") == 1
    data = kernel.value("i.last.outputs[0]['data']['application/vnd.cloudg-lab.result+json']")
    assert data["name"] == "find_assets" and data["policy"] == "strict"
    assert kernel.value("[s.title for s in i.report.sections][0]") == "changes by entity type"
    kernel.ok("%mcp call add a=2 b=3")
    kernel.ok("await i.updated()")
    assert kernel.value("i.shown.structured['sum']") == 5
    assert kernel.value("i.report.title").startswith("transform report · add")
    kernel.ok("i.catalog.editor.value = '[1]'\ni.catalog.call_button.click()")
    assert "must be a JSON object" in kernel.value("i.catalog.status.value")
