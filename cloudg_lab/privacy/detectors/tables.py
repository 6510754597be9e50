"""Values in comma-separated and pipe-bordered tables, judged by their column's header as a key.

A CSV export pasted into a note (`account_id,name,spend` then a row per account) separates each
value from its key as a tag listing does: no key rule sees `71366153`, and a `password` column
is text. A text whose first line is a header naming a key the rules know (a secret, an id, an
owner) has its cells under that column judged by the rule: secrets under a secret header,
people under an owner header, identifiers under an id header. Quoted cells are left to the
other detectors; a table without such a header costs one look at its first line.

Pipe-bordered tables are judged alike (found by red team `quarto`): Markdown, a notebook's
`df.show()` (`| id|   full_name|`), a CLI's boxed output. Their header is the first row that
is not a border; a row of two cells whose first names a secret or a typed value is a label and
its value (`| API Secret | ... |`, as `confluent api-key create` and vertical listings print).
psql's tables have no outer pipes (its header is the line above the `----+----` rule), and a
pandas frame's repr none at all: a cell there stands under the header it ends with (columns are
right-aligned) or starts with (left-aligned listings), whatever the spaces a name holds.

SQL and code give a literal its column or key as well: an `INSERT INTO t (cols) VALUES (...)`
literal stands in the column of its position, and a quoted value written beside a key (`WHERE
full_name = '...'`, `'owner': 'jdoe'`, `AZURE_TENANT_ID = '...'`, a call's quoted key and value
`set_tag('mlflow.user', 'jdoe')`) is ruled by that key; a person,
a phone number or an id comes out under `strict` as under a dict key of that name. Hosts and
addresses are left to their own detectors, and accounts every machine has (`admin`) name nobody.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from cloudg_lab.privacy.detectors.accounts import PLACEHOLDERS, SYSTEM_ACCOUNTS
from cloudg_lab.privacy.detectors.base import Accept, Detector, Gate, define
from cloudg_lab.privacy.detectors.keys import KeyRule, key_rule

_CELL = r"(?m)(?:^|(?<=,))[ \t]*(?P<v>[^,\r\n\"]*[^,\r\n\" \t])[ \t]*(?=,|\r?$)"
_SEMI_CELL = _CELL.replace(",", ";")
_MAX_HEADER = 400
"""A first line longer than this is prose, not a header, unless every name is one key."""
_MAX_KEYS_HEADER = 8000
_KEY_NAME = re.compile(r"[\w.\-/:\[\]@]+")
"""A flattened event's export (CloudTrail's `userIdentity.sessionContext.sessionIssuer.arn`, a
SIEM's CSV) has a header of dozens of dotted keys, far past `_MAX_HEADER`; names without a space
are keys, not prose (red team `sleet`)."""
_PIPE_CELL = r"(?m)(?<=\|)[ \t]*(?P<v>[^|\r\n]*[^|\s])[ \t]*(?=\|)"
_PIPE_ROW = re.compile(r"(?m)^[ \t]*\|(?P<cells>[^\r\n]*)\|[ \t]*\r?$")
_BORDER = re.compile(r"[\s|:+=-]*")
"""A row of a pipe-bordered table, and a border between rows (`+---+`, `|---|:--|`)."""
_VALUE_HEADS = frozenset({"value", "values", "setting", "settings"})
_PSQL_CELL = r"(?m)(?:^|(?<=\|))[ \t]*(?P<v>[^|\r\n]*[^|\s])[ \t]*(?=\||\r?$)"
_PSQL_RULE = re.compile(r"(?m)^[ \t]*-+(?:\+-+)+[ \t]*\r?$")
_ALIGNED_CELL = r"(?m)(?:^|(?<=\s\s))(?P<v>\S+(?: \S+)*)"
_ALIGNED_TOKEN = re.compile(r"\S+(?: \S+)*")
"""A cell of a psql table (its rule line below the header), and of a space-aligned one (a
pandas repr): words one space apart, columns two or more apart."""
_LITERAL = r"'(?P<v>(?:[^'\r\n]|'')+)'(?!')"
"""An SQL string literal (a quote inside doubled: `'O''Brien'`)."""
_INSERT = re.compile(r"(?is)\binsert\s+into\s+[\w.\"`\[\]]+\s*\((?P<cols>[^()]*)\)\s*values\s*")
_SQL_TOKEN = re.compile(r"'(?:[^']|'')*'|[(),;]|[^'(),;]+")
_KEYED = (r"""(?<![\w.])["'`]?(?P<k>[A-Za-z_][\w.]*)["'`]?[ \t]*"""
          r"""(?:[!=<>]=|<>|=>?|:|\b(?i:i?like)\b|(?<=["'])[ \t]*,)[ \t]*"""
          r"""(?:'(?P<s>(?:[^'\r\n]|''){2,200}?)'(?!')|"(?P<d>[^"\r\n]{2,200}?)")""")
