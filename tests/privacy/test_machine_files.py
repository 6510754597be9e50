"""Names files about machines give bare, with no key or dot to type them: a hosts file's short
names, an ssh_config's host aliases and logins, a Prometheus target's machine and pod labels,
and the database a connection URL opens. Each hidden under `strict` (before, every form here
reached strict callers) and kept under `standard`; log lines, wildcards, `root`, `localhost` and
the databases every server has stay."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown

_SYLLABLES = ["ka", "lo", "mi", "ren", "sa", "tor", "vel", "yu", "zan", "bri", "dov", "quin"]


def _name(r: random.Random) -> str:
    return "".join(r.choice(_SYLLABLES) for _ in range(3)) + r.choice(["", "01", "-db", "-07"])


def _ip(r: random.Random) -> str:
    return f"10.{r.randrange(256)}.{r.randrange(256)}.{r.randrange(1, 255)}"


FORMS: dict[str, Callable[[random.Random, str], str]] = {
    "hosts file": lambda r, n: r.choice([f"{_ip(r)}\t{n} {n}.corp.internal",
                                         f"127.0.0.1 localhost\n{_ip(r)}   {n}   # {r.choice(WORDS)}",
                                         f"# /etc/hosts\n{_ip(r)} {n}"]),
    "ssh config host": lambda r, n: f"Host {n}\n  HostName {_ip(r)}\n  IdentityFile ~/.ssh/id_rsa",
    "ssh config user": lambda r, n: f"Host *.corp\n  User {n}\n  ProxyJump jump.corp",
    "prometheus instance": lambda r, n: f'up{{instance="{n}:{r.choice([9100, 9187, 8080])}",job="node"}} 1',
    "pod label": lambda r, n: f'container_memory{{namespace="{_name(r)}",'
                              f'pod="{n}-{r.randrange(1000, 9999)}"}}',
    "url database": lambda r, n: r.choice([f"jdbc:postgresql://{_ip(r)}:5432/{n.replace('-', '_')}?ssl=true",
                                           f"mongodb+srv://cluster0.mongodb.net/{n.replace('-', '_')}"]),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_name_a_machine_file_gives_is_hidden_under_strict_only(form: str) -> None:
    r = random.Random(form)
    for _ in range(VARIANTS):
        name = _name(r)
        text = FORMS[form](r, name)
        shown_name = name.replace("-", "_") if form == "url database" else name
        assert shown_name not in json.dumps(shown("strict", {"note": text})), text
        assert shown("standard", {"note": text}) == {"note": text}


@pytest.mark.parametrize("text", [
    "10.0.0.5 connected to db in 40 ms", "10.0.0.5 - - [05/Dec/2026:10:00:00] \"GET / HTTP/1.1\" 200",
    "127.0.0.1 localhost\n::1 ip6-localhost ip6-loopback",
    "Host *\n  ServerAliveInterval 30\n  IdentityFile ~/.ssh/k",
    "Host *\n  HostName %h.corp\n  User root", 'up{instance="localhost:9090",job="prometheus"} 1',
    "postgresql://db.internal:5432/postgres", "jdbc:mysql://10.0.0.5:3306/information_schema",
])
def test_what_every_machine_has_and_log_lines_stay(text: str) -> None:
    out = shown("strict", {"note": text})["note"]
    for word in ("connected", "localhost", "ip6-loopback", "root", "postgres", "information_schema",
                 "ServerAliveInterval", "prometheus"):
        assert (word in text) is (word in out), (text, out)
