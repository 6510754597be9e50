"""Users a dataset's values name inside them: a Windows logon name's (`CORP\\svc_backup`) and an
SSH public key's comment (`... AAAA... dev@build-42`), persons of the dataset in their own right.

An estate holds `CORP\\svc_backup` whole (an edge to the principal a service runs as, a `run_as`
member) or a key line under `authorized_keys`, and its tickets and findings name the account
alone: "rotate svc_backup", "remove the key of dev". The whole value is pseudonymized wherever
it appears, but nothing told the dictionary that a part of it names someone, so the bare
mention reached `strict` callers. Each such value of a dataset's dictionary files its user (and
a key's whole `user@host` comment) as a person, unless the dictionary holds it already, so the
account is found in any text, as any person of the dataset is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from itertools import compress, repeat
from operator import contains

from cloudg_lab.privacy.detectors.accounts import SSH_KEY_COMMENT
from cloudg_lab.privacy.shapes import nullish, refine

_LOGON = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,14}\\(?P<user>[^\\/\s\"'<>:*?|@]{3,104})")
"""A NetBIOS domain (up to 15 characters), a backslash, and a user: the whole value."""


def named_users(values: Iterable[str], known: Mapping[str, str]) -> dict[str, str]:
    """user → `person` for the users the logon names and SSH key lines among `values` name,
    but those `known` holds (each mark found first by a C loop: few values of an estate have one)."""
    listed = list(values)
    found: dict[str, str] = {}
    for user in (*_logon_users(listed), *_key_users(listed)):
        if user not in known and not nullish(user) and refine("person", user) is not None:
            found.setdefault(user, "person")
    return found


def _logon_users(values: list[str]) -> Iterator[str]:
    for value in compress(values, map(contains, values, repeat("\\"))):
        match = _LOGON.fullmatch(value)
        if match is not None:  # a computer's account ends in `$` (`CORP\\fs01$`): prose names the computer
            yield match["user"].removesuffix("$")


def _key_users(values: list[str]) -> Iterator[str]:
    # one pass for every key type: the base64 body of each key line starts `AAAA`
    for value in compress(values, map(contains, values, repeat("AAAA"))):
        for match in SSH_KEY_COMMENT.finditer(value):
            comment = match["v"]
            yield comment
            if "@" in comment:
                yield comment.split("@", 1)[0]
