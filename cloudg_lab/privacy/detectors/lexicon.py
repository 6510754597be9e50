"""The words other languages name secrets and people by, and text folded so that they match.

Found by red team `dune` (an estate run in seventeen languages). Keys, tag keys, CSV headers and
labels say password, API key, token and secret in German, French, Spanish, Portuguese, Italian,
Polish, Turkish, Russian, Ukrainian, Greek, Arabic, Hebrew, Hindi, Chinese, Japanese, Korean and
Vietnamese (`Kennwort`, `mot de passe`, `şifre`, `κωδικός`, `APIキー`, `mật khẩu`), and owner and
user in them (`Besitzer`, `propriétaire`, `владелец`, `负责人`, `담당자`). A word is matched
however it is written: any case (Turkish `ŞİFRE`, Greek capitals without their accents and final
sigma), with or without accents (`mat khau`), full- or half-width (`ﾊﾟｽﾜｰﾄﾞ`), with invisible
marks inside; words of scripts written with spaces must stand as words (`parola` is not inside
`parolaccia`), those of Chinese, Japanese and Korean may stand inside a longer key (`数据库密码`).

`fold` is the one spelling both sides are brought to: compatibility forms as their letters, marks
dropped (`ş` → `s`, `ё` → `е`, Katakana's voicing marks too), case folded (`ς` → `σ`, `ı` → `i`),
invisible characters gone, separators (`_`, `-`, `.`) as one space. `Folded` keeps where each of
its characters came from, so a match in folded text is a span of the original.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache

from cloudg_lab.privacy.invisible import INVISIBLE

_SEPARATORS = frozenset("_-.·")


@lru_cache(maxsize=4096)
def _fold_char(c: str) -> str:
    if INVISIBLE.match(c):
        return ""
    if c in _SEPARATORS:
        return " "
    if c == "ı":
        return "i"
    out = []
    for d in unicodedata.normalize("NFKD", c):
        if unicodedata.category(d) != "Mn":
            out.append(d)
    folded = unicodedata.normalize("NFKC", "".join(out)).casefold().replace("\u00a0", " ")
    return " " if folded in _SEPARATORS else folded  # a full-width `＿` or `－` joins words as `_` does


class Folded:
    """`text` folded, and for each folded character the index of the original one it came from."""

    __slots__ = ("index", "text")

    def __init__(self, text: str) -> None:
        if text.isascii():
            self.text = text.lower().translate(_ASCII_SEPARATORS)
            self.index: list[int] | None = None
            return
        parts, index = [], []
        for i, c in enumerate(text):
            folded = _fold_char(c) if not c.isascii() else (" " if c in _SEPARATORS else c.lower())
            parts.append(folded)
            index.extend([i] * len(folded))
        self.text, self.index = "".join(parts), index

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of folded `[start, end)`."""
        if self.index is None or start >= end:
            return start, end
        return self.index[start], self.index[end - 1] + 1


_ASCII_SEPARATORS = str.maketrans(dict.fromkeys("_-.", " "))


def fold(text: str) -> str:
    return Folded(text).text


# --------------------------------------------------------------------------- the words

