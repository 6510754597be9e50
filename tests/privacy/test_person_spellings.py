"""People an identity estate names in ways that reached `strict` callers (red team `fjord`): a
person under an IdP profile's `displayName` (or `full_name`, `realName`), and a known person
written family name first (`Lee, Ana`, `LEE Ana`), as rotas, directories and SAML attributes
write them, in prose without a cue word. Generated names; through a real `Layer` for the
dictionary, and in one text for the prose heuristic."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from cloudg_lab.privacy.people import reordered
from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown


def _name(r: random.Random) -> str:
    def word() -> str:
        return "".join(r.choice(string.ascii_lowercase) for _ in range(r.randrange(4, 8))).capitalize()
    family = r.choice([word(), f"{word()}-{word()}", f"d'{word()}", f"O'{word()}"])
    return f"{r.choice([word(), 'Ólafur', 'Zoë', 'Anne-Marie'])} {family}"


@pytest.mark.parametrize("key", ["displayName", "display_name", "fullName", "realName"])
def test_a_person_under_a_display_name_key_is_hidden_under_strict(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        person = _name(r)
        value = {"profile": {key: person, "department": r.choice(WORDS)}}
        assert person not in json.dumps(shown("strict", value), ensure_ascii=False), value
        assert shown("standard", value) == value


def test_a_name_introduced_by_a_cue_is_found_again_family_name_first() -> None:
    r = random.Random("reordered prose")
    for _ in range(VARIANTS):
        person = _name(r)
        given, family = person.split(" ", 1)
        later = r.choice([f"{family}, {given}", f"{family.upper()} {given}"])
        text = f"Approved by {person}. On-call rota: {later}; {r.choice(WORDS)} next."
        wire = json.dumps(shown("strict", {"note": text}), ensure_ascii=False).casefold()
        assert family.casefold() not in wire and "on-call rota" in wire, wire


async def test_a_known_person_written_family_name_first_is_hidden_under_strict(tmp_path: Path) -> None:
    r = random.Random("reordered at load")
    who = Principal.parse("eve:analyst")
    people = [_name(r) for _ in range(VARIANTS)]
    assets = [{"id": f"00u{i:017d}", "name": f"user-{i}", "asset_type": "OKTA_USER", "provider": "OKTA",
               "region": "global", "metadata": {"profile": {"displayName": person}},
               "tags": {"team": r.choice(WORDS)}} for i, person in enumerate(people)]
    rota = "; ".join(r.choice([f"{p.split(' ', 1)[1]}, {p.split(' ')[0]}",
                               f"{p.split(' ', 1)[1].upper()} {p.split(' ')[0]}"]) for p in people)
    assets.append({"id": "P1ROTA", "name": "oncall", "asset_type": "PAGERDUTY_SERVICE",
                   "provider": "PAGERDUTY",
                   "region": "global", "metadata": {"rota": f"Rota this week: {rota}."}})
    (tmp_path / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
    for policy in ("strict", "standard"):
        layer = Layer(policy=policy, datasets={"idp": tmp_path})
        page = await layer.call_tool("find_assets", {"limit": 50}, principal=who)
        assert page.structured is not None
        wire = []
        for item in page.structured["items"]:
            wire.append((await layer.call_tool("get_asset", {"ref": item["id"]}, principal=who)).to_wire())
        text = json.dumps(wire, ensure_ascii=False).casefold()
        families = [p.split(" ", 1)[1].casefold() for p in people]
        assert "rota this week" in text, policy
        assert all((f in text) is (policy == "standard") for f in families), policy


@pytest.mark.parametrize("value", ["ana", "svc-deploy bot", "ana.lee@example.com", "Ana Lee,", "A B C D E",
                                   "ops team"])
def test_what_is_no_name_of_capitalised_words_has_no_other_order(value: str) -> None:
    assert reordered(value) == ()
