"""Detectors per class, on generated variants (never only the examples): every family of token,
key block, URL secret, encoded layer, key name, passphrase, host, address, e-mail and number."""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable
from functools import cache
from typing import Any
from urllib.parse import quote

import pytest

from cloudg_lab import Principal
from cloudg_lab.policy import Policy
from cloudg_lab.privacy.detectors import DEFAULT, Finding
from cloudg_lab.privacy.detectors.encoded import inherently_secret
from cloudg_lab.privacy.detectors.prefilter import Prefilter

ALL = DEFAULT.select(lambda d: True, "classes-all")
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
WORDS = ["amber", "river", "quiet", "falcon", "maple", "copper", "lantern", "orbit", "velvet",
         "harbor", "meadow", "cinder", "pebble", "thistle", "saffron", "glacier", "juniper"]
VARIANTS = 6


def rand(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def b64url(r: random.Random, n: int) -> str:
    return base64.urlsafe_b64encode(r.randbytes(n)).decode().rstrip("=")


def scan(text: str) -> list[Finding]:
    return DEFAULT.scan(text, ALL)


def covered(text: str, part: str, category: str = "secret") -> Finding | None:
    """The finding of `category` that covers `part` of `text` (at least), if any."""
    start = text.index(part)
    end = start + len(part)
    return next((f for f in scan(text) if f.start <= start and f.end >= end
                 and f.category == category), None)


def in_prose(r: random.Random, token: str) -> str:
    before = r.choice(["", "see ", "(", "'", "value=", "-> ", "token is "])
    after = r.choice(["", ".", ",", ";", ")", "\n", "' and more", " end"])
    return f"{r.choice(WORDS)} {before}{token}{after} {r.choice(WORDS)}"


@cache
def pipeline(profile: str) -> Any:
    return Policy.load(profile)


def shown(profile: str, value: Any) -> Any:
    """What a caller under `profile` sees of `value` (the shipped output pipeline)."""
    policy = pipeline(profile)
    ctx = policy.transform_context(kind="tool", name="t", principal=Principal.local())
    return policy.output_pipeline(None, Principal.local()).apply(value, ctx)


# ------------------------------------------------------------------ token families

FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "github": lambda r: r.choice(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]) + rand(r, ALNUM, 36)
    if r.random() < 0.7 else "github_pat_" + rand(r, ALNUM + "_", 82),
    "gitlab": lambda r: r.choice(["glpat-", "gldt-", "glrt-", "glsoat-"]) + rand(r, ALNUM + "_-", 20),
    "slack": lambda r: r.choice(["xoxb-", "xoxp-", "xoxa-", "xoxe.xoxp-1-", "xapp-1-"])
    + "-".join(rand(r, string.digits, 11) for _ in range(2)) + "-" + rand(r, ALNUM, 24),
    "stripe": lambda r: r.choice(["sk_live_", "rk_test_", "sk_test_", "whsec_"]) + rand(r, ALNUM, 28),
    "google_api": lambda r: "AIza" + rand(r, ALNUM + "_-", 35),
    "google_oauth": lambda r: r.choice(["GOCSPX-" + rand(r, ALNUM + "_-", 28),
                                        "ya29." + rand(r, ALNUM + "_-", 60)]),
    "npm": lambda r: "npm_" + rand(r, ALNUM, 36),
    "pypi": lambda r: r.choice(["pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"])
    + rand(r, ALNUM + "_-", 80),
    "twilio": lambda r: r.choice(["AC", "SK"]) + rand(r, HEX, 32),
    "sendgrid": lambda r: f"SG.{rand(r, ALNUM + '_-', 22)}.{rand(r, ALNUM + '_-', 43)}",
    "mailchimp": lambda r: f"{rand(r, HEX, 32)}-us{r.randrange(1, 21)}",
    "openai": lambda r: f"sk-proj-{rand(r, ALNUM, 24)}T3BlbkFJ{rand(r, ALNUM, 24)}",
    "anthropic": lambda r: f"sk-ant-api03-{rand(r, ALNUM + '_-', 90)}",
    "huggingface": lambda r: "hf_" + rand(r, string.ascii_letters, 34),
    "shopify": lambda r: r.choice(["shpat_", "shpss_"]) + rand(r, HEX, 32),
    "digitalocean": lambda r: r.choice(["dop_v1_", "doo_v1_"]) + rand(r, HEX, 64),
    "telegram": lambda r: f"{r.randrange(10**8, 10**10)}:AA{rand(r, ALNUM + '_-', 33)}",
    "entra_client_secret": lambda r: f"{rand(r, ALNUM, 3)}{r.randrange(10)}Q~{rand(r, ALNUM + '_~.-', 34)}",
    "vault": lambda r: r.choice(["hvs.", "hvb.", "hvr."]) + rand(r, ALNUM + "_-", r.randrange(24, 90)),
    "databricks": lambda r: "dapi" + rand(r, HEX, 32) + r.choice(["", "-2"]),
    "grafana": lambda r: r.choice([f"glsa_{rand(r, ALNUM, 32)}_{rand(r, HEX, 8)}",
                                   "glc_" + rand(r, ALNUM + "+/", 48) + "=="]),
    "postman": lambda r: f"PMAK-{rand(r, HEX, 24)}-{rand(r, HEX, 34)}",
    "doppler": lambda r: f"dp.{r.choice(['st', 'ct', 'sa'])}.{rand(r, ALNUM + '_-', 43)}",
    "age": lambda r: "AGE-SECRET-KEY-1" + rand(r, string.ascii_uppercase + string.digits, 58),
    "linear": lambda r: "lin_api_" + rand(r, ALNUM, 40),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_every_token_family_is_found_whole_wherever_it_stands(family: str) -> None:
    found_whole_in_prose(family, FAMILIES[family])


