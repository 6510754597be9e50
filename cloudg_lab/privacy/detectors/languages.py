"""Secrets and people that text labels or gives in other languages (red team `dune`).

Runbooks, tickets and exports written in German, French, Spanish, Portuguese, Italian, Polish,
Turkish, Russian, Ukrainian, Greek, Arabic, Hebrew, Hindi, Chinese, Japanese, Korean or
Vietnamese give a password after its label (`Passwort: …`, `Mot de passe : …` with the French
space before the colon, `密码：…` with a full-width colon, `пароль — …`), an API key or a token
after theirs (`API-Schlüssel:`, `APIキー：`, `токен доступу:`), or in a sentence with its quotes
(`Das Passwort lautet „…“`, `Le mot de passe est « … »`, `パスワードは「…」です`); under
`strict` a person or a login after an owner's or user's label (`Verantwortlich: …`, `utilisateur
: …`, `负责人：…`, `담당자: …`). The words are `lexicon`'s, matched in folded text (any case,
accents, width, invisible marks); the value is read in the original text after them.

A secret must look like one (letters with digits or symbols, or sixteen characters and more, no
space), so the ordinary sentences of those languages that mention a password keep their text
(`Das Passwort muss alle 90 Tage geändert werden`, `Le mot de passe expire après 90 jours`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.keys import key_rule
from cloudg_lab.privacy.detectors.lexicon import (
    CREDENTIAL_WORDS,
    PASSWORD_WORDS,
    PERSON_WORDS,
    SECRET_WORDS,
    TOKEN_WORDS,
    Folded,
    bounded,
    fold,
)

_OPEN = "\"'“”„«»「『‹‚‘’"
_CLOSE = "\"'“”«»」』›‘’"
_SPACE = " \t\u00a0\u202f\u2009"
_SEPARATOR = r"[ \t]*(?:[:=]|->|—|–|=>)[ \t]*"
_QUALIFIED = r"(?:[ \t]+[^\s:=—–.,;!?]{1,24}){0,2}?" + _SEPARATOR
"""A secret's label may name whose it is in up to two words before its colon (`Пароль
администратора:`, `Mot de passe du compte :`); a person's label may not (`Verantwortlich für
Backups:` names a duty)."""
"""After a label, folded: `:` (a full-width `：` folds to it), `=`, a dash; the French space before
the colon and a no-break space fold to a plain one."""
_QUOTED = (
    rf"(?P<o>[{_OPEN}])[{_SPACE}]*(?P<q>[^{_OPEN}{_CLOSE}」』›\r\n]{{4,200}}?)[{_SPACE}]*"
    rf"[{_CLOSE}]"
)
_VALUE = re.compile(rf"[{_SPACE}]*(?:{_QUOTED}|(?P<v>[^\s{_OPEN}{_CLOSE}「」『』,;，；、]{{4,200}}))")
_SAID = re.compile(
    rf"[^\r\n{_OPEN}{_CLOSE}.:;!?。：]{{0,40}}?(?:{_QUOTED}"
    r"|(?:[ \t]+(?:lautet|ist|est|es|é|è|to|jest|là|—|هي|היא)[ \t]+|[是为為][ \t]*|[は는은이가][ \t]*)"
    rf"(?P<v>[^\s{_OPEN}{_CLOSE}「」『』,;，；、。：！？\u3040-\u309f]{{6,200}}))"
)
"""After a password's word in the same clause: a quoted value (any of the languages' quotes) or
the value after a copula (`lautet`, `est`, `是`, `は`)."""
_NAME = re.compile(
    rf"[{_SPACE}]*(?P<v>[^\s,;，；。、()（）\[\]{{}}<>\"'“”„«»「」][^\r\n,;，；。、()（）\[\]<>]{{0,60}}?)"
    r"[ \t.。]*(?=$|[\r\n,;，；。、()（）])",
    re.MULTILINE,
)
_TRAILING = ".!?。！？"


@lru_cache(maxsize=64)
def _folded(text: str) -> Folded:
    return Folded(text)


@dataclass(frozen=True)
class _Hit:
    """A match in the original text: `k` the label, `v` the value (the detector's group)."""

    string: str
    k: tuple[int, int]
    v: tuple[int, int]

    def span(self, group: int | str = 0) -> tuple[int, int]:
        if group in ("v", "q"):
            return self.v
        if group == "k":
            return self.k
        return self.k[0], self.v[1]

    def start(self, group: int | str = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int | str = 0) -> int:
        return self.span(group)[1]

    def group(self, group: int | str = 0) -> str:
        start, end = self.span(group)
        return self.string[start:end]


class _Labelled:
    """A regex-like object: `finditer` finds `words` in folded text, reads the value after them
    in the original with `value`, and yields the hits `accept` keeps."""

    groupindex = {"k": 1, "v": 2}  # noqa: RUF012

    def __init__(
        self, words: tuple[str, ...], after: str, value: re.Pattern[str], *, person: bool = False,
        check: Callable[[str], bool] | None = None,
    ) -> None:
        self.label = re.compile(rf"(?P<k>{bounded(words)}){after}")
        self.value = value
        self.check = check or (_person if person else _secret)
        self.pattern = self.label.pattern

    def finditer(self, text: str) -> Iterator[_Hit]:
        folded = _folded(text)
        for m in self.label.finditer(folded.text):
            k = folded.span(*m.span("k"))
            end = folded.span(m.start(), m.end())[1]
            found = self.value.match(text, end)
            if found is None:
                continue
            group = "q" if "q" in found.re.groupindex and found.group("q") is not None else "v"
            start, stop = found.span(group)
            value = text[start:stop]
            if group == "v":
                stripped = value.rstrip(_TRAILING)
                stop -= len(value) - len(stripped)
                value = stripped
            if value and self.check(value):
                yield _Hit(text, k, (start, stop))


def _digits_too(value: str) -> bool:
    """A value no separator sets apart must look more like a secret: a digit in it too, and no
    host's shape (`Passwort db01.corp.local` names where it is)."""
    host = _HOSTLIKE.fullmatch(value)
    return _secret(value) and any(c.isdigit() for c in value) and (host is None or not host["tld"].isalpha())


_HOSTLIKE = re.compile(r"[\w-]+(?:\.[\w-]+)*\.(?P<tld>[\w-]+)")


_BARE = re.compile(rf"(?<=[ \t])(?P<v>[^\s{_OPEN}{_CLOSE}「」『』,;，；、。<>]{{6,200}})")
"""A value right after a password's word and a space (`Login: admin, Passwort Abc#123`)."""
_PAIR = re.compile(r"[ \t]*[^\s/:]{1,40}[ \t]*/[ \t]*(?P<v>[^\s/,;]{6,200})")
"""A user, a slash and a password after a word for credentials (`Zugangsdaten: admin / …`)."""


