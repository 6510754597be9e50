"""Random, seeded spellings of the things an estate hides: tokens, keys, hosts, names, people.

Every function takes the estate's `random.Random`, so an estate is the same for a seed and differs
between seeds. Nothing here is copied from the issue or the samples: each value is drawn fresh, in
the shape real systems write it. A function returns what is planted and, where the two differ,
the part that must never come out (`Secret.core`): the key inside a connection string, the body
of a PEM block, the password inside a URL.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass

ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"
B32 = string.ascii_uppercase + "234567"
_CONSONANTS = "bcdfghjklmnpqrstvwxz"
_VOWELS = "aeiouy"


@dataclass(frozen=True)
class Secret:
    """`text` is what the estate stores; `core` is what must never reach a caller."""

    text: str
    core: str
    family: str


def chars(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def word(rng: random.Random, syllables: int = 3) -> str:
    """A pronounceable word that no pseudonym (hex, base32) can spell by chance."""
    while True:
        out = "".join(rng.choice(_CONSONANTS) + rng.choice(_VOWELS) for _ in range(syllables))
        if any(c in "ghjklmnpqrstvwxyz" for c in out):
            return out


def b64(data: bytes, *, url: bool = False) -> str:
    coded = base64.urlsafe_b64encode(data) if url else base64.b64encode(data)
    return coded.decode().rstrip("=") if url else coded.decode()


# --------------------------------------------------------------------------- token families


def token(rng: random.Random, family: str) -> Secret:
    """One token of `family` (see `FAMILIES`); the whole token is its core."""
    makers: dict[str, Callable[[], str]] = {
        "github": lambda: rng.choice(("ghp_", "gho_", "ghs_", "ghu_")) + chars(rng, 36),
        "github_pat": lambda: f"github_pat_{chars(rng, 22)}_{chars(rng, 59)}",
        "gitlab": lambda: "glpat-" + chars(rng, 20, ALNUM + "-_"),
        "slack": lambda: (f"xox{rng.choice('bpa')}-{chars(rng, 11, string.digits)}-"
                          f"{chars(rng, 12, string.digits)}-{chars(rng, 24)}"),
        "stripe": lambda: rng.choice(("sk_live_", "rk_live_")) + chars(rng, 32),
        "google_api": lambda: "AIza" + chars(rng, 35, ALNUM + "-_"),
        "google_oauth": lambda: "GOCSPX-" + chars(rng, 28, ALNUM + "-_"),
        "npm": lambda: "npm_" + chars(rng, 36),
        "jwt": lambda: jwt(rng),
        "aws_secret": lambda: chars(rng, 40, B64),
        "entra": lambda: f"{chars(rng, 3)}{rng.randrange(10)}Q~{chars(rng, 34, ALNUM + '_~.-')}",
        "vault": lambda: "hvs." + chars(rng, 24 + rng.randrange(60), ALNUM + "_-"),
        "databricks": lambda: "dapi" + chars(rng, 32, "0123456789abcdef"),
    }
    value = makers[family]()
    return Secret(value, value, family)


FAMILIES = ("github", "github_pat", "gitlab", "slack", "stripe", "google_api", "google_oauth",
            "npm", "jwt", "aws_secret", "entra", "vault", "databricks")


def jwt(rng: random.Random) -> str:
    head = b64(json.dumps({"alg": rng.choice(("HS256", "RS256")), "typ": "JWT"}).encode(), url=True)
    body = b64(json.dumps({"sub": word(rng), "aud": word(rng, 2), "iat": rng.randrange(10**9, 2 * 10**9)}
                          ).encode(), url=True)
    return f"{head}.{body}.{b64(rng.randbytes(32), url=True)}"


def access_key_id(rng: random.Random) -> str:
    return rng.choice(("AKIA", "ASIA")) + chars(rng, 16, B32)


def pem_block(rng: random.Random, kind: str) -> Secret:
    """An OpenSSH, PGP or RSA private key block; its core is the first body line."""
    label = {"openssh": "OPENSSH PRIVATE KEY", "pgp": "PGP PRIVATE KEY BLOCK",
             "rsa": "RSA PRIVATE KEY"}[kind]
    lead = b"openssh-key-v1\x00" if kind == "openssh" else b""
    body = b64(lead + rng.randbytes(180))
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    gap = "\n\n" if kind == "pgp" else "\n"
    text = f"-----BEGIN {label}-----{gap}" + "\n".join(lines) + f"\n-----END {label}-----"
    return Secret(text, lines[1], f"pem_{kind}")


def password(rng: random.Random) -> str:
    """A password no pattern can know: mixed classes, no token prefix."""
    return word(rng, 2).capitalize() + rng.choice("#!%*") + chars(rng, 6) + rng.choice("-_.") + \
        chars(rng, 3, string.digits)


def passphrase(rng: random.Random, words: int) -> str:
    return " ".join(word(rng, rng.choice((3, 4))) for _ in range(words))


# --------------------------------------------------------------------------- URLs, connections


_QUERY_KEYS = ("api_key", "access_token", "client_secret", "apikey")


def url_secret(rng: random.Random, style: str, host: str) -> Secret:
    """A URL carrying a secret in its user-info, its query string or its webhook path."""
    secret = password(rng) if style == "userinfo" else chars(rng, 32)
    text = {
        "userinfo": f"https://{word(rng, 2)}:{secret}@{host}/{word(rng)}.git",
        "query": f"https://{host}/v{rng.randrange(1, 4)}/export?{rng.choice(_QUERY_KEYS)}={secret}&fmt=csv",
        "slack_hook": (f"https://hooks.slack.com/services/T{chars(rng, 9, B32)}/B{chars(rng, 9, B32)}/"
                       f"{secret[:24]}"),
        "discord_hook": f"https://discord.com/api/webhooks/{chars(rng, 18, string.digits)}/{secret}",
        "teams_hook": f"https://{word(rng, 2)}.webhook.office.com/webhookb2/{secret}@{chars(rng, 8)}",
    }[style]
    return Secret(text, secret[:24] if style == "slack_hook" else secret, f"url_{style}")


def connection_string(rng: random.Random, style: str, host: str) -> Secret:
    """A connection string of another provider or service, with its secret part as the core."""
    key = b64(rng.randbytes(rng.choice((32, 64))))
    pw = password(rng)
    text, core = {
        "azure_storage": (f"DefaultEndpointsProtocol=https;AccountName={word(rng)};AccountKey={key};"
                          "EndpointSuffix=core.chinacloudapi.cn", key),
        "service_bus": (f"Endpoint=sb://{word(rng)}.servicebus.windows.net/;SharedAccessKeyName="
                        f"RootManageSharedAccessKey;SharedAccessKey={key}", key),
        "cosmos": (f"AccountEndpoint=https://{word(rng)}.documents.azure.com:443/;AccountKey={key};", key),
        "mongodb": (f"mongodb+srv://{word(rng, 2)}:{pw}@{host}/{word(rng)}?retryWrites=true", pw),
        "redis": (f"rediss://default:{pw}@{host}:6380/0", pw),
        "jdbc": (f"jdbc:sqlserver://{host}:1433;databaseName={word(rng)};user={word(rng, 2)};"
                 f"password={pw};encrypt=true", pw),
        "odbc": (f"Driver={{ODBC Driver 18 for SQL Server}};Server=tcp:{host},1433;Uid={word(rng, 2)};"
                 f"Pwd={pw};", pw),
        "amqp": (f"amqps://{word(rng, 2)}:{pw}@{host}/{word(rng, 2)}", pw),
        "sas": (f"https://{word(rng)}.blob.core.windows.net/{word(rng)}?sv=2022-11-02&ss=b&srt=co"
                f"&sp=rl&se=2031-01-01T00:00:00Z&sig={key[:43].replace('+', '%2B').replace('/', '%2F')}",
                key[:43].replace("+", "%2B").replace("/", "%2F")),
    }[style]
    return Secret(text, core, f"conn_{style}")


CONNECTIONS = ("azure_storage", "service_bus", "cosmos", "mongodb", "redis", "jdbc", "odbc", "amqp", "sas")
URL_STYLES = ("userinfo", "query", "slack_hook", "discord_hook", "teams_hook")


# --------------------------------------------------------------------------- identifiers


def account_number(rng: random.Random) -> int:
    return rng.randrange(10**11, 10**12)


def uuid(rng: random.Random) -> str:
    h = chars(rng, 32, "0123456789abcdef")
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{rng.choice('89ab')}{h[17:20]}-{h[20:32]}"


def label(rng: random.Random, parts: int = 3) -> str:
    """A hyphenated customer label (`orvalin-kesto-prod`)."""
    return "-".join(word(rng, 2) for _ in range(parts - 1)) + "-" + rng.choice(("prod", "dev", "qa", "dr"))


PROVIDER_SUFFIXES = ("azurewebsites.net", "database.windows.net", "vault.azure.net",
                     "s3.cn-north-1.amazonaws.com.cn", "execute-api.us-gov-west-1.amazonaws.com",
                     "run.app", "appspot.com", "cloudfunctions.net", "azurecr.io",
                     "elb.us-gov-east-1.amazonaws.com")
PRIVATE_SUFFIXES = ("svc.cluster.local", "service.consul", "node.dc2.consul", "corp.internal",
                    "home.arpa", "lan", "localdomain", "intranet", "cn-northwest-1.compute.internal",
                    "private")


def private_ip(rng: random.Random) -> str:
    block = rng.choice(("10", "172", "192"))
    if block == "10":
        return f"10.{rng.randrange(1, 255)}.{rng.randrange(1, 255)}.{rng.randrange(2, 254)}"
    if block == "172":
        return f"172.{rng.randrange(16, 32)}.{rng.randrange(1, 255)}.{rng.randrange(2, 254)}"
    return f"192.168.{rng.randrange(1, 255)}.{rng.randrange(2, 254)}"


def public_ip(rng: random.Random) -> str:
    return f"{rng.choice((34, 35, 52, 54, 20, 40, 104))}.{rng.randrange(1, 255)}." \
           f"{rng.randrange(1, 255)}.{rng.randrange(2, 254)}"


_GIVEN = ("Ysolde", "Tavish", "Oona", "Radomir", "Ximena", "Ottilie", "Bartek", "Nnamdi", "Liesel",
          "Caoimhe", "Anselm", "Marisol", "Eudora", "Kasimir", "Philippa", "Ingeborg")
_FAMILY = ("O'Rourke-Vance", "Ballantyne", "Szczepanik", "d'Aubigné", "Okonkwo", "Halvorsen",
           "Quintero-Lisboa", "MacGillivray", "Vukovic", "Thorvaldsdóttir", "Abernathy", "Lindqvist")


def person(rng: random.Random) -> str:
    """A full name with a randomised spelling of the family part, so two seeds never agree."""
    family = rng.choice(_FAMILY)
    return f"{rng.choice(_GIVEN)} {family[:3]}{word(rng, 1)}{family[3:]}"


_UNICODE_DOMAINS = ("exämple-grüppe.de", "fjørd-data.no", "société-réseau.fr", "пример-связь.рф",
                    "παράδειγμα-δίκτυο.ελ", "例え会社.jp")


def unicode_email(rng: random.Random) -> str:
    local = rng.choice(("zoë", "björn", "añez", "çelik", "ирина", "δημήτρης", "ゆき")) + "." + word(rng, 2)
    return f"{local}@{word(rng, 1)}-{rng.choice(_UNICODE_DOMAINS)}"


# --------------------------------------------------------------------------- the third estate's forms


MORE_FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "docker_hub": lambda rng: "dckr_pat_" + chars(rng, 27, ALNUM + "_-"),
    "tailscale": lambda rng: f"tskey-auth-{chars(rng, 12)}CNTRL-{chars(rng, 32)}",
    "pulumi": lambda rng: "pul-" + chars(rng, 40, "0123456789abcdef"),
    "terraform_cloud": lambda rng: f"{chars(rng, 14)}.atlasv1.{chars(rng, 67, ALNUM + '_-')}",
    "sentry": lambda rng: "sntryu_" + chars(rng, 64, "0123456789abcdef"),
    "newrelic": lambda rng: "NRAK-" + chars(rng, 27, string.ascii_uppercase + string.digits),
    "heroku": lambda rng: "HRKU-AA" + chars(rng, 58, ALNUM + "_-"),
    "bitbucket": lambda rng: "ATBB" + chars(rng, 40),
    "figma": lambda rng: "figd_" + chars(rng, 40, ALNUM + "_-"),
    "supabase": lambda rng: "sbp_" + chars(rng, 40, "0123456789abcdef"),
    "dynatrace": lambda rng: f"dt0c01.{chars(rng, 24, B32)}.{chars(rng, 64, B32)}",
    "hubspot": lambda rng: "pat-eu1-" + uuid(rng),
}


def more_token(rng: random.Random, family: str) -> Secret:
    value = MORE_FAMILIES[family](rng)
    return Secret(value, value, f"more_{family}")


COMMANDS: dict[str, Callable[[random.Random, str, str], str]] = {
    "curl": lambda rng, pw, host: f"curl -fsS -u {word(rng, 2)}:{pw} https://{host}/v1/upload",
    "mysql": lambda rng, pw, host: f"mysql -h {host} -u {word(rng, 2)} -p{pw} {word(rng)}",
    "redis": lambda rng, pw, host: f"redis-cli -h {host} -a {pw} --scan",
    "sqlplus": lambda rng, pw, host: f"sqlplus {word(rng, 2)}/{pw}@//{host}:1522/{word(rng)}_high",
    "pgpass": lambda rng, pw, host: f"{host}:5432:{word(rng)}:{word(rng, 2)}:{pw}",
    "docker": lambda rng, pw, host: f"docker login -u {word(rng, 2)} -p {pw} {host}",
}


def command_line(rng: random.Random, style: str, host: str) -> Secret:
    pw = password(rng)
    return Secret(COMMANDS[style](rng, pw, host), pw, f"cmd_{style}")


def header(rng: random.Random, style: str) -> Secret:
    """An HTTP header line whose value no token pattern knows."""
    secret = chars(rng, 40, ALNUM + "_-")
    text = {"ssws": f"Authorization: SSWS {secret}",
            "digest": f'Authorization: Digest username="{word(rng, 2)}", nonce="{chars(rng, 16)}", '
                      f'response="{secret}"',
            "cookie": f"Cookie: {word(rng, 2)}_sid={secret}; theme=dark",
            "set_cookie": f"Set-Cookie: {word(rng, 2)}={secret}; Path=/; Secure; HttpOnly"}[style]
    return Secret(text, secret, f"header_{style}")


def encoded_secret(rng: random.Random, layer: str) -> Secret:
    """A password in a JSON or env text, wrapped in one more layer than last time's."""
    pw = password(rng)
    inner = rng.choice((json.dumps({"auth": {"adminPassword": pw}}), f"DB_PASSWORD={pw}\n"))
    text = {"gzip": lambda: b64(gzip.compress(inner.encode(), mtime=0)),
            "hex": lambda: inner.encode().hex(),
            "html": lambda: html.escape(json.dumps({"password": pw, "user": word(rng, 2)})),
            "escaped": lambda: json.dumps(json.dumps({"client_secret": pw}))}[layer]()
    return Secret(text, pw, f"enc_{layer}")


