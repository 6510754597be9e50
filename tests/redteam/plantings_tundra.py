"""The fifth estate's plantings (`tundra`): where a value is written and how it is spelled.

Structure: sensitive values as dict keys, under flattened dotted or slashed keys, in
`{"name": ..., "value": ...}` and `[key, value]` pairs, split across fields, very deep, at the
far end of a very long string, under empty keys and under keys spelled in another case, width or
script. Encodings: a value the estate holds plainly elsewhere, written again JSON-escaped, NFD,
full-width, double percent-encoded, base32/base58/base64url, quoted-printable, `\\x` hex, HTML
entities, in a CSV cell or a `+`-spaced query. Numbers: account ids with separators, with their
leading zero lost, in scientific notation. Prose: sentences in other languages and scripts that
quote the estate's people and resources between their own punctuation.

Each function returns the fragment the builder places and records its canaries; a spelling the
scanner would not read back by itself (an encoding) is recorded as one of the canary's forms.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

import token_forms as tf
from plantings import Planter

from tests.encodings import ENCODERS


def _json_escaped(value: str) -> str:
    """Every character as `\\uXXXX`, astral ones as a surrogate pair."""
    units = value.encode("utf-16-be")
    return "".join(f"\\u{int.from_bytes(units[i:i + 2], 'big'):04x}" for i in range(0, len(units), 2))


ENCODINGS: dict[str, Callable[[str], str]] = {
    "json_escape": _json_escaped,
    **{name: ENCODERS[name] for name in ("double_percent", "base32", "base58", "base64url",
                                         "quoted_printable")},
    "hex_x": ENCODERS["byte_escape"],
}
"""Encodings the scanner does not undo: the encoded text is the canary's form."""

READABLE: dict[str, Callable[[str], str]] = {
    "nfd": ENCODERS["nfd"],
    "fullwidth": ENCODERS["fullwidth"],
    "upper": str.upper,
    "title": str.title,
    "html_decimal": ENCODERS["html_decimal"],
    "html_hex": lambda v: "".join(f"&#x{ord(c):x};" for c in v),
    "plus_query": ENCODERS["plus_query"],
}
"""Spellings a reader (and the scanner) reads back as the value itself."""


def encoded(p: Planter, cls: str, values: list[str], *, secret: bool = False) -> list[str]:
    """Each of `values` (which the estate holds plainly elsewhere, under a key that says what it
    is) spelled once more in another encoding, cycling through all of them, in a neutral list."""
    out: list[str] = []
    for value, name in zip(values, p.pick(tuple(ENCODINGS) + tuple(READABLE), len(values)), strict=True):
        spelled = ENCODINGS[name](value) if name in ENCODINGS else READABLE[name](value)
        forms = (spelled,) if name in ENCODINGS else ()
        if secret:
            p.secret(f"{cls}-{name}", value, *forms)
        else:
            p.ident(f"{cls}-{name}", value, *forms, bounded=value.isdigit())
        out.append(f"ref {spelled} (copied)")
    return out


_ACCENTED = ("José", "Zoë", "Renée", "Łukasz", "Søren", "Inés", "Bjørn", "Chloé")


def accented_person(p: Planter) -> str:
    """A person whose name has letters NFD decomposes."""
    return f"{p.rng.choice(_ACCENTED)} {tf.word(p.rng).capitalize()}é"


# --------------------------------------------------------------------------- structure


def keyed_maps(p: Planter, account: str) -> dict[str, Any]:
    """E-mails, ARNs and account ids as the keys of access maps."""
    email = p.ident("key-email", f"{tf.word(p.rng)}.{tf.word(p.rng, 2)}@{tf.word(p.rng)}-corp.example")
    arn = p.ident("key-arn", f"arn:aws:iam::{account}:role/{tf.word(p.rng)}-{tf.word(p.rng, 2)}")
    other = str(tf.account_number(p.rng))
    p.ident("key-account", other, bounded=True)
    return {"grants": {email: {"role": "admin", "since": 2021}}, "trust": {arn: "ok"},
            "accountRoles": {other: "ReadOnly", account: "Admin"}}


