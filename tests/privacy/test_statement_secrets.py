"""Secrets that code, SQL, flags and prose set apart from their key, and keys written in one piece.

Every form is drawn with generated secrets, key names and surroundings, under `standard` and
`strict`; each has a look-alike that must stay as written (a setting in the same form, prose
about a secret, a flag or key that names no secret).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cloudg_lab.privacy.detectors.keys import key_rule
from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown
from tests.privacy.test_value_encodings import _password, _word

Form = Callable[[random.Random, str], str]
_OPENERS = ("", "`", "'")
_KEYS = ["DB_PASSWORD", "api_token", "smtp.password", "CLIENT_SECRET", "adminPass", "signing_key",
         "WEBHOOK_SECRET", "redis-password"]



def _quoted(r: random.Random, text: str) -> str:
    quote = r.choice("\"'")
    return f"{quote}{text}{quote}"


FORMS: dict[str, Form] = {
    "call": lambda r, s: f"{r.choice(['define', 'setenv', 'config.set', 'putenv'])}("
                         f"{_quoted(r, r.choice(_KEYS))}, {_quoted(r, s)})",
    "item": lambda r, s: f"{r.choice(['os.environ', 'ENV', '$_ENV', 'settings'])}"
                         f"[\"{r.choice(_KEYS)}\"] = \"{s}\"",
    "hash": lambda r, s: r.choice([f"'{r.choice(_KEYS)}' => '{s}',",
                                   f":{r.choice(_KEYS).lower()} => \"{s}\""]),
    "sql": lambda r, s: r.choice([
        f"CREATE USER {_word(r)} IDENTIFIED BY '{s}';",
        f"create user '{_word(r)}'@'%' identified with mysql_native_password by '{s}'",
        f"ALTER ROLE {_word(r)} WITH LOGIN PASSWORD '{s}';",
        f"CREATE LOGIN svc_{_word(r)} WITH PASSWORD = '{s}', CHECK_POLICY = OFF"]),
    "flag": lambda r, s: f"{r.choice(['aws rds create-db-instance', 'mytool', 'az vm create'])} "
                         f"--{r.choice(['master-user', 'db', 'admin', 'webhook', 'api'])}-"
                         f"{r.choice(['password', 'secret', 'token'])}{r.choice([' ', '='])}{s} "
                         f"--{_word(r)} 1",
    "entry": lambda r, s: f"<{r.choice(['entry', 'property', 'add', 'param'])} "
                          f"{r.choice(['key', 'name'])}=\"{r.choice(_KEYS)}\">{s}</"
                          f"{{}}>",  # closed below with the element's own name
    "said": lambda r, s: f"{r.choice(['The', 'the new', 'Temporary', 'your'])} "
                         f"{r.choice(['password', 'passphrase', 'API key', 'secret'])} "
                         f"{r.choice(['is', 'was', 'set to', 'changed to'])} {r.choice(_OPENERS)}{s}"
                         f"{r.choice(['', '.', ' for now'])}",
    "paired": lambda r, s: f"{r.choice(['credentials', 'creds:', 'login', 'user/pass:'])} "
                           f"{_word(r)}{r.choice(['/', ' / '])}{s}",
}


def _closed(text: str) -> str:
    """An `entry` form's closing tag named as its opening one."""
    if text.endswith("</{}>"):
        return text[:-5] + f"</{text[1:].split(' ', 1)[0]}>"
    return text


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_secret_its_statement_sets_apart_from_its_key_is_hidden(form: str) -> None:
    r = random.Random(form)
    for _ in range(VARIANTS):
        secret = _password(r)
        text = _closed(FORMS[form](r, secret))
        note = f"{r.choice(WORDS)}: {text}"
        for profile in ("standard", "strict"):
            out = shown(profile, {"note": note})["note"]
            assert secret not in out and secret[2:-2] not in out, (profile, note, out)


LOOKALIKES = [
    "define('DB_HOST', 'db.internal')", "config.set('smtp.port', '587')", "'password_policy' => 'strict',",
    "ALTER USER app SET search_path TO reporting", "CREATE USER reporting WITH NOLOGIN;",
    "--public-key ~/.ssh/id_ed25519.pub", "--password-file /run/secrets/db", "--sort-key created_at",
    "<entry key=\"db.url\">jdbc:postgresql://db/app</entry>", "the password is expired",
    "Password is required.", "the token was revoked yesterday", "password set to expire monthly",
    "the PIN is four digits", "login admin/settings page", "credentials admin/Default",
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_statements_that_hold_no_secret_keep_their_text(text: str) -> None:
    assert shown("standard", {"note": text})["note"] == text


@pytest.mark.parametrize(("key", "secret"), [
    ("PGPASSWORD", True), ("MYSQLROOTPASSWORD", True), ("CLIENTSECRET", True), ("APITOKEN", True),
    ("bottoken", True), ("SIGNINGKEY", True), ("masterkey", True), ("keypassphrase", True),
    ("NEXTTOKEN", False), ("monkey", False), ("sortkey", False), ("publickey", False),
    ("passwordless", False), ("lastpasswordchange", False), ("hockey", False)])
def test_a_key_written_in_one_piece_is_read_as_the_words_it_glues(key: str, secret: bool) -> None:
    assert (key_rule(key).kind == "sensitive") is secret


def test_a_glued_key_hides_its_value_in_text_too() -> None:
    r = random.Random("glued keys")
    for _ in range(VARIANTS):
        secret, key = _password(r), r.choice(["PGPASSWORD", "MYSQLPASSWORD", "CLIENTSECRET", "APITOKEN"])
        note = f"{key}={secret} {r.choice(['psql -h db', 'mytool run', ''])}".strip()
        assert secret not in shown("standard", {"note": note})["note"], note
        assert secret not in str(shown("standard", {key.lower(): secret})), key