def cloud_id(rng: random.Random, kind: str) -> str:
    lower = string.ascii_lowercase + string.digits
    return {"ocid": lambda: f"ocid1.{rng.choice(('vcn', 'compartment', 'subnet'))}.oc1."
                            f"{rng.choice(('', 'iad', 'fra'))}.aaaaaaaa{chars(rng, 52, lower)}",
            "acs": lambda: f"acs:ram::{rng.randrange(10**15, 10**16)}:role/{word(rng)}-{word(rng, 2)}",
            "crn": lambda: f"crn:v1:bluemix:public:kms:us-south:a/{chars(rng, 32, '0123456789abcdef')}:"
                           f"{uuid(rng)}::",
            "k8s_sa": lambda: f"system:serviceaccount:{word(rng)}-{word(rng, 2)}:{word(rng, 2)}-sa"}[kind]()


SCRIPT_NAMES = (("Светлана", "Воронцова"), ("Ελένη", "Παπαδοπούλου"), ("Ólafur", "Þórðarson"),
                ("María José", "Núñez-Ortega"), ("عمر", "الفاروقي"))


def scripted_person(rng: random.Random) -> str:
    """A person in another script or with diacritics, a family part drawn fresh."""
    given, family = rng.choice(SCRIPT_NAMES)
    return f"{given} {family[:3]}{family[3:]}{rng.choice(('', '-' + word(rng, 1).capitalize()))}"


def phone(rng: random.Random) -> str:
    return rng.choice((f"+{rng.randrange(30, 60)} {rng.randrange(10, 99)} {rng.randrange(1000, 9999)} "
                       f"{rng.randrange(1000, 9999)}",
                       f"({rng.randrange(200, 999)}) {rng.randrange(200, 999)}-{rng.randrange(1000, 9999)}"))


def dotted_mac(rng: random.Random) -> str:
    hexed = "a" + chars(rng, 11, "0123456789abcdef")
    return ".".join(hexed[i:i + 4] for i in range(0, 12, 4))


FOREIGN_PASSWORD_KEYS = ("Passwort", "contraseña", "senha", "wachtwoord", "hasło", "пароль", "密码",
                         "パスワード", "SMTP_PASS", "ldap_bindpw", "ADMIN_PW", "recovery_codes")
COUNTRY_SUFFIXES = ("com.br", "pl", "co.za", "com.tr", "ro", "mesh", "prod")
