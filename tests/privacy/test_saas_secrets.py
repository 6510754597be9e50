"""SaaS and edge credentials an outside red team found reaching `standard` callers (estate
`fjord`): token families of edge, monitoring and content services, and private keys stored as
bare base64 bodies without their PEM armour. Each family on generated variants in prose; the
keys are real keys made by `cryptography`, in every encoding that carries no armour."""

from __future__ import annotations

import base64
import json
import random
import string
import uuid
from collections.abc import Callable

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa

from tests.privacy.test_detector_classes import ALNUM, HEX, VARIANTS, WORDS, covered, in_prose, rand, shown
from tests.privacy.test_detector_classes import found_whole_in_prose as found_whole

_LOWER = string.ascii_lowercase + string.digits


def _tunnel(r: random.Random) -> str:
    body = {"a": rand(r, HEX, 32), "t": str(uuid.UUID(int=r.getrandbits(128))),
            "s": base64.b64encode(r.randbytes(32)).decode()}
    return base64.b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()


FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "cloudflare_origin_ca": lambda r: f"v1.0-{rand(r, HEX, 24)}-{rand(r, HEX, 146)}",
    "cloudflare_tunnel": _tunnel,
    "newrelic_license": lambda r: rand(r, HEX, 36) + "NRAL",
    "akamai_edgegrid": lambda r: f"akab-{rand(r, _LOWER, 16)}-{rand(r, _LOWER, 16)}",
    "contentful": lambda r: "CFPAT-" + rand(r, ALNUM + "_-", 43),
    "airtable": lambda r: f"pat{rand(r, ALNUM, 14)}.{rand(r, HEX, 64)}",
    "launchdarkly": lambda r: r.choice(["api-", "sdk-"]) + str(uuid.UUID(int=r.getrandbits(128))),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_every_saas_token_family_is_found_whole_wherever_it_stands(family: str) -> None:
    found_whole(family, FAMILIES[family])


_B64 = string.ascii_letters + string.digits + "+/"
MORE_FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "render": lambda r: "rnd_" + rand(r, ALNUM, 32),
    "braintree": lambda r: f"access_token${r.choice(['production', 'sandbox'])}${rand(r, _LOWER, 16)}$"
                           f"{rand(r, HEX, 32)}",
    "twitch": lambda r: "oauth:" + rand(r, _LOWER, 30),
    "jfrog": lambda r: r.choice(["AKCp" + rand(r, ALNUM, 69), "cmVmdGtuOjAxOj" + rand(r, _B64, 50)]),
    "dropbox": lambda r: "sl." + r.choice(["", "u."]) + rand(r, ALNUM + "_-", 140),
    "square": lambda r: "EAAA" + rand(r, ALNUM + "_-", 60),
    "aws_session": lambda r: r.choice(["IQoJb3JpZ2lu", "FwoGZXIvYXdz", "FQoGZXIvYXdz"]) + rand(r, _B64, 300),
}
"""Payment, chat, artifact-store and cloud-session token families found by probing 50 families
(13 were found only under a key that names a secret)."""


@pytest.mark.parametrize("family", MORE_FAMILIES)
def test_payment_chat_artifact_and_session_tokens_are_found_whole(family: str) -> None:
    found_whole(family, MORE_FAMILIES[family])


@pytest.mark.parametrize("text", [
    "the api-gateway path was patched", "sdk-version 4.2.0 and api-key rotation are due",
    "pattern matching on pathnames", "akab is not a token", "v1.0-beta release notes",
    "oauth: enabled for the app", "sl.no 4 in the list", "rnd_seed=42"])
def test_words_that_start_like_those_families_stay(text: str) -> None:
    assert json.dumps(shown("standard", {"note": text})) == json.dumps({"note": text})


def _private_der(r: random.Random) -> bytes:
    kind = r.choice(["rsa", "ec", "ed25519"])
    key = rsa.generate_private_key(65537, r.choice([1024, 2048])) if kind == "rsa" else \
        ec.generate_private_key(r.choice([ec.SECP256R1(), ec.SECP384R1()])) if kind == "ec" else \
        ed25519.Ed25519PrivateKey.generate()
    formats = [serialization.PrivateFormat.PKCS8]
    if kind != "ed25519":
        formats.append(serialization.PrivateFormat.TraditionalOpenSSL)
    return key.private_bytes(serialization.Encoding.DER, r.choice(formats), serialization.NoEncryption())


def _placed(r: random.Random, body: str) -> str:
    return r.choice([body, f"<ds:SigningMaterial>{body}</ds:SigningMaterial>",
                     f"{r.choice(WORDS)} material {body} (rotated)", json.dumps({"material": body})])


