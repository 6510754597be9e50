"""People, logins, hosts and names teams writing in other languages give away, which reached `strict`
callers (red team `dune`): a person or a login under an owner's or user's key in another language
(`Besitzer`, `utilisateur`, `владелец`, `负责人`, `담당자`) or after its label in text; a person the
data holds, written in the capitals of Turkish (`YILDIZ`), Greek (no accents, `Σ`) or German (`ß`
as `SS`), in Devanagari (whose vowel signs split it) or family name first; a name the data holds
written with Cyrillic look-alikes; an e-mail address decomposed or with a full-width at-sign,
whose IDN domain a host rule cut in two; a host whose punycode label stands under any top-level
domain. Generated variants; through a real `Layer` where the dictionary decides. Every one stays
shown under `standard`, and a team after an owner's label is no person."""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown

_PEOPLE = (
    "Jürgen Weißkopf", "Zoé Lefèvre", "Begoña Castañeda", "Łukasz Wójcik", "Işıl Yıldız", "Дмитрий Соколов",
    "Νικόλαος Παπαδόπουλος", "محمد العتيبي", "יוסף כהן", "राहुल शर्मा", "欧阳静怡", "山田 太郎", "김 민준",
    "Nguyễn Thị Thủy",
)


def _person(r: random.Random) -> str:
    return f"{r.choice(_PEOPLE)}{r.choice(['', ' ' + r.choice(WORDS).capitalize()])}"


def _wire(profile: str, value: object) -> str:
    return json.dumps(shown(profile, value), ensure_ascii=False)


_OWNER_KEYS = (
    "Besitzer", "Eigentümer", "propriétaire", "propietario", "responsável", "właściciel", "sahibi",
    "владелец", "відповідальний", "ιδιοκτήτης", "المالك", "בעלים", "मालिक", "负责人", "担当者", "담당자",
    "chủ_sở_hữu", "Benutzername", "utilisateur", "usuario", "kullanıcı_adı", "пользователь", "χρήστης",
    "用户名", "ユーザー名", "사용자", "tên_đăng_nhập",
)


def test_a_person_under_an_owner_or_user_key_in_another_language_is_hidden_under_strict() -> None:
    r = random.Random("foreign owner keys")
    for key in _OWNER_KEYS:
        person = _person(r)
        value = {"service": r.choice(WORDS), key: person, "port": 443}
        assert person not in _wire("strict", value), key
        assert shown("standard", value) == value, key


_LABELS = (
    "Verantwortlich: {v}", "Propriétaire\u202f: {v}", "Responsable : {v}", "Właściciel: {v}", "Sorumlu: {v}",
    "Владелец: {v}", "Відповідальний — {v}", "Υπεύθυνος: {v}", "المسؤول: {v}", "אחראי: {v}",
    "ज़िम्मेदार: {v}", "负责人：{v}", "担当者：{v}", "담당자: {v}", "Người phụ trách: {v}", "Benutzer: {v}",
    "utilisateur\u202f: {v}", "usuario={v}", "kullanıcı adı: {v}", "логін: {v}", "ユーザー名：{v}",
)


def test_a_person_after_an_owner_s_or_user_s_label_in_another_language_is_hidden_under_strict() -> None:
    r = random.Random("foreign labels")
    for label in _LABELS:
        person = _person(r)
        text = f"{label.format(v=person)}\n{r.choice(WORDS).capitalize()} OK."
        assert person not in _wire("strict", {"handover": text}), text
        assert _wire("standard", {"handover": text}) == json.dumps({"handover": text}, ensure_ascii=False)


@pytest.mark.parametrize(
    "label",
    [
        "Responsable : équipe plateforme", "负责人：平台团队", "Владелец: команда платформы",
        "担当者：基盤チーム", "담당자: 플랫폼 팀",
    ],
)
def test_a_team_after_an_owner_s_label_is_no_person(label: str) -> None:
    assert shown("strict", {"note": label}) == {"note": label}


