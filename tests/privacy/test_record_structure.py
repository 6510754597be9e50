"""Where a value is written in a record (red team `tundra`): keys spelled in another case, width or
script or with invisible characters, flattened paths (`tags.Owner`, `spec/env/DB_PASSWORD`),
`{name, value}` and `[name, value]` pairs, the empty key, a person split into first and last
name. Through a real `Layer` on generated records, under `strict` and `standard`, each form
with a benign twin that must stay as written."""

from __future__ import annotations

import json
import random
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer
from cloudg_lab.privacy.detectors.keys import key_rule
from tests.privacy.test_dataset_spellings import _walk
from tests.privacy.test_detector_classes import VARIANTS
from tests.privacy.test_value_encodings import _password, _word

_GIVEN = ("Ysolde", "Tavish", "Oona", "Radomir", "Ximena", "Ottilie", "Nnamdi", "Liesel")
_LOOKALIKE = {"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "i": "і"}
"""Latin letters and the Cyrillic ones drawn like them."""


def _person(r: random.Random) -> str:
    return f"{r.choice(_GIVEN)} {_word(r).capitalize()}{r.choice(['', '-' + _word(r, 4).capitalize()])}"


def _respelled(r: random.Random, key: str) -> str:
    """`key` in one of the spellings a reader reads as `key`."""
    at = r.randrange(1, len(key))
    swap = [i for i, c in enumerate(key) if c in _LOOKALIKE]
    spellings: list[Callable[[], str]] = [
        key.upper, lambda: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in key),
        lambda: key[:at] + r.choice(["\u200b", "\u00ad", "\u2060", "\ufeff"]) + key[at:],
        lambda: "".join(_LOOKALIKE[c] if i == r.choice(swap) else c for i, c in enumerate(key)) if swap
        else key.upper()]
    return r.choice(spellings)()


def _flat(r: random.Random, key: str) -> str:
    prefix = r.choice(["metadata", "spec/containers/0/env", "Tags", "data__admin", "config:smtp"])
    return r.choice([f"{prefix}.{key}", f"{prefix}/{key}", f"{prefix}[{key}]", f"{prefix}:{key}",
                     f"{prefix}__{key}"])


def _layer(root: Path, metadata: dict[str, Any], policy: str) -> Layer:
    assets = [{"id": "i-0123456789abcdef0", "name": f"{root.name}-host", "asset_type": "EC2",
               "provider": "AWS", "region": "eu-north-1", "account_id": "210987654321", "tags": {},
               "metadata": metadata}]
    root.mkdir(exist_ok=True)
    (root / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}},
                                                        ensure_ascii=False))
    return Layer(policy=policy, datasets={"rec": root})


Build = Callable[[random.Random, str, str], tuple[dict[str, Any], str]]


async def _check(tmp_path: Path, build: Build, seed: str, shown: Callable[[str], str] = str) -> None:
    """Every variant: the password hidden under both profiles, the person (as `shown` picks what
    the record spells of it) under `strict`, the benign twin shown as written under both."""
    r = random.Random(seed)
    for i in range(VARIANTS):
        person, secret = _person(r), _password(r)
        metadata, benign = build(r, person, secret)
        for policy in ("standard", "strict"):
            layer = _layer(tmp_path / f"{i}-{policy}", metadata, policy)
            wire = unicodedata.normalize("NFKC", await _walk(layer))
            assert secret.lower() not in wire, (policy, metadata)
            assert (shown(person).lower() in wire) is (policy == "standard"), (policy, metadata)
            assert benign.lower() in wire, (policy, benign)


async def test_a_key_in_another_case_width_or_script_keeps_its_rule(tmp_path: Path) -> None:
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        region = _word(r)
        return {_respelled(r, r.choice(["password", "api_token", "client_secret"])): secret,
                _respelled(r, r.choice(["owner", "contact"])): person,
                _respelled(r, "region"): region}, region
    await _check(tmp_path, build, "respelled keys")