def _secret(value: str) -> bool:
    """Shaped like a secret: no space, six characters or more, letters with digits or symbols
    (`Kürbis#58-Зима`) or sixteen characters and more; not a marker, path, address or URL."""
    if (
        len(value) < 6
        or any(c.isspace() for c in value)
        or value.startswith(("[REDACTED", "/", "http", "<", "$"))
    ):
        return False
    if _DATED.match(value):
        return False
    letters = any(c.isalpha() for c in value)
    other = any(c.isdigit() or not c.isalnum() for c in value)
    return (letters and other) or len(value) >= 16


_DATED = re.compile(r"\d{1,4}[-./]\d{1,2}[-./]\d{1,4}(?:[T ]\d|$)")
"""A date, with its time or not (`Kennwort gültig bis: 2026-12-31T00:00Z`), is no secret."""


_TEAMS = re.compile(
    r"(?i)\b(?:team|teams|équipe|equipe|equipo|squadra|zespół|ekip|ekibi|команда|команди|ομάδα"
    r"|فريق|צוות|टीम)\b|团队|團隊|チーム|팀|nhóm|group|gruppe|groupe|grupo|gruppo|grupa"
)
"""A team is no person: `Responsable : équipe plateforme`, `负责人：平台团队` stay."""


def _person(value: str) -> bool:
    """A name or a login: at most five words, not a number, not a team, not our own marker."""
    return (
        not value.startswith("[")
        and len(value.split()) <= 5
        and not value.replace(" ", "").isdigit()
        and _TEAMS.search(value) is None
    )