PASSWORD_WORDS = (
    "passwort", "kennwort", "zugangspasswort", "mot de passe", "contraseña", "clave de acceso", "senha",
    "parola d'ordine", "hasło", "şifre", "parola", "пароль", "κωδικός", "κωδικός πρόσβασης", "συνθηματικό",
    "كلمة المرور", "كلمة السر", "סיסמה", "סיסמא", "הסיסמה", "הסיסמא", "पासवर्ड", "कूटशब्द", "密码", "密碼",
    "口令", "パスワード", "暗証番号", "비밀번호", "암호", "mật khẩu", "wachtwoord", "lösenord", "salasana",
    "heslo", "jelszó", "adgangskode", "passord", "geslo", "lozinka", "salasõna", "parool", "haslo",
)
TOKEN_WORDS = (
    "api schlüssel", "api-schlüssel", "zugriffstoken", "zugangstoken", "clé api", "clé d'api", "jeton",
    "jeton d'accès", "clave api", "clave de api", "token de acceso", "chave api", "chave de api",
    "chave de acesso", "token de acesso", "chiave api", "token di accesso", "klucz api", "token dostępu",
    "api anahtarı", "erişim anahtarı", "erişim belirteci", "ключ api", "api ключ", "токен", "ключ доступа",
    "токен доступа", "токен доступу", "ключ доступу", "κλειδί api", "διακριτικό", "مفتاح api", "رمز الوصول",
    "رمز الدخول", "מפתח api", "אסימון", "एपीआई कुंजी", "टोकन", "api密钥", "api 密钥", "访问令牌", "令牌",
    "api金鑰", "存取權杖", "apiキー", "api キー", "アクセストークン", "トークン", "api키", "api 키",
    "액세스 토큰", "토큰", "khóa api", "mã truy cập", "mã thông báo", "klucz dostępu", "clé d'accès",
    "zugriffsschlüssel", "chiave di accesso", "ключ доступа api",
)
SECRET_WORDS = (
    "zugangsdaten", "credenciales", "credenziali", "credenciais", "учетные данные", "geheimnis",
    "geheimschlüssel", "geheimer schlüssel", "clé secrète", "secret client", "secreto", "clave secreta",
    "segredo", "chave secreta", "segreto", "chiave segreta", "sekret", "tajny klucz", "gizli anahtar",
    "секрет", "секретный ключ", "секретний ключ", "μυστικό", "μυστικό κλειδί", "سر العميل", "المفتاح السري",
    "סוד", "מפתח סודי", "गुप्त कुंजी", "秘密", "密钥", "密鑰", "シークレット", "秘密鍵", "비밀 키", "비밀키",
    "시크릿", "bí mật", "khóa bí mật", "clé privée", "privater schlüssel", "clave privada", "chave privada",
    "chiave privata", "klucz prywatny", "özel anahtar", "закрытый ключ", "приватный ключ", "приватний ключ",
    "ιδιωτικό κλειδί", "المفتاح الخاص", "מפתח פרטי", "निजी कुंजी", "私钥", "私鑰", "개인 키", "khóa riêng",
)
CREDENTIAL_WORDS = (
    "zugangsdaten", "anmeldedaten", "identifiants", "identifiants de connexion", "credenciales",
    "credenciais",
    "credenziali", "dane logowania", "kimlik bilgileri", "giriş bilgileri", "учетные данные", "облікові дані",
    "διαπιστευτήρια", "بيانات الاعتماد", "פרטי התחברות", "क्रेडेंशियल", "凭据", "憑證", "認証情報", "자격 증명",
    "thông tin đăng nhập",
)
"""Credentials, as a runbook says before a user and a password (`Zugangsdaten: admin / …`)."""
PERSON_WORDS = (
    "besitzer", "eigentümer", "verantwortlich", "verantwortlicher", "verantwortliche", "ansprechpartner",
    "ansprechpartnerin", "benutzer", "benutzername", "nutzer", "propriétaire", "responsable", "utilisateur",
    "nom d'utilisateur", "identifiant", "propietario", "usuario", "nombre de usuario", "responsável", "dono",
    "usuário", "proprietario", "referente", "utente", "nome utente", "właściciel", "opiekun",
    "odpowiedzialny", "użytkownik", "sahibi", "sorumlu", "kullanıcı", "kullanıcı adı", "владелец",
    "ответственный", "пользователь", "логин", "власник", "відповідальний", "користувач", "логін",
    "ιδιοκτήτης", "υπεύθυνος", "χρήστης", "όνομα χρήστη", "المالك", "المسؤول", "المستخدم", "اسم المستخدم",
    "בעלים", "אחראי", "משתמש", "שם משתמש", "मालिक", "ज़िम्मेदार", "जिम्मेदार", "उपयोगकर्ता", "负责人",
    "負責人", "所有者", "用户名", "担当者", "管理者", "ユーザー名", "담당자", "소유자", "사용자",
    "사용자 이름", "chủ sở hữu", "người phụ trách", "người dùng", "tên đăng nhập", "tên người dùng",
)
"""Owner, responsible, contact and user: a person or the login a person has."""

EMAIL_WORDS = (
    "e mail", "e mail adresse", "courriel", "adresse e mail", "correo", "correo electrónico",
    "endereço de e mail", "posta elettronica", "adres e mail", "e posta", "e posta adresi",
    "электронная почта", "эл почта", "електронна пошта", "ηλεκτρονικό ταχυδρομείο", "البريد الإلكتروني",
    "דואר אלקטרוני", "ईमेल", "邮箱", "电子邮件", "電子郵件", "メール", "メールアドレス", "이메일",
    "địa chỉ email", "thư điện tử",
)
"""E-mail, as keys name it (`E-Mail`, `courriel`, `メール`)."""

_UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
"""Chinese and Japanese: their words are glued to the next, so they match inside a key (Korean
writes spaces between its words)."""


