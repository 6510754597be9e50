"""Inspector in process: a call through the catalog form, JSON in sync, history and replay."""

from __future__ import annotations

import json

from cloudg_lab.notebook.payload import MIME_TYPE
from cloudg_lab.notebook.widgets import Inspector


async def inspector(session, policy: str = "strict") -> Inspector:
    scope = session.scope(policy)
    return Inspector(session, scope, await scope.layer.list_tools(scope.principal), page_size=10)


def fields(shown: Inspector) -> dict:
    return {f.name: f for f in shown.catalog.form.fields}


async def test_the_form_calls_the_tool_and_fills_the_other_tabs(session):
    shown = await inspector(session)
    assert shown.tabs.titles == ("catalog", "last result", "report", "audit", "vault")
    assert shown.last.outputs[0]["text"] == "(no call yet)"
    shown.catalog.select.value = "find_assets"
    f = fields(shown)
    f["limit"].input.value = 3
    f["internet_exposed"].input.value = "true"
    assert shown.catalog.arguments() == {"limit": 3, "internet_exposed": True}
    shown.catalog.call_button.click()
    result = await shown.catalog.pending
    assert result.structured["returned"] == 3 and shown.shown is result
    assert shown.tabs.selected_index == 1
    assert shown.last.outputs[0]["data"][MIME_TYPE]["name"] == "find_assets"
    assert shown.report.sections[0].title == "changes by entity type"
    await shown.updated()
    assert len(shown.vault.rows) > 0 and "pseudonym" in shown.vault.table.html.value


async def test_form_and_json_follow_each_other(session):
    shown = await inspector(session, "standard")
    pane = shown.catalog
    pane.select.value = "find_assets"
    assert json.loads(pane.editor.value) == {}
    fields(shown)["limit"].input.value = 7
    assert json.loads(pane.editor.value) == {"limit": 7}
    pane.editor.value = '{"limit": 4, "descending": false, "extra_key": 1}'
    assert fields(shown)["limit"].input.value == 4
    assert fields(shown)["descending"].input.value == "false"
    fields(shown)["limit"].input.value = 9  # a key the form has no field for stays in the JSON
    assert json.loads(pane.editor.value) == {"limit": 9, "descending": False, "extra_key": 1}
    pane.editor.value = '{"limit": 99999}'
    assert "limit: 99999 is outside 1 to" in pane.status.value
    assert fields(shown)["limit"].input.value == 9  # the form keeps its last good state


async def test_mistakes_stay_on_the_widget(session):
    shown = await inspector(session, "standard")
    pane = shown.catalog
    pane.select.value = "find_assets"
    pane.editor.value = '{"limit": 2, "bogus": 1}'
    result = await pane.call()
    assert result.is_error and "error -32602" in pane.status.value
    pane.editor.value = "{oops"
    assert pane.call() is None and "not valid JSON" in pane.status.value
    pane.select.value = "get_asset"
    assert pane.call() is None and "ref: required" in pane.status.value


async def test_history_lists_each_call_and_replays_it_with_its_arguments(session):
    shown = await inspector(session, "standard")
    pane = shown.catalog
    pane.select.value = "find_assets"
    fields(shown)["limit"].input.value = 2
    await pane.call()
    pane.select.value = "list_regions"
    await pane.call()
    assert [(c.tool, c.arguments) for c in pane.history.calls] == [
        ("list_regions", {}), ("find_assets", {"limit": 2})]
    assert pane.history.calls[0].outcome.startswith("ok")
    before = len(session.history)
    replay = pane.history.rows.children[1].children[0]  # the older call's button
    replay.click()
    again = await pane.pending
    assert again.structured["returned"] == 2 and len(session.history) == before + 1
    assert pane.tool == "find_assets" and json.loads(pane.editor.value) == {"limit": 2}
    assert [c.tool for c in pane.history.calls][:1] == ["find_assets"]
    assert "history" in shown.static_text() and "find_assets" in shown.catalog.static_body()


async def test_it_follows_results_made_elsewhere_and_closes_everything(session):
    shown = await inspector(session)
    await session.call("list_capabilities", {})
    await shown.updated()
    assert shown.shown is session.last and shown.report.title.startswith("transform report · list_")
    text = shown.static_text()
    for section in ("== catalog ==", "== last result ==", "== report ==", "== audit ==", "== vault =="):
        assert section in text
    shown.close()
    assert len(session._result_listeners) == 0 and len(session.layer.vault._listeners) == 0
    assert shown.tabs.comm is None and shown.catalog.call_button.comm is None
