"""`%mcp mount NAME CMD_OR_URL`, `%mcp unmount NAME`, `%mcp mounts`: any MCP server behind the layer.

The upstream is mounted on the kernel's loop and stays connected across cells; its primitives
are ordinary specs of the session's layer, so every view (listings, call, read, prompt, preview
side by side, report, audit, inspector) works on them under any policy. A bearer token is read
from an environment variable (`--token-env`), so it never sits in a cell or its history.
"""

from __future__ import annotations

import argparse
import os

from IPython.core.error import UsageError

from cloudg_lab.adapters.mount import MountOptions, mounts
from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table


def _configure_mount(parser: CommandParser) -> None:
    parser.add_argument("name", metavar="NAME")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="each mounted tool's timeout (default: the layer's)")
    parser.add_argument("--token-env", default=None, metavar="VAR",
                        help="send the bearer token in $VAR to an HTTP upstream")
    parser.add_argument("upstream", nargs=argparse.REMAINDER, metavar="CMD_OR_URL",
                        help="an http(s) URL, or the command line of a stdio server")


def _configure_unmount(parser: CommandParser) -> None:
    parser.add_argument("name", metavar="NAME")


async def _mount(inv: Invocation) -> object:
    words: list[str] = inv.args.upstream
    if not words:
        raise UsageError("%mcp mount NAME CMD_OR_URL: say which server to mount")
    upstream: str | list[str] = words[0] if len(words) == 1 else words
    options: MountOptions = {"timeout_seconds": inv.args.timeout}
    if inv.args.token_env:
        token = os.environ.get(inv.args.token_env)
        if not token:
            raise UsageError(f"${inv.args.token_env} is not set")
        options["token"] = token
    mounted = await inv.session.layer.mount(inv.args.name, upstream, **options)
    if mounted.skipped:
        print(f"Not mounted: {'; '.join(mounted.skipped)}")
    return await inv.session.listing("tools", grep=f"^{inv.args.name}_", category=None,
                                     policy=None, principal=None)


async def _unmount(inv: Invocation) -> object:
    try:
        await inv.session.layer.unmount(inv.args.name)
    except KeyError:
        raise UsageError(f"Nothing is mounted as {inv.args.name!r}; see %mcp mounts") from None
    return _mounts_table(inv)


async def _mounts(inv: Invocation) -> object:
    return _mounts_table(inv)


def _mounts_table(inv: Invocation) -> Table:
    rows = []
    for mounted in mounts(inv.session.layer).values():
        summary = mounted.summary()
        rows.append({"name": summary["name"], "transport": summary["transport"],
                     **{k: summary["primitives"].get(k, 0)
                        for k in ("tool", "resource", "template", "prompt")}})
    return Table("mounted upstreams", rows,
                 ["name", "transport", "tool", "resource", "template", "prompt"])


COMMANDS = (
    Command("mount", "put the layer in front of an MCP server (stdio command or http URL)",
            _configure_mount, _mount),
    Command("unmount", "remove a mounted server's primitives and close it", _configure_unmount,
            _unmount),
    Command("mounts", "the mounted upstream servers", lambda parser: None, _mounts),
)
