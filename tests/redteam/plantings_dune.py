"""The twelfth estate's plantings: an estate run in many languages and scripts (`dune`).

One function per class, each recording every `Said` it writes with the spellings that count as the
same value (`token_dune`). Secrets sit under the password, API-key, token and secret words of
seventeen languages and after their labels, in sentences and quotes, in `;`-separated CSV, as cards
in locale digits, and as tokens written full-width or laced with invisible marks; identifiers sit
under owner, user and account words and after their labels and cue words, as accounts in locale
groupings and digits, IDN hosts, Unicode e-mail addresses, respelled people, homoglyph and
bidi-marked names.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import token_dune as td
import token_forms as tf
from plantings import Canary, Planter


@dataclass(frozen=True)
class Cast:
    """The estate's accounts (each an asset's account) and its Unicode hosts (each an asset's host)."""

    accounts: tuple[str, ...]
    hosts: tuple[str, ...]
    names: tuple[str, ...]
    """Asset names the estate holds, quoted in prose with homoglyphs or marks."""


def plant(p: Planter, cls: str, said: td.Said) -> Any:
    """Record `said`'s secrets and identifiers under `cls` with their forms; its value."""
    for value, forms in said.secrets:
        p._add(Canary(value, cls, "secret", forms, family=said.family))
    for value, forms, bounded in said.ids:
        p._add(Canary(value, cls, "identifier", forms, bounded, said.family))
    return said.value


def _each(
    p: Planter, cls: str, items: Iterable[Any], make: Callable[[random.Random, Any], td.Said]
) -> list[Any]:
    return [plant(p, cls, make(p.rng, item)) for item in items]


def _person(rng: random.Random) -> tuple[str, str]:
    lang = rng.choice(td.LANGS)
    return td.person(rng, lang), lang


def fresh(p: Planter, make: Callable[[], str]) -> str:
    """A value no canary holds yet (the name pools are small: a name drawn twice would keep only
    its first class and family)."""
    for _ in range(200):
        value = make()
        if value not in p.seen:
            return value
    raise AssertionError("no fresh value")


def _record(rng: random.Random, key: str, value: str) -> dict[str, Any]:
    return {
        "service": f"{tf.word(rng)}-{rng.choice(('db', 'api', 'cache', 'queue'))}",
        key: value,
        "port": rng.choice((443, 5432, 6379, 5672)),
    }


# --------------------------------------------------------------------------- secrets


def keyed_secrets(
    p: Planter, keys: tuple[str, ...], cls: str, make: Callable[[random.Random], str], tag: str
) -> list[Any]:
    """A record per key: a service, the secret under the key in that language, a port."""

    def one(rng: random.Random, key: str) -> td.Said:
        s = td.Said(None, f"{tag}_{keys.index(key)}")
        s.value = _record(rng, key, s.secret(make(rng)))
        return s

    return _each(p, cls, keys, one)


def secret_tags(p: Planter, n: int) -> dict[str, str]:
    """Tags whose keys say password, token or secret in another language."""
    out: dict[str, str] = {}
    for key in [*p.pick(td.PASSWORD_KEYS, n), *p.pick(td.TOKEN_KEYS, n), *p.pick(td.SECRET_KEYS, n)]:
        s = td.Said(None, "secret_tag")
        out[key] = s.secret(td.intl_password(p.rng))
        plant(p, "translated-secret-tag", s)
    return out


def labelled_secrets(p: Planter) -> list[str]:
    """A runbook line per label: `Passwort: …`, `Mot de passe : …`, `密码：…`, `APIキー：…`."""
    labels = (*td.PASSWORD_LABELS, *td.TOKEN_LABELS)

    def one(rng: random.Random, label: str) -> td.Said:
        s = td.Said(None, f"label_{labels.index(label)}")
        value = td.intl_password(rng) if label in td.PASSWORD_LABELS else td.opaque(rng)
        s.value = f"{tf.word(rng).capitalize()}-Zugang\n{label.format(v=s.secret(value))}\n"
        return s

    return _each(p, "labelled-secret", labels, one)


def sentence_secrets(p: Planter) -> list[str]:
    """A sentence per language that gives a password in its quotes („…“, «…», 「…」)."""

    def one(rng: random.Random, item: tuple[str, str]) -> td.Said:
        text, lang = item
        s = td.Said(None, f"sentence_{lang}_{td.SENTENCES.index(item)}")
        s.value = text.format(v=s.secret(td.intl_password(rng)))
        return s

    return _each(p, "sentence-secret", td.SENTENCES, one)


CSV_STYLES = ("de", "fr", "es", "ru", "tr", "ja", "pl")
_CSV_HEADS = {
    "de": "Benutzer;Passwort;Server;Kosten",
    "fr": "utilisateur;mot de passe;hôte;montant",
    "es": "usuario;contraseña;servidor;importe",
    "ru": "логин;пароль;сервер;сумма",
    "tr": "kullanıcı;şifre;sunucu;tutar",
    "ja": "ユーザー名,パスワード,サーバー,金額",
    "pl": "użytkownik;hasło;serwer;kwota",
}


def csv_tables(p: Planter) -> list[str]:
    """CSV with `;` separators (`,` in Japanese) and decimal commas: a login and a password a row."""

    def one(rng: random.Random, style: str) -> td.Said:
        s = td.Said(None, f"csv_{style}")
        sep = "," if style == "ja" else ";"
        rows = [_CSV_HEADS[style]]
        for _ in range(2):
            user = s.ident(fresh(p, lambda: td.login(rng, td.person(rng, style))), bounded=True)
            host = f"{tf.word(rng, 2)}{rng.randrange(1, 9):02d}"
            amount = f"{rng.randrange(1, 9)}.{rng.randrange(100, 999)},{rng.randrange(10, 99)}"
            rows.append(
                sep.join(
                    (user, s.secret(td.intl_password(rng)), host, amount if sep == ";" else f'"{amount}"')
                )
            )
        s.value = "\n".join(rows) + "\n"
        return s

    return _each(p, "csv-secret", CSV_STYLES, one)


CARD_STYLES = ("nnbsp", "nbsp", "thin", "dots", "fullwidth", "arabic", "persian", "devanagari")


def cards(p: Planter) -> list[str]:
    """A payment card per label, grouped and written as locales write digits."""

    def one(rng: random.Random, style: str) -> td.Said:
        s = td.Said(None, f"card_{style}")
        number = td.luhn(rng)
        shown = {
            "nnbsp": td.grouped(number, (4, 4, 4), td.NNBSP),
            "nbsp": td.grouped(number, (4, 4, 4), td.NBSP),
            "thin": td.grouped(number, (4, 4, 4), td.THIN),
            "dots": td.grouped(number, (4, 4, 4), "."),
            "fullwidth": td.digits(td.grouped(number, (4, 4, 4), " "), "fullwidth"),
        }.get(style)
        if shown is None:
            shown = td.digits(td.grouped(number, (4, 4, 4), " "), style)
        s.secret(number, shown, shown.replace(" ", ""))
        s.value = rng.choice(td.CARD_LABELS).format(v=shown)
        return s

    return _each(p, "locale-card", CARD_STYLES, one)


INVISIBLE_STYLES = ("zwsp", "zwj", "rlm", "lrm", "shy", "isolate", "fullwidth", "fullwidth_colon")


def invisible_tokens(p: Planter) -> list[str]:
    """Vendor tokens with an invisible mark inside, or written in full-width letters."""

    def one(rng: random.Random, style: str) -> td.Said:
        s = td.Said(None, f"invisible_{style}")
        family = rng.choice(("github", "stripe", "gitlab", "npm", "slack"))
        token = tf.token(rng, family).core
        marks = {"zwsp": td.ZWSP, "zwj": td.ZWJ, "rlm": td.RLM, "lrm": td.LRM, "shy": td.SHY}
        if style in marks:
            shown = td.laced(token, marks[style])
        elif style == "isolate":
            shown = f"{td.LRI}{token}{td.PDI}"
        else:
            shown = token.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})
        s.secret(token, shown)
        lead = rng.choice(
            ("トークン：", "Token: ", "رمز: ", "токен: ", "") if style != "fullwidth_colon" else ("令牌：",)
        )
        s.value = f"{lead}{shown}"
        return s

    return _each(p, "invisible-secret", INVISIBLE_STYLES, one)


