"""Internationalized shapes for the twelfth estate (`dune`): an estate run by teams writing in many
languages and scripts.

Like `token_tarn`: drawn from a seeded RNG, nothing copied from a real file, each function a `Said`
(what is stored; `secrets` hidden under `standard`, `ids` under `strict`). Unlike the earlier
estates a canary here often carries `forms`: the other spellings a reader reads as the same value
(an account grouped with narrow no-break spaces or written in Arabic-Indic digits, a host in
punycode, a name in Turkish or Greek capitals, a value with a right-to-left mark inside it). The
scanner folds case and width (NFKC) itself; the forms cover what folding does not join.

Secrets sit under password, API-key, token and secret words of seventeen languages (as keys, tag
keys, labels with a French space or a full-width colon, sentences, quotes like „…“ «…» 「…」,
`;`-separated CSV), as payment cards in locale digits and groupings, and as tokens written
full-width or with invisible marks inside. Identifiers sit under owner and user words of those
languages, after their labels and cue words, as accounts in locale groupings, IDN hosts and
Unicode e-mail addresses, people respelled (NFD, capitals, soft hyphens), and names written with
homoglyphs or bidirectional marks.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from token_forms import ALNUM, chars, password, word

# --------------------------------------------------------------------------- what a form gives away


@dataclass
class Said:
    """A text or record and what it gives away, each value with its other spellings."""

    value: Any
    family: str
    secrets: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    ids: list[tuple[str, tuple[str, ...], bool]] = field(default_factory=list)

    def secret(self, value: str, *forms: str) -> str:
        self.secrets.append((value, forms))
        return value

    def ident(self, value: str, *forms: str, bounded: bool = False) -> str:
        self.ids.append((value, forms, bounded))
        return value


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


# --------------------------------------------------------------------------- people

_NAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "de": (
        ("Jürgen", "Dörte", "Bärbel", "Jörg", "Sören", "Günther"),
        ("Weiß", "Größmann", "Strauß", "Kühnert", "Böttcher", "Weißkopf"),
    ),
    "fr": (
        ("Zoé", "Hélène", "François", "Gaëlle", "Loïc", "Anaïs"),
        ("Lefèvre", "Bénard", "Dupré", "Mérimée", "Chênevert", "Fénelon"),
    ),
    "es": (
        ("Begoña", "Íñigo", "Ángela", "Nuño", "Maite", "Inés"),
        ("Núñez", "Ibáñez", "Muñoz", "Castañeda", "Peñalosa", "Arámburu"),
    ),
    "pt": (
        ("João", "Conceição", "Gonçalo", "Inês", "Sebastião"),
        ("Gonçalves", "Simões", "Brandão", "Magalhães", "Guimarães"),
    ),
    "it": (
        ("Niccolò", "Lucrezia", "Ludovica", "Pietro", "Caterina"),
        ("Cortese", "Santoro", "Ferraù", "Lombardo", "Benedetti"),
    ),
    "pl": (
        ("Łukasz", "Małgorzata", "Wojciech", "Żaneta", "Grażyna"),
        ("Wójcik", "Łęcki", "Grzegorczyk", "Żółkiewski", "Szczęsny"),
    ),
    "tr": (
        ("Işıl", "İsmail", "Ilgın", "İpek", "Şükrü", "Ömer"),
        ("Yıldız", "Işıkoğlu", "Çelik", "Güneş", "İnceoğlu", "Öztürk"),
    ),
    "ru": (
        ("Дмитрий", "Анастасия", "Фёдор", "Юлия", "Алёна"),
        ("Соколов", "Кузнецова", "Щербаков", "Воробьёва", "Громов"),
    ),
    "uk": (
        ("Олексій", "Ївга", "Богдана", "Юрій", "Ґанна"),
        ("Ковальчук", "Ґонтар", "Шевчук", "Їжакевич", "Процик"),
    ),
    "el": (
        ("Νικόλαος", "Αικατερίνη", "Σπυρίδων", "Ευάγγελος", "Ιφιγένεια"),
        ("Παπαδόπουλος", "Οικονόμου", "Καραγιάννης", "Αθανασίου", "Σταυρόπουλος"),
    ),
    "ar": (("محمد", "فاطمة", "يوسف", "ليلى", "عبدالله"), ("العتيبي", "الزهراني", "الحربي", "القحطاني")),
    "he": (("יוסף", "נועה", "אביגיל", "דוד", "שירה"), ("כהן", "מזרחי", "פרידמן", "אברהמי")),
    "hi": (("राहुल", "प्रिया", "अनिकेत", "स्नेहा", "विक्रम"), ("शर्मा", "त्रिपाठी", "कुलकर्णी", "चतुर्वेदी")),
    "zh": (("小明", "静怡", "子涵", "浩然", "雨桐"), ("王", "欧阳", "诸葛", "司马", "慕容")),
    "ja": (("太郎", "花子", "翔太", "美咲", "陽菜"), ("山田", "高橋", "渡邉", "長谷川", "佐々木")),
    "ko": (("민준", "서연", "지훈", "하은", "도윤"), ("김", "박", "최", "남궁", "황보")),
    "vi": (("Thủy", "Hải", "Ngọc Ánh", "Việt", "Dũng"), ("Nguyễn", "Trần", "Phạm", "Huỳnh", "Đặng")),
}
LANGS = tuple(_NAMES)
_FAMILY_FIRST = {"zh", "ja", "ko", "vi"}
_GREEK_TONOS = str.maketrans("άέήίόύώΐΰ", "αεηιουωιυ")


def person(rng: random.Random, lang: str) -> str:
    """A full name as that language writes it (CJK family first, unspaced in Chinese)."""
    given, family = rng.choice(_NAMES[lang][0]), rng.choice(_NAMES[lang][1])
    if lang == "vi":
        return f"{family} {rng.choice(('Thị', 'Văn', 'Quốc', 'Minh'))} {given}"
    if lang == "zh":
        return family + given
    if lang in _FAMILY_FIRST:
        return f"{family} {given}"
    return f"{given} {family}"


def upper(name: str, lang: str) -> str:
    """Capitals as the language writes them: Turkish i → İ, ı → I; Greek drops its accents."""
    if lang == "tr":
        return name.replace("i", "İ").replace("ı", "I").upper()
    if lang == "el":
        return name.lower().translate(_GREEK_TONOS).upper()
    return name.upper()


def login(rng: random.Random, name: str) -> str:
    """A login made of a name: ASCII where the name is Latin (`jweiss`), else the name's own letters."""
    parts = name.split()
    latin = parts[0].isascii() or unicodedata.normalize("NFKD", parts[0])[0].isascii()
    if len(parts) < 2 or not latin:
        return f"{''.join(parts)}{rng.randrange(10, 99)}"
    ascii_ = [unicodedata.normalize("NFKD", p).encode("ascii", "ignore").decode().lower() for p in parts]
    return rng.choice(
        (
            f"{ascii_[0][0]}{ascii_[-1]}",
            f"{ascii_[0]}.{ascii_[-1]}",
            f"{parts[0].lower()}.{parts[-1].lower()}",
        )
    )


