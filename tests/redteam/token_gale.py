"""Collaboration and incident-response shapes for the tenth estate (`gale`), from a seeded RNG.

Like `token_sleet`: nothing is copied from a real export. Each function returns what is stored
and what must never come out, as a `Told`. The shapes are what people write while they run an
estate: chat exports, tickets and their changelogs, e-mail, incident timelines, postmortems,
meeting transcripts, hand-off notes, commits and reviews, chat bots' replies. Secrets are pasted
mid-sentence, in inline and fenced code, after "here's the password:", in base64; people, hosts
and accounts are named in prose, as handles, in headers, on speaker lines and after sign-offs.
"""

from __future__ import annotations

import base64
import json
import random
import string
from dataclasses import dataclass, field

from token_forms import (
    ALNUM,
    chars,
    password,
    person,
    private_ip,
    public_ip,
    scripted_person,
    token,
    uuid,
    word,
)
from token_sleet import HEX, Told, aws_secret


@dataclass(frozen=True)
class Cast:
    """The estate's mail domain and AWS account, as its people write them."""

    domain: str
    account: str


@dataclass(frozen=True)
class Person:
    """One person, in every spelling the tools write: full name, handle, e-mail, chat id."""

    name: str
    handle: str
    email: str
    chat_id: str


def someone(rng: random.Random, cast: Cast, t: Told, *, scripted: bool = False) -> Person:
    """A person drawn fresh, every spelling recorded on `t` (`written` keeps those it shows)."""
    name = scripted_person(rng) if scripted else person(rng)
    first, last = word(rng, 2), word(rng, 3)
    handle = rng.choice((f"{first}.{last}", f"{first[0]}{last}", f"{first}{last[:2]}"))
    chat_id = "U0" + chars(rng, 9, string.ascii_uppercase + string.digits)
    return Person(
        t.ident(name), t.ident(handle, True), t.ident(f"{handle}@{cast.domain}"), t.ident(chat_id, True)
    )


@dataclass
class Said(Told):
    """A `Told` whose form also writes some values bare, with no cue a reader could go by: a
    secret answered alone in a thread reply or set by `reset it to ...`, a login written as a
    plain word (`for jdoe`, `jdoe took it`), a name opening a timeline line (`14:02 Ana Lee
    restarted ...`). The layer leaves them (guessing them would hide ordinary prose: README,
    what stays inherent), so they are no canaries; the walk still carries them."""

    bare: set[str] = field(default_factory=set)

    def loose(self, value: str) -> str:
        self.bare.add(value)
        return value


def written(t: Said) -> Told:
    """`t` with only the canaries its value shows (a form draws every value it might write),
    less those it writes bare."""
    text = json.dumps(t.value, ensure_ascii=False)
    return Told(
        t.value,
        t.family,
        [s for s in t.secrets if s in text and s not in t.bare],
        [i for i in t.ids if i[0] in text and i[0] not in t.bare],
    )


def host(rng: random.Random, t: Told) -> str:
    return t.ident(
        rng.choice(
            (
                f"{word(rng)}-db-{rng.randrange(1, 9):02d}",
                f"{word(rng, 2)}-api{rng.randrange(1, 9)}",
                f"ip-{private_ip(rng).replace('.', '-')}.ec2.internal",
            )
        )
    )


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# --------------------------------------------------------------------------- chat

SLACK_STYLES = ("env_block", "curl", "mention", "label", "reply_code", "b64", "edited", "reactions")


def _message(rng: random.Random, who: Person, text: str) -> dict[str, object]:
    return {
        "type": "message",
        "user": who.chat_id,
        "ts": f"17623{rng.randrange(10**4, 10**5)}.{rng.randrange(10**5, 10**6)}",
        "user_profile": {"real_name": who.name, "display_name": who.handle, "name": who.handle},
        "text": text,
        "team": "T0" + chars(rng, 8, string.ascii_uppercase + string.digits),
    }