async def test_a_flattened_path_is_ruled_by_its_last_member(tmp_path: Path) -> None:
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        replicas = _word(r)
        return {_flat(r, r.choice(["DB_PASSWORD", "api_token", "password"])): secret,
                _flat(r, r.choice(["Owner", "Technical-Contact", "maintainer"])): person,
                _flat(r, "image"): replicas}, replicas
    await _check(tmp_path, build, "flattened keys")


_PAIRS = (("name", "value"), ("Name", "Value"), ("key", "value"), ("Key", "Value"), ("key", "val"),
          ("ParameterKey", "ParameterValue"))


async def test_a_name_value_pair_is_ruled_by_its_name(tmp_path: Path) -> None:
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        (n1, v1), (n2, v2), (n3, v3) = (r.choice(_PAIRS) for _ in range(3))
        path = f"/opt/{_word(r)}/bin"
        return {"env": [{n1: r.choice(["password", "DB_PASS", "client_secret"]), v1: secret},
                        {n2: r.choice(["Owner", "owner", "contact"]), v2: person},
                        {n3: "PATH", v3: path}]}, path
    await _check(tmp_path, build, "name value pairs")


async def test_a_two_item_list_is_ruled_by_its_first_item(tmp_path: Path) -> None:
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        zone = _word(r)
        pairs: list[Any] = [["Owner", person], ["zone", zone], ["admin_password", secret]]
        r.shuffle(pairs)
        return {"settings": [pairs[:1], [[pairs[1]]], pairs[2]]}, zone
    await _check(tmp_path, build, "list pairs")


async def test_a_value_a_pair_names_is_hidden_where_it_is_quoted_apart_from_the_pair(tmp_path: Path) -> None:
    """Classification files what a pair's name rules (a dict pair anywhere, not only in `tags`,
    or a `[name, value]` list under a key that marks nothing), so the value is hidden where
    another member quotes it with no key rule and no cue around it."""
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        (n1, v1), (n2, v2) = r.choice(_PAIRS), r.choice(_PAIRS)
        named: Any = [{n1: r.choice(["Owner", "contact", "maintainer"]), v1: person},
                      {n2: r.choice(["DB_PASS", "client_secret", "password"]), v2: secret}]
        if r.random() < 0.5:  # as flat lists instead, each under a key that marks nothing
            named = {"primary": [r.choice(["Owner", "steward"]), person],
                     "extra": [r.choice(["api_key", "DB_PASS"]), secret]}
        word = _word(r)
        return {r.choice(["spec", "settings", "extra"]): {r.choice(["env", "params", "items"]): named},
                "summary": f"{_word(r)} {person} {word}", "trace": f"{_word(r)} {secret} {_word(r)}"}, word
    await _check(tmp_path, build, "pairs quoted apart")


async def test_a_secure_string_parameter_s_value_is_secret_whatever_its_name(tmp_path: Path) -> None:
    """An SSM parameter of type `SecureString` holds a secret under `Value` though its name is
    neutral (`/prod/app/config`); filed at load, it is hidden where the record quotes it too."""
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        label = _word(r)
        parameter = {r.choice(["Name", "name"]): f"/{label}/{_word(r)}/config",
                     r.choice(["Type", "type"]): "SecureString", r.choice(["Value", "value"]): secret}
        return {"parameters": [parameter, {"Name": f"/{label}/region", "Type": "String", "Value": label}],
                "owner": person, "last_run": f"{_word(r)} read {secret}"}, label
    await _check(tmp_path, build, "secure strings")


async def test_a_mysql_client_s_glued_password_in_a_command_list_is_secret(tmp_path: Path) -> None:
    """`["mysql", "-uroot", "-pS3cret"]`: MySQL clients take the password glued to `-p`, one
    item of a command list under a key that marks nothing."""
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        database = _word(r)
        tool = r.choice(["mysql", "/usr/bin/mysqldump", "mariadb", "mysqladmin"])
        return {"container": {r.choice(["command", "args", "Cmd"]): [
                    tool, f"-u{_word(r)}", f"-p{secret}", "-h", f"db-{_word(r)}", database]},
                "maintainer": person, "note": f"ran with {secret} once"}, database
    await _check(tmp_path, build, "glued mysql passwords")


