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


DEVICE_LINES: tuple[Line, ...] = (
    lambda r, s: f"username {r.choice(WORDS)} privilege 15 {r.choice(['password', 'secret'])} "
                 f"{r.choice(['0', '7', '5', '9'])} {s}",
    lambda r, s: f"enable {r.choice(['secret', 'password'])} {r.choice(['', '0 ', '7 '])}{s}",
    lambda r, s: f"snmp-server community {s} {r.choice(['RO', 'RW', 'ro 10'])}",
    lambda r, s: f"{r.choice(['radius-server', 'tacacs-server'])} host {_ip(r)} key "
                 f"{r.choice(['', '7 '])}{s}",
    lambda r, s: f"tacacs-server key {s}",
    lambda r, s: f"crypto isakmp key {s} address {_ip(r)}",
    lambda r, s: f"ntp authentication-key {r.randrange(1, 9)} md5 {s} 7",
    lambda r, s: f"ip ospf message-digest-key {r.randrange(1, 9)} md5 {s}",
    lambda r, s: f"radius server {r.choice(WORDS)}\n address ipv4 {_ip(r)} auth-port 1812\n key 7 {s}",
    lambda r, s: f"key chain {r.choice(WORDS)}\n key 1\n  key-string {s}",
    lambda r, s: f'set security ike policy {r.choice(WORDS)} pre-shared-key ascii-text "{s}"',
    lambda r, s: f"set snmp community {s} authorization read-only",
    lambda r, s: f"local-user {r.choice(WORDS)} password cipher {s}",
    lambda r, s: f"snmp-server user {r.choice(WORDS)} grp v3 auth sha {_secret(r)} priv aes 128 {s}",
    lambda r, s: f"snmp-server user {r.choice(WORDS)} grp v3 auth {r.choice(['md5', 'sha'])} {s} "
                 f"priv des {_secret(r)}",
    lambda r, s: f"# /etc/ipsec.secrets\n{r.choice(WORDS)}.example {_ip(r)} : "
                 f"{r.choice(['PSK', 'XAUTH'])} \"{s}\"",
)


@pytest.mark.parametrize("line", range(len(DEVICE_LINES)))
def test_passwords_keys_and_communities_in_device_configs_are_hidden(line: int) -> None:
    r = random.Random(f"device-{line}")
    for _ in range(VARIANTS):
        secret = _secret(r)
        config = f"hostname {r.choice(WORDS)}-sw{r.randrange(9)}\n!\n{DEVICE_LINES[line](r, secret)}\n!\nend"
        assert covered(config, secret) is not None, config
        assert secret not in json.dumps(shown("standard", {"running_config": config})), config


def test_junos_reversible_secrets_are_hidden_wherever_they_stand() -> None:
    r = random.Random("junos")
    for _ in range(VARIANTS):
        secret = "$9$" + rand(r, ALNUM + "./-", r.randrange(12, 40))
        for text in (f'set system root-authentication encrypted-password "{secret}"',
                     f"the old value was {secret} before rotation", secret):
            assert covered(text, secret) is not None, text


@pytest.mark.parametrize("text", [
    "Key findings: the password policy is weak and the secret scanner found nothing",
    "Press the key twice to continue.", "snmp-server enable traps", "username field is required",
    "enable logging", "set the password expiry to ninety days",
    "ip address 10.0.0.1 255.255.255.0", "The community meets on Fridays."])
def test_prose_and_config_lines_without_a_secret_keep_their_text(text: str) -> None:
    assert json.dumps(shown("standard", {"note": text})) == json.dumps({"note": text})


