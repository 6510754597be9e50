"""People that prose introduces are found under strict, even when the data names them nowhere else."""

from __future__ import annotations

import pytest

from cloudg_lab import Policy, Principal
from cloudg_lab.privacy.people import people


@pytest.mark.parametrize(("text", "names"), [
    ("Change approved by Oona Vukjeovic after review with LIESEL MACZAGILLIVRAY; "
     "Oona Vukjeovic will follow up, cc Bartek MacveGillivray.",
     ["Oona Vukjeovic", "LIESEL MACZAGILLIVRAY", "Oona Vukjeovic", "Bartek MacveGillivray"]),
    ("reviewed by Dana O'Neil; dana o'neil signed", ["Dana O'Neil", "dana o'neil"]),
    ("owner: Ivo Marsh-Kell", ["Ivo Marsh-Kell"]),
    ("Escalated to Ana\u00a0Lee", ["Ana\u00a0Lee"]),
])
def test_introduced_people_and_their_other_mentions(text: str, names: list[str]) -> None:
    assert [text[s:e] for s, e in people(text)] == names


@pytest.mark.parametrize("text", [
    "Approved by Security Team with AWS Config", "talk to the Red Team", "checked by Prowler Scan",
    "instance serving traffic for the Payments Platform", "Ana Lee without a cue", "by ana lee",
])
def test_trade_words_uncued_or_lower_case_words_are_no_people(text: str) -> None:
    assert people(text) == []


@pytest.mark.parametrize(("profile", "hidden"), [("strict", True), ("standard", False)])
def test_strict_pseudonymizes_them_standard_keeps_them(profile: str, hidden: bool) -> None:
    policy = Policy.load(profile)
    text = "Rotation approved by Wenna Qarlund-Ibe, cc Tomasz Vellacourt."
    ctx = policy.transform_context(kind="tool", name="t", principal=Principal.local())
    out = policy.output_pipeline(None, Principal.local()).apply({"description": text}, ctx)
    assert ("Wenna" in out["description"] or "Vellacourt" in out["description"]) is not hidden
    if hidden:
        assert out["description"].count("person-") == 2
