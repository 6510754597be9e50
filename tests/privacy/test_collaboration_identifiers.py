"""Identifiers people write while they run an estate that reached `strict` callers (red team
`gale`): the names on a transcript's speaker lines and in WebVTT voice tags, a hand-off's
`Outgoing:`/`Incoming:`, the name under a signature's `-- `, a ticket journal entry's author,
chat and review mentions (`@ana.lee`, Slack's `<@U04AB12CD|ana.lee>`) without a cue before
them, machines named `<service>-<role><n>` in prose, the person a reference object under a
person key shows (ServiceNow's `display_value`, PagerDuty's `summary`: its other keys were filed
as people instead), a timeline table's `Who` column and a ticket's configuration item.
Generated variants; ordinary prose, headings, weekdays, team and product names, commands,
decorators, broadcasts, addresses, regions and versions keep their text under `strict`, and
under `standard` every name stays."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from tests.privacy.test_cluster_identifiers import _person
from tests.privacy.test_detector_classes import VARIANTS, WORDS, rand, shown
from tests.privacy.test_record_structure import _layer, _walk
from tests.privacy.test_security_telemetry_identifiers import _hidden, _login


def _host(r: random.Random) -> str:
    role = r.choice(["db", "api", "web", "cache", "worker", "node", "bastion", "mq"])
    return f"{r.choice(WORDS)}-{role}{r.choice(['', '-'])}{r.randrange(1, 99):02d}"


def test_the_speakers_of_a_transcript_are_hidden_under_strict() -> None:
    r = random.Random("speakers")
    for _ in range(VARIANTS * 2):
        a, b = _person(r), _person(r)
        word = r.choice(WORDS)
        transcript = r.choice(
            [
                f"{a}: I restarted the {word} box\n{b}: did it come back?\n{a}: yes, on Monday\n",
                f"{b}: standup, go\n{a}: nothing new\n{b}: same here, the {word} deploy is done\n",
            ]
        )
        vtt = (
            f"WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\n<v {a}>The {word} deploy broke.</v>\n\n"
            f"2\n00:00:04.500 --> 00:00:09.000\n<v.loud {b}>I'll roll back.</v>\n"
        )
        for text in (transcript, vtt):
            wire = _hidden(text, a, b)
            assert word in wire, wire


def test_the_people_a_hand_off_or_a_signature_names_are_hidden_under_strict() -> None:
    r = random.Random("hand-off")
    for _ in range(VARIANTS * 2):
        a, b = _person(r), _person(r)
        handoff = f"On-call handoff\nOutgoing: {a}\nIncoming: {b}\n\n- {r.choice(WORDS)} flaps every night\n"
        signed = (
            f"The {r.choice(WORDS)} certificate expires Friday.\n\n-- \n{a}\nSite Reliability\n"
            f"+44 20 {r.randrange(1000, 9999)} {r.randrange(1000, 9999)}\n"
        )
        _hidden(handoff, a, b)
        wire = _hidden(signed, a)
        assert "Site Reliability" in wire and "certificate expires Friday" in wire, wire


def test_the_author_of_a_ticket_journal_entry_is_hidden_under_strict() -> None:
    r = random.Random("journal")
    for _ in range(VARIANTS * 2):
        a, b = _person(r), _person(r)
        label = r.choice(["Work notes", "Additional comments", "Comments"])
        notes = (
            f"2026-11-02 09:14:07 - {a} ({label})\nReset the {r.choice(WORDS)} service account\n\n"
            f"2026-11-02 08:50:31 - {b} (Work notes)\nDeploy Started on Tuesday\n"
            "2026-11-02 08:40:00 - Change Window Opened\n"
        )
        wire = _hidden(notes, a, b)
        assert "Change Window Opened" in wire and "Deploy Started on Tuesday" in wire, wire


def test_mentions_without_a_cue_are_hidden_under_strict() -> None:
    r = random.Random("mentions")
    for _ in range(VARIANTS * 2):
        handle, other = _login(r), _login(r)
        chat_id = "U0" + rand(r, string.ascii_uppercase + string.digits, 9)
        text = r.choice(
            [
                f"@{handle} this commits a token; please rotate it. /cc @{other}",
                f"<@{chat_id}|{handle}> can you look at the {r.choice(WORDS)} alerts? <@{other}>",
                f"14:05 @{handle} assumed the break-glass role\n14:09 @{other} rolled back",
            ]
        )
        _hidden(text, *(n for n in (handle, other, chat_id) if n in text))


def test_machines_named_by_role_and_number_are_hidden_under_strict() -> None:
    r = random.Random("role hosts")
    for _ in range(VARIANTS * 2):
        a, b = _host(r), _host(r)
        text = r.choice(
            [
                f"restarted {a} again, then failed over to {b}",
                f"Re: access to {a}\n\nssh'd into {b} at noon",
                f"{a} disk full; {b} is fine",
            ]
        )
        _hidden(text, a, b)


async def test_the_person_a_reference_object_shows_is_hidden_under_strict(tmp_path: Path) -> None:
    r = random.Random("references")
    for i in range(VARIANTS):
        a, b, c, ci = _person(r), _person(r), _person(r), _host(r)
        metadata = {
            "ticket": {
                "caller_id": {"display_value": a, "value": rand(r, "0123456789abcdef", 32)},
                "assigned_to": {
                    "display_value": b,
                    "link": "https://x.service-now.com/api/now/table/sys_user",
                },
                "cmdb_ci": {"display_value": ci},
                "assignments": [
                    {
                        "assignee": {
                            "id": "P" + rand(r, string.ascii_uppercase, 6),
                            "type": "user_reference",
                            "summary": c,
                        }
                    }
                ],
            }
        }
        for policy in ("standard", "strict"):
            wire = await _walk(_layer(tmp_path / f"{i}-{policy}", metadata, policy))
            for name in (a, b, c, ci):
                assert (name.lower() in wire) is (policy == "standard"), (policy, name)  # the walk folds case
            assert all(key in wire for key in ('"summary"', '"display_value"', '"link"', "user_reference")), (
                policy,
                wire,
            )


def test_a_timeline_table_s_who_column_is_hidden_under_strict() -> None:
    r = random.Random("who")
    for _ in range(VARIANTS * 2):
        a, handle = _person(r), _login(r)
        table = (
            "| Time | Who | Action |\n|---|---|---|\n"
            f"| 14:02 | {a} | failed over the {r.choice(WORDS)} db |\n"
            f"| 14:09 | {handle} | revoked the key |\n"
        )
        assert "failed over" in _hidden(table, a, handle)


@pytest.mark.parametrize(
    "text",
    [
        "Root Cause: a bad deploy\nNext Steps: add a canary\nCustomer Impact: checkout errors\n",
        "14:05 Checkout Latency SLO breached\n09:00 Daily Standup\n14:12 Black Friday traffic peaked\n",
        "14:10 Grafana alert fired; the Payments team rolled back on Tuesday",
        '@property\ndef name(self): ...\n@app.route("/health")\n',
        "npm i @types/node; ping @here and @channel; fields @timestamp, @message\n@echo off",
        "Error: connection refused (ECONNREFUSED) on Monday; kubectl rollout restart deploy/api",
        "regions us-east-1 and ap-southeast-2, utf-8, sql-2019, gpt-4, web-01, python3-pip, node-16",
        "Thanks, see you at the Platform Team sync; Regards,\nPlatform Team",
        "Status: resolved\nSeverity: SEV2\nStatus: closed\nSeverity: SEV3\n",
    ],
)
def test_prose_headings_commands_and_names_of_things_stay_under_strict(text: str) -> None:
    assert shown("strict", text) == text


def test_under_standard_every_name_stays() -> None:
    r = random.Random("standard")
    a, b, handle, host = _person(r), _person(r), _login(r), _host(r)
    text = f"{a}: restarted {host}\n{b}: thanks @{handle}\n{a}: np\n\n-- \n{b}\n"
    assert json.dumps(shown("standard", text)) == json.dumps(text)


def test_a_space_aligned_listing_of_labels_and_values_is_read_row_by_row() -> None:
    """`username    jdoe` then `api_key    ...`: a listing whose first row is a pair already, or
    whose head says `Key  Value` (after `vault kv get`'s `====== Data ======` title too), judges
    each value by its own row's label. Before, the first row was read as a header: its login
    reached strict callers and the labels below it were taken for people."""
    r = random.Random("aligned listing")
    for _ in range(VARIANTS):
        login, secret = _login(r), rand(r, string.ascii_letters + string.digits, 24)
        rows = [("username", login), ("password", secret), ("region", "eu-west-1"), ("ttl", "768h")]
        body = "\n".join(f"{k:<12}{v}" for k, v in r.sample(rows, 4))
        for text in (body, f"====== Data ======\n{'Key':<12}Value\n{'---':<12}-----\n{body}"):
            out = shown("strict", {"note": text})["note"]
            assert login not in out and secret not in out, out
            for label in ("username", "password", "region", "eu-west-1", "ttl", "768h"):
                assert label in out, out
            assert login in shown("standard", {"note": text})["note"]
