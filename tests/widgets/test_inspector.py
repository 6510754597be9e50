"""Inspector in process: a call through the catalog form, following the session, closing."""

from __future__ import annotations

from cloudg_lab.notebook.payload import MIME_TYPE
from cloudg_lab.notebook.widgets import Inspector


async def inspector(session, policy: str = "strict") -> Inspector:
    scope = session.scope(policy)
    return Inspector(session, scope, await scope.layer.list_tools(scope.principal), page_size=10)


async def test_the_form_calls_the_tool_and_fills_the_other_tabs(session):
    shown = await inspector(session)
    assert shown.tabs.titles == ("catalog", "last result", "report", "audit", "vault")
    assert shown.last.outputs[0]["text"] == "(no call yet)"
    shown.catalog.select.value = "find_assets"
    fields = {f.name: f for f in shown.catalog.form.fields}
    fields["limit"].widget.value = 3
    fields["internet_exposed"].switch.value = True
    fields["internet_exposed"].inner.widget.value = True
    assert shown.catalog.arguments() == {"limit": 3, "internet_exposed": True}
    shown.catalog.call_button.click()
    result = await shown.catalog.pending
    assert result.structured["returned"] == 3 and shown.shown is result
    assert shown.tabs.selected_index == 1
    assert shown.last.outputs[0]["data"][MIME_TYPE]["name"] == "find_assets"
    assert shown.report.sections[0].title == "changes by entity type"
    await shown.updated()
    assert len(shown.vault.rows) > 0 and "pseudonym" in shown.vault.table.html.value


async def test_json_mode_and_mistakes_stay_on_the_widget(session):
    shown = await inspector(session, "standard")
    shown.catalog.select.value = "find_assets"
    shown.catalog.mode.value = "JSON"
    assert shown.catalog.editor.value.strip() == "{}"
    shown.catalog.editor.value = '{"limit": 2, "bogus": 1}'
    result = await shown.catalog.call()
    assert result.is_error and "error -32602" in shown.catalog.status.value
    shown.catalog.editor.value = "{oops"
    assert shown.catalog.call() is None and "not valid JSON" in shown.catalog.status.value
    shown.catalog.select.value = "get_asset"
    shown.catalog.mode.value = "form"
    assert await shown.catalog.call() is not None  # required ref left empty: an error result
    assert "get_asset: error" in shown.catalog.status.value


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
