"""PolicyPreview in process: outcomes by kind, changed cells against marks and reports, tools."""

from __future__ import annotations

from cloudg_lab.notebook.widgets import PolicyPreview
from cloudg_lab.notebook.widgets import preview as running
from cloudg_lab.notebook.widgets.base import VIEW_MIME
from cloudg_lab.privacy.pipeline import REPORT_COUNT_SECTIONS

SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


async def test_changed_cells_are_the_marked_ones_and_the_reports_count_them(session):
    before = await session.call("list_capabilities", {})
    views, results = await running.run(session, "find_assets", {"limit": 4},
                                       ["open", "standard", "strict"], ["alice:analyst", "bob"])
    assert session.last is before  # a preview does not replace the last result
    shown = PolicyPreview("find_assets", views, results, page_size=20)
    for label, changed in shown.changed.items():
        result = results[label]
        counted = sum(sum(v.values()) for k, v in (result.report or {}).items()
                      if k in REPORT_COUNT_SECTIONS)
        assert changed == [m.path for m in result.marks], label
        assert len(changed) == counted and bool(counted) == label.startswith("strict"), label
    strict = shown.comparison.views[-1]
    assert strict.leaves["/structuredContent/dataset"].startswith("ds-")
    page = shown.table.html.value
    assert 'class="cloudg-badge cloudg-pseudonym"' in page and "res-" in page
    shown.only_changed.value = True
    assert shown.table.total == len(set(shown.changed["strict · bob"])) < len(shown.comparison.paths)
    text = shown.static_text()
    assert "◆" in text and "open · alice:analyst" in text
    assert {VIEW_MIME, "text/html"} <= set(shown._repr_mimebundle_())


async def test_each_outcome_is_named(session):
    session.define_policy("lockdown", "extends: standard\nhide_denied: false\ndeny_tools: [find_assets]\n")
    session.define_policy("tight", "extends: standard\nrate_limits:\n  - {rate: 1, per: minute}\n")
    await session.call("find_assets", {"limit": 1}, policy="tight")
    views, _ = await running.run(session, "find_assets", {"limit": 1, "query": SECRET},
                                 ["open", "standard", "lockdown", "tight"], [None])
    assert [v.status for v in views] == ["ok", "refused", "denied", "rate limited"]
    views, _ = await running.run(session, "find_assets", {"limit": "many"}, ["open"], [None])
    assert views[0].status == "invalid arguments"
    views, _ = await running.run(session, "reveal_token", {"token": "res-0"}, ["standard"],
                                 ["root:admin", "nobody"])
    shown = PolicyPreview("reveal_token", views)
    assert views[1].status == "hidden" and views[1].leaves == {}
    assert shown.comparison.hidden_tools(views[1]) == ["reveal_token"]
    head = shown.head.value
    assert "cloudg-w-dec-hidden" in head and "reveal_token" in head
    assert "tools:" in shown.static_text() and "hidden" in shown.static_text()