def found_whole_in_prose(family: str, make: Callable[[random.Random], str]) -> None:
    """Tokens of `family` (`make` spells one) are found whole, as tokens, in generated prose."""
    r = random.Random(family)
    for _ in range(VARIANTS):
        token = make(r)
        text = in_prose(r, token)
        found = covered(text, token)
        assert found is not None and found.entity == "api_token", (family, text)


def test_netrc_passwords_and_password_flags_are_found_and_prose_is_not() -> None:
    r = random.Random("netrc")
    for _ in range(VARIANTS):
        password = rand(r, ALNUM + "%!#", 14)
        flag = r.choice(["--password", "--passwd", "--token", "--client-secret", "--api-key"])
        for text in (f"machine {_host(r)} login {r.choice(WORDS)} password {password}",
                     f"{r.choice(WORDS)} login {flag}{r.choice(['=', ' '])}{password} -u {r.choice(WORDS)}"):
            assert covered(text, password) is not None, text
        prose = f"the password {r.choice(WORDS)} was {r.choice(WORDS)}; see --password-file {r.choice(WORDS)}"
        assert [f for f in scan(prose) if f.category == "secret"] == [], prose


def _key_block(r: random.Random) -> tuple[str, str]:
    body = "\n".join(base64.b64encode(r.randbytes(48)).decode() for _ in range(r.randrange(2, 6)))
    kind = r.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY", "PRIVATE KEY",
                     "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "PGP PRIVATE KEY BLOCK",
                     "SSH2 ENCRYPTED PRIVATE KEY", "PUTTY"])
    if kind == "PUTTY":
        return (f"PuTTY-User-Key-File-{r.choice([2, 3])}: ssh-rsa\nEncryption: none\n"
                f"Comment: {r.choice(WORDS)}\nPublic-Lines: 2\n{body}\nPrivate-Lines: 2\n{body}\n"
                f"Private-MAC: {rand(r, HEX, 40)}", body)
    dashes = "----" if kind.startswith("SSH2") else "-----"
    space = " " if kind.startswith("SSH2") else ""
    end = "" if r.random() < 0.2 else f"\n{dashes}{space}END {kind}{space}{dashes}"  # cut short
    return f"{dashes}{space}BEGIN {kind}{space}{dashes}\n{body}{end}", body


def test_private_key_blocks_of_every_kind_are_found_body_and_all() -> None:
    r = random.Random("keys")
    for _ in range(VARIANTS * 3):
        block, body = _key_block(r)
        text = f"{r.choice(WORDS)} key:\n{block}\n{r.choice(WORDS)}"
        found = covered(text, block)
        assert found is not None and found.entity == "private_key", text
        assert body not in json.dumps(shown("standard", {"note": text}))


