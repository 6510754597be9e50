"""Secrets people paste while they run an estate that reached `standard` callers (red team
`gale`): a password in inline code or quotes right after `pw` (``root pw `...` still default``),
a sentence that sets a password to a value with the verb first (`I set the password to ...`),
and a login pair after `is` (`console login is admin / ...`). Generated variants; sentences
about passwords that give none (`set the password to expire`, `login is admin / see the vault`)
keep their text."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.privacy.test_data_platform_secrets import _hidden, _kept, _secret
from tests.privacy.test_detector_classes import VARIANTS, WORDS


def _after_pw(r: random.Random, pw: str) -> str:
    """A password in inline code or quotes right after `pw`."""
    q, host = r.choice(["`", "'", '"']), f"{r.choice(WORDS)}-{r.randrange(1, 99)}"
    return r.choice(
        [
            f"ssh'd into {host}, root pw {q}{pw}{q} still default",
            f"the {r.choice(WORDS)} admin PW {q}{pw}{q} works on {host}",
            f"grafana pw {q}{pw}{q} (rotate after the demo)",
        ]
    )


def _set_to(r: random.Random, pw: str) -> str:
    """A sentence that sets a password to a value, the verb first."""
    verb = r.choice(["set", "reset", "changed", "updated", "rotated"])
    whose = r.choice(["the", "your", "the admin", "the service account", "its"])
    return r.choice(
        [
            f"Hi {r.choice(WORDS).capitalize()},\n\nI {verb} {whose} password to {pw} - please change it.",
            f"{verb} {whose} password to: {pw}",
            f"ok, {verb} password to `{pw}` for now",
        ]
    )


def _login_pair(r: random.Random, pw: str) -> str:
    """A login pair after `is`, `are` or `was`."""
    user = r.choice(["admin", "root", r.choice(WORDS)])
    return r.choice(
        [
            f"{r.choice(WORDS)} took it; console login is {user} / {pw}",
            f"the credentials are {user}/{pw}",
            f"login was {user} / {pw} until Friday",
        ]
    )


@pytest.mark.parametrize("said", [_after_pw, _set_to, _login_pair], ids=lambda said: said.__name__)
def test_a_password_pasted_in_prose_is_hidden(said: Callable[[random.Random, str], str]) -> None:
    r = random.Random(said.__name__)
    for _ in range(VARIANTS * 2):
        pw = _secret(r)
        _hidden(said(r, pw), pw)


def test_sentences_about_passwords_that_give_none_keep_their_text() -> None:
    _kept(
        "set the password to expire in 90 days",
        "reset the password to the default and tell the user",
        "I changed your password to a passphrase, see the vault",
        "the root pw `ls` prompt hangs on Tuesday",
        "console login is admin / see the vault for the rest",
        "rotate the Platform team's passwords every Monday; login is SSO only",
    )
