"""User names in the places systems write them, which passed `strict` when the data held them
nowhere else: Windows logon names, home directories, sshd/PAM/sudo log lines and the display
names of mailboxes. Found by probing log and path shapes; each place on generated users, the
accounts every machine has and registry paths kept."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown

Place = Callable[[random.Random, str], str]


def _user(r: random.Random) -> str:
    word = "".join(r.choice(string.ascii_lowercase) for _ in range(r.randrange(5, 9)))
    return r.choice([word, f"{word}{r.randrange(1, 99):02d}", f"{word[:3]}.{r.choice(WORDS)}",
                     f"svc_{word}", f"{word}-admin"])


def _ip(r: random.Random) -> str:
    return f"203.0.113.{r.randrange(1, 254)}"


PLACES: dict[str, Place] = {
    "logon name": lambda r, u: f"logon failure for {r.choice(['CORP', 'LEDGER-EU', 'ACME01'])}\\{u} "
                               f"from WS-{r.randrange(1000, 9999)}",
    "escaped logon name": lambda r, u: f'"TargetUserName": "CORP\\\\{u}"',
    "linux home": lambda r, u: f"key at /home/{u}/.ssh/id_ed25519 was world-readable",
    "mac home": lambda r, u: f"found /Users/{u}/Library/Keychains/login.keychain-db",
    "windows home": lambda r, u: f"file C:\\Users\\{u}\\AppData\\Local\\Temp\\x.exe quarantined",
    "sshd accepted": lambda r, u: f"sshd[{r.randrange(100, 9999)}]: Accepted "
                                  f"{r.choice(['publickey', 'password'])} for {u} from {_ip(r)} port 5214",
    "sshd invalid": lambda r, u: f"Failed password for invalid user {u} from {_ip(r)} port 4022 ssh2",
    "pam session": lambda r, u: f"pam_unix(sshd:session): session opened for user {u} by (uid=0)",
    "sudo": lambda r, u: f"sudo:   {u} : TTY=pts/0 ; PWD=/tmp ; USER=root ; COMMAND=/bin/bash",
    "mailbox": lambda r, u: f"{r.choice(['Author', 'From', 'Co-authored-by'])}: {u} <{u}@corp.example>",
}


@pytest.mark.parametrize("place", sorted(PLACES))
def test_a_user_where_systems_write_one_is_hidden_under_strict(place: str) -> None:
    r = random.Random(place)
    for _ in range(VARIANTS):
        user = _user(r)
        text = PLACES[place](r, user)
        for value in ({"note": text}, {"log": [f"{r.choice(WORDS)} {text}"]}):
            assert user not in json.dumps(shown("strict", value)), (place, text)
            assert user in json.dumps(shown("standard", value)), (place, text)


@pytest.mark.parametrize("text", [
    "NT AUTHORITY\\SYSTEM logged on", "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run",
    "SYSTEM\\CurrentControlSet\\Services", "C:\\Users\\Public\\Documents", "/home/ubuntu/.bashrc",
    "/Users/Shared/Installers", "Accepted publickey for root from 10.0.0.1 port 22 ssh2",
    "sudo: ec2-user : TTY=pts/1 ; PWD=/tmp ; USER=root ; COMMAND=/usr/bin/yum"])
def test_the_accounts_every_machine_has_and_registry_paths_stay(text: str) -> None:
    shown_text = shown("strict", {"note": text})["note"]
    assert "person-" not in shown_text, shown_text