# --------------------------------------------------------------------------- identifiers


def keyed_people(p: Planter, keys: tuple[str, ...], cls: str, tag: str, logins: bool = False) -> list[Any]:
    """A record per key: a service and a person (or a login) under an owner or user word."""

    def one(rng: random.Random, key: str) -> td.Said:
        s = td.Said(None, f"{tag}_{keys.index(key)}")
        value = fresh(p, lambda: td.login(rng, _person(rng)[0]) if logins else _person(rng)[0])
        s.value = _record(rng, key, s.ident(value, bounded=len(value) < 8))
        return s

    return _each(p, cls, keys, one)


def owner_tags(p: Planter, n: int) -> dict[str, str]:
    out: dict[str, str] = {}
    for key in p.pick(td.OWNER_KEYS, n):
        s = td.Said(None, "owner_tag")
        out[key] = s.ident(fresh(p, lambda: _person(p.rng)[0]))
        plant(p, "translated-owner-tag", s)
    return out


def labelled_people(p: Planter) -> list[str]:
    """People and logins after their label in each language (`负责人：…`, `utilisateur : …`)."""
    labels = (*td.OWNER_LABELS, *td.USER_LABELS)

    def one(rng: random.Random, label: str) -> td.Said:
        s = td.Said(None, f"plabel_{labels.index(label)}")
        value = fresh(
            p, lambda: _person(rng)[0] if label in td.OWNER_LABELS else td.login(rng, _person(rng)[0])
        )
        s.value = f"{label.format(v=s.ident(value, bounded=len(value) < 8))}\n{tf.word(rng).capitalize()} OK."
        return s

    return _each(p, "labelled-person", labels, one)


