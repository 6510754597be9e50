"""The options a request is made with, spelled once for `cloudg-lab` and `%mcp`.

Both front ends name the caller the same way, `--as alice` or `--as alice:analyst,lead`
(`types.Principal.parse`), and read `--args` as one JSON object with the same messages; the
command line keeps its older `--principal-id ID` and repeatable `--role ROLE` as aliases.
Parsing lives here, free of argparse subclasses and IPython, and raises `ValueError`: each front
end turns that into its own one-line usage error.
"""

from __future__ import annotations

import argparse
import json

from cloudg_lab.types import Principal

PRINCIPAL_HELP = "principal for this call: alice or alice:analyst,lead (default: the local user)"
ALIAS_ID = "cli"
"""The id `--role` alone calls as (the command line's older spelling, kept as it was)."""


def add_principal(parser: argparse.ArgumentParser, *, default: object = None,
                  aliases: bool = False) -> None:
    """`--as PRINCIPAL`, and with `aliases` the older `--principal-id` / `--role`.

    Args:
        default: what an absent option leaves (`argparse.SUPPRESS` lets a subcommand's parser
            share options with its parent's).
    """
    parser.add_argument("--as", dest="principal", default=default, metavar="PRINCIPAL",
                        help=PRINCIPAL_HELP)
    if aliases:
        parser.add_argument("--principal-id", default=default, metavar="ID",
                            help="alias: the id of --as")
        parser.add_argument("--role", action="append", default=default,
                            help="alias: one role of --as (repeatable)")


def principal_of(args: argparse.Namespace) -> Principal | None:
    """The principal the options name; None when none is given.

    Raises:
        ValueError: for a malformed `--as`, or `--as` given with an alias.
    """
    spec = getattr(args, "principal", None)
    ident = getattr(args, "principal_id", None)
    roles = getattr(args, "role", None) or []
    if spec is not None:
        if ident is not None or roles:
            raise ValueError("give --as or --principal-id/--role, not both")
        return spec if isinstance(spec, Principal) else Principal.parse(spec)
    if ident is None and not roles:
        return None
    return Principal(id=ident or ALIAS_ID, roles=frozenset({"default", *roles}))


def json_object(text: str, what: str = "--args") -> dict[str, object]:
    """`text` as a JSON object.

    Raises:
        ValueError: naming `what` and where the JSON breaks, or the type it holds instead.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise ValueError(f"{what} is not valid JSON: {exc.msg} ({where})") from None
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a JSON object, not {type(value).__name__}")
    return value