async def _shown(tmp_path: Path, assets: list[dict[str, object]]) -> dict[str, str]:
    """Every asset as `get_asset` shows it, under `strict` and under `standard`."""
    inventory = {"assets": assets, "edges": [], "regions": {}}
    (tmp_path / "inventory-map.json").write_text(json.dumps(inventory, ensure_ascii=False))
    who, out = Principal.parse("eve:analyst"), {}
    for policy in ("strict", "standard"):
        layer = Layer(policy=policy, datasets={"intl": tmp_path})
        page = await layer.call_tool("find_assets", {"limit": 50}, principal=who)
        assert page.structured is not None
        wire = [
            (await layer.call_tool("get_asset", {"ref": item["id"]}, principal=who)).to_wire()
            for item in page.structured["items"]
        ]
        out[policy] = json.dumps(wire, ensure_ascii=False)
    return out


def _notes(notes: list[str]) -> dict[str, object]:
    """A wiki space whose metadata is `notes`: text that quotes the other assets."""
    return {"id": "notes", "name": "notes", "asset_type": "WIKI_SPACE", "provider": "CONFLUENCE",
            "region": "global", "tags": {}, "metadata": {"notes": notes}}


async def _strict_and_standard(tmp_path: Path, owners: list[str], prose: list[str]) -> dict[str, str]:
    """What an estate whose tags name `owners` and whose notes say `prose` shows."""
    assets: list[dict[str, object]] = [
        {
            "id": f"a{i}",
            "name": f"{w}-{i}",
            "asset_type": "EC2",
            "provider": "AWS",
            "region": "eu-central-1",
            "tags": {"owner": owner},
            "metadata": {},
        }
        for i, (w, owner) in enumerate(zip(WORDS, owners, strict=False))
    ]
    assets.append(_notes(prose))
    return await _shown(tmp_path, assets)


_RESPELLED = {
    "turkish capitals": (
        ("Işıl Yıldız", "ŞÜKRÜ YILDIZ"),
        ("Şükrü Yıldız", "ŞÜKRÜ YILDIZ"),
        ("İsmail İnceoğlu", "İSMAİL İNCEOĞLU"),
    ),
    "greek capitals": (
        ("Νικόλαος Παπαδόπουλος", "ΝΙΚΟΛΑΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ"),
        ("Αικατερίνη Οικονόμου", "ΑΙΚΑΤΕΡΙΝΗ ΟΙΚΟΝΟΜΟΥ"),
    ),
    "german capitals": (("Jürgen Weiß", "JÜRGEN WEISS"), ("Dörte Strauß", "Dörte Strauss")),
    "devanagari": (("स्नेहा कुलकर्णी", "स्नेहा कुलकर्णी"), ("राहुल त्रिपाठी", "त्रिपाठी राहुल")),
}


@pytest.mark.parametrize("kind", sorted(_RESPELLED))
async def test_a_known_person_respelled_as_a_language_writes_it_is_hidden_under_strict(
    kind: str, tmp_path: Path
) -> None:
    pairs = _RESPELLED[kind]
    owners = [held for held, _ in pairs]
    prose = [f"Rückfragen an {written}." for _, written in pairs]
    wire = await _strict_and_standard(tmp_path, owners, prose)
    for _, written in pairs:
        assert written not in wire["strict"] and "Rückfragen an" in wire["strict"], wire["strict"]
        assert written in wire["standard"]


def _homoglyphs(name: str) -> str:
    return name.translate(
        str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у"})
    )


async def test_a_known_name_written_with_cyrillic_look_alikes_is_hidden_under_strict(tmp_path: Path) -> None:
    r = random.Random("homoglyphs")
    names = [
        f"{r.choice(WORDS)}-{r.choice(['ledger', 'payments', 'reports'])}-eu{r.randrange(1, 9)}"
        for _ in range(VARIANTS)
    ]
    assets: list[dict[str, object]] = [
        {
            "id": f"a{i}",
            "name": name,
            "asset_type": "S3_BUCKET",
            "provider": "AWS",
            "region": "eu-central-1",
            "tags": {},
            "metadata": {},
        }
        for i, name in enumerate(names)
    ]
    notes = [f"Restore {_homoglyphs(name)} from last night's snapshot." for name in names]
    assets.append(_notes(notes))
    wire = await _shown(tmp_path, assets)
    for name in names:
        assert _homoglyphs(name) not in wire["strict"], wire["strict"]
        assert _homoglyphs(name) in wire["standard"]
    assert "snapshot" in wire["strict"]