def cue_people(p: Planter) -> list[str]:
    """People after a cue word of their language (`genehmigt von`, `par`, `tarafından`, `由…批准`)."""

    def one(rng: random.Random, item: tuple[str, str]) -> td.Said:
        text, lang = item
        s = td.Said(None, f"cue_{lang}_{td.CUES.index(item)}")
        s.value = text.format(v=s.ident(fresh(p, lambda: td.person(rng, lang))))
        return s

    return _each(p, "foreign-cue-person", td.CUES, one)


RESPELLINGS = ("nfd", "upper", "soft_hyphen", "zwj", "ideographic_space", "reversed_order")


def respelled_people(p: Planter) -> tuple[list[str], list[str]]:
    """People the data names in NFC under an owner key, quoted in prose respelled: decomposed, in
    the language's capitals (Turkish İ/I, Greek without accents), with a soft hyphen or a joiner
    inside, family and given name swapped."""
    owners: list[str] = []

    def one(rng: random.Random, style: str) -> td.Said:
        s = td.Said(None, f"respelled_{style}")
        lang = {
            "upper": rng.choice(("tr", "el", "de")),
            "ideographic_space": rng.choice(("ja", "ko")),
            "nfd": rng.choice(("vi", "fr", "pl")),
        }.get(style) or rng.choice(td.LANGS)
        name = fresh(p, lambda: td.person(rng, lang))
        shown = {
            "nfd": td.nfd(name),
            "upper": td.upper(name, lang),
            "soft_hyphen": td.laced(name, td.SHY, max(2, len(name.split()[0]) // 2)),
            "zwj": td.laced(name, td.ZWJ, max(1, len(name.split()[0]) - 1)),
            "ideographic_space": name.replace(" ", "\u3000"),
            "reversed_order": " ".join(reversed(name.split())),
        }[style]
        s.ident(name, shown)
        owners.append(name)
        s.value = rng.choice(
            (
                "Rückfragen an {v}.", "Contacter {v} avant la migration.", "Escalar a {v}.",
                "{v} の確認待ち。", "Звонить {v} после 18:00.", "Notify {v} after the cutover.",
            )
        )
        s.value = s.value.format(v=shown)
        return s

    texts = _each(p, "respelled-person", RESPELLINGS, one)
    return owners, texts


ACCOUNT_STYLES = (
    "nnbsp4", "nbsp3", "thin3", "dots", "apostrophe", "typographic", "fullwidth", "arabic", "devanagari",
    "keyed",
)


def account_texts(p: Planter, c: Cast) -> list[Any]:
    """The estate's accounts written as locales group and spell digits, after an account label."""

    def one(rng: random.Random, item: tuple[int, str]) -> td.Said:
        i, style = item
        account = c.accounts[i]
        s = td.Said(None, f"account_{style}")
        shown = {
            "nnbsp4": td.grouped(account, (4, 4), td.NNBSP),
            "nbsp3": td.grouped(account, (3, 3, 3), td.NBSP),
            "thin3": td.grouped(account, (3, 3, 3), td.THIN),
            "dots": td.grouped(account, (3, 3, 3), "."),
            "apostrophe": td.grouped(account, (3, 3, 3), "'"),
            "typographic": td.grouped(account, (3, 3, 3), "\u2019"),
            "fullwidth": td.digits(account, "fullwidth"),
            "arabic": td.digits(account, "arabic"),
            "devanagari": td.digits(account, "devanagari"),
            "keyed": td.grouped(account, (1, 3, 4), " "),
        }[style]
        s.ident(account, shown, bounded=True)
        if style == "keyed":
            s.value = {rng.choice(td.ACCOUNT_KEYS): shown, "region": "eu-central-1"}
        else:
            s.value = rng.choice(td.ACCOUNT_LABELS).format(v=shown)
        return s

    return _each(p, "locale-account", enumerate(ACCOUNT_STYLES), one)


def idn_hosts(p: Planter, c: Cast) -> list[str]:
    """The estate's Unicode hosts quoted in punycode, and in Unicode inside a URL."""

    def one(rng: random.Random, host: str) -> td.Said:
        s = td.Said(None, f"idn_{c.hosts.index(host) % 2}")
        s.ident(host, td.punycode(host))
        s.value = (
            rng.choice(
                (
                    f"connect to {td.punycode(host)}:5432 failed: timeout",
                    f"Verbindung zu {td.punycode(host)} abgelehnt",
                )
            )
            if c.hosts.index(host) % 2 == 0
            else f"Voir https://{host}/admin/ pour la console."
        )
        return s

    return _each(p, "idn-host", c.hosts, one)


EMAIL_STYLES = ("plain", "punycode_domain", "fullwidth_at", "nfd_local")


def intl_emails(p: Planter) -> tuple[list[dict[str, str]], list[str]]:
    """Unicode e-mail addresses the data holds under a translated key, quoted in prose respelled."""
    records: list[dict[str, str]] = []

    def one(rng: random.Random, style: str) -> td.Said:
        s = td.Said(None, f"email_{style}")
        email = fresh(p, lambda: td.intl_email(rng, _person(rng)[0]))
        local, domain = email.split("@")
        shown = {
            "plain": email,
            "punycode_domain": f"{local}@{td.punycode(domain)}",
            "fullwidth_at": f"{local}＠{domain}",
            "nfd_local": td.nfd(email),
        }[style]
        s.ident(email, shown)
        records.append(
            {rng.choice(("E-Mail", "courriel", "correo", "электронная_почта", "メール", "이메일")): email}
        )
        s.value = rng.choice(("Kontakt: {v}", "Écrire à {v}", "Пишите на {v}", "連絡先 {v}")).format(v=shown)
        return s

    texts = _each(p, "intl-email", EMAIL_STYLES, one)
    return records, texts


BIDI_STYLES = ("isolate_host", "rlm_host", "lrm_login", "zwsp_name", "rli_name")


def bidi_texts(p: Planter) -> tuple[list[dict[str, str]], list[str]]:
    """Hosts, logins and names the data holds (each its own), quoted with bidirectional marks in
    Arabic and Hebrew prose."""
    records: list[dict[str, str]] = []

    def one(rng: random.Random, style: str) -> td.Said:
        s = td.Said(None, f"bidi_{style}")
        if style.endswith("host"):
            value = fresh(p, lambda: td.idn_host(rng))
            records.append({"hostname": value})
            dot = value.index(".")
            shown = f"{td.LRI}{value}{td.PDI}" if style == "isolate_host" else td.laced(value, td.RLM, dot)
        elif style == "lrm_login":
            value = fresh(p, lambda: f"{tf.word(rng, 2)}.{tf.word(rng, 2)}")
            records.append({"Benutzername": value})
            shown = td.laced(value, td.LRM)
        else:
            value = fresh(
                p, lambda: f"{tf.word(rng)}-{rng.choice(('ledger', 'archive'))}-{rng.randrange(10, 99)}"
            )
            records.append({"resource_name": value})
            laced = td.laced(value, td.ZWSP) if style == "zwsp_name" else td.laced(value, td.RLM)
            shown = laced if style == "zwsp_name" else f"{td.RLI}{laced}{td.PDI}"
        s.ident(value, shown)
        s.value = rng.choice(
            ("الخادم {v} متوقف منذ الساعة 14:00.", "השרת {v} לא מגיב.", "تم نقل {v} إلى المنطقة الجديدة.")
        ).format(v=shown)
        return s

    texts = _each(p, "bidi-identifier", BIDI_STYLES, one)
    return records, texts


def homoglyph_texts(p: Planter, c: Cast) -> list[str]:
    """The estate's asset names written with Cyrillic look-alikes of their Latin letters."""

    def one(rng: random.Random, name: str) -> td.Said:
        s = td.Said(None, "homoglyph")
        shown = td.homoglyphs(name)
        s.ident(name, shown)
        s.value = rng.choice(
            ("Restore {v} from last night's snapshot.", "Сервис {v} перезапущен.", "{v} wird migriert.")
        ).format(v=shown)
        return s

    return _each(p, "homoglyph-name", c.names, one)
