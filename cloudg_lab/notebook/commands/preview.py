"""`%mcp preview TOOL [k=v ...] --policies a,b [--as P1 --as P2]`: one call, several views.

The same call runs once per (policy, principal). The plain table has one column per pair and one
row per value in the results (flattened to JSON pointers); a row whose values differ is flagged,
and a pair that cannot call the tool shows `hidden`, `denied`, `refused` or the error code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cloudg_lab.errors import NotFoundError
from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.call import arguments
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table

_STATUS = {-31001: "denied", -31029: "rate limited", -32602: "refused"}


def _configure(parser: CommandParser) -> None:
    parser.add_argument("tool", metavar="TOOL")
    parser.add_argument("pairs", nargs="*", metavar="k=v")
    parser.add_argument("--args", default=None, metavar="JSON")
    parser.add_argument("--policies", default=None, metavar="P1,P2",
                        help="comma-separated policies (default: the session's)")
    parser.add_argument("--as", dest="principals", action="append", default=None,
                        metavar="PRINCIPAL", help="repeat for several principals")


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """Leaves of a JSON value by JSON pointer (`/items/0/arn` → value)."""
    if isinstance(value, Mapping) and value:
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(flatten(inner, f"{path}/{key}"))
        return out
    if isinstance(value, list) and value:
        out = {}
        for i, inner in enumerate(value):
            out.update(flatten(inner, f"{path}/{i}"))
        return out
    return {path or "/": value}


async def _view(inv: Invocation, tool: str, args: dict[str, Any], policy: str,
                principal: str | None) -> tuple[str, dict[str, Any]]:
    try:
        result = await inv.session.call(tool, args, policy=policy, principal=principal)
    except NotFoundError:
        return "hidden", {}
    if result.is_error:
        code = result.error_code
        return _STATUS.get(code, f"error {code}") if isinstance(code, int) else f"error {code}", {}
    return "ok", flatten(result.structured or {})


async def _run(inv: Invocation) -> Any:
    a = inv.args
    args = arguments(inv)
    policies = [p.strip() for p in (a.policies or inv.session.policy_name).split(",") if p.strip()]
    principals = a.principals or [None]
    columns: list[str] = []
    views: list[tuple[str, dict[str, Any]]] = []
    for policy in policies:
        for principal in principals:
            who = inv.session.principal_for(principal).label()
            columns.append(f"{policy} · {who}")
            views.append(await _view(inv, a.tool, args, policy, principal))
    paths: list[str] = []
    for _, leaves in views:
        paths.extend(p for p in leaves if p not in paths)
    rows = [{"path": "status", **{c: s for c, (s, _) in zip(columns, views, strict=True)}}]
    for path in paths:
        cells = {c: leaves.get(path, "—") for c, (_, leaves) in zip(columns, views, strict=True)}
        differs = len({repr(v) for v in cells.values()}) > 1
        rows.append({"path": path, **cells, "differs": "◆" if differs else ""})
    return Table(f"preview {a.tool}", rows, ["path", *columns, "differs"], limit=inv.limit)


COMMANDS = (Command("preview", "the same call under several policies and principals", _configure,
                    _run),)
