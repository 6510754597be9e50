"""SaaS, identity and edge forms for the fifth estate (`fjord`), drawn fresh from a seeded RNG.

Like `token_forms`: a function returns what is stored and, where they differ, the part that must
never come out (`Secret.core`). The families are the published formats of identity providers,
code hosts, paging and monitoring services and edge networks; the config texts are the formats
those tools write (YAML, TOML, INI, HCL, Terraform state, `.env`, HAR).
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable

from token_forms import ALNUM, B64, Secret, b64, chars, uuid, word

HEX = "0123456789abcdef"

# --------------------------------------------------------------------------- token families

def tunnel_token(rng: random.Random) -> str:
    """A `cloudflared` tunnel token: base64 of `{"a": account tag, "t": tunnel id, "s": secret}`."""
    body = {"a": chars(rng, 32, HEX), "t": uuid(rng), "s": b64(rng.randbytes(32))}
    return b64(json.dumps(body, separators=(",", ":")).encode())


SAAS_FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "cloudflare_origin_ca": lambda rng: f"v1.0-{chars(rng, 24, HEX)}-{chars(rng, 146, HEX)}",
    "newrelic_license": lambda rng: chars(rng, 36, HEX) + "NRAL",
    "akamai_client_token": lambda rng: f"akab-{chars(rng, 16, string.ascii_lowercase + string.digits)}-"
                                       f"{chars(rng, 16, string.ascii_lowercase + string.digits)}",
    "contentful_pat": lambda rng: "CFPAT-" + chars(rng, 43, ALNUM + "_-"),
    "airtable_pat": lambda rng: f"pat{chars(rng, 14)}.{chars(rng, 64, HEX)}",
    "launchdarkly": lambda rng: rng.choice(("api-", "sdk-")) + uuid(rng),
    "cloudflare_tunnel": tunnel_token,
}


def saas_token(rng: random.Random, family: str) -> Secret:
    value = SAAS_FAMILIES[family](rng)
    return Secret(value, value, f"saas_{family}")


# --------------------------------------------------------------------------- hook URLs

HOOKS = ("pagerduty", "zapier", "netlify", "vercel", "sentry_dsn")


def hook_url(rng: random.Random, style: str) -> Secret:
    """A URL whose path (or user-info) is the credential: anyone holding it can post or deploy."""
    secret = {"pagerduty": chars(rng, 32, HEX),
              "zapier": chars(rng, 7, string.ascii_lowercase + string.digits),
              "netlify": chars(rng, 24, HEX), "vercel": chars(rng, 10, ALNUM),
              "sentry_dsn": chars(rng, 32, HEX)}[style]
    text = {
        "pagerduty": f"https://events.pagerduty.com/integration/{secret}/enqueue",
        "zapier": f"https://hooks.zapier.com/hooks/catch/{rng.randrange(10**6, 10**8)}/{secret}/",
        "netlify": f"https://api.netlify.com/build_hooks/{secret}",
        "vercel": f"https://api.vercel.com/v1/integrations/deploy/prj_{chars(rng, 28)}/{secret}",
        "sentry_dsn": (f"https://{secret}@o{rng.randrange(10**5, 10**7)}.ingest.sentry.io/"
                       f"{rng.randrange(10**6, 10**7)}"),
    }[style]
    return Secret(text, secret, f"hook_{style}")


# --------------------------------------------------------------------------- CLI logins

LOGINS: dict[str, Callable[[random.Random, str], str]] = {
    "az": lambda rng, pw: f"az login --service-principal -u {uuid(rng)} -p '{pw}' --tenant {uuid(rng)}",
    "mongosh": lambda rng, pw: f"mongosh mongodb://{word(rng)}:27017/admin -u ops -p {pw}",
    "vault": lambda rng, pw: f"vault login {pw}",
    "htpasswd": lambda rng, pw: f"htpasswd -bc /etc/nginx/.htpasswd {word(rng, 2)} {pw}",
    "npm": lambda rng, pw: f"npm config set //npm.{word(rng)}.dev/:_authToken {pw}",
    "sudo": lambda rng, pw: f"echo '{pw}' | sudo -S systemctl restart {word(rng)}",
}


def cli_login(rng: random.Random, style: str, pw: str) -> Secret:
    return Secret(LOGINS[style](rng, pw), pw, f"login_{style}")


# --------------------------------------------------------------------------- HTTP

VENDOR_HEADERS = ("DD-API-KEY", "DD-APPLICATION-KEY", "X-Auth-Key", "Fastly-Key", "X-Vault-Token",
                  "PRIVATE-TOKEN", "X-Shopify-Access-Token", "X-Api-Key", "Api-Key", "X-Figma-Token")


def header_secret(rng: random.Random) -> str:
    return chars(rng, rng.choice((32, 37, 40)), HEX if rng.random() < 0.5 else ALNUM)


# --------------------------------------------------------------------------- identity

def okta_id(rng: random.Random, kind: str) -> str:
    """Okta object ids: `00u` users, `00g` groups, `0oa` apps, 20 characters in all."""
    return {"user": "00u", "group": "00g", "app": "0oa"}[kind] + chars(rng, 17)


def pkcs8_body(rng: random.Random) -> str:
    """A private key's base64 body without its PEM armour, as JSON configs carry it."""
    return "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + chars(rng, 120, B64)


def jwk_private(rng: random.Random) -> tuple[dict[str, str], list[str]]:
    """An RSA or symmetric JWK; the private members are its secrets."""
    if rng.random() < 0.5:
        key = {"kty": "oct", "kid": word(rng, 2), "alg": "HS256", "k": b64(rng.randbytes(32), url=True)}
        return key, [key["k"]]
    parts = {m: b64(rng.randbytes(48), url=True) for m in ("d", "p", "q", "dp", "dq", "qi")}
    key = {"kty": "RSA", "kid": word(rng, 2), "use": "sig", "e": "AQAB",
           "n": b64(rng.randbytes(64), url=True), **parts}
    return key, list(parts.values())


def dashed_account(number: int) -> str:
    """An AWS account id as the console prints it: `1234-5678-9012`."""
    text = f"{number:012d}"
    return f"{text[:4]}-{text[4:8]}-{text[8:]}"


NON_ENGLISH = (
    "Bitte {who} vor dem Rollout informieren; {host} bleibt gesperrt.",
    "Merci à {who} d'avoir validé la rotation sur {host}.",
    "Avísale a {who} que {host} quedó fuera de servicio.",
    "Prosimy {who} o sprawdzenie {host} przed wdrożeniem.",
    "Ota yhteyttä {who} jos {host} ei vastaa.",
    "{who} にレビューを依頼しました ({host})。",
)


def reordered(person: str) -> list[str]:
    """A directory's spellings of `person`: `Family, Given` and `FAMILY Given`."""
    given, family = person.split(" ", 1)
    return [f"{family}, {given}", f"{family.upper()} {given}"]