def test_jwts_signed_or_encrypted_are_found_whole() -> None:
    r = random.Random("jwt")
    for _ in range(VARIANTS):
        head = base64.urlsafe_b64encode(json.dumps({"alg": r.choice(["RS256", "HS512"])}).encode())
        claims = base64.urlsafe_b64encode(json.dumps({"sub": rand(r, ALNUM, 9)}).encode())
        parts = [head.decode().rstrip("="), claims.decode().rstrip("=")]
        parts += [b64url(r, r.randrange(16, 64)) for _ in range(r.choice([1, 3]))]
        token = ".".join(parts)
        found = covered(in_prose(r, token), token)
        assert found is not None and found.entity == "jwt"


# ------------------------------------------------------------------ URLs and connection strings

def _host(r: random.Random) -> str:
    return f"{r.choice(WORDS)}-{r.randrange(99)}.{r.choice(['example.com', 'corp.internal', 'svc'])}"


def test_passwords_in_urls_of_any_scheme_are_found_exactly() -> None:
    r = random.Random("urls")
    for scheme in ("postgres", "postgresql", "mysql", "mongodb+srv", "amqps", "redis", "ftp", "smtp"):
        password = rand(r, ALNUM, 8) + r.choice(["", "@x", "%40y", "!"]) + rand(r, ALNUM, 4)
        user = "" if scheme == "redis" else r.choice(WORDS)
        url = f"{scheme}://{user}:{password}@{_host(r)}:{r.randrange(1, 65535)}/{r.choice(WORDS)}"
        text = in_prose(r, url)
        found = [f for f in scan(text) if f.category == "secret"]
        assert [text[f.start:f.end] for f in found] == [password], url


@pytest.mark.parametrize("name", ["key", "token", "sig", "signature", "password", "api_key",
                                  "access_token", "client_secret", "code", "X-Amz-Signature"])
def test_secrets_in_query_strings_are_found_and_plain_parameters_are_not(name: str) -> None:
    r = random.Random(name)
    for _ in range(VARIANTS):
        value = rand(r, ALNUM + "-_.~", r.randrange(12, 40))
        url = (f"https://{_host(r)}/{r.choice(WORDS)}?page={r.randrange(9)}&{name}={value}"
               f"{r.choice(['', '&region=eu-west-1', '#frag'])}")
        text = in_prose(r, url)
        found = [text[f.start:f.end] for f in scan(text) if f.category == "secret"]
        assert len(found) == 1 and covered(text, value) is not None, url
        assert "page=" in text and not any("page=" in piece for piece in found)


def test_azure_keys_and_shared_access_signatures_are_found() -> None:
    r = random.Random("azure")
    for _ in range(VARIANTS):
        key = base64.b64encode(r.randbytes(64)).decode()
        sig = quote(base64.b64encode(r.randbytes(32)).decode(), safe="")
        account = r.choice(WORDS) + str(r.randrange(99))
        samples = [
            (key, f"DefaultEndpointsProtocol=https;AccountName={account};AccountKey={key};"
                  "EndpointSuffix=core.windows.net"),
            (key, f"Endpoint=sb://{account}.servicebus.windows.net/;SharedAccessKeyName="
                  f"RootManageSharedAccessKey;SharedAccessKey={key}"),
            (f"sv=2022-11-02&ss=b&sig={sig}", f"BlobEndpoint=https://{account}.blob.core.windows.net/;"
                                              f"SharedAccessSignature=sv=2022-11-02&ss=b&sig={sig}"),
            (sig, f"https://{account}.blob.core.windows.net/c/f.txt?sp=r&se=2030-01-01&sig={sig}"),
        ]
        for secret, text in samples:
            assert covered(text, secret) is not None, text


