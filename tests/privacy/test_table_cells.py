"""Values in CSV text judged by their column's header (estate `sluice`: an export pasted into a
note showed its account ids under `strict`). Generated tables: columns in any order and
spelling, CRLF or LF, spaces after commas; neutral columns keep their values."""

from __future__ import annotations

import json
import random
import string

import pytest

from tests.privacy.test_detector_classes import VARIANTS, shown

_COLUMNS = {
    "account": ["account_id", "AccountId", "payer_account", "acct"],
    "owner": ["owner", "Owner", "created_by", "contact"],
    "secret": ["password", "db_password", "api_key", "ClientSecret"],
    "neutral": ["spend", "region", "cost", "status"],
}


def _word(r: random.Random) -> str:
    return "".join(r.choice(string.ascii_lowercase) for _ in range(r.randrange(5, 9)))


def _cell(r: random.Random, kind: str) -> str:
    if kind == "account":
        return str(r.randrange(10**7, 10**12))
    if kind == "owner":
        return f"{_word(r).capitalize()} {_word(r).capitalize()}"
    if kind == "secret":
        return "".join(r.choice(string.ascii_letters + string.digits + "!#%") for _ in range(14))
    return r.choice(["eu-west-1", "ok", "paused"]) if r.random() < 0.5 else f"{r.randrange(100, 999)}.00"


def _table(r: random.Random) -> tuple[str, dict[str, list[str]]]:
    kinds = r.sample(list(_COLUMNS), 4)
    header = [r.choice(_COLUMNS[k]) for k in kinds]
    rows = [[_cell(r, k) for k in kinds] for _ in range(r.randrange(2, 5))]
    sep, newline = r.choice([",", ", "]), r.choice(["\n", "\r\n"])
    text = newline.join(sep.join(cells) for cells in [header, *rows]) + r.choice(["", newline])
    return text, {k: [row[i] for row in rows] for i, k in enumerate(kinds)}


@pytest.mark.parametrize("profile", ["standard", "strict"])
def test_cells_under_secret_id_and_owner_headers_follow_the_key_rules(profile: str) -> None:
    r = random.Random(profile)
    for _ in range(VARIANTS * 2):
        text, cells = _table(r)
        out = json.dumps(shown(profile, {"note": text}), ensure_ascii=False)
        hidden = ["secret"] + (["account", "owner"] if profile == "strict" else [])
        for kind, values in cells.items():
            for value in values:
                assert (value in out) is (kind not in hidden), (profile, kind, text)


@pytest.mark.parametrize("text", [
    "Hello, world\nthe owner said, later, that it was fine",
    "one line, with commas, and no newline at all",
    "status,region\nok,eu-west-1\npaused,us-east-2\n",
    "owner\nAna Lee",
])
def test_text_without_a_keyed_table_keeps_its_cells(text: str) -> None:
    assert shown("strict", {"note": text}) == {"note": text}
