"""Secrets of on-premises estates that an outside red team found reaching `standard` callers
(estate `moraine`): router, switch and firewall configs, Windows, BMC and Wi-Fi command lines,
Kerberos keytabs and SNMP communities under their keys. Each class on generated variants."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import ALNUM, VARIANTS, rand, shown

Line = Callable[[random.Random, str], str]


def _secret(r: random.Random) -> str:
    return rand(r, ALNUM, r.randrange(6, 12)) + r.choice("#!%*.-") + rand(r, ALNUM, r.randrange(2, 6))


def _ip(r: random.Random) -> str:
    return f"10.{r.randrange(256)}.{r.randrange(256)}.{r.randrange(1, 255)}"


@pytest.mark.parametrize("key", ["keytab", "krb5_keytab", "snmpCommunity", "community_string",
                                 "ReadCommunity", "write-community"])
def test_keytabs_and_snmp_communities_are_secret_keys(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        value = rand(r, ALNUM + "+/", r.randrange(8, 60))
        assert value not in json.dumps(shown("standard", {"host": {key: value}}))