def test_webhook_urls_are_secrets_whole() -> None:
    r = random.Random("hooks")
    for _ in range(VARIANTS):
        hooks = [
            f"https://hooks.slack.com/services/T{rand(r, ALNUM, 8)}/B{rand(r, ALNUM, 10)}/"
            f"{rand(r, ALNUM, 24)}",
            f"https://discord.com/api/webhooks/{r.randrange(10**17, 10**18)}/{rand(r, ALNUM + '_-', 68)}",
            f"https://{r.choice(WORDS)}.webhook.office.com/webhookb2/{rand(r, HEX, 32)}@"
            f"{rand(r, HEX, 32)}/IncomingWebhook/{rand(r, HEX, 32)}",
            f"https://outlook.office.com/webhook/{rand(r, HEX, 36)}/IncomingWebhook/{rand(r, HEX, 32)}",
            f"https://chat.{r.choice(WORDS)}.example/hooks/{rand(r, ALNUM, 26)}",
        ]
        for hook in hooks:
            found = covered(in_prose(r, hook), hook)
            assert found is not None and found.entity == "webhook_url", hook


# ------------------------------------------------------------------ encoded layers

def _config_with_secret(r: random.Random) -> tuple[str, str]:
    secret = FAMILIES[r.choice(list(FAMILIES))](r)
    line = r.choice([f"export API_TOKEN={secret}", f"token: {secret}", f'{{"note": "{secret}"}}',
                     f"#cloud-config\nruncmd:\n  - curl -H 'x: {secret}' {_host(r)}"])
    return f"{r.choice(WORDS)}={r.randrange(99)}\n{line}\n", secret


def _encode(r: random.Random, text: str) -> str:
    raw = text.encode()
    return r.choice([base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode().rstrip("=")])


def test_a_secret_inside_base64_under_a_neutral_key_makes_the_whole_value_a_secret() -> None:
    r = random.Random("b64")
    for _ in range(VARIANTS * 2):
        config, secret = _config_with_secret(r)
        encoded = _encode(r, config)
        if r.random() < 0.4:
            encoded = _encode(r, encoded)  # two layers: a secret manifest of encoded config
        value = {"kind": "Secret", "data": {f"{r.choice(WORDS)}.conf": encoded}}
        out = json.dumps(shown("standard", value))
        assert encoded not in out and secret not in out and "[REDACTED:" in out


def test_a_secret_inside_percent_encoding_makes_the_whole_value_a_secret() -> None:
    r = random.Random("pct")
    for _ in range(VARIANTS):
        password = rand(r, ALNUM, 12)
        inner = f"postgres://{r.choice(WORDS)}:{password}@{_host(r)}/db"
        layered = quote(inner, safe="")
        if r.random() < 0.5:
            layered = base64.b64encode(layered.encode()).decode()
        url = f"https://{_host(r)}/login?next={quote(inner, safe='')}"
        for text in (url, layered):
            assert covered(text, text.rsplit("=", 1)[-1] if text is url else text) is not None
        assert password not in json.dumps(shown("standard", {"link": url, "blob": layered}))


def _password(r: random.Random) -> str:
    """A password no token pattern knows: words, digits and punctuation, no fixed prefix."""
    return f"{r.choice(WORDS).title()}{r.choice('!#%&*-.')}{r.choice(WORDS)}{r.randrange(10, 9999)}"


def test_an_encoded_user_password_pair_is_a_secret_under_any_key() -> None:
    """HTTP Basic and registry `auth` fields are base64 of `user:password`: no pattern sees the
    password, so the pair itself is the secret, in prose too."""
    r = random.Random("pairs")
    for _ in range(VARIANTS * 2):
        user = r.choice([r.choice(WORDS), f"{r.choice(WORDS)}@{_host(r)}", f"svc-{r.choice(WORDS)}"])
        password = _password(r)
        encoded = _encode(r, f"{user}:{password}")
        value = {r.choice(WORDS): encoded, "note": f"docker login with {encoded} {r.choice(WORDS)}",
                 "list": [encoded]}
        out = json.dumps(shown("standard", value))
        assert encoded not in out and password not in out, value


def test_decoded_host_port_pairs_sentences_and_documents_are_not_whole_secrets() -> None:
    """Only a whole `user:password` layer or a script counts: `host:port`, a sentence with a
    colon, a JSON or YAML document are scanned as text, not taken whole."""
    r = random.Random("not-pairs")
    for _ in range(VARIANTS):
        for text in (f"{_host(r)}:{r.randrange(1, 65535)}",
                     f"{r.choice(WORDS)} note: {' '.join(r.choices(WORDS, k=5))}",
                     json.dumps({r.choice(WORDS): r.choice(WORDS)}),
                     f"{r.choice(WORDS)}: {r.choice(WORDS)}\n"):
            assert inherently_secret(text) is None, text


