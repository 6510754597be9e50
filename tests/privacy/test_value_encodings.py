"""A value the loaded data holds plainly, spelled again in an encoding elsewhere (red team `tundra`):
JSON `\\u` and `\\x` escapes, HTML references, quoted-printable, full-width and decomposed
letters, `+` and double %-encoding, base32/base58/base64url tokens, an account grouped or in
scientific notation or without its leading zero, a person as `Last, First`, names glued to
Chinese and Japanese words. Through a real `Layer` on generated datasets, never the red team's
values; each encoding is checked on its own, so a failure names it."""

from __future__ import annotations

import base64
import json
import random
import string
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from cloudg_lab import Layer
from cloudg_lab.privacy import respell
from tests.encodings import ENCODERS
from tests.privacy.test_dataset_spellings import _walk
from tests.privacy.test_detector_classes import VARIANTS, shown

_ACCENTED = ("José", "Zoë", "Renée", "Łukasz", "Søren", "Inés", "Bjørn", "Chloé", "Ýr")


ENCODINGS: dict[str, Callable[[str], str]] = {
    "json_escape": lambda v: "".join(f"\\u{ord(c):04x}" for c in v),
    "html_hex": lambda v: "".join(f"&#x{ord(c):X};" for c in v),
    **ENCODERS,
}


def _word(r: random.Random, n: int = 6) -> str:
    return "".join(r.choice("bcdfghjklmnpqrstvwz") + r.choice("aeiou") for _ in range(n // 2))


def _password(r: random.Random) -> str:
    return _word(r).capitalize() + r.choice("#!*") + _chars(r, string.ascii_letters, 5) + \
        str(r.randrange(100, 999))


def _chars(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def _values(r: random.Random) -> dict[str, str]:
    """One of each kind the data holds under a key that says what it is."""
    return {"person": f"{r.choice(_ACCENTED)} {_word(r).capitalize()}é",
            "name": f"{_word(r)}-{_word(r, 4)}-{r.randrange(10, 99)}",
            "password": _password(r)}


def _dataset(root: Path, held: dict[str, str], account: str, copies: list[str]) -> Layer:
    """Two assets: one holds the values plainly under their keys, the other quotes `copies`."""
    base = {"asset_type": "VIRTUAL_MACHINE", "provider": "AWS", "region": "eu-north-1", "account_id": account}
    assets = [{**base, "id": f"i-{random.Random(held['name']).getrandbits(64):016x}", "name": held["name"],
               "tags": {"owner": held["person"]}, "metadata": {"db_password": held["password"]}},
              {**base, "id": "i-00000000000000abc", "name": "plain-notes-host", "tags": {},
               "metadata": {"copies": copies, "note": " / ".join(copies)}}]
    root.mkdir()
    (root / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}},
                                                        ensure_ascii=False))
    return Layer(policy="strict", datasets={"enc": root})


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
async def test_a_known_value_in_an_encoding_is_hidden_under_strict(tmp_path: Path, encoding: str) -> None:
    r = random.Random(f"encodings {encoding}")
    for i in range(VARIANTS):
        held = _values(r)
        copies = [f"ref {ENCODINGS[encoding](v)} (copied)" for v in held.values()]
        wire = await _walk(_dataset(tmp_path / str(i), held, str(r.randrange(10**11, 10**12)), copies))
        readable = unicodedata.normalize("NFKC", wire)
        leaked = {kind for kind, v in held.items()
                  if v.lower() in readable or any(form in wire for form in _as_json(ENCODINGS[encoding](v)))}
        assert leaked == set(), (encoding, leaked)


@pytest.mark.parametrize("encoding", ["json_escape", "html_hex"])
async def test_a_known_password_holding_a_percent_escape_is_hidden_in_an_encoding(
        tmp_path: Path, encoding: str) -> None:
    """`Bapy%7ctMaR-233`: a password whose `%7c` is a valid %-escape. Read through its `\\u`
    escapes or HTML references it was decoded once more (`Bapy|tMaR-233`, no value of the data)
    and shown to every caller (a seed sweep of red team `tundra`, seeds 109 and 112)."""
    r = random.Random(f"percent passwords {encoding}")
    for i in range(VARIANTS):
        held = {**_values(r), "password": f"{_word(r, 4).capitalize()}%{r.randrange(0x20, 0x7f):x}"
                                          f"{_chars(r, string.ascii_letters, 5)}-{r.randrange(100, 999)}"}
        copies = [f"ref {ENCODINGS[encoding](held['password'])} (copied)"]
        wire = await _walk(_dataset(tmp_path / str(i), held, str(r.randrange(10**11, 10**12)), copies))
        assert not any(form in wire for form in _as_json(ENCODINGS[encoding](held["password"]))), held
        assert held["password"].lower() not in unicodedata.normalize("NFKC", wire).lower(), held


def _as_json(spelled: str) -> set[str]:
    """`spelled` as the walk's text shows it: as is, in a JSON string, in JSON text in a JSON string."""
    once = json.dumps(spelled, ensure_ascii=False)[1:-1]
    return {spelled.lower(), once.lower(), json.dumps(once, ensure_ascii=False)[1:-1].lower()}


