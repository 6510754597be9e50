"""Names in connection strings, URL hosts and query fields, which passed `strict` while their
passwords were redacted: users (`User ID=`, `Uid=`, `?user=`, `user:password@`), databases and
storage accounts (`Initial Catalog=`, `AccountName=`, `EntityPath=`) and hosts without a public
suffix (`Data Source=ledger-sql01`, `redis://ledger-cache:6379`). Found by probing connection
strings of several drivers; each class on generated variants, settings and placeholders kept."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown

Names = dict[str, str]
"""role (`user`, `db`, `host`, `account`) → the generated value."""


def _word(r: random.Random, n: int = 6) -> str:
    return "".join(r.choice(string.ascii_lowercase) for _ in range(n))


def _names(r: random.Random) -> Names:
    return {"user": r.choice([f"svc_{_word(r)}", f"{_word(r)}.{_word(r, 4)}", f"{_word(r)}admin"]),
            "db": r.choice([f"{_word(r)}db", f"{r.choice(WORDS).capitalize()}{_word(r, 4).capitalize()}"]),
            "host": f"{_word(r, 5)}-{r.choice(['sql', 'pg', 'cache', 'mq'])}{r.randrange(1, 40):02d}",
            "account": f"{_word(r, 8)}store{r.randrange(10, 99)}"}


def _password(r: random.Random) -> str:
    return "".join(r.choice(string.ascii_letters + string.digits) for _ in range(12)) + "!"


STRINGS: dict[str, Callable[[random.Random, Names], str]] = {
    "sql server": lambda r, n: f"Server=tcp:{n['host']},1433;Initial Catalog={n['db']};"
                               f"User ID={n['user']};Password={_password(r)};Encrypt=True;",
    "odbc": lambda r, n: f"Driver={{ODBC Driver 18}};Data Source={n['host']};Database={n['db']};"
                         f"Uid={n['user']};Pwd={_password(r)};Connection Timeout=30",
    "npgsql": lambda r, n: f"Host={n['host']};Port=5432;Database={n['db']};Username={n['user']};"
                           f"Password={_password(r)}",
    "jdbc query": lambda r, n: f"jdbc:postgresql://{n['host']}:5432/app?user={n['user']}&ssl=true"
                               f"&database={n['db']}",
    "userinfo": lambda r, n: f"{r.choice(['mongodb', 'amqp', 'postgresql', 'mysql'])}://{n['user']}:"
                             f"{_password(r)}@{n['host']}:{r.randrange(1000, 9999)}/{n['db']}",
}
SHOWN = {"sql server": ("user", "db", "host"), "odbc": ("user", "db", "host"),
         "npgsql": ("user", "db", "host"), "jdbc query": ("user", "db", "host"),
         "userinfo": ("user", "host")}
"""The names each form must hide (a database in a URL path is a path segment like any other)."""


@pytest.mark.parametrize("form", sorted(STRINGS))
def test_the_names_of_a_connection_string_are_hidden_under_strict(form: str) -> None:
    r = random.Random(form)
    for _ in range(VARIANTS):
        names = _names(r)
        text = STRINGS[form](r, names)
        for value in ({"connection": text}, {"note": f"use {text} for the job"}, {"env": [text]}):
            strict = json.dumps(shown("strict", value))
            standard = json.dumps(shown("standard", value))
            for role in SHOWN[form]:
                assert names[role] not in strict, (form, role, strict)
                assert names[role] in standard, (form, role, standard)


def test_a_storage_account_and_entity_of_a_connection_string_are_hidden_under_strict() -> None:
    r = random.Random("azure connection")
    for _ in range(VARIANTS):
        account, entity = f"{_word(r, 8)}{r.randrange(10, 99)}", f"{_word(r)}-{r.choice(WORDS)}"
        text = (f"DefaultEndpointsProtocol=https;AccountName={account};AccountKey={_password(r)}==;"
                f"EndpointSuffix=core.windows.net|Endpoint=sb://{_word(r)}.servicebus.windows.net/;"
                f"SharedAccessKeyName=send;EntityPath={entity}")
        strict = shown("strict", {"conn": text})["conn"]
        assert account not in strict and entity not in strict, strict
        assert "EndpointSuffix=core.windows.net" in strict and "SharedAccessKeyName=send" in strict


@pytest.mark.parametrize("text", ["Encrypt=True;TrustServerCertificate=False;Connection Timeout=30",
                                  "Port=5432;Pooling=true;Minimum Pool Size=0",
                                  "set retries=3 before giving up", "redis://redis:6379/0",
                                  "http://localhost:8080/health", "mode=fast;level=2"])
def test_settings_placeholders_and_local_services_stay(text: str) -> None:
    assert shown("strict", {"note": text}) == {"note": text}


def test_the_host_of_a_url_is_hidden_whatever_its_suffix() -> None:
    r = random.Random("url host")
    for _ in range(VARIANTS):
        host = r.choice([f"{_word(r)}-{r.randrange(1, 99):02d}", f"{_word(r)}.{_word(r, 4)}-zone",
                         f"{_word(r, 4)}{r.randrange(100, 999)}"])
        text = f"{r.choice(['http', 'https', 'redis', 'ldap'])}://{host}{r.choice(['', ':8080'])}/x"
        assert host not in shown("strict", {"link": text})["link"], text
        assert host in shown("standard", {"link": text})["link"], text


@pytest.mark.parametrize("host", ["github.com", "login.microsoftonline.com", "registry.terraform.io",
                                  "hooks.slack.com", "docs.aws.amazon.com", "pypi.org"])
def test_a_public_service_host_names_no_customer_and_stays_but_a_customer_s_subdomain_goes(
        host: str) -> None:
    r = random.Random(host)
    customer = f"{r.choice(['qorvex', 'tallin', 'brisk'])}{r.randint(1, 99)}"
    for text in (f"see https://{host}/{customer}-path/x", f"reached {host} over 443"):
        assert host in shown("strict", {"note": text})["note"], text
    for lookalike in (f"{customer}.{host}", f"{host}.{customer}.io"):
        assert lookalike not in shown("strict", {"note": f"reached https://{lookalike}/x"})["note"], lookalike
