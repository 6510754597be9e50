"""The "real values" banner: on a preview with an `open` column and on a revealing principal's
vault, in the live view and both static fallbacks; on no other widget."""

from __future__ import annotations

from cloudg_lab.notebook.widgets import AuditLog, PolicyPreview, Vault
from cloudg_lab.notebook.widgets import preview as running

BANNER = 'class="cloudg-w-banner"'


def shows_banner(widget) -> bool:
    html = widget.static_html()
    text = widget.static_text()
    live = widget.head.value
    found = {BANNER in html, text.startswith("!! REAL VALUES"), BANNER in live}
    assert len(found) == 1, (html[:300], text[:200])  # the three views agree
    return found.pop()


async def test_a_preview_with_an_open_column_carries_the_banner(session):
    views, results = await running.run(session, "find_assets", {"limit": 2}, ["strict", "open"], [None])
    shown = PolicyPreview("find_assets", views, results)
    assert shows_banner(shown) and shown.real_columns() == [views[1].label]
    assert "open" in shown.banner()


async def test_a_preview_of_transforming_policies_has_none(session):
    views, results = await running.run(session, "find_assets", {"limit": 2}, ["strict", "standard"],
                                       [None])
    assert not shows_banner(PolicyPreview("find_assets", views, results))


async def test_the_vault_carries_it_only_for_a_principal_who_may_reveal(session):
    await session.call("find_assets", {"limit": 2}, policy="strict")
    vault = session.layer_for("strict").vault
    assert shows_banner(Vault(vault, reveal=True, viewer="admin"))
    assert not shows_banner(Vault(vault, reveal=False, viewer="nobody"))


def test_other_widgets_have_none(session):
    shown = AuditLog(session.audit_log())
    assert BANNER not in shown.static_html() and "REAL VALUES" not in shown.static_text()