# --------------------------------------------------------------------------- values


_SCRIPT_WORDS = (
    "Зима", "Волга", "Kürbis", "Straße", "東京", "タワー", "서울", "Ψυχή", "Đà", "Çınar", "שמש", "नदी",
)


def intl_password(rng: random.Random) -> str:
    """A password, ASCII or with letters of other scripts (`Волга#58Kx-ü2`)."""
    if rng.random() < 0.5:
        return password(rng)
    return (
        f"{rng.choice(_SCRIPT_WORDS)}{rng.choice('#!%*')}{chars(rng, 5)}-{rng.choice(_SCRIPT_WORDS)}"
        f"{rng.randrange(10, 99)}"
    )


def opaque(rng: random.Random) -> str:
    """A token no vendor pattern knows."""
    return chars(rng, rng.choice((32, 40)), ALNUM)


def luhn(rng: random.Random) -> str:
    """A 16-digit card number whose check digit is right."""
    body = [4, *(rng.randrange(10) for _ in range(14))]
    total = 0
    for i, digit in enumerate(reversed(body)):
        d = digit * 2 if i % 2 == 0 else digit
        total += d - 9 if d > 9 else d
    return "".join(map(str, body)) + str((10 - total % 10) % 10)


DIGITS = {
    "arabic": "٠١٢٣٤٥٦٧٨٩",
    "persian": "۰۱۲۳۴۵۶۷۸۹",
    "devanagari": "०१२३४५६७८९",
    "fullwidth": "０１２３４５６７８９",
}


def digits(number: str, script: str) -> str:
    return number.translate(str.maketrans("0123456789", DIGITS[script]))


def grouped(number: str, sizes: tuple[int, ...], sep: str) -> str:
    out, at = [], 0
    for size in sizes:
        out.append(number[at : at + size])
        at += size
    if at < len(number):
        out.append(number[at:])
    return sep.join(out)