def _grouped(r: random.Random, account: str) -> str:
    groups = [account[i:i + 4] for i in range(0, 12, 4)]
    return r.choice([" ".join(groups), "-".join(groups), ".".join(groups), f"{int(account):,}",
                     f"{int(account) / 10**11:.11f}e11"])


async def test_an_account_grouped_scientific_or_without_its_leading_zero_is_hidden(tmp_path: Path) -> None:
    r = random.Random("account spellings")
    for i in range(VARIANTS * 2):
        account = r.choice(["0", str(r.randrange(1, 10))]) + str(r.randrange(10**10, 10**11))
        held = _values(r)
        spelled = [f"invoice {_grouped(r, account)} paid", f"peer {int(account)} linked"]
        wire = await _walk(_dataset(tmp_path / str(i), held, account, spelled))
        digits = [s for s in (account, str(int(account)), *spelled) if s in wire]
        assert "".join(c for c in wire if c.isdigit()).count(account) == 0, digits
        assert str(int(account)) not in wire.replace(account, "")


async def test_a_person_written_last_comma_first_is_hidden_and_other_pairs_are_kept(tmp_path: Path) -> None:
    r = random.Random("last first")
    for i in range(VARIANTS):
        held = _values(r)
        given, family = held["person"].split(" ", 1)
        other = f"{_word(r).capitalize()}, {_word(r).capitalize()}"
        wire = await _walk(_dataset(tmp_path / str(i), held, "210987654321",
                                    [f'"{family}, {given}",{held["name"]},"ok"', other]))
        assert f"{family}, {given}".lower() not in wire
        assert other.lower() in wire  # a pair of words nobody holds is left as written


@pytest.mark.parametrize("sentence", ["「{name}」の担当は{person}さんです。", "{person}负责{name}的备份。",
                                      "{person}的服务器「{name}」"])
async def test_names_glued_to_chinese_and_japanese_words_are_hidden(tmp_path: Path, sentence: str) -> None:
    r = random.Random(f"cjk {sentence}")
    for i in range(VARIANTS):
        held = _values(r)
        held["person"] = r.choice("王李张刘陈杨") + _chars(r, "晓明娜伟芳军洋静", r.choice((1, 2, 3)))
        wire = await _walk(_dataset(tmp_path / str(i), held, "210987654321",
                                    [sentence.format(person=held["person"], name=held["name"])]))
        assert held["person"] not in wire and held["name"] not in wire
        assert sentence[1:3] in wire or sentence[-4:-1] in wire  # the prose around them stays


def test_readable_leaves_text_without_a_known_value_as_it_is() -> None:
    """Ordinary ids, words and numbers are not rewritten: only what decodes to a known value is."""
    r = random.Random("readable keeps")
    for _ in range(VARIANTS * 5):
        token = base64.b32encode(_word(r, 8).encode()).decode().rstrip("=")
        text = f"i-{r.getrandbits(64):016x} {token} {r.randrange(10**9, 10**11)} build 1.2.3 Lee, Ana"
        assert respell.readable(text, lambda _: False) is None


async def test_a_person_in_a_form_encoded_query_is_hidden(tmp_path: Path) -> None:
    """`owner=Ana+Lee`: spaces as `+` with no %-escape in sight."""
    r = random.Random("plus spaces")
    for i in range(VARIANTS):
        held = _values(r)
        held["person"] = f"{_word(r).capitalize()} {_word(r).capitalize()}"
        query = f"https://portal.example.net/search?owner={held['person'].replace(' ', '+')}&page=2"
        wire = await _walk(_dataset(tmp_path / str(i), held, "210987654321", [query]))
        assert held["person"].replace(" ", "+").lower() not in wire and "page=2" in wire


_TOKENS: dict[str, Callable[[random.Random], str]] = {
    "github": lambda r: "ghp_" + _chars(r, string.ascii_letters + string.digits, 36),
    "stripe": lambda r: r.choice(["sk_live_", "rk_live_"]) + _chars(r, string.ascii_letters, 30),
    "slack": lambda r: f"xoxb-{r.randrange(10**9, 10**10)}-" + _chars(r, string.ascii_letters, 24),
    "gitlab": lambda r: "glpat-" + _chars(r, string.ascii_letters + string.digits, 20),
}


@pytest.mark.parametrize("family", sorted(_TOKENS))
def test_a_token_in_a_line_shouted_in_capitals_is_redacted(family: str) -> None:
    r = random.Random(f"shouted {family}")
    for _ in range(VARIANTS):
        token = _TOKENS[family](r)
        line = f"ERROR: AUTH FAILED FOR {_word(r).upper()} WITH {token.upper()} AT STARTUP"
        assert token.upper() not in json.dumps(shown("standard", {"log": line})).upper(), line
    assert shown("standard", {"log": "ERROR: DISK FULL ON VOLUME ROOT AT STARTUP"}) == \
        {"log": "ERROR: DISK FULL ON VOLUME ROOT AT STARTUP"}

