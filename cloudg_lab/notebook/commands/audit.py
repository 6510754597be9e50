"""`%mcp audit [--last N] [--decision D] [--principal ID] [--kind K] [--policy P | --fleet URL]`.

Shows the AuditLog widget over the policy's audit ring buffer: it follows the buffer as calls
happen (from cells, worker threads or external clients of `%mcp serve`) until closed. With
`--fleet redis://...` it shows the merged, live trail every instance appends to that Redis
(`serve --audit-sink`), one column naming the instance. Entries hold argument hashes, never
values, so the table is safe to share.
"""

from __future__ import annotations

from IPython.core.error import UsageError

from cloudg_lab.adapters.redis_audit import FleetFollower
from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.widgets import AuditLog
from cloudg_lab.notebook.widgets.audit_rows import KINDS, Filters
from cloudg_lab.policy.audit import DECISIONS


def _configure(parser: CommandParser) -> None:
    parser.add_argument("--last", type=int, default=None, metavar="N",
                        help="show only the N newest entries that pass the filters")
    parser.add_argument("--decision", choices=DECISIONS, default=None)
    parser.add_argument("--principal", default=None, metavar="ID")
    parser.add_argument("--kind", choices=KINDS, default=None)
    parser.add_argument("--policy", default=None, metavar="NAME", help="whose audit trail")
    parser.add_argument("--fleet", default=None, metavar="redis://...",
                        help="the merged, live trail of every instance writing to this Redis")


async def _run(inv: Invocation) -> object:
    a = inv.args
    filters = Filters(decision=a.decision or "", principal=a.principal or "", kind=a.kind or "",
                      last=a.last)
    if a.fleet:
        return _fleet(a.fleet, filters, inv.limit)
    return AuditLog(inv.session.audit_log(a.policy),
                    title=f"audit · policy {a.policy or inv.session.policy_name}",
                    filters=filters, page_size=inv.limit)


def _fleet(url: str, filters: Filters, page_size: int) -> AuditLog:
    try:
        follower = FleetFollower(url).start()
    except (ValueError, ConnectionError) as exc:
        raise UsageError(str(exc)) from None
    view = AuditLog(follower.log, title=f"fleet audit · {follower.where}", filters=filters,
                    page_size=page_size)
    view.on_close(follower.stop)
    return view


COMMANDS = (Command("audit", "the policy audit ring buffer, newest first, live", _configure,
                    _run),)
