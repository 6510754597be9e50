"""Random, seeded spellings of the things an estate hides: tokens, keys, hosts, names, people.

Every function takes the estate's `random.Random`, so an estate is the same for a seed and differs
between seeds. Nothing here is copied from the issue or the samples: each value is drawn fresh, in
the shape real systems write it. A function returns what is planted and, where the two differ,
the part that must never come out (`Secret.core`): the key inside a connection string, the body
of a PEM block, the password inside a URL.
"""

from __future__ import annotations

import base64
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