_NAMED_ELEMENT = (r"""<(?P<t>[\w:.-]+)[ \t]+Name=(?P<o>["'])(?P<k>[^"'<>\r\n]{1,80})(?P=o)[ \t]*>"""
                  r"""[ \t]*(?P<v>[^<>\r\n]*[^<>\s])[ \t]*</(?P=t)>""")
"""An element whose `Name` attribute is the key of its text: a Windows event's `<Data
Name='TargetUserName'>jdoe</Data>` (red team `sleet`)."""
_KEY_WORDS = ("name", "owner", "user", "author", "mail", "phone", "mobile", "tenant", "contact", "assignee",
              "by", "subscription", "account", "project", "client_id")
"""Words of the keys that type a person or an id (the key rules decide): the detector's triggers."""
_OWN_DETECTORS = frozenset({"hostname", "ip_address", "url", "email"})
"""Typed values other detectors find in any text, whatever key they sit beside."""


def separator(text: str) -> str:
    """`;` when the first line is separated by semicolons and holds no comma (the CSV of locales
    whose decimal mark is a comma: `Benutzer;Passwort;Kosten` then `jdoe;…;1.234,56`; red team
    `dune`), else `,`."""
    end = text.find("\n")
    head = text[:end] if end >= 0 else text
    return ";" if ";" in head and "," not in head else ","


def _header(text: str) -> list[str] | None:
    """The column names of `text` if its first line is a header of two or more names."""
    end = text.find("\n")
    sep = separator(text)
    if end < 0 or end > _MAX_KEYS_HEADER or sep not in text[:end]:
        return None
    names = [name.strip().strip("\"'") for name in text[:end].rstrip("\r").split(sep)]
    if end > _MAX_HEADER and not all(_KEY_NAME.fullmatch(name) for name in names):
        return None
    return names if all(names) else None


def _rules(text: str) -> list[KeyRule] | None:
    names = _header(text)
    return None if names is None else [key_rule(name) for name in names]


def _keyed(text: str, low: str) -> bool:
    """A comma-separated header naming at least one column a key rule acts on."""
    return separator(text) == "," and _acting(text)


def _semi_keyed(text: str, low: str) -> bool:
    """A semicolon-separated header naming at least one column a key rule acts on."""
    return separator(text) == ";" and _acting(text)


def _acting(text: str) -> bool:
    rules = _rules(text)
    return rules is not None and any(r.kind in ("sensitive", "typed", "asset") for r in rules)


def _pipe_cells(cells: str) -> list[str]:
    return [cell.strip() for cell in cells.split("|")]


def _pipe_header(text: str) -> list[str] | None:
    """The column names of a pipe-bordered table: its first row that is not a border."""
    for row in _PIPE_ROW.finditer(text):
        if not _BORDER.fullmatch(row["cells"]):
            return _pipe_cells(row["cells"])
    return None