def alternation(words: Iterable[str]) -> str:
    """A regex alternative of `words` as `fold` spells them, longest first; a space in a word
    matches any run of spaces."""
    folded = sorted({fold(w).strip() for w in words}, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", " ").replace(" ", " +") for w in folded)


_HANGUL = re.compile("[\uac00-\ud7af]")


def bounded(words: Iterable[str]) -> str:
    """A regex of `words` that stand alone (`(?<!\\w)…(?!\\w)`); Chinese and Japanese ones may
    stand anywhere, Korean ones take the particle glued after them (`비밀번호는`)."""
    glued = [w for w in words if _UNSPACED.search(w)]
    korean = [w for w in words if _HANGUL.search(w) and w not in glued]
    spaced = [w for w in words if w not in glued and w not in korean]
    return (
        rf"(?<![^\W_])(?:{alternation(spaced)})(?![^\W_])|(?<![^\W_])(?:{alternation(korean)})"
        rf"|{alternation(glued)}"
    )


def _bounded(words: Iterable[str]) -> re.Pattern[str]:
    return re.compile(bounded(words))


_SPACED_PASSWORD = alternation(w for w in PASSWORD_WORDS if not _UNSPACED.search(w))
_GLUED_PASSWORD = re.compile(rf"(?:^|[\W_])(?:{_SPACED_PASSWORD})|(?:{_SPACED_PASSWORD})(?:$|[\W_])")
"""A word for password beginning or ending a key or one of its words, glued to another
(`dbheslo`, `superkennwort`, `Kennwort2`, `парольный`): keys glue words that prose keeps apart."""
_SECRET_KEYS = (
    (_GLUED_PASSWORD, "password"),
    (_bounded(PASSWORD_WORDS), "password"),
    (_bounded(TOKEN_WORDS), "api_token"),
    (_bounded(SECRET_WORDS), "secret"),
)
_PERSON_KEY = _bounded(PERSON_WORDS)
_EMAIL_KEY = re.compile(rf"^(?:{alternation(EMAIL_WORDS)})$")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _key(key: str) -> str:
    return fold(_CAMEL.sub(" ", key))


@lru_cache(maxsize=8192)
def foreign_secret(key: str) -> str | None:
    """The secret a key names in another language (`password`, `api_token`, `secret`), else None."""
    if names_a_setting(key):
        return None
    folded = _key(key)
    for pattern, entity in _SECRET_KEYS:
        if pattern.search(folded):
            return entity
    return None


_SETTINGS = (
    "richtlinie", "regel", "regeln", "länge", "ablauf", "gültigkeit", "alter", "politique", "règle",
    "longueur", "expiration", "política", "longitud", "caducidad", "regla", "comprimento", "expiração",
    "validade", "politica", "lunghezza", "scadenza", "polityka", "długość", "ważność", "politikası",
    "uzunluğu", "süresi", "политика", "длина", "срок", "правило", "політика", "довжина", "πολιτική", "μήκος",
    "λήξη", "سياسة", "طول", "מדיניות", "אורך", "नीति", "लंबाई", "策略", "长度", "有效期", "規則", "ポリシー",
    "長さ", "有効期限", "정책", "길이", "만료", "chính sách", "độ dài", "hết hạn", "policy", "length",
    "expiry", "expires", "expiration", "rotation", "age", "hint", "set", "enabled", "required",
)
"""What a key says about a secret without holding one, as its last word or the end of a compound
(`Passwortrichtlinie`, `mot_de_passe_longueur`, `パスワードポリシー`): a setting, as `password_policy`
is."""
_SETTING = re.compile(rf"(?:{alternation(_SETTINGS)})$")


@lru_cache(maxsize=8192)
def names_a_setting(key: str) -> bool:
    """Whether a key ends in a word for a setting about a secret (policy, length, expiry)."""
    folded = _key(key).strip()
    found = _SETTING.search(folded)
    return found is not None and found.start() > 0


@lru_cache(maxsize=8192)
def foreign_person(key: str) -> bool:
    """Whether a key names an owner or a user in another language (`Besitzer`, `負責人`)."""
    if key.isascii() and not any(w in key.lower() for w in _ASCII_PERSON_HEADS):
        return False
    return _PERSON_KEY.search(_key(key)) is not None


@lru_cache(maxsize=8192)
def foreign_email(key: str) -> bool:
    """Whether a key, whole, says e-mail in another language or with a hyphen (`E-Mail`, `メール`)."""
    return _EMAIL_KEY.match(_key(key).strip()) is not None


_ASCII_PERSON_HEADS = tuple(sorted({fold(w)[:4] for w in PERSON_WORDS if fold(w).isascii()}))
"""Cheap first look for an ASCII key: the first letters of the Latin words."""


def matches(pattern: re.Pattern[str], text: str) -> Iterator[tuple[re.Match[str], Folded]]:
    """Each match of `pattern` in `text` folded, with the folding to map it back."""
    folded = Folded(text)
    for m in pattern.finditer(folded.text):
        yield m, folded
