"""Command lines held as lists: a secret is the item after a flag that names it.

A container's `args: ["--db-password", "pw"]`, a task's `command`, Docker's `Cmd` and
`Entrypoint` keep a command line one word an item. A flag written `--db-password=pw` is one
item, and the pattern detectors read it; written as two items, the value is a bare item under
a key (`args`) that names nothing. So a list under such a key is read in pairs: an item that is
a flag whose name the key rules call secret (`--db-password`, `-client-secret`) makes the next
item a secret, unless that item is itself a flag or a variable. Classification at load reads
them so (`sensitive.leaves`), and the dictionary it builds hides the value in every output.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise

from cloudg_lab.privacy.detectors.keys import KeyRule, intern, key_rule

ARGV_KEYS = frozenset({"args", "Args", "argv", "command", "Command", "cmd", "Cmd", "entrypoint",
                       "entryPoint", "Entrypoint", "EntryPoint", "arguments", "Arguments",
                       "containerArgs", "container_args"})
"""Keys that hold a command line one word an item (Kubernetes, ECS, Docker, Nomad, Batch)."""
ARGV = intern(KeyRule("none", detector="argv_key"))
"""The rule of a list under one of `ARGV_KEYS`: it marks nothing itself, its pairs may."""


_GLUED = frozenset({"mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlcheck", "mariadb",
                    "mariadb-dump"})
"""Clients that take their password glued to `-p` (`-pS3cret`): a space there asks for a prompt."""


def flag_values(items: Sequence[object]) -> Iterator[str]:
    """The items of a command line that follow a flag named like a secret, and a MySQL
    client's glued `-pPASSWORD` (the item whole, and the password alone)."""
    if items and isinstance(items[0], str) and items[0].rsplit("/", 1)[-1] in _GLUED:
        for item in items[1:]:
            if isinstance(item, str) and len(item) > 2 and item[:2] == "-p" and item[2] not in "$=":
                yield from (item, item[2:])
    for flag, value in pairwise(items):
        if isinstance(flag, str) and isinstance(value, str) and flag[:1] == "-" and "=" not in flag \
                and value[:1] not in ("-", "$") and key_rule(flag.lstrip("-")).kind == "sensitive":
            yield value