def _pipe_column(match: re.Match[str]) -> KeyRule | None:
    """The rule of a pipe table's cell: a labelled row's label, else its column's header."""
    text, start = match.string, match.start("v")
    end = text.find("\n", start)
    row = _PIPE_ROW.match(text, text.rfind("\n", 0, start) + 1, len(text) if end < 0 else end + 1)
    header = _pipe_header(text)
    if row is None or header is None or _BORDER.fullmatch(row["cells"]):
        return None
    cells, column = _pipe_cells(row["cells"]), text.count("|", row.start("cells"), start)
    if cells == header:
        return None
    if len(cells) == 2 and _labelled(header):
        label = key_rule(cells[0])
        if label.kind in ("sensitive", "typed"):
            return label if column == 1 else None
    return key_rule(header[column]) if column < len(header) else None


def _labelled(header: list[str]) -> bool:
    """Whether a two-column table's rows are labels and values: its first row is one already
    (`| API Key | ... |`) or its header says so (`| Field | Value |`); a schema listing's rows
    (`| col_name | data_type |`, then `| password_hash | STRING |`) are no such pairs."""
    return len(header) == 2 and (header[1].lower() in _VALUE_HEADS
                                 or key_rule(header[0]).kind in ("sensitive", "typed"))


def _line(match: re.Match[str]) -> tuple[int, int]:
    """Where the line of `match`'s value begins and ends."""
    text, start = match.string, match.start("v")
    end = text.find("\n", start)
    return text.rfind("\n", 0, start) + 1, len(text) if end < 0 else end


def _psql_header(text: str) -> tuple[int, list[str]] | None:
    """Where psql's rule line begins and the column names of the header above it."""
    rule = _PSQL_RULE.search(text)
    if rule is None:
        return None
    head = text[:rule.start()].rstrip("\r\n")
    return rule.start(), _pipe_cells(head[head.rfind("\n") + 1:])


def _psql_column(match: re.Match[str]) -> KeyRule | None:
    found = _psql_header(match.string)
    line, _ = _line(match)
    if found is None or line <= found[0]:
        return None
    column = match.string.count("|", line, match.start("v"))
    return key_rule(found[1][column]) if column < len(found[1]) else None


_TITLE_LINES = 3
"""Lines of one cell each (a title, `====== Data ======`) a space-aligned table's head may follow."""


def _aligned_header(text: str) -> tuple[int, list[tuple[int, int, str]]] | None:
    """Where a space-aligned table's head line begins, and (start, end, name) of each of its two
    or more columns, counted from that line: its first line, or its first line of more than one
    cell after a title (`vault kv get` prints `====== Data ======` before `Key  Value`)."""
    line = 0
    for _ in range(_TITLE_LINES + 1):
        end = text.find("\n", line)
        if end < 0 or end - line > _MAX_HEADER:
            return None
        names = [(m.start() - line, m.end() - line, m.group())
                 for m in _ALIGNED_TOKEN.finditer(text, line, end)]
        if len(names) > 1:
            return line, names
        line = end + 1
    return None


_MAX_LISTING = 4000
_BORDER_ROW = re.compile(r"[ \t]*-{2,}(?:[ \t]+-{2,})*[ \t]*")


def _pairs(text: str, head: int, header: list[str]) -> bool:
    """A space-aligned text of labels and values rather than a table: its head says `Key  Value`,
    or it is a listing whose head row is a pair already (`username  jdoe`; `user  password`
    heads a table of two columns: its second cell is a key name too)."""
    if len(header) == 2 and header[1].lower() in _VALUE_HEADS:
        return True
    return key_rule(header[-1]).kind not in ("sensitive", "typed") and _listing(text, head)


@lru_cache(maxsize=256)
def _listing(text: str, head: int) -> bool:
    """Every line from the head on is a label and a value (two cells, borders aside) and some
    label is one a key rule acts on: `username    jdoe` rows, whatever label comes first."""
    if len(text) > _MAX_LISTING:
        return False
    acted = False
    for row in text[head:].splitlines():
        if not row.strip() or _BORDER_ROW.fullmatch(row):
            continue
        cells = _ALIGNED_TOKEN.findall(row)
        if len(cells) != 2:
            return False
        acted = acted or key_rule(cells[0]).kind in ("sensitive", "typed")
    return acted