@pytest.mark.parametrize("style", ["nfd", "fullwidth at"])
def test_an_e_mail_address_decomposed_or_with_a_full_width_at_sign_is_hidden_whole(style: str) -> None:
    r = random.Random(style)
    for _ in range(VARIANTS):
        local = r.choice(["ilgın.öztürk", "jürgen.weiß", "zoé.lefèvre", "nguyễn.thủy", "स्नेहा.शर्मा"])
        domain = f"{r.choice(['çiçek', 'société', 'bücherei', 'उदाहरण'])}-{r.choice(WORDS)}.com.tr"
        email = f"{local}@{domain}"
        written = unicodedata.normalize("NFD", email) if style == "nfd" else email.replace("@", "＠")
        wire = unicodedata.normalize("NFC", _wire("strict", {"note": f"Écrire à {written} avant lundi."}))
        label = domain.split("-", maxsplit=1)[0]
        assert local not in wire and label not in wire and "avant lundi" in wire, wire


def test_a_host_with_a_punycode_label_is_hidden_under_strict_whatever_its_suffix() -> None:
    r = random.Random("punycode hosts")
    for _ in range(VARIANTS):
        label = r.choice(["склад", "דוגמה", "データ", "उदाहरण", "grüße"])
        host = f"{r.choice(WORDS)}{r.randrange(1, 9):02d}.{label}.{r.choice(['in', 'io', 'рф', 'ελ', 'vn'])}"
        puny = host.encode("idna").decode()
        text = f"connect to {puny}:5432 failed: timeout"
        wire = _wire("strict", {"log": text})
        assert puny.split(".")[1] not in wire and ":5432 failed" in wire, wire
        assert shown("standard", {"log": text}) == {"log": text}


_CUED = ("Änderung genehmigt von {v}.", "Rapport rédigé par {v} hier soir.", "Cambio aprobado por {v}.",
         "Aprovado por {v} na revisão.", "Modifica approvata da {v}.", "Zmiana zatwierdzona przez {v}.",
         "Değişiklik {v} tarafından onaylandı.", "Изменение согласовал {v}.", "Εγκρίθηκε από {v}.",
         "تمت الموافقة بواسطة {v}.", "אושר על ידי {v}.", "{v} द्वारा अनुमोदित।", "变更由{v}批准。",
         "{v}さんが承認しました。", "{v} 님이 승인했습니다.", "Thay đổi được duyệt bởi {v}.")
_CUED_NAMES = {"Änderung": "Jürgen Weißkopf", "Rapport": "Zoé Lefèvre", "Cambio": "Begoña Castañeda",
               "Aprovado": "João Magalhães", "Modifica": "Lucrezia Santoro", "Zmiana": "Łukasz Wójcik",
               "Değişiklik": "İsmail Yıldız", "Изменение": "Алёна Кузнецова",
               "Εγκρίθηκε": "Σπυρίδων Οικονόμου",
               "تمت": "ليلى العتيبي", "אושר": "שירה פרידמן", "द्वारा": "विक्रम कुलकर्णी", "变更": "王静怡",
               "さん": "佐々木 太郎", "님이": "남궁 민준", "Thay": "Phạm Minh Hải"}


@pytest.mark.parametrize("sentence", _CUED)
def test_a_person_after_a_cue_word_of_another_language_is_hidden_under_strict(sentence: str) -> None:
    """`von`, `par`, `por`, `da`, `przez`, `согласовал`, `από`, `بواسطة`, `על ידי`, `bởi` before the
    name; `tarafından`, `द्वारा` after it; `由…批准`, `…さん`, `… 님` glued to it."""
    person = next(name for word, name in _CUED_NAMES.items() if word in sentence)
    text = sentence.format(v=person)
    assert person not in _wire("strict", {"changelog": text}), text
    assert shown("standard", {"changelog": text}) == {"changelog": text}