def test_an_encoded_provisioning_script_is_user_data_under_any_key() -> None:
    """cloud-init and boot scripts carry passwords in forms no pattern knows (`chpasswd` lists
    `user:password` lines): decoded, a script is user data whatever key holds it."""
    r = random.Random("scripts")
    for _ in range(VARIANTS * 2):
        password = _password(r)
        script = r.choice([
            f"#cloud-config\nchpasswd:\n  list: |\n    {r.choice(WORDS)}:{password}\n  expire: false\n",
            f"#!/bin/bash\necho '{r.choice(WORDS)}:{password}' | chpasswd\n",
            f"<powershell>\nnet user {r.choice(WORDS)} {password} /add\n</powershell>\n"])
        encoded = _encode(r, script)
        out = json.dumps(shown("standard", {r.choice(WORDS): {"blob": encoded}}))
        assert encoded not in out and password not in out and "[REDACTED:" in out


@pytest.mark.parametrize("key", ["custom_data", "customData", "CustomData", "startup-script",
                                 "startupScript", "cloud_init", "cloudInit", "cloud-config"])
def test_provisioning_script_keys_are_user_data(key: str) -> None:
    assert DEFAULT.key_rule(key).kind == "sensitive"
    assert DEFAULT.key_rule(key).entity == "user_data"


def test_encoded_layers_are_opened_at_most_twice_and_plain_ones_stay() -> None:
    r = random.Random("depth")
    config, _ = _config_with_secret(r)
    once = base64.b64encode(config.encode()).decode()
    thrice = base64.b64encode(base64.b64encode(once.encode())).decode()
    assert covered(once, once) is not None and covered(thrice, thrice) is None
    for _ in range(VARIANTS):
        benign = [base64.b64encode(" ".join(r.choices(WORDS, k=8)).encode()).decode(),
                  base64.b64encode(r.randbytes(48)).decode(), quote(" ".join(r.choices(WORDS, k=4)))]
        assert shown("standard", {"v": benign}) == {"v": benign}


def test_the_prefilter_offers_a_detector_exactly_when_one_of_its_literals_occurs() -> None:
    prefilter = Prefilter(ALL)
    r = random.Random("prefilter")
    for det in ALL:
        for literal in det.literals:
            text = f"{rand(r, string.ascii_lowercase, 6)} {literal} {'x' * det.min_len}"
            assert det in prefilter.candidates(text.lower(), len(text), 0.0), (det.name, literal)
    bare = "plain words only " * 12
    offered = prefilter.candidates(bare, len(bare), 0.0)
    assert offered and all(d.digit or not d.literals for d in offered)


def test_an_encoded_token_that_wraps_an_identifier_is_pseudonymized_under_strict_only() -> None:
    """A pagination token or an opaque id that is base64 of `{"arn": ...}` shows the ARN to anyone
    who decodes it: under `strict` the whole token is a pseudonym; `standard` keeps it usable."""
    r = random.Random("encoded-ids")
    for _ in range(VARIANTS * 2):
        account = str(r.randrange(10**11, 10**12))
        inner = r.choice([
            {"LastEvaluatedKey": {"arn": f"arn:aws:lambda:eu-west-1:{account}:function:{r.choice(WORDS)}"}},
            {"owner": f"{r.choice(WORDS)}.{r.choice(WORDS)}@{_host(r)}", "page": r.randrange(9)},
            {"next": r.randrange(99), "account": account}])
        token = _encode(r, json.dumps(inner))
        value = {"NextToken": token, "note": f"resume with {token} later"}
        strict = json.dumps(shown("strict", value))
        assert token not in strict and account not in strict and "encoded-id-" in strict
        assert shown("standard", value) == value
    benign = _encode(r, json.dumps({"page": 3, "sort": "name", "order": "asc", "size": 50}))
    assert shown("strict", {"NextToken": benign}) == {"NextToken": benign}