def flattened(p: Planter) -> dict[str, str]:
    """Records flattened into dotted, slashed and bracketed keys, as exporters write them."""
    return {"metadata.owner.email": p.ident("flat-key", f"{tf.word(p.rng)}@{tf.word(p.rng)}.example"),
            "tags.Owner": p.ident("flat-key", tf.person(p.rng)),
            "Tags[Technical-Contact]": p.ident("flat-key", tf.person(p.rng)),
            "spec/containers/0/env/DB_PASSWORD": p.secret("flat-key-secret", tf.password(p.rng)),
            "data__admin__api_token": p.secret("flat-key-secret", tf.password(p.rng)),
            "config:smtp:password": p.secret("flat-key-secret", tf.password(p.rng))}


def name_value_pairs(p: Planter) -> list[dict[str, str]]:
    """Environment variables and AWS-style tag lists: the key's name is a sibling value."""
    return [{"name": "password", "value": p.secret("name-value-pair", tf.password(p.rng))},
            {"Name": "DB_PASS", "Value": p.secret("name-value-pair", tf.password(p.rng))},
            {"key": "client_secret", "val": p.secret("name-value-pair", tf.password(p.rng))},
            {"Key": "Owner", "Value": p.ident("name-value-pair", tf.person(p.rng))},
            {"name": "PATH", "value": "/usr/bin"}]


def pair_arrays(p: Planter) -> list[Any]:
    """`[key, value]` pairs, and pairs inside arrays of arrays."""
    pw, person = p.secret("pair-array", tf.password(p.rng)), p.ident("pair-array", tf.person(p.rng))
    deep = p.secret("pair-array", tf.password(p.rng))
    return [["Owner", person], ["region", "eu-north-1"], ["password", pw], [[["admin_password", deep]]]]


def split_fields(p: Planter) -> dict[str, Any]:
    """A login split over `user` + `pass`-like fields, a person over first and last name."""
    given, family = tf.person(p.rng).split(" ", 1)
    p.ident("split-person", f"{given} {family}")
    p.ident("split-person-family", family)
    logins = [{"user": f"svc-{tf.word(p.rng)}", key: p.secret("split-login", tf.password(p.rng))}
              for key in p.pick(("pass", "pwd", "passwd", "pw", "pass_phrase", "userPass"), 3)]
    return {"logins": logins, "approver": {"first_name": given, "last_name": family},
            "note": f"Approved by {given} {family} on Monday."}


def deep(p: Planter, levels: int) -> dict[str, Any]:
    """A password and an owner `levels` dicts (and lists) down."""
    leaf: Any = {"password": p.secret("very-deep", tf.password(p.rng)),
                 "owner": p.ident("very-deep", tf.person(p.rng))}
    for i in range(levels):
        leaf = {f"l{i}": leaf} if i % 3 else [leaf]
    return {"tree": leaf}