@pytest.mark.parametrize("text", ["Cambio aprobado por el equipo de plataforma.",
                                  "Backup von Montag bis Freitag.", "Listo para producción.",
                                  "Rapport pour la direction."])
def test_what_follows_a_cue_word_and_is_no_name_stays_under_strict(text: str) -> None:
    assert shown("strict", {"changelog": text}) == {"changelog": text}


@pytest.mark.parametrize("separator", ["'", "’"])
async def test_a_known_account_grouped_with_apostrophes_is_hidden_under_strict(separator: str,
                                                                               tmp_path: Path) -> None:
    """Swiss grouping (`123'456'789'012`), as no-break spaces, dots and commas were already."""
    r = random.Random(separator)
    accounts = [f"{r.randrange(10**11, 10**12)}" for _ in range(3)]
    assets: list[dict[str, object]] = [
        {"id": f"arn:aws:s3:::b{i}", "name": f"{w}-{i}", "asset_type": "S3_BUCKET", "provider": "AWS",
         "region": "eu-central-1", "account_id": account, "tags": {}, "metadata": {}}
        for i, (w, account) in enumerate(zip(WORDS, accounts, strict=False))]
    written = [separator.join(a[i:i + 3] for i in range(0, 12, 3)) for a in accounts]
    assets.append({"id": "notes", "name": "notes", "asset_type": "WIKI_SPACE", "provider": "CONFLUENCE",
                   "region": "global", "tags": {}, "metadata": {"notes": [f"Konto: {w}" for w in written]}})
    wire = await _shown(tmp_path, assets)
    assert not any(w in wire["strict"] for w in written) and "Konto:" in wire["strict"], wire["strict"]
    assert all(w in wire["standard"] for w in written)


@pytest.mark.parametrize("separator", [" ", "\u00a0", "\u202f", ".", "'", "’"])
def test_an_account_grouped_as_locales_group_digits_is_hidden_under_strict(separator: str) -> None:
    """Twelve digits by fours, or by threes (not with dots: an address's shape), the data holding
    them or not."""
    r = random.Random(separator)
    for _ in range(VARIANTS):
        account = f"{r.randrange(10**11, 10**12)}"
        sizes = (3, 3, 3, 3) if separator != "." and r.random() < 0.5 else (4, 4, 4)
        parts, at = [], 0
        for size in sizes:
            parts.append(account[at:at + size])
            at += size
        written = separator.join(parts)
        text = f"{r.choice(['Konto', 'compte', 'cuenta', 'счёт', '账号'])}: {written} ({r.choice(WORDS)})"
        wire = _wire("strict", {"note": text})
        assert written not in wire and account not in wire, wire
        assert shown("standard", {"note": text}) == {"note": text}


def test_cards_addresses_versions_and_sizes_are_no_grouped_account() -> None:
    for text in ("Version 1.2.3 und 10.20.30", "Größe 12.5 GB", "am 31.12.2026"):
        assert shown("strict", {"note": text}) == {"note": text}, text
    for text in ("Karte 4111 1111 1111 1111", "IP 100.100.200.123 ok"):  # a card, an address
        assert "acct-" not in _wire("strict", {"note": text}), text


def test_a_host_with_a_label_in_another_script_is_hidden_under_strict() -> None:
    r = random.Random("unicode hosts")
    for _ in range(VARIANTS):
        label = r.choice(["bücherei", "çiçek", "почта", "παράδειγμα", "データ", "例子", "société", "łódź"])
        suffix = r.choice(["de", "рф", "com.tr", "jp", "ελ", "pl"])
        host = f"{r.choice(WORDS)}{r.randrange(1, 9):02d}.{label}-{r.choice(WORDS)}.{suffix}"
        for text in (f"Server {host} antwortet nicht.", f"Voir https://{host}/admin/ pour la console."):
            wire = _wire("strict", {"note": text})
            assert label not in wire and host not in wire, wire
            assert shown("standard", {"note": text}) == {"note": text}
    assert shown("strict", {"note": "Das ist größer.Die Sache"}) == {"note": "Das ist größer.Die Sache"}
