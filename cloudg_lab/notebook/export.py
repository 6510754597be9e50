"""Rows to a .csv, .parquet or .jsonl file, written whole or not at all.

`%mcp export` and the audit widget's Export button both write through here; it raises plain
`ValueError`/`OSError` (the command turns them into one usage line, the widget into one status
line), so a widget never imports a command or IPython's errors.
"""

from __future__ import annotations

import json
from pathlib import Path

from cloudg_lab.files import atomic_path

FORMATS = (".csv", ".parquet", ".jsonl")


def write_rows(rows: list[dict[str, object]], columns: list[str], target: str) -> Path:
    """Write `rows` to `target` in the format its suffix names, atomically; returns the path.

    Raises:
        ValueError: for an unsupported suffix.
        OSError: when the directory is missing or not writable.
    """
    path = Path(target).expanduser().resolve()
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"Export to {', '.join(FORMATS)}; got {path.name!r}")
    if not path.parent.is_dir():  # an export never creates directories
        raise FileNotFoundError(f"No such directory: {path.parent}")
    with atomic_path(path) as temp:
        if suffix == ".jsonl":
            with temp.open("w", encoding="utf-8") as out:
                out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        else:
            import pandas as pd

            frame = pd.DataFrame(rows, columns=columns)
            if suffix == ".csv":
                frame.to_csv(temp, index=False)
            else:
                frame.to_parquet(temp, index=False)
    return path