def _aligned_column(match: re.Match[str]) -> KeyRule | None:
    """The rule of a space-aligned table's cell: its column's header, or, in a listing of labels
    and values (`username    jdoe` then `api_key    ...`: `_pairs`), its row's label, the
    first row's too (before, the first row was read as a header: its value passed and the
    labels below were taken for people under `username`)."""
    found = _aligned_header(match.string)
    line, end = _line(match)
    if found is None or line < found[0]:
        return None
    head, header = found
    if _pairs(match.string, head, [name for _, _, name in header]):
        row = list(_ALIGNED_TOKEN.finditer(match.string, line, end))
        if len(row) != 2 or match.start("v") != row[1].start():
            return None
        label = key_rule(row[0].group())
        return label if label.kind in ("sensitive", "typed") else None
    if line == head:
        return None
    start, end = match.start("v") - line, match.end("v") - line
    return next((key_rule(name) for left, right, name in header if right == end or left == start), None)


def _aligned(text: str, low: str) -> bool:
    """A first line of two or more names set apart by two spaces, one a key rule acts on, or a
    listing's `Key  Value` head (`vault kv get`)."""
    found = _aligned_header(text)
    if found is None:
        return False
    names = [name for _, _, name in found[1]]
    rules = [key_rule(name) for name in names]
    return any(_secret(rule) or rule.kind == "typed" for rule in rules) or _pairs(text, found[0], names)


def _column(match: re.Match[str]) -> KeyRule | None:
    """The rule of the column a cell stands in (None in the header row or past the last column)."""
    text, start = match.string, match.start("v")
    line = text.rfind("\n", 0, start) + 1
    if line == 0:
        return None
    rules = _rules(text)
    column = text.count(separator(text), line, start)
    return rules[column] if rules is not None and column < len(rules) else None


def _secret(rule: KeyRule) -> bool:
    return rule.kind == "sensitive"


def _person(rule: KeyRule) -> bool:
    return rule.kind == "typed" and rule.entity == "person"


def _identifying(rule: KeyRule) -> bool:
    return rule.kind == "asset" or (rule.kind == "typed" and rule.entity != "person")


def _cell(rule_of: Callable[[re.Match[str]], KeyRule | None],
          judge: Callable[[KeyRule], bool]) -> Accept:
    """Keep a cell when the rule `rule_of` finds for it passes `judge`."""
    def accept(match: re.Match[str]) -> bool:
        rule = rule_of(match)
        return rule is not None and judge(rule)
    return accept


def _piped(text: str, low: str) -> bool:
    return _PIPE_ROW.search(text) is not None


def _typed_id(rule: KeyRule) -> bool:
    return rule.kind == "typed" and not _person(rule)