def long_text(p: Planter, size: int, name: str) -> str:
    """A very long log whose last lines hold a token and the name of a resource."""
    token = tf.token(p.rng, p.rng.choice(("github", "slack", "stripe")))
    p.secret("long-string", token.core)
    p.ident("long-string", name)
    filler = " ".join(tf.word(p.rng) for _ in range(size // 7))
    return f"{filler}\nERROR {name}: auth failed with {token.text}\n"


def empty_keys(p: Planter) -> dict[str, Any]:
    """Sensitive values under the empty key, and a secret key under it."""
    return {"": {"password": p.secret("empty-key", tf.password(p.rng))},
            "credentials": {"": p.secret("empty-key", tf.password(p.rng))},
            "owners": {"": p.ident("empty-key", tf.person(p.rng))}}


KEY_SPELLINGS = ("PASSWORD", "PassWord", "ｐａｓｓｗｏｒｄ", "pass\u200bword", "pаssword", "Pass\u00adword",
                 "ＡＰＩ＿ＴＯＫＥＮ", "Ｏｗｎｅｒ")
"""Upper, mixed, full-width, zero-width, Cyrillic `а`, soft hyphen: one key, many spellings."""


def key_spellings(p: Planter) -> dict[str, str]:
    out = {}
    for key in KEY_SPELLINGS:
        owner = "owner" in unicodedata.normalize("NFKC", key).casefold()
        out[key] = (p.ident("key-spelling", tf.person(p.rng)) if owner
                    else p.secret("key-spelling", tf.password(p.rng)))
    return out


def duplicate_keys(p: Planter) -> list[str]:
    """JSON text with duplicate keys: a parser keeps one value, the text holds both."""
    first, last = (p.secret("duplicate-key", tf.password(p.rng)) for _ in range(2))
    return [f'{{"password": "{first}", "password": "changeme"}}',
            f'{{"token": "placeholder", "token": "{last}"}}']


# --------------------------------------------------------------------------- numbers


def number_spellings(p: Planter, account: str, zero_led: str) -> dict[str, Any]:
    """An account the estate holds as text, spelled with separators and as other numbers."""
    groups = [account[i:i + 4] for i in range(0, 12, 4)]
    thousands = f"{int(account):,}"
    science = f"{int(account) / 10**11:.11f}e11"
    p.ident("account-separators", account, "-".join(groups), " ".join(groups), thousands, science,
            ".".join(groups), bounded=True)
    p.ident("leading-zero-lost", zero_led, bounded=True)
    return {"billing": f"invoice for {'-'.join(groups)} / {' '.join(groups)} / {thousands}",
            "export": {"acct": float(account), "as_text": science, "dotted": ".".join(groups)},
            "peer_numbers": [int(zero_led)], "remark": f"peer {int(zero_led)} linked"}


# --------------------------------------------------------------------------- prose

_SENTENCES = (
    "Bitte {person} fragen, ob „{name}“ heute läuft.",
    "Le serveur « {name} » appartient à {person}.",
    "{person} confirmó que «{name}» está caído.",
    "「{name}」の担当は{person}さんです。",
    "{person}负责「{name}」的备份。",
    "يملك {person} الخادم «{name}».",
    "Владелец «{name}» — {person}.",
    "{person}’s «{name}» was patched; {person}の確認済み。",
)
FOREIGN_OWNERS = ("欧阳娜娜", "佐藤ゆかり", "Jean-Luc van der Berg", "Siobhán Ní Bhriain",
                  "Мария Кузнецова-Орлова", "José Ñúñez", "Dmitri O'Hara-Lindqvist")


def foreign_people(p: Planter, n: int) -> list[str]:
    """Owners the estate holds under owner tags: names in other scripts, with particles, hyphens,
    apostrophes and accents (family part drawn fresh)."""
    out = []
    for base in p.pick(FOREIGN_OWNERS, n):
        fresh = tf.word(p.rng, 1)
        spelled = base + (fresh if base.isascii() else "")
        out.append(p.ident("foreign-prose", spelled))
    return out


def foreign_prose(p: Planter, people: list[str], names: list[str]) -> list[str]:
    """Sentences in other languages naming the estate's people and resources inside their own
    punctuation, one per template."""
    out = []
    for i, template in enumerate(_SENTENCES):
        person, name = people[i % len(people)], p.ident("foreign-prose", names[i % len(names)])
        out.append(template.format(person=person, name=name))
    return out


def csv_cells(p: Planter, name: str, account: str) -> tuple[str, str]:
    """A CSV export quoting an owner `Last, First` in one cell; returns the text and the owner."""
    given, family = accented_person(p).split(" ", 1)
    owner = p.ident("csv-quoted-comma", f"{given} {family}", f"{family}, {given}")
    text = f'name,owner,account,notes\n"{name}","{family}, {given}",{account},"ok, checked"\n'
    return text, owner


_IDN_WORDS = ("grüne", "straße", "café", "fjörd", "mañana", "überall", "søndre", "château")


def idn_host(p: Planter) -> tuple[str, str]:
    """A Unicode host name the estate holds under a host key, and a URL spelling it in punycode."""
    host = f"{p.rng.choice(_IDN_WORDS)}-{tf.word(p.rng)}{p.rng.randrange(1, 99)}.corp.internal"
    puny = host.encode("idna").decode()
    p.ident("punycode-host", host, puny)
    return host, f"https://{puny}/status?check=1"
