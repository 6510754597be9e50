"""People that messages, rotas, commit logs and event logs name where no cue word stands before
them: a rota's label and its colon, the line after a sign-off, a YAML list under a people key, a
quoted mailbox display name, a GitHub merge commit's branch owner, a Windows security event's
account. Generated names, under `strict` (hidden) and `standard` (kept); look-alikes stay."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown
from tests.privacy.test_person_spellings import _name
from tests.privacy.test_value_encodings import _word

Form = Callable[[random.Random, str], tuple[str, str]]
"""(text, what of the person it spells)."""


def _login(person: str) -> str:
    """The login a directory makes of `person`: initial and family name, ASCII letters only."""
    given, family = person.split(" ", 1)
    return "".join(c for c in (given[0] + family).lower() if c.isascii() and c.isalpha())[:12]


FORMS: dict[str, Form] = {
    "rota label": lambda r, p: (f"{r.choice(['Primary', 'Secondary', 'DRI', 'POC', 'Escalation'])}: {p}\n"
                                f"{r.choice(['on-call this week', 'oncall for q3'])}: {_name(r)}", p),
    "sign-off": lambda r, p: (f"{r.choice(WORDS)} rotated.\n\n"
                              f"{r.choice(['Regards', 'Kind regards', 'Cheers'])},\n{p}\nCloud Security", p),
    "yaml list": lambda r, p: (f"{r.choice(['owners', 'approvers', 'contacts'])}:\n"
                               f"  - {r.choice(WORDS)}-team\n  - {p}\n", p),
    "quoted mailbox": lambda r, p: (f"{r.choice(['From', 'To', 'Reply-To'])}: \"{p}\" "
                                    f"<{_login(p)}@{_word(r)}.io>", p),
    "merge commit": lambda r, p: (f"Merge pull request #{r.randrange(2, 999)} from {_login(p)}/"
                                  f"{r.choice(['fix', 'feat'])}-{_word(r)}", _login(p)),
    "event log": lambda r, p: (f"An account was successfully logged on.\n\tAccount Name:\t\t{_login(p)}\n"
                               f"\tAccount Domain:\t\tCORP", _login(p)),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_person_a_message_or_log_names_without_a_cue_word_is_hidden_under_strict(form: str) -> None:
    r = random.Random(form)
    for _ in range(VARIANTS):
        text, spelled = FORMS[form](r, _name(r))
        assert spelled not in shown("strict", {"note": text})["note"], text
        assert shown("standard", {"note": text})["note"] == text


@pytest.mark.parametrize("text", [
    "Primary region failover", "Primary Region Failover: done", "on-call: Security Hub",
    "owners:\n  - platform-team\n  - Security Hub", "Regards,\nThe Security Team",
    "Best regards,\nCloud Security",
    "Merge pull request #4 from dependabot/npm-7", "Merge pull request #9 from renovate/lock",
    "Account Name: SYSTEM", "Account Name:\t\t-", "escalation: none"])
def test_labels_sign_offs_and_bots_that_name_nobody_stay_under_strict(text: str) -> None:
    assert shown("strict", {"note": text})["note"] == text
