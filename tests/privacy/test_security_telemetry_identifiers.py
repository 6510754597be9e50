"""Identifiers of security telemetry that reached `strict` callers (red team `sleet`): the keys
security events name their principals and machines by (Okta's `alternateId`, Entra's
`userDisplayName`, `userId` and claim URIs, Nessus's `netbios-name`, CloudTrail's lowered
`dBInstanceIdentifier`), logins and bare machine names a flattened record or a SIEM query gives a
typed key (`requestParameters.userName=jdoe`, `host="WS-0142"`, `user.name:jdoe`), the session of
an assumed role's principal id (`AROA...:jdoe`) and a Windows event's `<Data Name='TargetUserName'>`.
Generated variants; event names, types, system accounts, placeholders and public names stay."""

from __future__ import annotations

import json
import random
import string
import uuid

from tests.privacy.test_cluster_identifiers import _person
from tests.privacy.test_detector_classes import VARIANTS, WORDS, rand, shown


def _wire(value: object) -> str:
    return json.dumps(shown("strict", value), ensure_ascii=False)


def _hidden(value: object, *names: str) -> str:
    wire = _wire(value)
    for name in names:
        assert name not in wire, wire
    standard = json.dumps(shown("standard", value), ensure_ascii=False)
    assert all(name in standard for name in names), standard  # (markup is fenced as untrusted there)
    return wire


def _login(r: random.Random) -> str:
    return r.choice(
        [
            f"{r.choice(WORDS)}.{r.choice(WORDS)}",
            f"{r.choice(WORDS)[0]}{r.choice(WORDS)}",
            f"svc_{r.choice(WORDS)}{r.randrange(1, 9)}",
        ]
    )


def _machine(r: random.Random) -> str:
    return r.choice(
        [
            f"WS-{r.choice(WORDS).upper()}-{r.randrange(10, 99)}",
            f"{r.choice(WORDS)}-{r.choice(WORDS)[:3]}{r.randrange(1, 9):02d}",
        ]
    )


def test_the_principals_and_machines_security_events_key_are_hidden_under_strict() -> None:
    r = random.Random("event keys")
    for _ in range(VARIANTS * 2):
        login, person, machine = _login(r), _person(r), _machine(r)
        user_id, object_id = str(uuid.UUID(int=r.getrandbits(128))), str(uuid.UUID(int=r.getrandbits(128)))
        db = f"{r.choice(WORDS)}-db-{r.randrange(1, 9)}"
        event = {
            "actor": {"alternateId": login, "type": "User"},
            "userDisplayName": person,
            "userId": user_id,
            "appDisplayName": "Azure Portal",
            "claims": {"http://schemas.microsoft.com/identity/claims/objectidentifier": object_id},
            r.choice(["netbios-name", "ComputerName", "WorkstationName"]): machine,
            "requestParameters": {
                r.choice(["dBInstanceIdentifier", "dBClusterIdentifier", "dBSnapshotIdentifier"]): db
            },
            "eventName": "ModifyDBInstance",
            "LogonType": "10",
        }
        wire = _hidden(event, login, person, user_id, object_id, machine, db)
        assert all(w in wire for w in ("Azure Portal", "ModifyDBInstance", '"User"', '"10"')), wire


def test_logins_and_bare_hosts_a_text_gives_a_typed_key_are_hidden_under_strict() -> None:
    r = random.Random("keyed text")
    for _ in range(VARIANTS * 2):
        login, other, machine = _login(r), _login(r), _machine(r)
        role = f"{r.choice(WORDS)}-{r.choice(WORDS)}-role"
        flat = (
            f"eventName=CreateLoginProfile userIdentity.type=AssumedRole "
            f"userIdentity.sessionContext.sessionIssuer.userName={role} "
            f"requestParameters.userName={login} readOnly=false"
        )
        spl = f'index=wineventlog EventCode=4625 user="{other}" host="{machine}" | stats count by src_ip'
        lucene = f'user.name:"{other}" AND host.name:{machine} AND event.outcome:failure'
        for text, names in ((flat, (login, role)), (spl, (other, machine)), (lucene, (other, machine))):
            wire = _hidden(text, *names)
            assert "requestParameters.userName=" in wire or "host" in wire, wire


def test_an_assumed_role_s_session_is_hidden_under_strict() -> None:
    r = random.Random("role session")
    for _ in range(VARIANTS * 2):
        login = _login(r)
        principal = "AROA" + rand(r, string.ascii_uppercase + "234567", 17)
        text = r.choice(
            [
                f"userIdentity.principalId={principal}:{login} eventName=GetSecretValue",
                f"IAMUser,{principal}:{login},arn:aws:sts::x",
                f"Principal {principal}:{login} called GetSecretValue",
            ]
        )
        _hidden(text, login)


def test_a_windows_event_s_named_data_is_hidden_under_strict() -> None:
    r = random.Random("windows events")
    for _ in range(VARIANTS * 2):
        login, target, machine, server = _login(r), _login(r), _machine(r), _machine(r)
        q = r.choice(["'", '"'])
        data = {
            "SubjectUserName": login,
            "TargetUserName": target,
            "WorkstationName": machine,
            "TargetServerName": server,
            "LogonType": "3",
            "ProcessName": "C:\\Windows\\System32\\runas.exe",
        }
        body = "".join(f"<Data Name={q}{k}{q}>{v}</Data>" for k, v in r.sample(list(data.items()), len(data)))
        wire = _hidden(
            f"<Event><System><EventID>4648</EventID></System><EventData>{body}</EventData></Event>",
            login,
            target,
            machine,
            server,
        )
        assert "runas.exe" in wire and ">3</Data>" in wire, wire


def test_placeholders_system_accounts_types_and_event_names_stay_under_strict() -> None:
    kept = [
        "<Data Name='SubjectUserName'>-</Data><Data Name='TargetUserName'>SYSTEM</Data>"
        "<Data Name='WorkstationName'>localhost</Data><Data Name='LogonType'>5</Data>",
        'index=main user="root" host="localhost" | stats count',
        "user: null, owner: none, hostname: -, userName=admin",
        "userIdentity.type=Role userIdentity.sessionContext.sessionIssuer.type=Role eventName=AssumeRole",
        "the deploy-role bucket policy allows s3:GetObject",
        "eventSource=iam.amazonaws.com eventName=CreateLoginProfile errorCode=AccessDenied",
    ]
    for text in kept:
        assert shown("strict", text) == text, text