COMMANDS: tuple[Line, ...] = (
    lambda r, s: f"net use \\\\{r.choice(WORDS).upper()}-FS{r.randrange(9)}\\{r.choice(WORDS)} "
                 f"/user:{r.choice(WORDS).upper()}\\{r.choice(WORDS)} {s} /persistent:no",
    lambda r, s: f"ipmitool -I lanplus -H {_ip(r)} -U {r.choice(['root', 'ADMIN'])} -P {s} "
                 f"{r.choice(['chassis power cycle', 'sel list'])}",
    lambda r, s: f"sqlcmd -S {r.choice(WORDS)}\\SQL{r.randrange(9)} -U sa -P {s} -Q \"SELECT 1\"",
    lambda r, s: f"racadm -r {_ip(r)} -u root -p {s} {r.choice(['getsysinfo', 'serveraction powercycle'])}",
    lambda r, s: f'wpa_passphrase {r.choice(WORDS)}-{r.choice(WORDS)} "{s} {r.choice(WORDS)}"',
    lambda r, s: f"wandb login {r.choice(['', '--relogin '])}{s}",
    lambda r, s: f"{r.choice(['psexec', 'PsExec64', 'paexec'])} \\\\{r.choice(WORDS)}01 "
                 f"-u CORP\\{r.choice(WORDS)} -p {s} cmd /c whoami",
    lambda r, s: f"Set-ADAccountPassword -Identity {r.choice(WORDS)} -NewPassword (ConvertTo-SecureString "
                 f"{r.choice(['-AsPlainText ', '-AsPlainText -Force ', '-String '])}\"{s}\" -Force)",
    lambda r, s: f"{r.choice(['7z', '7za', 'rar'])} {r.choice(['a', 'x'])} {r.choice(['-mhe=on ', ''])}-p{s} "
                 f"{r.choice(WORDS)}.{r.choice(['7z', 'rar'])} /data",
    lambda r, s: f"{r.choice(['zip -r', 'unzip', 'zip -e'])} {r.choice(['-P ', '--password='])}{s} "
                 f"{r.choice(WORDS)}.zip",
    lambda r, s: f"rclone config create {r.choice(WORDS)} {r.choice(['s3', 'azureblob', 'b2'])} "
                 f"{r.choice(['access_key_id AKIA0000 ', 'account x '])}"
                 f"{r.choice(['secret_access_key', 'key', 'account_key', 'pass'])} {s}",
)


@pytest.mark.parametrize("command", range(len(COMMANDS)))
def test_passwords_on_windows_bmc_wifi_and_ml_command_lines_are_hidden(command: int) -> None:
    r = random.Random(f"command-{command}")
    for _ in range(VARIANTS):
        secret = rand(r, HEX, 40) if "wandb" in COMMANDS[command](r, "") else _secret(r)
        text = COMMANDS[command](r, secret)
        assert covered(text, secret) is not None, text
        assert secret not in json.dumps(shown("standard", {"runbook": f"steps:\n{text}\n"})), text


@pytest.mark.parametrize("key", ["keytab", "krb5_keytab", "snmpCommunity", "community_string",
                                 "ReadCommunity", "write-community", "PresharedKey", "preshared_key"])
def test_keytabs_and_snmp_communities_are_secret_keys(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        value = rand(r, ALNUM + "+/", r.randrange(8, 60))
        assert value not in json.dumps(shown("standard", {"host": {key: value}}))


@pytest.mark.parametrize("key", ["snmp", "SNMP", "Snmp", "community", "Community", "SNMP_V2C",
                                 "snmpV2c", "snmp-v1"])
def test_a_key_naming_snmp_alone_holds_its_community_string(key: str) -> None:
    r = random.Random(f"snmp-{key}")
    for _ in range(VARIANTS):
        value = _secret(r)
        for shape in ({"tags": {key: value}}, {"metadata": {"net": {key: value}}}):
            assert value not in json.dumps(shown("standard", shape)), (key, value)


@pytest.mark.parametrize(("key", "value"), [("snmp_port", 161), ("snmp_version", "v2c"),
                                            ("snmp_enabled", True), ("community_size", 40),
                                            ("snmp_location", "rack-12")])
def test_settings_of_snmp_are_not_secrets(key: str, value: object) -> None:
    assert shown("standard", {"device": {key: value}}) == {"device": {key: value}}