def slack(rng: random.Random, cast: Cast, style: str) -> Said:
    """A channel export's messages (a list), one style of paste or mention in them."""
    t = Said(None, f"slack_{style}")
    a, b = someone(rng, cast, t), someone(rng, cast, t)
    box, pw = host(rng, t), t.secret(password(rng))
    texts = {
        "env_block": f"prod env for <@{b.chat_id}>:\n```\nDB_HOST={box}\nDB_PASSWORD={pw}\n"
        f"AWS_SECRET_ACCESS_KEY={t.secret(aws_secret(rng))}\n```",
        "curl": f"repro from {t.ident(public_ip(rng), True)}: `curl -s -u admin:{pw} https://{box}/api/v2/health`",
        "mention": f"<@{b.chat_id}|{b.handle}> can you look at {box}? bucket "
        f"{t.ident(f'{word(rng)}-{word(rng, 2)}-exports')} in {cast.account} is public",
        "label": f"here's the password: {pw} (rotate it after the demo pls)",
        "reply_code": f"what's the admin pw for grafana on {box}?",
        "b64": f"creds for {box}, base64'd so the bot doesn't eat them: "
        f"{t.secret(_b64(f'{word(rng)}:{pw}'))}",
        "edited": "oops wrong channel, deleted",
        "reactions": f"restarted {box}, thanks {b.name.split()[0].lower()}!",
    }
    first = _message(rng, a, texts[style])
    out = [first]
    if style == "reply_code":
        out.append(
            {**_message(rng, b, f"`{t.loose(pw)}`"), "thread_ts": first["ts"], "parent_user_id": a.chat_id}
        )
    if style == "edited":
        first.update(
            subtype="message_changed",
            edited={"user": a.chat_id, "ts": first["ts"]},
            previous_message={"text": f"the key is {t.secret(token(rng, 'github').core)} lol"},
        )
    if style == "reactions":
        first.update(
            reactions=[{"name": "eyes", "users": [b.chat_id], "count": 1}],
            reply_users=[b.chat_id],
            replies=[{"user": b.chat_id, "ts": first["ts"]}],
        )
    t.value = out
    return t


# --------------------------------------------------------------------------- tickets

TICKET_STYLES = ("jira", "servicenow", "zendesk")


def ticket(rng: random.Random, cast: Cast, style: str) -> Said:
    """A ticket with its people fields, comments and (Jira) its assignee's changelog."""
    t = Said(None, f"ticket_{style}")
    a, b, c = someone(rng, cast, t), someone(rng, cast, t), someone(rng, cast, t, scripted=True)
    box, pw = host(rng, t), t.secret(password(rng))
    if style == "jira":
        aid = t.ident(f"557058:{uuid(rng)}")

        def user(p: Person) -> dict[str, str]:
            return {"displayName": p.name, "emailAddress": p.email, "active": "true"}

        t.value = {
            "key": f"OPS-{rng.randrange(100, 9999)}",
            "fields": {
                "summary": f"Rotate creds on {box}",
                "assignee": {**user(a), "accountId": aid},
                "reporter": user(b),
                "description": "h3. Steps\n{code}\n"
                f"export API_TOKEN={t.secret(token(rng, 'gitlab').core)}\n{{code}}",
                "watches": {"watchCount": 2, "watchers": [user(b), user(c)]},
                "comment": {
                    "comments": [
                        {"author": user(b), "body": f"[~accountid:{aid}] reset it to {t.loose(pw)} for now"}
                    ]
                },
            },
            "changelog": {
                "histories": [
                    {
                        "author": user(c),
                        "items": [
                            {
                                "field": "assignee",
                                "fieldtype": "jira",
                                "from": None,
                                "fromString": c.name,
                                "to": aid,
                                "toString": a.name,
                            },
                            {"field": "status", "fromString": "Open", "toString": "In Progress"},
                        ],
                    }
                ]
            },
        }
    elif style == "servicenow":
        t.value = {
            "number": f"INC{rng.randrange(10**6, 10**7)}",
            "short_description": f"{box} unreachable",
            "caller_id": {"display_value": a.name, "value": chars(rng, 32, HEX)},
            "assigned_to": {
                "display_value": b.name,
                "link": "https://x.service-now.com/api/now/table/sys_user",
            },
            "cmdb_ci": {"display_value": box},
            "work_notes": f"2026-11-02 09:14:07 - {c.name} (Work notes)\n"
            f"Reset the service account; temporary password {pw}\n\n"
            f"2026-11-02 08:50:31 - {b.name} (Work notes)\nPinged {t.loose(a.handle)} on chat.",
        }
    else:
        t.value = {
            "id": rng.randrange(10**5, 10**6),
            "subject": f"Cannot log in to {box}",
            "requester": {"name": a.name, "email": a.email},
            "via": {"channel": "email", "source": {"from": {"address": b.email, "name": b.name}}},
            "comments": [
                {
                    "author_id": rng.randrange(10**9, 10**10),
                    "public": False,
                    "plain_body": f"Hi {a.name.split()[0]},\n\nI set the password to {pw} — "
                    f"please change it.\n\nBest regards,\n{c.name}\nSupport team",
                }
            ],
        }
    return t


