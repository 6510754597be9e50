"""Values as a reader sees them in a table cell or a line of text: no Python reprs.

`True` reads `true` (as on the wire), `None` an em dash, `30.0` reads `30`, a list its items
joined, and a mapping, pydantic model or dataclass (a rate limit, say) its set fields as
`key value` pairs, so a user-facing table never shows `rate=30.0, burst=None`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Mapping

from pydantic import BaseModel

EMPTY = "—"


def plain_text(value: object) -> str:
    """`value` as short, readable text for a cell."""
    if value is None:
        return EMPTY
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:.6g}"
    if isinstance(value, str | int):
        return str(value)
    if isinstance(value, dt.datetime):
        return value.isoformat(sep=" ", timespec="seconds")
    fields = _fields(value)
    if fields is not None:
        return ", ".join(f"{k} {_nested(v)}" for k, v in fields.items() if v is not None) or EMPTY
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return ", ".join(_nested(v) for v in items) or EMPTY
    return str(value)


def _nested(value: object) -> str:
    """An inner value: scalars as in a cell, deeper structures as compact JSON."""
    if isinstance(value, Mapping | list) and any(isinstance(v, Mapping | list) for v in
                                                 (value.values() if isinstance(value, Mapping) else value)):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    return plain_text(value)


def _fields(value: object) -> Mapping[str, object] | None:
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, BaseModel):
        return dict(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    return None
