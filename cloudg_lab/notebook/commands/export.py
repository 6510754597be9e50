"""`%mcp export audit PATH.csv|.parquet|.jsonl`: the audit trail to a file, written atomically.

The file appears complete or not at all: rows go to a temporary file in the same directory,
which then replaces the target in one rename.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from IPython.core.error import UsageError

from cloudg_lab.notebook.commands.base import Command, Invocation
from cloudg_lab.notebook.commands.parser import CommandParser
from cloudg_lab.notebook.display import Table
from cloudg_lab.notebook.widgets import audit_rows

FORMATS = (".csv", ".parquet", ".jsonl")


def _configure(parser: CommandParser) -> None:
    parser.add_argument("what", choices=("audit",))
    parser.add_argument("path", metavar="PATH")
    parser.add_argument("--policy", default=None, metavar="NAME", help="whose audit trail")


def write_rows(rows: list[dict[str, Any]], columns: list[str], target: str) -> Path:
    """Write `rows` to `target` in the format its suffix names, atomically; returns the path.

    Raises:
        UsageError: for an unsupported suffix.
        OSError: when the directory is missing or not writable.
    """
    path = Path(target).expanduser().resolve()
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(f"Export to {', '.join(FORMATS)}; got {path.name!r}")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        if suffix == ".jsonl":
            with open(tmp, "w", encoding="utf-8") as out:
                out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        else:
            import pandas as pd

            frame = pd.DataFrame(rows, columns=columns)
            if suffix == ".csv":
                frame.to_csv(tmp, index=False)
            else:
                frame.to_parquet(tmp, index=False)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


async def _run(inv: Invocation) -> Any:
    log = inv.session.audit_log(inv.args.policy)
    rows = audit_rows.rows(reversed(log.entries()))
    path = await asyncio.to_thread(write_rows, rows, audit_rows.COLUMNS, inv.args.path)
    return Table("export", [{"file": str(path), "entries": len(rows)}], ["file", "entries"])


COMMANDS = (Command("export", "write the audit trail to .csv, .parquet or .jsonl", _configure,
                    _run),)