async def test_a_value_under_a_cloud_api_s_resource_key_is_an_identifier(tmp_path: Path) -> None:
    """Cloud APIs name a resource by `<Resource>Id`, `<Resource>Name` and `<Resource>Identifier`
    (`HostedZoneId`, `LogGroupName`, `DBClusterIdentifier`): classified at load, the value is
    hidden under strict where the record quotes it apart from its key too."""
    r = random.Random("cloud api resource keys")
    keys = ["HostedZoneId", "UserPoolId", "LogGroupName", "DBClusterIdentifier", "ClusterIdentifier",
            "StackName", "KeyId", "uid", "file_system_id", "vault_name", "pod_name", "TaskDefinitionName"]
    await _hidden_under_strict_only(tmp_path, r, keys, "Engine",
                                    lambda: f"{_word(r)}-{_word(r)}-{r.randrange(10, 99)}")


async def _hidden_under_strict_only(tmp_path: Path, r: random.Random, keys: list[str], beside: str,
                                    make: Callable[[], str]) -> None:
    """Each key's value (quoted apart from its key in prose too) is shown under standard and
    hidden under strict; the neutral value `beside` it stays under both."""
    for i, key in enumerate(keys):
        value, neutral = make(), _word(r)
        metadata = {"record": {key: value, beside: neutral}, "summary": f"{_word(r)} {value} {_word(r)}"}
        for policy in ("standard", "strict"):
            wire = await _walk(_layer(tmp_path / f"{i}-{policy}", metadata, policy))
            assert (value in wire) is (policy == "standard"), (policy, key)
            assert neutral in wire, (policy, key)


async def test_the_logins_and_machines_directories_key_are_identifiers(tmp_path: Path) -> None:
    """Directories, audit trails and IdPs key a person's login or id and a machine's name in
    their own words (`sAMAccountName`, `createdByUser`, `lastModifiedBy`, `actor`, `userId`,
    `computerName`, `objectGuid`): classified at load, hidden under strict wherever quoted."""
    r = random.Random("directory keys")
    keys = ["sAMAccountName", "createdByUser", "lastModifiedBy", "caller", "actor", "login", "userId",
            "employeeId", "computerName", "machineName", "deviceName", "workstation", "objectGuid",
            "serialNumber", "recordName"]
    await _hidden_under_strict_only(
        tmp_path, r, keys, "status",
        lambda: f"{_word(r)}{r.choice(['.', '-', ''])}{_word(r)}{r.randrange(10, 99)}")
    assert key_rule("last_sorted_by").kind == key_rule("data_partitioned_by").kind == "none"


async def test_the_empty_key_takes_its_parents_rule(tmp_path: Path) -> None:
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        label = _word(r)
        return {"blank": {r.choice(["owners", "contacts", "maintainers"]): {"": person},
                          r.choice(["credentials", "passwords", "secrets"]): {"": secret},
                          "notes": {"": label}}}, label
    await _check(tmp_path, build, "empty keys")


async def test_a_person_split_into_first_and_last_name_is_hidden(tmp_path: Path) -> None:
    def build(r: random.Random, person: str, secret: str) -> tuple[dict[str, Any], str]:
        given, family = person.split(" ", 1)
        keys = r.choice([("first_name", "last_name"), ("firstName", "lastName"),
                         ("given_name", "family_name"), ("FirstName", "Surname")])
        team = _word(r)
        return {"approver": {keys[0]: given, keys[1]: family, "team": team},
                "note": f"Signed: {family}", "db_password": secret}, team
    r = random.Random("split people")
    await _check(tmp_path, build, "split people", shown=lambda person: person.split(" ", 1)[1])
    contact = r.choice(["billing_contact", "security_contact", "technical_contacts"])
    assert key_rule(contact).entity == "person"


@pytest.mark.parametrize("key", ["[REDACTED:aws_secret_access_key]", "db.example.com", "10.0.0.1",
                                 "spec.replicas", "a.name", "Paris"])
def test_keys_that_are_no_path_to_a_rule_keep_none(key: str) -> None:
    """A marker, a host, an address or a path whose last member rules nothing is no secret key."""
    assert key_rule(key).kind not in ("sensitive", "typed")
