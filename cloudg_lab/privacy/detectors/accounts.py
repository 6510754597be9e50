"""User names where systems write them: logon names, home directories, authentication logs, mailboxes.

An EDR finding quotes `C:\\Users\\ana.lee\\AppData\\...`, a log excerpt `Accepted publickey for
qvasquez from ...`, a ticket `CORP\\jsmith01`, a commit `Author: qvasquez <...>`: the user is
named by the place, not by a key or a cue word (SQL's `OWNER TO jdoe`, an orchestrator's `triggered
by jdoe.x`, a chat's `@jdoe.x`, the session of an assumed role's principal id `AROA...:jdoe` that
CloudTrail writes too), and passed `strict`
whenever the data did not hold it elsewhere. Each place has a grammar of its own, so each is a
pattern here; the accounts every machine has (`root`, `ubuntu`, `Public`, `SYSTEM`) name nobody and stay.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.keys import key_rule

SYSTEM_ACCOUNTS = frozenset({
    "root", "admin", "administrator", "administrators", "system", "local system", "localsystem",
    "network service", "local service", "nobody", "daemon", "bin", "sys", "sync", "games", "man",
    "mail", "news", "www-data", "www", "nginx", "apache", "httpd", "ubuntu", "ec2-user", "centos",
    "debian", "fedora", "azureuser", "opc", "bitnami", "vagrant", "docker", "git", "jenkins",
    "postgres", "mysql", "redis", "sshd", "systemd-network", "public", "default", "default user",
    "all users", "guest", "user", "username", "users", "shared", "me", "you", "unknown", "invalid",
})
"""Accounts every machine or image has, and placeholders: they name no person."""
PLACEHOLDERS = frozenset({"-", "--", "null", "none", "nil", "true", "false", "n/a", "unknown", "localhost",
                          "anonymous"})
"""What logs and exports write where no user or host was given (a Windows event's `-`)."""
_HIVES = r"(?:HKLM|HKCU|HKCR|HKU|HKCC|SYSTEM|SOFTWARE|SAM|SECURITY|HARDWARE)\\"
"""Registry roots (`HKLM\\SOFTWARE\\...`, `SYSTEM\\CurrentControlSet`): paths, not logon names."""
_USER = r"(?P<v>[A-Za-z0-9][A-Za-z0-9._$-]{1,63}?)"
"""A login as systems spell one (`ana.lee`, `svc_backup`, `fs01$`), the shortest that fits."""


SSH_KEY_COMMENT = re.compile(
    r"\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)"
    r"[ \t]+AAAA[A-Za-z0-9+/]+={0,3}[ \t]+(?P<v>[^\s\"'<>]+)", re.ASCII)
"""An SSH public key line and its comment (`user@host`): the detector `ssh_key_comment` and the
classifier at load (`named_users`) read it alike."""
SSH_KEY_TRIGGERS = ("ssh-", "ecdsa-sha2-")


def _named(match: re.Match[str]) -> bool:
    user = match["v"].lower().rstrip("$")
    return user not in SYSTEM_ACCOUNTS and not user.isdigit()


_BOTS = frozenset({"renovate", "github-actions", "pre-commit-ci", "greenkeeper", "mergify", "imgbot"})


def _no_bot(match: re.Match[str]) -> bool:
    """A user's name, not an automation's (`dependabot`, `renovate`, `snyk-bot`)."""
    user = match["v"].lower()
    return _named(match) and not user.endswith("bot") and user not in _BOTS


def _login(match: re.Match[str]) -> bool:
    """A name shaped like a login (`jdoe.x`, `svc_etl1`), not a word of prose (`by hand`)."""
    return _named(match) and any(c in "._" or c.isdigit() for c in match["v"])


_PERSON_WORDS = ("user", "author", "owner", "login", "actor", "committer", "maintainer", "contact")
_PERSON_VARIABLE = (r"(?im)^[ \t]*(?:export[ \t]+)?(?P<k>[A-Z0-9_]*(?:" + "|".join(_PERSON_WORDS) +
                    r")[A-Z0-9_]*)=[\"']?(?P<v>[^\s\"'$<][^\n\"<]*?)[\"']?[ \t]*(?:<[^\n]*)?\r?$")


_OWNER_HANDLE = r"(?<=[ \t])@(?P<v>[A-Za-z0-9][A-Za-z0-9-]{0,38})(?![\w/@.-])"
_OWNERS_LINE = re.compile(r"[^\s@#][^\s#]*(?:[ \t]+@[\w./-]+)+[ \t]*")
"""A CODEOWNERS rule: a path pattern, then owners only (`@user`, `@org/team`, e-mails)."""


def _owners_rule(match: re.Match[str]) -> bool:
    """The handle is an owner on a CODEOWNERS rule line (a team `@org/team` names no person)."""
    text = match.string
    start, end = text.rfind("\n", 0, match.start()) + 1, text.find("\n", match.end())
    line = text[start:len(text) if end < 0 else end].rstrip("\r")
    return _OWNERS_LINE.fullmatch(line) is not None and _named(match)


def _person_variable(match: re.Match[str]) -> bool:
    """The variable's name types a person, as a dict key of that name would (`GITLAB_USER_NAME`)."""
    return key_rule(match["k"]).entity == "person" and _named(match)


ACCOUNT_PLACES: tuple[Detector, ...] = (
    define("logon_name", "person", "pii", 0.85,
           r"(?<![\w\\/])(?!" + _HIVES + r")[A-Z][A-Z0-9-]{1,14}\\{1,2}" + _USER + r"(?![\w$\\-]|\.\w)",
           ("\\",), group="v", accept=_named, min_len=5,
           description="the user of a Windows logon name (CORP\\jsmith; NT AUTHORITY\\SYSTEM and "
                       "registry paths kept)"),
    define("home_directory", "person", "pii", 0.85,
           r"(?i)(?:(?<![\w/])/home/|(?<![\w/])/Users/|\b[A-Z]:\\{1,2}(?:Users|Documents and Settings)"
           r"\\{1,2})" + _USER + r"(?=[/\\]|$|[\s\"'<>,;)])", ("/home/", "/users/", ":\\"), group="v",
           accept=_named, min_len=8,
           description="the user of a home directory (/home/<user>/, /Users/<user>/, C:\\Users\\<user>\\)"),
    define("auth_log_user", "person", "pii", 0.85,
           r"\b(?:(?:Accepted|Failed) (?:password|publickey|keyboard-interactive(?:/pam)?|none) for"
           r"(?: invalid user)?|Invalid user|session (?:opened|closed) for user|authentication failure;.*?"
           r"\buser=|pam_unix\([\w-]+:\w+\): (?:check pass; )?user|sudo: {1,2}|su: \(to \w+\) )"
           r"[ =]?" + _USER + r"(?=[\s:;,)]|$)",
           ("accepted ", "failed ", "invalid user", "session opened", "session closed",
            "authentication failure", "pam_unix", "sudo:", "su:"),
           group="v", accept=_named, min_len=14,
           description="the user of sshd, PAM, sudo and su log lines (Accepted publickey for <user>)"),
    define("person_variable", "person", "pii", 0.8, _PERSON_VARIABLE, _PERSON_WORDS, group="v",
           accept=_person_variable, gate=lambda text, low: "=" in text, min_len=8,
           description="the user an environment variable names, one a line (GITLAB_USER_NAME=..., "
                       "GITHUB_ACTOR=..., GIT_AUTHOR_NAME=...)"),
    define("sql_owner", "person", "pii", 0.8,
           r"(?i)\b(?:alter[ \t][^;\n]*?\bowner[ \t]+to|create[ \t]+schema\b[^;\n]*?\bauthorization)[ \t]+"
           r"(?!(?:current_user|session_user|current_role|public)\b)"
           r"(?P<q>[\"`]?)(?P<v>[A-Za-z_][\w.@$-]*)(?P=q)(?![\w.@$-])",
           ("owner to", "authorization"), group="v", accept=_named, min_len=12,
           description="the user SQL makes an object's owner (ALTER TABLE t OWNER TO jdoe, CREATE SCHEMA s "
                       "AUTHORIZATION jdoe; postgres and CURRENT_USER stay)"),
    define("sql_grantee", "person", "pii", 0.75,
           r"(?i)\bgrant[ \t][^;\n]*?[ \t]on[ \t][^;\n]*?[ \t]to[ \t]+(?:user[ \t]+)?"
           r"(?P<q>[\"`]?)(?P<v>[A-Za-z_][\w.@$-]*)(?P=q)(?![\w.@$-])",
           ("grant",), group="v", accept=_login, min_len=16,
           description="a login-shaped grantee of an SQL GRANT without a USER keyword (GRANT SELECT ON t "
                       "TO jdoe_42); roles, groups and PUBLIC stay"),
    define("chat_mention", "person", "pii", 0.75,
           r"(?<=[ \t(,;:])@(?P<v>[A-Za-z][\w.-]*[A-Za-z0-9])(?![\w@/(-]|\.\w)", ("@",), group="v",
           accept=_login, min_len=8,
           description="a user mentioned in a chat or review by a login-shaped handle (Hi @jdoe.x, cc "
                       "@svc_etl1); a word (@here, @channel), a decorator and a scope stay"),
    define("actor_login", "person", "pii", 0.8,
           r"(?i)\b(?:triggered|started|run|executed|launched|initiated|requested|approved|submitted"
           r"|cancell?ed|paused|unpaused|cleared|killed)[ \t]+by[ \t]+(?:user[ \t]+)?"
           r"(?P<v>[A-Za-z][\w.-]*[A-Za-z0-9])(?![\w@:-]|\.\w)",
           (" by ",), group="v", accept=_login, min_len=14,
           description="the login an orchestrator's log says acted (triggered by jdoe.x, run by svc_etl1); "
                       "a word (by scheduler, by default) stays"),
    define("role_session", "person", "pii", 0.8,
           r"\bARO[A-Z0-9]{13,21}:(?P<v>[\w+=.@-]{2,64})(?![\w+=.@-])", ("aroa",), group="v",
           accept=_named, min_len=24,
           description="the session of an assumed role's principal id (AROA...:<session>), which "
                       "CloudTrail and GuardDuty write and which names the user who assumed it"),
    define("codeowners_handle", "person", "pii", 0.8, _OWNER_HANDLE, ("@",), group="v",
           accept=_owners_rule, min_len=6,
           description="the users a CODEOWNERS rule names (/charts/ @org/platform @jdoe)"),
    define("merged_from_user", "person", "pii", 0.8,
           r"\bMerge pull request #\d+ from (?P<v>[A-Za-z0-9][A-Za-z0-9-]{0,38})/", ("merge pull request",),
           group="v", accept=_no_bot, min_len=28,
           description="the user (or organization) whose branch a GitHub merge commit names "
                       "(Merge pull request #12 from jdoe/fix)"),
    define("event_log_user", "person", "pii", 0.8,
           r"(?im)\b(?:Account Name|(?:Target|Subject)[ \t]?User[ \t]?Name)[ \t]*:[ \t]+"
           r"(?P<v>[A-Za-z][\w.$-]*)(?![\w@\\])", ("account name", "username", "user name"), group="v",
           accept=_named, min_len=16,
           description="the account a Windows security event names (Account Name: jdoe, "
                       "TargetUserName: jdoe; SYSTEM and LOCAL SERVICE stay)"),
    define("mailbox_name", "person", "pii", 0.8,
           r"(?m)(?:^|(?<=[:,;(])|(?<==[\"']))[ \t]*(?P<o>\"?)"
           r"(?P<v>[^\s<>,;:\"()\[\]@]+(?:[ \t][^\s<>,;:\"()\[\]@]+){0,3})"
           r"(?P=o)[ \t]*<[^\s<>@]+@[^\s<>@]+\.[A-Za-z]{2,}>", ("<",), group="v", accept=_named, min_len=10,
           description="the display name of a mailbox at the start of a line or field, quoted or not "
                       "(Author: <name> <e-mail>, From: \"<name>\" <e-mail>, "
                       "LABEL maintainer=\"<name> <e-mail>\")"),
)