def test_private_key_bodies_without_pem_armour_are_hidden() -> None:
    r = random.Random("key bodies")
    for _ in range(VARIANTS):
        der = base64.b64encode(_private_der(r)).decode()
        body = r.choice([der, "\n".join(der[i:i + 64] for i in range(0, len(der), 64))])
        text = _placed(r, body)
        assert covered(text, body.splitlines()[0]) is not None, text
        wire = json.dumps(shown("standard", {r.choice(WORDS): text}))
        assert all(line not in wire for line in body.splitlines()), wire


def test_public_keys_and_certificate_bodies_are_not_taken_for_private_keys() -> None:
    r = random.Random("public bodies")
    for _ in range(3):
        key: rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey = rsa.generate_private_key(65537, 1024) \
            if r.random() < 0.5 else ec.generate_private_key(ec.SECP256R1())
        public = base64.b64encode(key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)).decode()
        text = f"{r.choice(WORDS)} public key {public}"
        assert json.dumps(shown("standard", {"note": text})) == json.dumps({"note": text})


def test_the_tunnel_token_is_found_though_any_base64_json_is_not() -> None:
    r = random.Random("tunnel")
    other = base64.b64encode(json.dumps({"kind": r.choice(WORDS), "n": rand(r, ALNUM, 70)}).encode()).decode()
    assert covered(in_prose(r, _tunnel(r)), "eyJhIjoi") is not None
    assert json.dumps(shown("standard", {"state": other})) == json.dumps({"state": other})


VENDOR_KEY_FORMS: list[Callable[[str, str], object]] = [
    lambda key, v: {key.upper(): v},
    lambda key, v: {"config": {"".join(w.title() for w in key.split("_")): v}},
    lambda key, v: {"env": f"{key.upper()}={v}\nDEBUG=1"},
    lambda key, v: {"sh": f"export {key.upper()}='{v}' && ./run"},
    lambda key, v: {"yaml": f"{key}: {v}\nregion: eu"},
    lambda key, v: {"ini": f"[api]\n{key} = {v}"},
]


def test_a_key_named_by_its_vendor_is_a_secret() -> None:
    """`STRIPE_KEY`, `SENDGRID_KEY`, `mapboxKey`: a vendor's name before `key` makes it an API
    key, in a dict and in env, shell, YAML and INI text (before, 8 such forms probed all leaked)."""
    r = random.Random("vendor keys")
    vendors = ["stripe", "sendgrid", "mailgun", "mapbox", "datadog", "algolia", "openai", "twilio",
               "google", "pagerduty", "shopify", "postmark"]
    for vendor in vendors:
        for form in VENDOR_KEY_FORMS:
            value = rand(r, ALNUM, r.randrange(24, 48))
            out = json.dumps(shown("standard", form(f"{vendor}_key", value)))
            assert value not in out and "REDACTED" in out, (vendor, out)


def test_an_application_key_is_a_secret_whatever_its_spelling() -> None:
    """Datadog's application key acts as the account with its API key: `DD-APPLICATION-KEY` as a
    HAR header's name/value pair, `DD_APP_KEY`, `appKey`, `application_key` (before, a seed sweep
    of red team `fjord` showed the header's value to standard callers at three seeds of sixteen)."""
    r = random.Random("application keys")
    for key in ["DD-APPLICATION-KEY", "DD_APP_KEY", "appKey", "application_key", "X-Application-Key"]:
        value = rand(r, ALNUM, r.randrange(32, 41))
        har = {"headers": [{"name": "Accept", "value": "application/json"}, {"name": key, "value": value}]}
        for wrapped in (har, *(form(key, value) for form in VENDOR_KEY_FORMS)):
            out = json.dumps(shown("standard", wrapped))
            assert value not in out and "REDACTED" in out, (key, out)


def test_keys_that_arrange_or_locate_stay_under_standard() -> None:
    """Only a vendor's name makes `<word>_key` a secret: sort, partition, cache, object, KMS and
    public keys, and a vendor key's id or name, are shown as they are."""
    r = random.Random("arranging keys")
    for key in ["partition_key", "sort_key", "cache_key", "object_key", "s3_key", "kms_key", "public_key",
                "primary_key", "idempotency_key", "stripe_key_id", "datadog_key_name", "range_key"]:
        for form in VENDOR_KEY_FORMS[:2]:
            value = f"{r.choice(WORDS)}-{r.choice(WORDS)}-{r.randrange(100, 999)}"
            assert value in json.dumps(shown("standard", form(key, value))), key