@lru_cache(maxsize=64)
def _inserts(text: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """(where its VALUES begin, its columns) of each INSERT with a column list in `text`."""
    return tuple((m.end(), tuple(c.strip().strip("\"`[]") for c in m["cols"].split(",")))
                 for m in _INSERT.finditer(text))


def _inserted_column(match: re.Match[str]) -> KeyRule | None:
    """The rule of the column an INSERT's literal stands in, by its place in its row's tuple."""
    start = match.start()
    found = [insert for insert in _inserts(match.string) if insert[0] <= start]
    if not found:
        return None
    begin, columns = found[-1]
    depth, column = 0, 0
    for token in _SQL_TOKEN.findall(match.string, begin, start):
        if token == ";" and depth == 0:
            return None
        depth += (token == "(") - (token == ")")
        column = 0 if token == "(" and depth == 1 else column + (token == "," and depth == 1)
    return key_rule(columns[column]) if depth == 1 and column < len(columns) else None


def _key_of(match: re.Match[str]) -> KeyRule:
    return key_rule(match["k"])


def _named_person(rule: KeyRule, value: str) -> bool:
    return _person(rule) and value.lower() not in SYSTEM_ACCOUNTS


def _id_shaped(rule: KeyRule, value: str) -> bool:
    """A typed id (not a host, address or e-mail, found wherever they stand) shaped like one."""
    return (rule.kind == "typed" and rule.entity not in _OWN_DETECTORS and not _person(rule)
            and any(c.isdigit() or c in "-_.@:" for c in value))


def _valued(rule_of: Callable[[re.Match[str]], KeyRule | None],
            judge: Callable[[KeyRule, str], bool]) -> Accept:
    """Keep a literal when the rule `rule_of` finds for it passes `judge` with its value."""
    def accept(match: re.Match[str]) -> bool:
        rule = rule_of(match)
        value = next((match[g] for g in ("v", "s", "d") if g in match.re.groupindex and match[g]), "")
        return rule is not None and judge(rule, value)
    return accept


def _given_person(rule: KeyRule, value: str) -> bool:
    return _named_person(rule, value) and value.lower() not in PLACEHOLDERS


def _bare_host_or_id(rule: KeyRule, value: str) -> bool:
    """A typed id, or a machine's name without a domain under a host key (`WorkstationName`):
    a dotted host is its own detector's."""
    if value.lower() in PLACEHOLDERS:
        return False
    bare_host = rule.kind == "typed" and rule.entity == "hostname" and "." not in value
    return bare_host or _id_shaped(rule, value)


def _inserting(text: str, low: str) -> bool:
    return "insert" in low and "values" in low


def _identifier(cell: str) -> str | None:
    if "@" in cell:
        return "email"
    if cell.isdigit():
        return "aws_account_id" if len(cell) == 12 else "resource_name"
    return None if cell.replace(".", "").isdigit() else "resource_name"


TABLE_SECRETS: tuple[Detector, ...] = (
    define("table_secret", "secret", "secret", 0.85, _CELL, (",",), group="v", gate=_keyed,
           accept=_cell(_column, _secret), min_len=8,
           description="cells under a secret column of a CSV table"),
    define("semicolon_table_secret", "secret", "secret", 0.85, _SEMI_CELL, (";",), group="v",
           gate=_semi_keyed,
           accept=_cell(_column, _secret), min_len=8,
           description="cells under a secret column of a CSV table separated by semicolons"),
    define("pipe_table_secret", "secret", "secret", 0.85, _PIPE_CELL, ("|",), group="v", gate=_piped,
           accept=_cell(_pipe_column, _secret), min_len=8,
           description="cells under a secret column or beside a secret's label in a pipe-bordered table "
                       "(| API Secret | ... |)"),
    define("psql_secret", "secret", "secret", 0.85, _PSQL_CELL, ("-+-",), group="v",
           gate=lambda text, low: _PSQL_RULE.search(text) is not None, accept=_cell(_psql_column, _secret),
           min_len=8, description="cells under a secret column of a psql table"),
    define("aligned_secret", "secret", "secret", 0.85, _ALIGNED_CELL, ("  ",), group="v", gate=_aligned,
           accept=_cell(_aligned_column, _secret), min_len=8,
           description="cells under a secret column of a space-aligned table (a pandas repr)"),
    define("inserted_secret", "secret", "secret", 0.85, _LITERAL, ("'",), group="v", gate=_inserting,
           accept=_valued(_inserted_column, lambda rule, value: _secret(rule)), min_len=20,
           description="literals an SQL INSERT puts in a secret's column"),
)
def _people_and_ids(name: str, cell: str, trigger: str, *, gate: Gate,
                    column: Callable[[re.Match[str]], KeyRule | None], ids: Callable[[KeyRule], bool],
                    where: str) -> tuple[Detector, Detector]:
    """The two detectors of one printed table layout: the cells under a person's column, and
    those under a column that `ids` calls an identifier's (an e-mail, a phone, an id)."""
    return (define(f"{name}_person", "person", "pii", 0.8, cell, (trigger,), group="v", gate=gate,
                   accept=_cell(column, _person), min_len=8,
                   description=f"cells under a person's column of {where}"),
            define(f"{name}_identifier", "resource_name", "identifier", 0.8, cell, (trigger,), group="v",
                   gate=gate, accept=_cell(column, ids), validate=_identifier, min_len=8,
                   description=f"cells under an e-mail, phone or id column of {where}"))


TABLE_IDENTIFIERS: tuple[Detector, ...] = (
    define("table_person", "person", "pii", 0.8, _CELL, (",",), group="v", gate=_keyed,
           accept=_cell(_column, _person), min_len=8,
           description="cells under an owner or user column of a CSV table"),
    define("table_identifier", "resource_name", "identifier", 0.8, _CELL, (",",), group="v", gate=_keyed,
           accept=_cell(_column, _identifying), validate=_identifier, min_len=8,
           description="cells under an id, account or name column of a CSV table (numbers included)"),
    define("semicolon_table_person", "person", "pii", 0.8, _SEMI_CELL, (";",), group="v", gate=_semi_keyed,
           accept=_cell(_column, _person), min_len=8,
           description="cells under an owner or user column of a CSV table separated by semicolons"),
    define("semicolon_table_identifier", "resource_name", "identifier", 0.8, _SEMI_CELL, (";",), group="v",
           gate=_semi_keyed, accept=_cell(_column, _identifying), validate=_identifier, min_len=8,
           description="cells under an id, account or name column of a CSV table separated by semicolons"),
    *_people_and_ids("pipe_table", _PIPE_CELL, "|", gate=_piped, column=_pipe_column, ids=_identifying,
                     where="a pipe-bordered table (df.show(), Markdown)"),
    *_people_and_ids("psql", _PSQL_CELL, "-+-", gate=lambda text, low: _PSQL_RULE.search(text) is not None,
                     column=_psql_column, ids=_typed_id, where="a psql table"),
    *_people_and_ids("aligned", _ALIGNED_CELL, "  ", gate=_aligned, column=_aligned_column, ids=_typed_id,
                     where="a space-aligned table (a pandas repr)"),
    define("inserted_person", "person", "pii", 0.8, _LITERAL, ("'",), group="v", gate=_inserting,
           accept=_valued(_inserted_column, _named_person), min_len=20,
           description="literals an SQL INSERT puts in a person's column"),
    define("inserted_identifier", "resource_name", "identifier", 0.8, _LITERAL, ("'",), group="v",
           gate=_inserting, accept=_valued(_inserted_column, _id_shaped), min_len=20,
           description="literals an SQL INSERT puts in a phone, id or account column"),
    define("named_element_person", "person", "pii", 0.8, _NAMED_ELEMENT, ("name=",), group="v",
           accept=_valued(_key_of, _given_person), min_len=4,
           description="the text of an element whose Name attribute types a person (a Windows event's "
                       "<Data Name='TargetUserName'>...</Data>)"),
    define("named_element_identifier", "resource_name", "identifier", 0.8, _NAMED_ELEMENT, ("name=",),
           group="v", accept=_valued(_key_of, _bare_host_or_id), min_len=4,
           description="the text of an element whose Name attribute types an id or a host "
                       "(<Data Name='WorkstationName'>...</Data>)"),
    define("keyed_person", "person", "pii", 0.8, _KEYED, _KEY_WORDS, group=("s", "d"),
           accept=_valued(_key_of, _named_person), min_len=8,
           description="quoted values SQL and code give a person's key (WHERE full_name = '...', "
                       "'owner': '...')"),
    define("keyed_identifier", "resource_name", "identifier", 0.8, _KEYED, _KEY_WORDS, group=("s", "d"),
           accept=_valued(_key_of, _id_shaped), min_len=8,
           description="quoted values SQL and code give a typed id's key (phone = '...', "
                       "AZURE_TENANT_ID = '...')"),
)
