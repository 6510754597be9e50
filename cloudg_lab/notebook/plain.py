"""Values as a user reads them in a table, never as Python writes them.

`True` is "yes", `None` an empty cell (or left out of a mapping), `30.0` is "30", a list is
comma-separated and a mapping "key value" pairs, so no `rate=30.0, burst=None` reaches a table.
"""

from __future__ import annotations

from collections.abc import Mapping


def plain(value: object) -> str:
    """`value` as text for a table cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(plain(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items() if v is not None)
    return str(value)