NNBSP, NBSP, THIN = "\u202f", "\u00a0", "\u2009"
RLM, LRM, ZWSP, ZWJ, SHY, LRI, RLI, PDI = (
    "\u200f", "\u200e", "\u200b", "\u200d", "\u00ad", "\u2066", "\u2067", "\u2069",
)


def laced(value: str, mark: str, at: int | None = None) -> str:
    """`value` with an invisible `mark` inside it (after its `at`-th character, by default mid-way)."""
    at = len(value) // 2 if at is None else at
    return value[:at] + mark + value[at:]


_HOMOGLYPHS = str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у", "i": "і"})


def homoglyphs(value: str) -> str:
    """`value` with every Latin letter that has a Cyrillic twin written in Cyrillic."""
    return value.translate(_HOMOGLYPHS)


def punycode(host: str) -> str:
    return host.encode("idna").decode()


_IDN_LABELS = (
    "grüße", "bücherei", "société", "españa", "łódź", "çiçek", "почта", "склад", "παράδειγμα", "مثال",
    "דוגמה", "उदाहरण", "例子", "データ", "예시", "tài-chính",
)
_IDN_TLDS = ("de", "fr", "es", "pl", "com.tr", "рф", "ελ", "jp", "cn", "vn", "in", "il")


def idn_host(rng: random.Random) -> str:
    """A Unicode host name of the estate (`db04.grüße-kavo.de`, `kavo.مثال.com.tr`): a label of a
    right-to-left script stands alone, as IDNA's bidi rule wants."""
    label = rng.choice(_IDN_LABELS)
    middle = label if _RTL.search(label) else f"{label}-{word(rng, 2)}"
    return f"{word(rng, 1)}{rng.randrange(1, 9):02d}.{middle}.{rng.choice(_IDN_TLDS)}"


_RTL = re.compile("[\u0590-\u08ff]")


def intl_email(rng: random.Random, name: str) -> str:
    local = name.lower().replace(" ", ".")
    label = rng.choice([w for w in _IDN_LABELS if not _RTL.search(w)])
    return f"{local}@{label}-{word(rng, 2)}.{rng.choice(_IDN_TLDS)}"


# --------------------------------------------------------------------------- the words


PASSWORD_KEYS = (
    "Passwort",
    "Kennwort",
    "mot_de_passe",
    "motDePasse",
    nfd("contraseña"),
    "senha",
    "parola_d_ordine",
    "hasło",
    "HASŁO",
    "şifre",
    "ŞİFRE",
    "parola",
    "пароль",
    "ПАРОЛЬ",
    "κωδικός",
    "ΚΩΔΙΚΟΣ",
    "κωδικός_πρόσβασης",
    "كلمة_المرور",
    "كلمة المرور",
    "סיסמה",
    "סיסמא",
    "पासवर्ड",
    "密码",
    "密碼",
    "口令",
    "パスワード",
    "ﾊﾟｽﾜｰﾄﾞ",
    "비밀번호",
    "암호",
    "mật_khẩu",
    nfd("mật khẩu"),
    "MẬT_KHẨU",
)
TOKEN_KEYS = (
    "API-Schlüssel", "Zugriffstoken", "clé_api", "jeton_d'accès", "clave_api", "token_de_acceso",
    "chave_api", "chave_de_acesso", "chiave_api", "klucz_api", "api_anahtarı", "erişim_anahtarı", "ключ_api",
    "токен", "ключ_доступа", "токен_доступу", "κλειδί_api", "مفتاح_api", "رمز_الوصول", "מפתח_api",
    "एपीआई_कुंजी", "API密钥", "访问令牌", "APIキー", "アクセストークン", "API_키", "액세스_토큰", "khóa_api",
    "mã_truy_cập",
)
SECRET_KEYS = (
    "Geheimnis", "Geheimschlüssel", "secret_client", "clé_secrète", "secreto", "segredo", "segreto",
    "sekret", "gizli_anahtar", "секрет", "секретный_ключ", "μυστικό", "سر_العميل", "סוד", "गुप्त_कुंजी",
    "秘密", "密钥", "シークレット", "秘密鍵", "비밀_키", "bí_mật", "khóa_bí_mật",
)
OWNER_KEYS = (
    "Besitzer", "Eigentümer", "Verantwortlicher", "Ansprechpartner", "propriétaire", "responsable",
    "propietario", "responsável", "proprietario", "referente", "właściciel", "opiekun", "sahibi", "sorumlu",
    "владелец", "ответственный", "власник", "відповідальний", "ιδιοκτήτης", "υπεύθυνος", "المالك", "المسؤول",
    "בעלים", "אחראי", "मालिक", "ज़िम्मेदार", "负责人", "所有者", "担当者", "管理者", "담당자", "소유자",
    "chủ_sở_hữu", "người_phụ_trách",
)
USER_KEYS = (
    "Benutzer", "Benutzername", "utilisateur", "identifiant", "usuario", "usuário", "utente", "użytkownik",
    "kullanıcı", "kullanıcı_adı", "пользователь", "логин", "користувач", "χρήστης", "المستخدم", "משתמש",
    "उपयोगकर्ता", "用户名", "ユーザー名", "사용자", "tên_đăng_nhập",
)
ACCOUNT_KEYS = (
    "Kontonummer", "numéro_de_compte", "número_de_cuenta", "numer_konta", "hesap_no", "номер_счёта",
    "αριθμός_λογαριασμού", "رقم_الحساب", "מספר_חשבון", "खाता_संख्या", "账号", "アカウントID", "계정_ID",
    "số_tài_khoản",
)

