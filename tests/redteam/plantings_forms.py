"""The third estate's plantings: the forms an outside red team found after the first two estates
were clean (`larch`). One function per class; each returns the fragment the builder places and
records its canaries on the planter, as `plantings` does."""

from __future__ import annotations

import json

import token_forms as tf
from plantings import Planter, record


def more_tokens(p: Planter) -> str:
    """Every family of `MORE_FAMILIES`, in one log line under a neutral key."""
    return " | ".join(record(p, "more-token-family", tf.more_token(p.rng, f)) for f in tf.MORE_FAMILIES)


def command_lines(p: Planter, host: str) -> list[str]:
    return [record(p, "command-line-password", tf.command_line(p.rng, style, host)) for style in tf.COMMANDS]


def headers(p: Planter) -> str:
    styles = ("ssws", "digest", "cookie", "set_cookie")
    lines = [record(p, "header-secret", tf.header(p.rng, style)) for style in styles]
    return "HTTP/1.1 200 OK\r\n" + "\r\n".join(lines) + "\r\n"


def encoded_layers(p: Planter) -> dict[str, str]:
    """gzip in base64, hex, HTML entities, JSON in JSON, each under a neutral key."""
    out = {}
    for key, layer in zip(("release", "blob", "error_page", "raw"), ("gzip", "hex", "html", "escaped"),
                          strict=True):
        secret = tf.encoded_secret(p.rng, layer)
        p.secret("encoded-layer", secret.core, secret.text, family=secret.family)
        out[key] = secret.text
    return out


def foreign_keys(p: Planter) -> dict[str, str]:
    """Password keys in other languages and short forms: the dict as settings files write it."""
    return {key: p.secret("foreign-password-key", tf.password(p.rng)) for key in tf.FOREIGN_PASSWORD_KEYS}


def list_pairs(p: Planter) -> list[list[str]]:
    secret = p.secret("list-pair", tf.chars(p.rng, 36))
    return [["Accept", "application/json"], [p.rng.choice(("X-Api-Key", "X-Auth-Token")), secret]]


def shadow_line(p: Planter) -> str:
    digest = "$2b$12$" + tf.chars(p.rng, 53, tf.ALNUM + "./")
    return f"root:{p.secret('password-hash', digest)}:19500:0:99999:7:::"


def other_access_key(p: Planter) -> str:
    return p.secret("other-cloud-access-key", "LTAI5t" + tf.chars(p.rng, 18))


def cloud_ids(p: Planter) -> dict[str, str]:
    kinds = ("ocid", "acs", "crn", "k8s_sa")
    return {kind: p.ident("other-cloud-id", tf.cloud_id(p.rng, kind)) for kind in kinds}


def scripted_people(p: Planter, n: int) -> list[str]:
    return [p.ident("scripted-person", tf.scripted_person(p.rng)) for _ in range(n)]


def phones(p: Planter, n: int) -> list[str]:
    return [p.ident("phone-number", tf.phone(p.rng)) for _ in range(n)]


def dotted_mac(p: Planter) -> str:
    return p.ident("dotted-mac", tf.dotted_mac(p.rng), bounded=True)


def mapped_ipv6(p: Planter) -> str:
    inner = tf.private_ip(p.rng)
    p.ident("mapped-ipv6", inner, bounded=True)
    return f"::ffff:{inner}"


def country_hosts(p: Planter) -> list[str]:
    return [p.ident("country-host", f"{tf.word(p.rng)}.{tf.label(p.rng, 2)}.{suffix}")
            for suffix in p.pick(tf.COUNTRY_SUFFIXES, 3)]


def quoted_email(p: Planter) -> str:
    local = f"{tf.word(p.rng)} {tf.word(p.rng, 2)}"
    p.ident("quoted-email", local)
    return f'"{local}"@{tf.word(p.rng)}-{tf.word(p.rng, 1)}.io'


def invisible_name(p: Planter) -> str:
    """A name with a zero-width joiner and space inside: sanitize shows it without them."""
    plain = f"{tf.word(p.rng)}-{tf.word(p.rng, 2)}-{p.rng.randrange(10, 99)}"
    cut = plain.index("-")
    spelled = plain[:cut] + "\u200d" + plain[cut:-2] + "\u200b" + plain[-2:]
    p.ident("invisible-name", plain, spelled)
    return spelled


def flagged_outputs(p: Planter) -> dict[str, object]:
    """Terraform outputs flagged `sensitive`, as the state's dict and as its JSON text."""
    held, written = (p.secret("flagged-secret", tf.password(p.rng)) for _ in range(2))
    state = {"outputs": {tf.word(p.rng): {"value": written, "type": "string", "sensitive": True}}}
    return {"outputs": {tf.word(p.rng): {"value": held, "type": "string", "sensitive": True}},
            "state_text": json.dumps(state), "wifi": {"psk": p.secret("flagged-secret", tf.chars(p.rng, 20))}}


def layouts(p: Planter) -> dict[str, str]:
    """Secrets laid out as markup, a YAML block, a spaced env line and after single-dash flags."""
    pw = [p.secret("secret-layout", tf.password(p.rng)) for _ in range(6)]
    return {"web_config": f'<appSettings><add key="PaymentApiKey" value="{pw[0]}" /></appSettings>',
            "settings_xml": f"<server><username>ci</username><password>{pw[1]}</password></server>",
            "values": f"db:\n  password: |\n    {pw[2]}\n  host: db",
            "env_dump": f"PATH /usr/bin\nHCLOUD_TOKEN   {pw[3]}\n",
            "build": f"keytool -importkeystore -storepass {pw[4]} && {tf.word(p.rng)} -token={pw[5]}"}


def aws_mentions(p: Planter) -> str:
    """EC2 ids and a bucket the estate holds no asset for, quoted in prose."""
    hexes = "0123456789abcdef"
    snap, vol = (p.ident("aws-id-in-prose", f"{kind}-0{tf.chars(p.rng, 15, hexes)}9")
                 for kind in ("snap", "vol"))
    bucket = p.ident("bucket-url", f"{tf.word(p.rng)}-{tf.word(p.rng, 2)}-exports")
    return f"Migrated from AWS: {snap} of {vol} copied to s3://{bucket}/raw/ first."
