"""Parsing for `%mcp` subcommands: argparse that raises `UsageError`, `k=v` pairs, cell bodies.

A user's typing mistake must end in one line, never a traceback or a dead kernel, so the parser
raises IPython's `UsageError` (which IPython prints as one line) instead of exiting.
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Sequence
from typing import NoReturn

import yaml
from IPython.core.error import UsageError

from cloudg_lab.options import add_principal
from cloudg_lab.options import json_object as shared_json_object

_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


class CommandParser(argparse.ArgumentParser):
    """An `ArgumentParser` for one subcommand whose errors are `UsageError`s."""

    def __init__(self, name: str, description: str) -> None:
        super().__init__(prog=f"%mcp {name}", description=description, add_help=False,
                         exit_on_error=False, allow_abbrev=False)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see %mcp help {self.prog.split()[-1]})")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise UsageError((message or f"{self.prog}: invalid arguments").strip())

    def options(self) -> list[str]:
        """The long option names this subcommand accepts (for tab completion)."""
        return sorted(o for o in self._option_string_actions if o.startswith("--"))

    def parse(self, words: Sequence[str]) -> argparse.Namespace:
        """Parse `words`, turning argparse's own exceptions into `UsageError` too.

        Raises:
            UsageError: for anything argparse rejects.
        """
        try:
            return self.parse_args(list(words))
        except argparse.ArgumentError as exc:
            self.error(str(exc))


def add_scope(parser: argparse.ArgumentParser) -> None:
    """`--policy NAME` and `--as PRINCIPAL`: every subcommand's one-call overrides."""
    parser.add_argument("--policy", default=None, metavar="NAME",
                        help="policy profile, user policy or file for this call only")
    add_principal(parser)


def split(line: str) -> list[str]:
    """Shell-like words, so `fields='["name","arn"]'` stays one word.

    Raises:
        UsageError: for unbalanced quotes.
    """
    try:
        return shlex.split(line, posix=True)
    except ValueError as exc:
        raise UsageError(f"Cannot parse the %mcp line: {exc}") from None


def value(text: str, key: str = "value") -> object:
    """A `k=v` value: JSON when it parses (`5`, `true`, `["a"]`), else the text itself; text
    that opens like a JSON array or object must parse, or a typo would silently become a string.

    Raises:
        UsageError: naming the pair and where the JSON breaks (never quoting the value).
    """
    try:
        return json.loads(text)
    except ValueError as exc:
        if text.lstrip()[:1] in ("[", "{"):
            where = f"line {exc.lineno} column {exc.colno}" if isinstance(exc, json.JSONDecodeError) \
                else "somewhere"
            raise UsageError(f"{key}=...: the value looks like JSON but does not parse "
                             f"({getattr(exc, 'msg', exc)} at {where}); fix it, or pass text as a "
                             f"JSON string ({key}='\"...\"')") from None
        return text


def pairs(items: Sequence[str], *, parse_values: bool = True) -> dict[str, object]:
    """`["limit=5", "q=web"]` → `{"limit": 5, "q": "web"}`.

    Raises:
        UsageError: for an item without `=` or with an empty or odd key.
    """
    out: dict[str, object] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key or not set(key) <= _KEY_CHARS:
            raise UsageError(f"Expected key=value, got {item!r}")
        out[key] = value(raw, key) if parse_values else raw
    return out


def json_object(text: str, what: str) -> dict[str, object]:
    """A JSON object given inline (`--args '{...}'`), read as the CLI reads it (`options`).

    Raises:
        UsageError: for invalid JSON or a value that is not an object.
    """
    try:
        return shared_json_object(text, what)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def body_object(body: str | None) -> dict[str, object]:
    """A cell body holding a JSON or YAML mapping (an empty body is `{}`).

    Raises:
        UsageError: naming the line of a YAML error, or when the body is not a mapping.
    """
    if body is None or not body.strip():
        return {}
    try:
        data = json.loads(body)
    except ValueError:
        try:
            data = yaml.safe_load(body)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1}" if mark is not None else ""
            problem = getattr(exc, "problem", None) or "invalid YAML"
            raise UsageError(f"Cell body is neither JSON nor YAML{where}: {problem}") from None
    if not isinstance(data, dict):
        raise UsageError(f"Cell body must be a JSON object or YAML mapping, got {type(data).__name__}")
    return data


def number(text: str) -> float:
    """A positive number of seconds for `--timeout`.

    Raises:
        argparse.ArgumentTypeError: for anything else (argparse reports it as a usage error).
    """
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if seconds <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return seconds
