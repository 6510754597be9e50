"""Identifiers of data platforms that reached `strict` callers (red team `quarto`): people,
e-mails and phone numbers in a notebook's `df.show()` and Markdown tables under a person's or
contact column, a data catalog's column samples, SQL literals compared with or inserted into such
a column, quoted values code gives a typed key (`'owner': 'jdoe'`, `AZURE_TENANT_ID = '...'`), and
the user `ALTER TABLE ... OWNER TO` names. Generated variants; column names, SQL keywords,
system accounts and settings stay as written."""

from __future__ import annotations

import json
import random

from tests.privacy.test_cluster_identifiers import _person
from tests.privacy.test_detector_classes import VARIANTS, shown


def _wire(profile: str, value: object) -> str:
    return json.dumps(shown(profile, value), ensure_ascii=False)


def _phone(r: random.Random) -> str:
    return r.choice([f"+44 {r.randrange(7000, 7999)} {r.randrange(100000, 999999)}",
                     f"0{r.randrange(100, 999)} {r.randrange(100, 999)} {r.randrange(1000, 9999)}",
                     f"+1-{r.randrange(200, 999)}-{r.randrange(200, 999)}-{r.randrange(1000, 9999)}"])


def _hidden(value: object, *names: str) -> None:
    wire = _wire("strict", value)
    for name in names:
        assert name not in wire, wire
    assert shown("standard", value) == value


def test_people_in_a_pipe_table_s_person_column_are_hidden_under_strict() -> None:
    r = random.Random("df.show")
    for _ in range(VARIANTS * 2):
        people = [_person(r) for _ in range(2)]
        column = r.choice(["full_name", "owner", "contact_name", "display_name", "created_by"])
        width = max(map(len, people)) + 2
        border = f"+---+{'-' * width}+-----+"
        rows = [f"|{i:3d}|{p:>{width}}|{r.randrange(10, 999):5d}|" for i, p in enumerate(people)]
        shown_df = "\n".join([border, f"| id|{column:>{width}}|total|", border, *rows, border])
        markdown = (f"| {column} | amount |\n|---|---:|\n" +
                    "".join(f"| {p} | {r.randrange(10, 999)} |\n" for p in people))
        for text in (shown_df, markdown):
            wire = _wire("strict", text)
            assert not any(p in wire for p in people), wire
            assert column in wire and ("total" in wire or "amount" in wire), wire
