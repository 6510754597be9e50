"""Vault widget in process: masked for viewers who may not reveal, searchable, following the vault."""

from __future__ import annotations

import json

from cloudg_lab.notebook.widgets import Vault
from cloudg_lab.notebook.widgets.base import descendants
from cloudg_lab.privacy.vault import MASK
from cloudg_lab.types import Principal


def model_state(shown: Vault) -> str:
    """Every model's state under the widget, and both fallbacks, as one text."""
    states = [w.get_state() for w in descendants(shown.widget)]
    bundle = shown._repr_mimebundle_()
    return json.dumps(states, default=str) + bundle["text/html"] + bundle["text/plain"]


async def populated(session) -> list[list]:
    for tool in ("find_assets", "list_findings", "internet_exposure"):
        await session.call(tool, {"limit": 50}, policy="strict")
    return session.layer.vault.export()["entries"]


def viewer(session, policy: str, principal: Principal) -> Vault:
    scope = session.scope(policy, principal)
    return Vault(scope.layer.vault, reveal=scope.layer.policy.may(scope.principal, "reveal"),
                 viewer=scope.principal.label())


async def test_a_viewer_who_may_not_reveal_gets_no_real_value_anywhere(session):
    entries = await populated(session)
    reals = {e[2] for e in entries}
    for who in (Principal.local(), Principal("ghost", frozenset())):
        shown = viewer(session, "strict", who)
        assert not shown.reveal and len(shown.rows) == len(entries)
        state = model_state(shown)
        assert [r for r in reals if r in state] == []
        assert {r["real"] for r in shown.rows} == {MASK} and "may not reveal" in state
        shown.search.value = next(iter(reals))  # a real value is not even searchable
        assert shown.rows == []


async def test_a_viewer_who_may_reveal_sees_real_values_and_can_search_them(session):
    entries = await populated(session)
    shown = viewer(session, "standard", Principal.parse("root:admin"))
    assert shown.reveal and "may reveal" in shown.static_text()
    dataset = next(e for e in entries if e[1] == "dataset_name")
    shown.search.value = dataset[2]
    assert [r["pseudonym"] for r in shown.rows] == [dataset[3]]
    assert dataset[2] in model_state(shown)


async def test_search_by_pseudonym_and_live_additions(session):
    shown = viewer(session, "strict", Principal.local())
    assert shown.rows == [] and "no pseudonyms yet" in shown.static_html()
    renders = shown.renders
    entries = await populated(session)
    await shown.updated()
    assert len(shown.rows) == len(entries) and shown.renders > renders
    pseudonym = entries[0][3]
    shown.search.value = pseudonym.upper()
    assert pseudonym in [r["pseudonym"] for r in shown.rows]
    assert f'title="pseudonym: {entries[0][1]}"' in shown.table.html.value  # badge names the type
    shown.close()
    assert len(session.layer.vault._listeners) == 0
