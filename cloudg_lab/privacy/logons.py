"""The user of a Windows down-level logon name (`CORP\\svc_backup`), an identifier of its own.

An estate holds `CORP\\svc_backup` whole (an edge to the principal a service runs as, a `run_as`
member), and its tickets and remediations name the account alone: "rotate svc_backup". The
whole value is pseudonymized wherever it appears, but nothing told the dictionary that its user
part names someone, so the bare mention reached `strict` callers. Each such value of a dataset's
dictionary files its user as a person (unless the dictionary holds that user already), so the
account is found in any text, as any person of the dataset is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import compress, repeat
from operator import contains

from cloudg_lab.privacy.shapes import nullish, refine

_LOGON = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,14}\\(?P<user>[^\\/\s\"'<>:*?|@]{3,104})")
"""A NetBIOS domain (up to 15 characters), a backslash, and a user: the whole value."""


def logon_users(values: Iterable[str], known: Mapping[str, str]) -> dict[str, str]:
    """user → `person` for the down-level logon names among `values` whose user `known` does
    not hold (the backslash found first by a C loop: few values of an estate have one)."""
    listed = list(values)
    found: dict[str, str] = {}
    for value in compress(listed, map(contains, listed, repeat("\\"))):
        match = _LOGON.fullmatch(value)
        # a computer's account ends in `$` (`CORP\\fs01$`): prose names the computer
        user = None if match is None else match["user"].removesuffix("$")
        if user is not None and user not in known and not nullish(user) and \
                refine("person", user) is not None:
            found.setdefault(user, "person")
    return found
