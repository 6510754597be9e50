"""Values in comma-separated tables, judged by their column's header like a dict key.

A CSV export pasted into a note (`account_id,name,spend` then a row per account) separates each
value from its key as a tag listing does: no key rule sees `71366153`, and a `password` column
is text. A text whose first line is a header naming a key the rules know (a secret, an id, an
owner) has its cells under that column judged by the rule: secrets under a secret header,
people under an owner header, identifiers under an id header. Quoted cells are left to the
other detectors; a table without such a header costs one look at its first line.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.keys import KeyRule, key_rule

_CELL = r"(?m)(?:^|(?<=,))[ \t]*(?P<v>[^,\r\n\"]*[^,\r\n\" \t])[ \t]*(?=,|\r?$)"
_MAX_HEADER = 400
"""A first line longer than this is prose, not a header."""


def _header(text: str) -> list[str] | None:
    """The column names of `text` if its first line is a header of two or more names."""
    end = text.find("\n")
    if end < 0 or end > _MAX_HEADER or "," not in text[:end]:
        return None
    names = [name.strip().strip("\"'") for name in text[:end].rstrip("\r").split(",")]
    return names if all(names) else None


def _rules(text: str) -> list[KeyRule] | None:
    names = _header(text)
    return None if names is None else [key_rule(name) for name in names]


def _keyed(text: str, low: str) -> bool:
    """A header naming at least one column a key rule acts on."""
    rules = _rules(text)
    return rules is not None and any(r.kind in ("sensitive", "typed", "asset") for r in rules)


def _column(match: re.Match[str]) -> KeyRule | None:
    """The rule of the column a cell stands in (None in the header row or past the last column)."""
    text, start = match.string, match.start("v")
    line = text.rfind("\n", 0, start) + 1
    if line == 0:
        return None
    rules = _rules(text)
    column = text.count(",", line, start)
    return rules[column] if rules is not None and column < len(rules) else None


def _secret_cell(match: re.Match[str]) -> bool:
    rule = _column(match)
    return rule is not None and rule.kind == "sensitive"


def _person_cell(match: re.Match[str]) -> bool:
    rule = _column(match)
    return rule is not None and rule.kind == "typed" and rule.entity == "person"


def _identifier_cell(match: re.Match[str]) -> bool:
    rule = _column(match)
    return rule is not None and (rule.kind == "asset" or (rule.kind == "typed" and rule.entity != "person"))


def _identifier(cell: str) -> str | None:
    if "@" in cell:
        return "email"
    if cell.isdigit():
        return "aws_account_id" if len(cell) == 12 else "resource_name"
    return None if cell.replace(".", "").isdigit() else "resource_name"


TABLE_SECRETS: tuple[Detector, ...] = (
    define("table_secret", "secret", "secret", 0.85, _CELL, (",",), group="v", gate=_keyed,
           accept=_secret_cell, min_len=8, description="cells under a secret column of a CSV table"),
)
TABLE_IDENTIFIERS: tuple[Detector, ...] = (
    define("table_person", "person", "pii", 0.8, _CELL, (",",), group="v", gate=_keyed,
           accept=_person_cell, min_len=8, description="cells under an owner or user column of a CSV table"),
    define("table_identifier", "resource_name", "identifier", 0.8, _CELL, (",",), group="v", gate=_keyed,
           accept=_identifier_cell, validate=_identifier, min_len=8,
           description="cells under an id, account or name column of a CSV table (numbers included)"),
)
