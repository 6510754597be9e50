"""What a subcommand is: a name, a parser, a coroutine, and whether it takes a cell body."""

from __future__ import annotations

import argparse
import difflib
import os
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, NoReturn

from IPython.core.error import UsageError

from cloudg_lab.errors import MCPLayerError
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.session import Session
from cloudg_lab.options import principal_of
from cloudg_lab.types import Principal

Body = Literal["none", "optional", "required"]


@dataclass(frozen=True)
class Invocation:
    """One run of a subcommand: the session, parsed options, the cell body, the user namespace."""

    session: Session
    args: argparse.Namespace
    body: str | None = None
    namespace: Mapping[str, object] = field(default_factory=dict)

    @property
    def policy(self) -> str | None:
        return getattr(self.args, "policy", None)

    @property
    def principal(self) -> Principal | None:
        """`--as`, parsed (`options.principal_of`).

        Raises:
            ValueError: for a malformed principal (`dispatch` shows it as one line).
        """
        return principal_of(self.args)

    @property
    def limit(self) -> int:
        return self.session.config.display_limit


@dataclass(frozen=True)
class Command:
    """A subcommand; `configure` adds its arguments, `run` does the work and returns a display."""

    name: str
    summary: str
    configure: Callable[[CommandParser], None]
    run: Callable[[Invocation], Awaitable[object]]
    body: Body = "none"

    def parser(self) -> CommandParser:
        parser = CommandParser(self.name, self.summary)
        self.configure(parser)
        return parser


def unknown_command(name: str, names: list[str]) -> NoReturn:
    """Raises:
        UsageError: always, naming the closest subcommand when one is close.
    """
    close = difflib.get_close_matches(name, names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else "; see %mcp help"
    raise UsageError(f"Unknown %mcp subcommand {name!r}{hint}")


def did_you_mean(error: MCPLayerError, typed: str, visible: Iterable[str]) -> UsageError | None:
    """The layer's "unknown" message with the closest names, or None when none is close.

    `visible` must be what this principal may list: only those are offered, so a hidden tool,
    resource or prompt stays indistinguishable from a missing one.
    """
    names = list(visible)
    # a prefix every name shares (`cloudg://`) says nothing about which one was meant
    shared = len(os.path.commonprefix([typed, *names])) if names else 0  # noqa: RUF071 (by character)
    by_rest = {name[shared:]: name for name in names}
    close = difflib.get_close_matches(typed[shared:], list(by_rest), n=3, cutoff=0.6)
    found = [by_rest[rest] for rest in close]
    return UsageError(f"{error.message}; did you mean {' or '.join(found)}?") if found else None


def describe(error: MCPLayerError) -> str:
    """`message [code]`: the layer's own (already transformed) message and its code."""
    return f"{error.message} [{error.code}]"