# --------------------------------------------------------------------------- mail

MAIL_STYLES = ("reply", "forward", "signature")


def mail(rng: random.Random, cast: Cast, style: str) -> Said:
    """An RFC 822 message as an archive stores it: headers, quoted reply, forward, signature."""
    t = Said(None, f"mail_{style}")
    a, b, c = someone(rng, cast, t), someone(rng, cast, t), someone(rng, cast, t)
    box, pw = host(rng, t), t.secret(password(rng))
    head = (
        f'From: "{a.name}" <{a.email}>\nTo: {b.name} <{b.email}>\nCc: {c.email}\n'
        f"Reply-To: {a.email}\nSubject: Re: access to {box}\nDate: Mon, 2 Nov 2026 09:14:07 +0000\n\n"
    )
    body = {
        "reply": f"Done, thanks.\n\nOn Mon, 2 Nov 2026 at 08:02, {b.name} <{b.email}> wrote:\n"
        f"> can you reset the db user on {box}?\n> the old password was {pw}\n",
        "forward": f"FYI\n\n---------- Forwarded message ---------\nFrom: {c.name} <{c.email}>\n"
        f"Date: Sun, 1 Nov 2026\nSubject: creds\nTo: {b.email}\n\nuser: deploy\npassword: {pw}\n",
        "signature": f"The VPN shared secret is {pw} until Friday.\n\n-- \n{a.name}\nSite Reliability | "
        f"{cast.domain}\n+44 20 {rng.randrange(1000, 9999)} {rng.randrange(1000, 9999)}\n",
    }[style]
    t.value = head + body
    return t


# --------------------------------------------------------------------------- incidents

INCIDENT_STYLES = ("pagerduty", "opsgenie")


def incident(rng: random.Random, cast: Cast, style: str) -> Said:
    """An on-call incident with its responders, notes and log entries."""
    t = Said(None, f"incident_{style}")
    a, b = someone(rng, cast, t), someone(rng, cast, t)
    box, pw = host(rng, t), t.secret(password(rng))
    ip = t.ident(private_ip(rng), True)
    if style == "pagerduty":
        pid = t.ident("P" + chars(rng, 6, string.ascii_uppercase + string.digits), True)
        t.value = {
            "incident_number": rng.randrange(1000, 99999),
            "title": f"{box} disk full",
            "assignments": [{"assignee": {"id": pid, "type": "user_reference", "summary": a.name}}],
            "escalation_policy": {"summary": "Platform escalation"},
            "log_entries": [
                {
                    "type": "acknowledge_log_entry",
                    "agent": {"summary": a.name},
                    "channel": {"summary": f"Acknowledged by {b.name}"},
                }
            ],
            "notes": [
                {"user": {"summary": b.name}, "content": f"ssh'd into {ip}, root pw `{pw}` still default"}
            ],
        }
    else:
        t.value = {
            "message": f"CPU high on {box}",
            "responders": [{"type": "user", "username": a.email}],
            "notes": [
                {"owner": b.email, "note": f"{t.loose(a.handle)} took it; console login is admin / {pw}"}
            ],
        }
    return t


POSTMORTEM_STYLES = ("timeline", "table")


def postmortem(rng: random.Random, cast: Cast, style: str) -> Said:
    """A postmortem's timeline: people and hosts in each line, a key pasted in one."""
    t = Said(None, f"postmortem_{style}")
    a, b = someone(rng, cast, t), someone(rng, cast, t)
    box, ip = host(rng, t), t.ident(public_ip(rng), True)
    key = t.secret(aws_secret(rng))
    role = t.ident(f"arn:aws:iam::{cast.account}:role/{word(rng)}-breakglass")
    if style == "timeline":
        t.value = (
            f"## Timeline (UTC)\n\n14:02 {t.loose(a.name)} restarted {box}\n"
            f"14:05 @{b.handle} assumed {role}\n"
            f"14:09 {t.loose(b.name)} rotated the leaked key `{key}`\n14:20 traffic from {ip} blocked\n\n"
            "## Impact\n\nCheckout latency on Tuesday; the Payments team saw errors for 18 minutes."
        )
    else:
        t.value = (
            "| Time | Who | Action |\n|---|---|---|\n"
            f"| 14:02 | {a.name} | failed over {box} ({ip}) |\n| 14:05 | {b.name} | assumed {role} |\n"
            f"| 14:09 | {a.handle} | revoked `{key}` |\n"
        )
    return t


