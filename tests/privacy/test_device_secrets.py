"""Secrets of on-premises estates that an outside red team found reaching `standard` callers
(estate `moraine`): router, switch and firewall configs, Windows, BMC and Wi-Fi command lines,
Kerberos keytabs and SNMP communities under their keys. Each class on generated variants."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import ALNUM, HEX, VARIANTS, WORDS, covered, rand, shown

Line = Callable[[random.Random, str], str]


def _secret(r: random.Random) -> str:
    return rand(r, ALNUM, r.randrange(6, 12)) + r.choice("#!%*.-") + rand(r, ALNUM, r.randrange(2, 6))


def _ip(r: random.Random) -> str:
    return f"10.{r.randrange(256)}.{r.randrange(256)}.{r.randrange(1, 255)}"


COMMANDS: tuple[Line, ...] = (
    lambda r, s: f"net use \\\\{r.choice(WORDS).upper()}-FS{r.randrange(9)}\\{r.choice(WORDS)} "
                 f"/user:{r.choice(WORDS).upper()}\\{r.choice(WORDS)} {s} /persistent:no",
    lambda r, s: f"ipmitool -I lanplus -H {_ip(r)} -U {r.choice(['root', 'ADMIN'])} -P {s} "
                 f"{r.choice(['chassis power cycle', 'sel list'])}",
    lambda r, s: f"sqlcmd -S {r.choice(WORDS)}\\SQL{r.randrange(9)} -U sa -P {s} -Q \"SELECT 1\"",
    lambda r, s: f"racadm -r {_ip(r)} -u root -p {s} {r.choice(['getsysinfo', 'serveraction powercycle'])}",
    lambda r, s: f'wpa_passphrase {r.choice(WORDS)}-{r.choice(WORDS)} "{s} {r.choice(WORDS)}"',
    lambda r, s: f"wandb login {r.choice(['', '--relogin '])}{s}",
)


@pytest.mark.parametrize("command", range(len(COMMANDS)))
def test_passwords_on_windows_bmc_wifi_and_ml_command_lines_are_hidden(command: int) -> None:
    r = random.Random(f"command-{command}")
    for _ in range(VARIANTS):
        secret = _secret(r) if command != 5 else rand(r, HEX, 40)
        text = COMMANDS[command](r, secret)
        assert covered(text, secret) is not None, text
        assert secret not in json.dumps(shown("standard", {"runbook": f"steps:\n{text}\n"})), text


@pytest.mark.parametrize("key", ["keytab", "krb5_keytab", "snmpCommunity", "community_string",
                                 "ReadCommunity", "write-community"])
def test_keytabs_and_snmp_communities_are_secret_keys(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        value = rand(r, ALNUM + "+/", r.randrange(8, 60))
        assert value not in json.dumps(shown("standard", {"host": {key: value}}))