_ASCII_HEADS = tuple(
    sorted(
        {
            fold(w)[:4]
            for w in (*PASSWORD_WORDS, *TOKEN_WORDS, *SECRET_WORDS, *PERSON_WORDS)
            if fold(w).isascii()
        }
    )
)


_HEADS = re.compile("|".join(map(re.escape, _ASCII_HEADS)))


@lru_cache(maxsize=256)
def _worded(text: str) -> bool:
    return not text.isascii() or _HEADS.search(text.lower()) is not None


def _gate(text: str, low: str) -> bool:
    """Text in another script, or holding the first letters of a Latin word of the lexicon: one
    pass, asked once for the five detectors."""
    return _worded(text)


def _detector(name: str, entity: str, category: str, regex: _Labelled, description: str) -> Detector:
    return Detector(
        name=name,
        entity=entity,
        category=category,
        confidence=0.8,
        regex=regex,  # type: ignore[arg-type]
        group="v",
        gate=_gate,
        min_len=8,
        description=description,
    )


_MARKUP = r"<(?P<k>[^\W\d][\w.:-]{0,40})(?:\s[^<>]*)?>[ \t]*(?P<v>[^<>\r\n]*[^<>\s])[ \t]*</(?P=k)\s*>"
"""An element whose name is a word of another script (`<κωδικός>…</κωδικός>`, `<パスワード>`): its
name is a key, and the key rules decide (ASCII names are `secrets.markup_secret`'s)."""


def _foreign_secret_element(match: re.Match[str]) -> bool:
    key = match.group("k")
    return not key.isascii() and key_rule(key).kind == "sensitive"


FOREIGN_SECRETS: tuple[Detector, ...] = (
    define(
        "foreign_markup_secret",
        "secret",
        "secret",
        0.85,
        _MARKUP,
        ("</",),
        group="v",
        gate=lambda text, low: not text.isascii(),
        accept=_foreign_secret_element,
        min_len=12,
        description="an element named in another script as a secret is (<κωδικός>…</κωδικός>)",
    ),
    _detector(
        "foreign_password_label",
        "password",
        "secret",
        _Labelled(PASSWORD_WORDS, _QUALIFIED, _VALUE),
        "a password after its label in another language (Passwort:, mot de passe :, 密码：)",
    ),
    _detector(
        "foreign_token_label",
        "api_token",
        "secret",
        _Labelled(TOKEN_WORDS, _QUALIFIED, _VALUE),
        "an API key or token after its label in another language (API-Schlüssel:, APIキー：)",
    ),
    _detector(
        "foreign_secret_label",
        "secret",
        "secret",
        _Labelled(SECRET_WORDS, _QUALIFIED, _VALUE),
        "a secret after its label in another language (Geheimnis:, секрет:, 秘密：)",
    ),
    _detector(
        "foreign_password_bare",
        "password",
        "secret",
        _Labelled(PASSWORD_WORDS, r"[ \t]+", _BARE, check=_digits_too),
        "a password right after its word in another language (Passwort Abc#123)",
    ),
    _detector(
        "foreign_credentials_pair",
        "password",
        "secret",
        _Labelled(CREDENTIAL_WORDS, rf"(?:{_SEPARATOR}|[ \t]+)", _PAIR),
        "a user and password after a word for credentials in another language (Zugangsdaten: admin / …)",
    ),
    _detector(
        "foreign_password_said",
        "password",
        "secret",
        _Labelled((*PASSWORD_WORDS, "la password"), "", _SAID),
        "a password a sentence gives in another language (Das Passwort lautet „…“, パスワードは「…」)",
    ),
)
FOREIGN_PEOPLE: tuple[Detector, ...] = (
    _detector(
        "foreign_person_label",
        "person",
        "pii",
        _Labelled(PERSON_WORDS, _SEPARATOR, _NAME, person=True),
        "a person or login after an owner's or user's label in another language "
        "(Verantwortlich:, utilisateur :, 负责人：)",
    ),
)
