"""`%mcp complete prompt NAME ARG [PARTIAL]` / `complete template URI_TEMPLATE VAR [PARTIAL]`."""

from __future__ import annotations

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser, add_scope
from cloudg_lab.notebook.display import Table


def _configure(parser: CommandParser) -> None:
    parser.add_argument("ref_kind", choices=("prompt", "template"), metavar="prompt|template")
    parser.add_argument("ref", metavar="NAME|URI_TEMPLATE")
    parser.add_argument("argument", metavar="ARG")
    parser.add_argument("partial", nargs="?", default="", metavar="PARTIAL")
    add_scope(parser)


async def _run(inv: Invocation) -> object:
    a = inv.args
    found = await inv.session.complete(a.ref_kind, a.ref, a.argument, a.partial,
                                       policy=inv.policy, principal=inv.principal)
    more = " (more exist)" if found.get("hasMore") else ""
    values = found["values"] if isinstance(found["values"], list) else []
    return Table(f"completions for {a.ref} {a.argument} {a.partial!r}",
                 [{"value": v} for v in values], ["value"], limit=inv.limit,
                 note=f"{found.get('total', len(values))} total{more}")


COMMANDS = (Command("complete", "complete a prompt argument or a template variable", _configure,
                    _run),)