PASSWORD_LABELS = (
    "Passwort: {v}",
    "Kennwort = {v}",
    "Mot de passe\u00a0: {v}",
    "mot de passe\u202f: {v}",
    "Mot de passe : {v}",
    "contraseña={v}",
    "Senha: {v}",
    "parola d'ordine: {v}",
    "Hasło: {v}",
    "ŞİFRE: {v}",
    "şifre = {v}",
    "Пароль: {v}",
    "пароль — {v}",
    "ΚΩΔΙΚΟΣ: {v}",
    "κωδικός πρόσβασης: {v}",
    "كلمة المرور: {v}",
    "סיסמה: {v}",
    "पासवर्ड: {v}",
    "密码：{v}",
    "密碼：{v}",
    "パスワード：{v}",
    "ﾊﾟｽﾜｰﾄﾞ: {v}",
    "비밀번호: {v}",
    "Mật khẩu: {v}",
    nfd("mật khẩu: ") + "{v}",
)
TOKEN_LABELS = (
    "API-Schlüssel: {v}", "Zugriffstoken: {v}", "Clé API\u202f: {v}", "jeton d'accès : {v}",
    "clave de API: {v}", "chave de API: {v}", "chiave API: {v}", "klucz API: {v}", "API anahtarı: {v}",
    "API-ключ: {v}", "токен доступу: {v}", "κλειδί API: {v}", "مفتاح API: {v}", "מפתח API: {v}",
    "एपीआई कुंजी: {v}", "API密钥：{v}", "访问令牌：{v}", "APIキー：{v}", "アクセストークン：{v}",
    "API 키: {v}", "액세스 토큰: {v}", "khóa API: {v}",
)
SENTENCES = (
    ("Das Passwort lautet „{v}“.", "de"),
    ("Das neue Kennwort ist „{v}“, bitte nicht weitergeben.", "de"),
    ("Le mot de passe est «\u00a0{v}\u00a0».", "fr"),
    ("La contraseña es «{v}».", "es"),
    ("A senha é “{v}”.", "pt"),
    ("La password è «{v}».", "it"),
    ("Hasło to „{v}”.", "pl"),
    ("Yeni şifre “{v}” olarak ayarlandı.", "tr"),
    ("Пароль от базы — «{v}».", "ru"),
    ("Новий пароль: «{v}»", "uk"),
    ("Ο κωδικός είναι «{v}».", "el"),
    ("كلمة المرور هي «{v}»", "ar"),
    ('הסיסמה היא "{v}"', "he"),
    ("नया पासवर्ड “{v}” है।", "hi"),
    ("数据库密码是「{v}」。", "zh"),
    ("パスワードは「{v}」です。", "ja"),
    ("パスワードは『{v}』に変更しました。", "ja"),
    ('비밀번호는 "{v}"입니다.', "ko"),
    ("Mật khẩu là “{v}”.", "vi"),
)
OWNER_LABELS = (
    "Verantwortlich: {v}", "Ansprechpartner: {v}", "Propriétaire\u202f: {v}", "Responsable : {v}",
    "Responsable: {v}", "Responsável: {v}", "Referente: {v}", "Właściciel: {v}", "Sorumlu: {v}",
    "Владелец: {v}", "Відповідальний — {v}", "Υπεύθυνος: {v}", "المسؤول: {v}", "אחראי: {v}",
    "ज़िम्मेदार: {v}", "负责人：{v}", "担当者：{v}", "담당자: {v}", "Người phụ trách: {v}",
)
USER_LABELS = (
    "Benutzer: {v}", "utilisateur\u202f: {v}", "usuario={v}", "usuário: {v}", "utente: {v}",
    "użytkownik: {v}", "kullanıcı adı: {v}", "пользователь: {v}", "логін: {v}", "χρήστης: {v}",
    "المستخدم: {v}", "משתמש: {v}", "उपयोगकर्ता: {v}", "用户名：{v}", "ユーザー名：{v}", "사용자: {v}",
    "tên đăng nhập: {v}",
)
CUES = (
    ("Änderung genehmigt von {v}.", "de"),
    ("Rapport rédigé par {v} hier soir.", "fr"),
    ("Cambio aprobado por {v}.", "es"),
    ("Aprovado por {v} na revisão.", "pt"),
    ("Modifica approvata da {v}.", "it"),
    ("Zmiana zatwierdzona przez {v}.", "pl"),
    ("Değişiklik {v} tarafından onaylandı.", "tr"),
    ("Изменение согласовал {v}.", "ru"),
    ("Εγκρίθηκε από {v}.", "el"),
    ("تمت الموافقة بواسطة {v}.", "ar"),
    ("אושר על ידי {v}.", "he"),
    ("{v} द्वारा अनुमोदित।", "hi"),
    ("变更由{v}批准。", "zh"),
    ("{v}さんが承認しました。", "ja"),
    ("{v} 님이 승인했습니다.", "ko"),
    ("Thay đổi được duyệt bởi {v}.", "vi"),
)
ACCOUNT_LABELS = (
    "Konto: {v}", "compte\u202f: {v}", "cuenta: {v}", "conta: {v}", "konto: {v}", "hesap: {v}", "счёт: {v}",
    "рахунок: {v}", "λογαριασμός: {v}", "الحساب: {v}", "חשבון: {v}", "खाता: {v}", "账号：{v}",
    "アカウント：{v}", "계정: {v}", "tài khoản: {v}",
)
CARD_LABELS = (
    "Kartennummer: {v}", "N° de carte\u202f: {v}", "número de tarjeta: {v}", "número do cartão: {v}",
    "numero di carta: {v}", "numer karty: {v}", "kart numarası: {v}", "номер карты: {v}",
    "αριθμός κάρτας: {v}", "رقم البطاقة: {v}", "מספר כרטיס: {v}", "कार्ड संख्या: {v}", "卡号：{v}",
    "カード番号：{v}", "카드 번호: {v}", "số thẻ: {v}",
)
QUOTES = {
    "de": "„{}“",
    "fr": "«\u00a0{}\u00a0»",
    "ja": "「{}」",
    "zh": "「{}」",
    "ru": "«{}»",
    "ko": "『{}』",
}

