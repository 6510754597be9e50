"""`%%mcp policy NAME`: define a policy from the cell's YAML and summarise what it does.

Errors name the field and the YAML line (the policy model does that); success shows what the
policy hides, denies and transforms, and which tools each of its roles would see, so an author
learns the effect before anyone calls anything.
"""

from __future__ import annotations

from IPython.core.error import UsageError

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Panel, Table
from cloudg_lab.notebook.plain import plain
from cloudg_lab.policy import Policy
from cloudg_lab.registry import ToolSpec
from cloudg_lab.types import Principal


def _configure(parser: CommandParser) -> None:
    parser.add_argument("name", metavar="NAME")


def summary_table(policy: Policy) -> Table:
    rows = [{"setting": k, "value": plain(v)} for k, v in policy.summary().items()
            if v not in (None, "", [], {})]
    return Table(f"policy {policy.name}", rows, ["setting", "value"])


def visibility_table(policy: Policy, tools: list[ToolSpec], principals: list[Principal]) -> Table:
    """Per principal: how many tools are listed, which are hidden and which listed but denied."""
    rows = []
    for who in principals:
        decisions = [(spec.name, policy.decide(spec, who)) for spec in tools]
        hidden = [n for n, d in decisions if not d.allowed and policy.model.hide_denied]
        denied = [n for n, d in decisions if not d.allowed and not policy.model.hide_denied]
        rows.append({"principal": who.label(), "listed": len(tools) - len(hidden),
                     "hidden": hidden, "denied": denied})
    return Table("tools by principal", rows, ["principal", "listed", "hidden", "denied"])


async def _run(inv: Invocation) -> object:
    if inv.body is None or not inv.body.strip():
        raise UsageError("%%mcp policy NAME needs the policy as YAML in the cell body")
    session = inv.session
    policy = session.define_policy(inv.args.name, inv.body)
    principals = [session.principal] + [Principal.parse(f"{role}-user:{role}")
                                        for role in sorted(policy.model.roles)]
    tools = session.layer.registry.tools()
    return Panel(f"policy {policy.name} defined; use it with --policy {policy.name}",
                 [("summary", summary_table(policy)),
                  ("visibility", visibility_table(policy, tools, principals))])


COMMANDS = (Command("policy", "define a policy from the YAML cell body (may extend a profile)",
                    _configure, _run, body="required"),)