TRANSCRIPT_STYLES = ("zoom", "vtt", "handoff")


def transcript(rng: random.Random, cast: Cast, style: str) -> Said:
    """A meeting transcript (speaker lines) or an on-call hand-off note."""
    t = Said(None, f"transcript_{style}")
    a, b = someone(rng, cast, t), someone(rng, cast, t)
    box, pw = host(rng, t), t.secret(password(rng))
    t.value = {
        "zoom": f"{a.name}: ok so I restarted {box} again\n{b.name}: did you use the new creds?\n"
        f"{a.name}: yeah, the password is {pw}, I'll rotate it after standup\n",
        "vtt": f"WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\n<v {a.name}>Monday's deploy broke {box}.</v>\n\n"
        f"2\n00:00:04.500 --> 00:00:09.000\n<v {b.name}>I pasted the token in chat: "
        f"{t.secret(token(rng, 'slack').core)}</v>\n",
        "handoff": f"On-call handoff, week 45\nOutgoing: {a.name}\nIncoming: {b.name}\n\n"
        f"- {box} flaps every night; the temp admin password is {pw}\n- nothing else, quiet week\n",
    }[style]
    return t


# --------------------------------------------------------------------------- code review and bots

GITHUB_STYLES = ("commit", "review")


def github(rng: random.Random, cast: Cast, style: str) -> Said:
    """A commit whose trailers name its co-authors, or a review that quotes a pasted token."""
    t = Said(None, f"github_{style}")
    a, b, c = someone(rng, cast, t), someone(rng, cast, t), someone(rng, cast, t)
    if style == "commit":
        t.value = {
            "sha": chars(rng, 40, HEX),
            "commit": {
                "author": {"name": a.name, "email": a.email},
                "message": "Rotate the deploy key\n\n"
                f"The old one ({t.secret(token(rng, 'github_pat').core)}) "
                f"was in the README.\n\nCo-authored-by: {b.name} <{b.email}>\n"
                f"Signed-off-by: {c.name} <{c.email}>\n",
            },
        }
    else:
        t.value = {
            "user": {"login": a.handle},
            "state": "CHANGES_REQUESTED",
            "body": f"@{b.handle} this commits `{t.secret(token(rng, 'npm').core)}`; please rotate "
            f"it. /cc @{c.handle}",
        }
    return t


CHATOPS_STYLES = ("deploy", "vault")


def chatops(rng: random.Random, cast: Cast, style: str) -> Said:
    """A chat bot's reply: who deployed what where, or a secret read back into the channel."""
    t = Said(None, f"chatops_{style}")
    a = someone(rng, cast, t)
    box = host(rng, t)
    if style == "deploy":
        t.value = (
            f"deployer: api@{chars(rng, 7, HEX)} deployed to {box} ({t.ident(private_ip(rng), True)}) for "
            f"{t.loose(a.handle)} in "
            f"{t.ident(f'arn:aws:ecs:eu-west-1:{cast.account}:service/{word(rng)}-api')}"
        )
    else:
        t.value = (
            f"```\n$ vault kv get secret/{word(rng)}\n====== Data ======\nKey         Value\n"
            f"---         -----\npassword    {t.secret(password(rng))}\nusername    {t.loose(a.handle)}\n"
            f"api_key     {t.secret(chars(rng, 32, ALNUM))}\n```"
        )
    return t


FORMS = {
    "slack": SLACK_STYLES,
    "ticket": TICKET_STYLES,
    "mail": MAIL_STYLES,
    "incident": INCIDENT_STYLES,
    "postmortem": POSTMORTEM_STYLES,
    "transcript": TRANSCRIPT_STYLES,
    "github": GITHUB_STYLES,
    "chatops": CHATOPS_STYLES,
}
"""Each form's styles; a family is `<form>_<style>`."""