CONTROL = {
    "Hinweis": "Das Passwort muss alle 90 Tage geändert werden; Benutzer melden sich über SSO an.",
    "remarque": "Le mot de passe expire après 90 jours. Utilisateur : voir l'annuaire.",
    "nota": "La contraseña es obligatoria; usuario y clave de API se gestionan en el portal.",
    "observação": "A senha deve ter 12 caracteres. Responsável: equipe de plataforma.",
    "uwaga": "Hasło musi być zmieniane co 90 dni; właściciel: zespół sieci.",
    "not": "Şifre politikası: en az 12 karakter. İstanbul ve İzmir bölgeleri.",
    "примечание": "Пароль хранится в хранилище секретов; владелец — команда платформы.",
    "σημείωση": "Ο κωδικός πρόσβασης αλλάζει κάθε μήνα· υπεύθυνος: ομάδα υποδομής.",
    "ملاحظة": "يجب تغيير كلمة المرور كل 90 يومًا.",
    "הערה": "יש להחליף את הסיסמה כל 90 יום.",
    "टिप्पणी": "पासवर्ड हर 90 दिनों में बदलना होगा।",
    "备注": "密码每90天更换一次；负责人：平台团队。",
    "備考": "パスワードは90日ごとに変更してください。担当者：基盤チーム。",
    "비고": "비밀번호는 90일마다 변경해야 합니다. 담당자: 플랫폼 팀.",
    "ghi_chú": "Mật khẩu phải được thay đổi sau 90 ngày. Người phụ trách: nhóm hạ tầng.",
    "Adresse": "Hauptstraße 12, 80331 München; STRASSE und Straße sind gleich.",
    "Kosten": "1.234,56 €",
    "date": "31/12/2026",
    "Datum": "31.12.2026",
    "日付": "2026年12月31日",
}
"""Ordinary words of those languages: under `standard` every one of them stays shown."""
