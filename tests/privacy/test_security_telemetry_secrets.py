"""Secrets of security telemetry that reached `standard` callers (red team `sleet`): a flattened
event export whose CSV header is longer than a line of prose (CloudTrail's dotted member names),
the SNMP community strings a scanner lists under the line reporting them, and a PowerShell
`-EncodedCommand` (base64 of UTF-16LE text) that an EDR alert quotes. Generated variants; the
look-alikes (the default communities, an encoded command that holds nothing, ISO times in a CSV
row, which looked like a `.pgpass` line) keep their text."""

from __future__ import annotations

import base64
import random

from tests.privacy.test_data_platform_secrets import _hidden, _kept, _secret
from tests.privacy.test_detector_classes import ALNUM, VARIANTS, WORDS, rand

_MEMBERS = (
    "eventVersion",
    "userIdentity.type",
    "userIdentity.principalId",
    "userIdentity.arn",
    "userIdentity.sessionContext.sessionIssuer.type",
    "userIdentity.sessionContext.attributes.creationDate",
    "userIdentity.sessionContext.attributes.mfaAuthenticated",
    "eventTime",
    "eventSource",
    "eventName",
    "awsRegion",
    "sourceIPAddress",
    "userAgent",
    "requestID",
    "eventID",
    "readOnly",
    "eventType",
    "userIdentity.sessionContext.sessionIssuer.principalId",
    "userIdentity.sessionContext.sessionIssuer.arn",
    "userIdentity.accessKeyId",
    "recipientAccountId",
    "tlsDetails.tlsVersion",
    "tlsDetails.cipherSuite",
)


def _export(r: random.Random, secret_key: str, secret: str) -> str:
    """A CloudTrail record flattened to a CSV header and one row, a secret among its members."""
    members = list(r.sample(_MEMBERS, len(_MEMBERS)))
    members.insert(r.randrange(len(members)), secret_key)
    row = [secret if m == secret_key else rand(r, ALNUM, r.randrange(3, 12)) for m in members]
    return ",".join(members) + "\n" + ",".join(row)


def test_a_flattened_event_export_s_secret_column_hides_its_cells() -> None:
    r = random.Random("flattened export")
    for _ in range(VARIANTS * 2):
        secret = _secret(r)
        key = r.choice(
            [
                "requestParameters.password",
                "requestParameters.masterUserPassword",
                "responseElements.accessKey.secretAccessKey",
                "requestParameters.secretString",
                "requestParameters.newPassword",
            ]
        )
        text = _export(r, key, secret)
        assert text.index("\n") > 400  # past what a header of prose may be
        _hidden(text, secret)


def test_a_long_first_line_of_prose_with_commas_is_no_header() -> None:
    r = random.Random("long prose")
    prose = ", ".join(" ".join(r.choice(WORDS) for _ in range(6)) for _ in range(14))
    text = f"{prose}\npassword,{rand(r, ALNUM, 8)},{r.choice(WORDS)}"
    _kept(text)


def _listing(r: random.Random, communities: list[str]) -> str:
    lines = "".join(f"  {c}\n" for c in communities)
    return (
        f"{r.choice(['The remote SNMP server replies', 'The remote host answers'])} to the following "
        f"default community {r.choice(['strings', 'names'])} :\n\n{lines}"
    )


def test_snmp_community_strings_a_scanner_lists_are_secrets() -> None:
    r = random.Random("communities")
    for _ in range(VARIANTS * 2):
        found = [_secret(r) for _ in range(r.randrange(1, 3))]
        _hidden(_listing(r, [*found, *r.sample(["public", "private"], r.randrange(0, 2))]), *found)


def test_only_default_communities_and_prose_about_them_stay() -> None:
    r = random.Random("default communities")
    _kept(
        _listing(r, ["public"]),
        _listing(r, ["public", "private"]),
        "Set a community string: none is configured on this device.",
        "SNMP community names are listed in the appendix.",
    )


def _encoded(command: str) -> str:
    return base64.b64encode(command.encode("utf-16-le")).decode()


def test_a_powershell_encoded_command_that_holds_a_secret_is_a_secret() -> None:
    r = random.Random("encoded command")
    for _ in range(VARIANTS * 2):
        secret = _secret(r)
        command = r.choice(
            [
                f"$p = ConvertTo-SecureString '{secret}' -AsPlainText -Force",
                f"net user {r.choice(WORDS)}adm {secret} /add",
                f"$env:DB_PASSWORD = '{secret}'; & C:\\app\\{r.choice(WORDS)}.exe",
            ]
        )
        blob = _encoded(command)
        flag = r.choice(["-EncodedCommand", "-enc", "-e", "-EC"])
        _hidden(f"powershell.exe -NoP -W Hidden {flag} {blob}", blob, secret)


def test_encoded_commands_without_a_secret_and_csv_times_stay() -> None:
    r = random.Random("encoded plain")
    for _ in range(VARIANTS):
        plain = _encoded(f"Get-ChildItem C:\\{r.choice(WORDS)} -Recurse | Select-Object Name")
        times = [
            f"2026-{r.randrange(1, 12):02d}-{r.randrange(10, 28)}T{r.randrange(10, 23)}:"
            f"{r.randrange(10, 59)}:{r.randrange(10, 59)}Z"
            for _ in range(2)
        ]
        row = ",".join(
            [
                r.choice(WORDS),
                times[0],
                "false",
                times[1],
                "iam.amazonaws.com",
                "CreateUser",
                f"aws-cli/2.15.{r.randrange(10, 40)}",
            ]
        )
        _kept(f"powershell.exe -NoP -EncodedCommand {plain}", f"eventName,creationDate\n{row}", row)
