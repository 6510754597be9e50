"""Audit entries as table rows: the plain values (for filters and exports) and their HTML cells.

Entries hold argument hashes, never values, and names the policy already scrubbed, so rows are
safe to show and to save. A row's cells are rendered once, when the entry arrives, which keeps
re-rendering a page of a 10,000-entry buffer cheap.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from cloudg_lab.notebook.widgets import style
from cloudg_lab.policy.audit import AuditEntry

COLUMNS = ["seq", "time", "decision", "kind", "name", "principal", "roles", "reason", "arguments",
           "duration_ms", "instance"]
"""`instance` names the fleet member that decided (empty for this process's own trail)."""
KINDS = ("tool", "resource", "prompt", "completion")


def row(entry: AuditEntry) -> dict[str, object]:
    """One entry as flat values: UTC ISO time, roles comma-joined, arguments as `name=hash`."""
    return {"seq": entry.seq,
            "time": dt.datetime.fromtimestamp(entry.ts, dt.UTC).isoformat(timespec="milliseconds"),
            "decision": entry.decision, "kind": entry.kind, "name": entry.name,
            "principal": entry.principal, "roles": ",".join(entry.roles), "reason": entry.reason,
            "arguments": " ".join(f"{k}={v}" for k, v in entry.arguments.items()),
            "duration_ms": entry.duration_ms, "instance": getattr(entry, "instance", "")}


def rows(entries: Iterable[AuditEntry]) -> list[dict[str, object]]:
    """Entries as rows, in the order given."""
    return [row(e) for e in entries]


NUMBERS = frozenset({"seq", "duration_ms"})


def cells(values: dict[str, object]) -> list[str]:
    """The HTML cells of one row: the decision as a tinted chip, the time as HH:MM:SS.mmm on one
    line (the full UTC time as its tooltip), numbers right-aligned, text left."""
    out = []
    for column in COLUMNS:
        value = values[column]
        if column == "decision":
            out.append(style.decision(str(value)))
        elif column == "time":
            out.append(style.nowrap(str(value)[11:23], title=str(value)))
        elif column in NUMBERS:
            out.append(style.number_cell(value))
        else:
            out.append(style.text_cell(value))
    return out


@dataclass(frozen=True)
class Filters:
    """What the AuditLog shows: empty strings mean any; `last` caps the rows (None: all)."""

    decision: str = ""
    principal: str = ""
    kind: str = ""
    last: int | None = None

    @property
    def active(self) -> bool:
        return bool(self.decision or self.principal or self.kind)

    def keeps(self, entry: AuditEntry) -> bool:
        """Whether an audit entry passes the decision, principal and kind filters."""
        return ((not self.decision or entry.decision == self.decision)
                and (not self.principal or entry.principal == self.principal)
                and (not self.kind or entry.kind == self.kind))
