"""Secrets in the forms an outside red team found leaking (estates `larch` and `tundra`): more
vendor token families, command lines, HTTP headers and cookies, key names in other languages,
password hashes and encoded layers. Each class on generated variants, never the canaries."""

from __future__ import annotations

import base64
import gzip
import html
import json
import random
import string
import uuid
import zlib
from collections.abc import Callable
from urllib.parse import quote

import pytest

from cloudg_lab.privacy.detectors import DEFAULT
from cloudg_lab.privacy.sensitive import sensitive_values
from tests.privacy.test_detector_classes import (
    ALL,
    ALNUM,
    HEX,
    VARIANTS,
    WORDS,
    covered,
    found_whole_in_prose,
    in_prose,
    rand,
    shown,
)

B32 = string.ascii_uppercase + "234567"
UPPER_DIGITS = string.ascii_uppercase + string.digits

MORE_FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "docker_hub": lambda r: r.choice(["dckr_pat_", "dckr_oat_"]) + rand(r, ALNUM + "_-", 27),
    "tailscale": lambda r: f"tskey-{r.choice(['auth', 'api', 'client'])}-{rand(r, ALNUM, 12)}CNTRL-"
    + rand(r, ALNUM, 30),
    "pulumi": lambda r: "pul-" + rand(r, HEX, 40),
    "terraform_cloud": lambda r: f"{rand(r, ALNUM, 14)}.atlasv1.{rand(r, ALNUM + '_-', 67)}",
    "sentry": lambda r: r.choice(["sntrys_eyJ" + rand(r, ALNUM + "+/=", 70), "sntryu_" + rand(r, HEX, 64)]),
    "newrelic": lambda r: r.choice(["NRAK-", "NRII-"]) + rand(r, UPPER_DIGITS, 27),
    "heroku": lambda r: "HRKU-AA" + rand(r, ALNUM + "_-", 58),
    "mailgun": lambda r: "key-" + rand(r, HEX, 32),
    "bitbucket": lambda r: "ATBB" + rand(r, ALNUM, 32) + rand(r, HEX.upper(), 8),
    "figma": lambda r: "figd_" + rand(r, ALNUM + "_-", 40),
    "notion": lambda r: r.choice(["ntn_" + rand(r, ALNUM, 46), "secret_" + rand(r, ALNUM, 43)]),
    "supabase": lambda r: "sbp_" + rand(r, HEX, 40),
    "netlify": lambda r: "nfp_" + rand(r, ALNUM, 36),
    "planetscale": lambda r: r.choice(["pscale_tkn_", "pscale_pw_"]) + rand(r, ALNUM + "_", 43),
    "buildkite": lambda r: "bkua_" + rand(r, HEX, 40),
    "circleci": lambda r: f"CCIPAT_{rand(r, ALNUM, 22)}_{rand(r, HEX, 40)}",
    "sonar": lambda r: r.choice(["squ_", "sqp_", "sqa_"]) + rand(r, HEX, 40),
    "dynatrace": lambda r: f"dt0c01.{rand(r, B32, 24)}.{rand(r, B32, 64)}",
    "onepassword": lambda r: "ops_eyJ" + rand(r, ALNUM + "_-", 120),
    "rubygems": lambda r: "rubygems_" + rand(r, HEX, 48),
    "hubspot": lambda r: f"pat-{r.choice(['na1', 'eu1'])}-{uuid.UUID(int=r.getrandbits(128))}",
    "fly": lambda r: "fo1_" + rand(r, ALNUM + "_-", 43),
    "mapbox": lambda r: f"sk.eyJ1Ijoi{rand(r, ALNUM, 40)}.{rand(r, ALNUM + '_-', 22)}",
    "discord_bot": lambda r: f"{r.choice('MNO')}{rand(r, ALNUM, 23)}.{rand(r, ALNUM + '_-', 6)}."
    f"{rand(r, ALNUM + '_-', 38)}",
}


@pytest.mark.parametrize("family", MORE_FAMILIES)
def test_more_vendor_token_families_are_found_whole_wherever_they_stand(family: str) -> None:
    found_whole_in_prose(family, MORE_FAMILIES[family])


# ------------------------------------------------------------------ key names

FOREIGN = ["Passwort", "Kennwort", "contraseña", "senha", "mot_de_passe", "wachtwoord", "hasło",
           "salasana", "lösenord", "heslo", "пароль", "Пароль", "密码", "パスワード", "비밀번호"]
SHORT = ["PASS", "pass", "Pass", "PW", "pw", "Pw", "pwd"]
PREFIXES = ["smtp", "SMTP", "db", "ldap", "Admin", "keystore", "mail", "root", "bind", "wifi"]


def _secret_keys(r: random.Random) -> list[str]:
    """Keys that name a password: another language, or a short word after a prefix."""
    foreign = r.choice(FOREIGN)
    joint = r.choice(["_", "-", ".", ""])
    prefix = r.choice(PREFIXES)
    return [r.choice([foreign, f"{prefix}{joint}{foreign}", f"{foreign}{joint}{prefix}"]),
            f"{r.choice(PREFIXES)}{r.choice(['_', '-', ''])}{r.choice(SHORT)}",
            r.choice(["recovery_codes", "backupCodes", "mfa-seed", "totpSeed", "seed_phrase", "mnemonic"])]


@pytest.mark.parametrize("profile", ["standard", "strict"])
def test_password_keys_in_other_languages_and_short_forms_hide_their_value(profile: str) -> None:
    r = random.Random(profile)
    for _ in range(VARIANTS * 2):
        for key in _secret_keys(r):
            value = rand(r, ALNUM, 6) + r.choice("#!%*") + rand(r, ALNUM, 6)
            assert DEFAULT.key_rule(key).kind == "sensitive", key
            assert DEFAULT.key_rule(key, tag=True).kind == "sensitive", key
            assert value not in json.dumps(shown(profile, {key: value, "n": [{key: [value]}]})), key
            if key.isascii() or r.random() < 0.5:  # and as text: an env file, YAML, JSON in a string
                text = r.choice([f"{key}={value}", f"{key}: {value}", f'{{"{key}": "{value}"}}'])
                assert covered(in_prose(r, text), value) is not None, text


@pytest.mark.parametrize("key", ["bypass", "compass", "passage", "passenger_count", "password_last_used",
                                 "pw_rotation", "overpass_url", "passed", "compassion"])
def test_words_that_merely_contain_pass_or_pw_are_not_secret_keys(key: str) -> None:
    assert DEFAULT.key_rule(key).kind != "sensitive"
    assert shown("standard", {key: "visible-value"}) == {key: "visible-value"}


# ------------------------------------------------------------------ command lines

def _password(r: random.Random) -> str:
    return rand(r, ALNUM, r.randrange(4, 9)) + r.choice("#!%*._-") + rand(r, ALNUM, r.randrange(3, 9))


def _host(r: random.Random) -> str:
    return f"{r.choice(WORDS)}{r.randrange(9)}.{r.choice(['corp', 'internal', 'example.org', 'home'])}"


COMMANDS: tuple[Callable[[random.Random, str], str], ...] = (
    lambda r, pw: f"curl -sS {r.choice(['-u', '--user'])} {r.choice(WORDS)}:{pw} https://{_host(r)}/x",
    lambda r, pw: f"{r.choice(['mysql', 'mysqldump'])} -h {_host(r)} -u {r.choice(WORDS)} -p{pw} db",
    lambda r, pw: f"redis-cli -h {_host(r)} -p 6379 -a {pw} {r.choice(['ping', 'info'])}",
    lambda r, pw: f"sshpass -p {pw} ssh {r.choice(WORDS)}@{_host(r)}",
    lambda r, pw: f"ldapsearch -x -H ldap://{_host(r)} -D cn={r.choice(WORDS)} -w {pw} -b dc=x",
    lambda r, pw: f"smbclient //{_host(r)}/{r.choice(WORDS)} -U {r.choice(WORDS)}%{pw}",
    lambda r, pw: f"{r.choice(['docker', 'podman', 'helm registry'])} login -u ci -p {pw} {_host(r)}",
    lambda r, pw: f"{r.choice(['sqlplus', 'expdp', 'sqlldr'])} {r.choice(WORDS)}/{pw}@//{_host(r)}:1521/ORCL",
    lambda r, pw: f"echo '{_host(r)}:{r.choice(['5432', '*'])}:{r.choice(WORDS)}:app:{pw}' >> ~/.pgpass",
)


def test_passwords_on_command_lines_and_in_pgpass_lines_are_found() -> None:
    r = random.Random("commands")
    for command in COMMANDS:
        for _ in range(VARIANTS):
            pw = _password(r)
            text = command(r, pw)
            assert covered(text, pw) is not None, text
            assert pw not in json.dumps(shown("standard", {"steps": [f"run: {text}"]})), text


@pytest.mark.parametrize("text", [
    "mysql -h db -u root -p ledger", "curl -u admin https://x.example/", "redis-cli -h cache ping",
    "at 2024-01-02 12:30:45:123 the job ran", "fe80:1234:abcd:ef01:2345 is a prefix",
    "arn:aws:iam::123456789012:role/deployer", "docker login registry.example.org"])
def test_command_lines_without_a_password_keep_their_text(text: str) -> None:
    assert [f for f in DEFAULT.scan(text, ALL) if f.category == "secret"] == []


# ------------------------------------------------------------------ headers and cookies

Header = Callable[[random.Random], tuple[str, str]]


def _authorization(r: random.Random) -> tuple[str, str]:
    """(a header line, the secret in it) for a scheme no token pattern knows."""
    secret = rand(r, ALNUM + "_-", r.randrange(24, 48))
    value = r.choice([
        f"SSWS {secret}", f"Negotiate {secret}", f"NTLM {secret}", f"GenieKey {secret}",
        f'Digest username="{r.choice(WORDS)}", realm="api", nonce="{rand(r, HEX, 16)}", response="{secret}"',
        f"AWS4-HMAC-SHA256 Credential=AKIA/x/s3/aws4_request, SignedHeaders=host, Signature={secret}",
        f"Splunk {secret}", f"DSN {secret}"])
    name = r.choice(["Authorization", "authorization", "Proxy-Authorization", "AUTHORIZATION"])
    return f"{name}:{r.choice([' ', '  ', ''])}{value}", secret


def _cookie(r: random.Random) -> tuple[str, str]:
    secret = rand(r, ALNUM, r.randrange(20, 40))
    pairs = [f"{r.choice(WORDS)}_sid={secret}", f"csrftoken={rand(r, ALNUM, 16)}", "theme=dark"]
    r.shuffle(pairs)
    name = r.choice(["Cookie", "cookie", "Set-Cookie", "set-cookie"])
    return f"{name}: {'; '.join(pairs)}{r.choice(['', '; Path=/; HttpOnly'])}", secret


@pytest.mark.parametrize("make", [_authorization, _cookie])
def test_authorization_headers_of_any_scheme_and_cookie_headers_are_hidden(make: Header) -> None:
    r = random.Random(make.__name__)
    for _ in range(VARIANTS * 2):
        header, secret = make(r)
        text = r.choice([f"GET /{r.choice(WORDS)} HTTP/1.1\r\n{header}\r\nHost: x\r\n",
                         f"curl -sS -H '{header}' https://{r.choice(WORDS)}.example/",
                         f"{r.choice(WORDS)} said:\n{header}\n"])
        assert covered(text, secret) is not None, text
        assert secret not in json.dumps(shown("standard", {"log": text}))


@pytest.mark.parametrize("text", ["authorization: pending", "the cookie: chocolate chip",
                                  "Authorization is required", "cookie consent banner"])
def test_prose_about_headers_keeps_its_text(text: str) -> None:
    assert [f for f in DEFAULT.scan(text, ALL) if f.category == "secret"] == []


# ------------------------------------------------------------------ encoded layers

def _inner(r: random.Random, pw: str) -> str:
    key = r.choice(["password", "client_secret", "DB_PASSWORD", "apiKey", "token"])
    return r.choice([json.dumps({"user": r.choice(WORDS), key: pw}), f"{key}={pw}\n",
                     f"#!/bin/sh\nexport {key.upper()}='{pw}'\n"])


LAYERS: dict[str, Callable[[random.Random, str], str]] = {
    "gzip in base64": lambda r, text: base64.b64encode(gzip.compress(text.encode(), mtime=0)).decode(),
    "zlib in base64": lambda r, text: base64.b64encode(zlib.compress(text.encode())).decode(),
    "hex": lambda r, text: text.encode().hex() if r.random() < 0.5 else text.encode().hex().upper(),
    "HTML entities": lambda r, text: html.escape(text, quote=True),
    "JSON in JSON": lambda r, text: json.dumps(text),
    "base64 of %-encoding": lambda r, text: base64.b64encode(quote(text, safe="").encode()).decode(),
}


OPAQUE = ("gzip in base64", "zlib in base64", "hex", "base64 of %-encoding")
"""Layers whose whole token is the secret; the others are text, hidden at least where the secret is."""


@pytest.mark.parametrize("layer", LAYERS)
def test_secrets_inside_compressed_hex_html_and_escaped_layers_are_hidden(layer: str) -> None:
    r = random.Random(layer)
    for _ in range(VARIANTS):
        pw = _password(r) + rand(r, ALNUM, 4)
        encoded = LAYERS[layer](r, _inner(r, pw))
        text = r.choice([encoded, f"{r.choice(WORDS)}: {encoded}", f"release {encoded} ok"])
        assert covered(text, encoded if layer in OPAQUE else pw) is not None, (layer, text)
        assert encoded not in json.dumps(shown("standard", {"blob": text}), ensure_ascii=False)


@pytest.mark.parametrize("text", [
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "Tom &amp; Jerry &quot;live&quot; tonight", 'He said \\"hello\\" twice',
    "6465706c6f79206e6f7465733a20616c6c20676f6f64",  # hex of plain text without a secret
    base64.b64encode(gzip.compress(b"just a changelog, nothing secret here", mtime=0)).decode()])
def test_encoded_layers_without_a_secret_keep_their_text(text: str) -> None:
    assert [f for f in DEFAULT.scan(text, ALL) if f.category == "secret"] == []


# ------------------------------------------------------------------ hashes, access keys, URLs

B64 = ALNUM + "+/"
CRYPT = string.ascii_letters + string.digits + "./"


def _hash(r: random.Random) -> str:
    return r.choice([f"$2{r.choice('aby')}${r.randrange(4, 15):02d}${rand(r, CRYPT, 53)}",
                     f"$6$rounds=5000${rand(r, CRYPT, 16)}${rand(r, CRYPT, 86)}",
                     f"${r.choice(['1', 'apr1'])}${rand(r, CRYPT, 8)}${rand(r, CRYPT, 22)}",
                     f"$y$j9T${rand(r, CRYPT, 22)}${rand(r, CRYPT, 43)}",
                     f"$argon2id$v=19$m=65536,t=3,p=4${rand(r, B64, 22)}${rand(r, B64, 43)}"])


def test_password_hashes_are_secrets_in_shadow_htpasswd_and_prose() -> None:
    r = random.Random("hashes")
    for _ in range(VARIANTS * 2):
        digest = _hash(r)
        text = r.choice([f"root:{digest}:19500:0:99999:7:::", f"{r.choice(WORDS)}:{digest}",
                         f"hash was {digest} before rotation"])
        assert covered(text, digest) is not None, text


def test_access_key_ids_of_other_clouds_are_credentials() -> None:
    r = random.Random("access-keys")
    for _ in range(VARIANTS):
        key = r.choice(["LTAI" + rand(r, ALNUM, r.randrange(12, 21)), "AKID" + rand(r, ALNUM, 32),
                        "GOOG1E" + rand(r, UPPER_DIGITS, 55)])
        text = in_prose(r, key)
        assert covered(text, key, "credential") is not None, text
        assert key not in json.dumps(shown("standard", {"note": text}))


def test_a_password_in_a_url_may_hold_a_slash_and_a_port_before_a_path_is_no_password() -> None:
    r = random.Random("slash")
    for _ in range(VARIANTS):
        pw = f"{rand(r, ALNUM, 6)}/{rand(r, ALNUM, 6)}{r.choice(['+', '/', '='])}{rand(r, ALNUM, 3)}"
        url = f"{r.choice(['https', 'git+ssh', 'postgres'])}://{r.choice(WORDS)}:{pw}@{r.choice(WORDS)}.example/x"
        assert covered(in_prose(r, url), pw) is not None, url
    for url in ("https://registry.npmjs.org:443/@scope/pkg", "http://h.example:8080/a/@b/c"):
        assert [f for f in DEFAULT.scan(url, ALL) if f.category == "secret"] == [], url


# ------------------------------------------------------------------ pairs listed as arrays

def test_name_value_pairs_listed_as_two_item_arrays_are_classified_by_the_name() -> None:
    r = random.Random("list-pairs")
    for _ in range(VARIANTS):
        secret = _password(r) + rand(r, ALNUM, 4)
        name = r.choice(["X-Api-Key", "DB_PASSWORD", "Authorization", "client_secret", "SMTP_PASS"])
        plain = [r.choice(["region", "LOG_LEVEL", "Accept"]), r.choice(WORDS)]
        pairs = [[name, secret], plain]
        r.shuffle(pairs)
        found = sensitive_values([{"metadata": {r.choice(WORDS): r.choice([pairs, [pairs]])}}])
        assert found.get(secret) is not None and plain[1] not in found, pairs


# ------------------------------------------------------------------ values their record flags

def _flagged(r: random.Random, secret: str) -> str:
    flag = r.choice(['"sensitive": true', '"NoEcho": true', '"isSecret": true'])
    rest = f'"type": "string", "{r.choice(WORDS)}": {r.randrange(9)}'
    return r.choice([f'{{"value": "{secret}", {rest}, {flag}}}', f'{{{flag}, {rest}, "value": "{secret}"}}',
                     f'output "{r.choice(WORDS)}" {{\n  value     = "{secret}"\n  sensitive = true\n}}'])


def test_a_value_its_record_flags_secret_is_hidden_as_a_dict_and_as_text() -> None:
    r = random.Random("flagged")
    for _ in range(VARIANTS):
        secret = _password(r) + rand(r, ALNUM, 6)
        text = _flagged(r, secret)
        assert covered(text, secret) is not None, text
        flag = r.choice(["sensitive", "NoEcho"])
        outputs = {"outputs": {r.choice(WORDS): {"value": secret, "type": "string", flag: True}}}
        assert secret not in json.dumps(shown("standard", outputs)), outputs
        assert sensitive_values([outputs]).get(secret) is not None
    plain = {"outputs": {"region": {"value": "eu-west-1", "sensitive": False}}}
    assert shown("standard", plain) == plain


@pytest.mark.parametrize("key", ["psk", "wifi_psk", "passcode", "doorPasscode", "pin_code", "simPuk",
                                 "preSharedKey"])
def test_pre_shared_keys_passcodes_and_pins_are_secret_keys(key: str) -> None:
    assert DEFAULT.key_rule(key).kind == "sensitive"


def test_azure_devops_tokens_are_found_where_the_text_names_devops() -> None:
    r = random.Random("ado")
    for _ in range(VARIANTS):
        token = rand(r, string.ascii_lowercase, 40) + rand(r, "234567", 6) + rand(r, B32.lower(), 6)
        text = r.choice([f"az devops login using {token}", f"AZDO_PAT={token}", f"vsts feed token {token}."])
        assert covered(text, token) is not None, text


# ------------------------------------------------------------------ markup, layouts, more tools

LAYOUTS: tuple[Callable[[random.Random, str, str], str], ...] = (
    lambda r, key, pw: f"<config><user>{r.choice(WORDS)}</user><{key}>{pw}</{key}></config>",
    lambda r, key, pw: f'<appSettings>\n  <add key="{key}" value="{pw}" />\n</appSettings>',
    lambda r, key, pw: f"{r.choice(WORDS)}:\n  {key}: {r.choice(['|', '>-', '|+'])}\n    {pw}\n  user: x",
    lambda r, key, pw: f"{key.upper().replace('-', '_')}{' ' * r.randrange(1, 4)}{pw}",
)
TOOLS: tuple[Callable[[random.Random, str], str], ...] = (
    lambda r, pw: f"{r.choice(WORDS)} {r.choice(['-password', '-token', '-secret'])}{r.choice('= ')}{pw} -v",
    lambda r, pw: f"keytool -list -keystore ks.jks {r.choice(['-storepass', '-keypass'])} {pw}",
    lambda r, pw: f"openssl pkcs12 -in a.p12 {r.choice(['-passin', '-passout'])} pass:{pw} -nodes",
    lambda r, pw: f'$c = ConvertTo-SecureString "{pw}" -AsPlainText -Force',
    lambda r, pw: f"net user {r.choice(WORDS)} {pw} /add /domain",
)


def test_secrets_in_markup_yaml_blocks_and_spaced_env_lines_follow_the_key_rules() -> None:
    r = random.Random("layouts")
    for layout in LAYOUTS:
        for _ in range(VARIANTS):
            key = r.choice(["password", "ApiKey", "client-secret", "SMTP_PASS", "auth-token"])
            pw = _password(r) + str(r.randrange(10, 99))
            text = layout(r, key, pw)
            assert covered(text, pw) is not None, text
            assert pw not in json.dumps(shown("standard", {"file": text})), text
    for plain in ("<keyword>cloud</keyword>", "keys: |\n  a b c\n", "API_KEY rotation scheduled",
                  '<add key="LogLevel" value="Information" />'):
        assert [f for f in DEFAULT.scan(plain, ALL) if f.category == "secret"] == [], plain


def test_secrets_after_single_dash_flags_and_in_windows_commands_are_found() -> None:
    r = random.Random("tools")
    for tool in TOOLS:
        for _ in range(VARIANTS):
            pw = _password(r) + str(r.randrange(10, 99))
            text = tool(r, pw)
            assert covered(text, pw) is not None, text


@pytest.mark.parametrize("login", ["username", "user", "login", "user_name", "userName"])
def test_a_bare_key_beside_a_login_is_that_login_s_api_key(login: str) -> None:
    r = random.Random(login)
    for _ in range(VARIANTS):
        token = rand(r, HEX, 32)
        credentials = {login: r.choice(WORDS) + str(r.randrange(99)), "key": token}
        for value in (credentials, {"kaggle_json": json.dumps(credentials)}, [credentials]):
            assert token not in json.dumps(shown("standard", value)), value
    kept = {"key": "env", "value": "prod"}, {"key": "us-east-1", "region": "eu-west-1"}
    for value in kept:
        assert shown("standard", value) == value


def _opaque(r: random.Random) -> str:
    return "".join(r.choice(string.ascii_letters + string.digits) for _ in range(r.randrange(16, 40))) + \
        r.choice(["", "==", "-x9"])


def test_a_cookie_written_with_its_attributes_but_no_header_is_a_secret() -> None:
    r = random.Random("cookie string")
    for _ in range(VARIANTS):
        value = _opaque(r)
        attributes = r.sample(["Path=/", "HttpOnly", "Secure", "SameSite=Lax", "Domain=.example.org",
                               "Max-Age=3600", "Expires=Wed, 21 Oct 2026 07:28:00 GMT"], r.randrange(1, 4))
        name = r.choice(["session_id", "JSESSIONID", "sid", "connect.sid", "__Host-auth"])
        text = f"{r.choice(['', 'response sets ', 'cookie jar: '])}{name}={value}; " + "; ".join(attributes)
        assert value not in json.dumps(shown("standard", {"note": text})), text


def test_a_lowercase_key_set_apart_from_its_value_by_a_space_is_a_secret() -> None:
    r = random.Random("spaced lowercase")
    for _ in range(VARIANTS):
        value = _opaque(r)
        key = r.choice(["client-secret", "api_key", "db-password", "password", "token", "vault-token"])
        text = f"{r.choice(['', 'use ', 'set '])}{key} {value}"
        assert value not in json.dumps(shown("standard", {"note": text})), text


@pytest.mark.parametrize("text", ["the client-secret rotation is due", "rotate the api-key monthly",
                                  "set password policy now", "token expired yesterday", "lang=en; Path=/"])
def test_prose_about_a_secret_and_short_cookies_stay(text: str) -> None:
    assert shown("standard", {"note": text}) == {"note": text}


def test_a_secret_glued_to_letters_its_pattern_does_not_know_is_hidden_through_the_token() -> None:
    """The patterns' edges are ASCII: a secret followed by a superscript, an accented letter or
    another script's digit ends inside a token. The whole token is hidden (no tail is left
    glued to the marker), and the answer read again is the same answer."""
    r = random.Random("glued tails")
    families = [*MORE_FAMILIES.values(), lambda r: rand(r, ALNUM + "/+", 40)]  # an AWS secret key
    for _ in range(VARIANTS):
        secret = r.choice(families)(r)
        tail = "".join(r.choice("²³éßøñ٣一") for _ in range(r.randint(1, 2))) + str(r.randrange(10, 9999))
        word = r.choice(WORDS)
        for profile in ("standard", "strict"):
            once = shown(profile, {"note": f"{word} {secret}{tail} {word}"})
            assert tail not in once["note"] and secret[-6:] not in once["note"], (profile, once)
            assert once["note"].startswith(word + " ") and once["note"].endswith(" " + word), once
            assert shown(profile, once) == once


def test_a_spacing_accent_glued_after_a_marker_is_no_value_it_labels() -> None:
    """A secret's token ends before a spacing accent (`¯`, `´`, `¨`), which is left glued to the
    marker; NFKC reads the accent as a space and a combining mark, so a second pass took what
    followed for a value the marker labels (hypothesis found it): redaction is idempotent."""
    r = random.Random("spacing accents")
    for _ in range(VARIANTS):
        secret = "wJalrXUtnFEMI/K7MDENG/" + "".join(r.choice(string.ascii_letters) for _ in range(18))
        value = {secret + r.choice(["", "㐀", "é"]) + r.choice("¯´¨¸˜˘") + str(r.randrange(100, 999)): None}
        once = shown("standard", value)
        assert secret not in json.dumps(once) and shown("standard", once) == once, once


def test_a_control_character_glued_after_a_marker_is_no_value_it_labels() -> None:
    """A control character (an escape, a bell) left after a secret's token opens no value the
    marker labels: a second pass over redacted text took `\\x1b00²` for one (hypothesis found it)."""
    r = random.Random("control characters")
    for _ in range(VARIANTS):
        secret = "wJalrXUtnFEMI/K7MDENG/" + "".join(r.choice(string.ascii_letters) for _ in range(18))
        tail = chr(r.choice([*range(1, 9), *range(14, 32), 127])) + str(r.randrange(100, 9999))
        for value in ({secret + tail: None}, [f"{secret}{tail}"]):
            once = shown("standard", value)
            assert secret not in json.dumps(once) and shown("standard", once) == once, once


def test_redacted_text_holding_compatibility_characters_is_not_decoded_again() -> None:
    """What `redact` wrote is ours, in its decoded reading too: `[REDACTED:...]{00²` read as
    `{002` (NFKC) was taken for a value the marker labels on a second pass (hypothesis found it)."""
    r = random.Random("compatibility characters")
    for _ in range(VARIANTS):
        secret = "wJalrXUtnFEMI/K7MDENG/" + "".join(r.choice(string.ascii_letters) for _ in range(18))
        tail = r.choice("{(<|-.:") + str(r.randrange(10, 99)) + r.choice("²³¹½ⁿ")
        for value in ({secret + r.choice(["", "¹", "²"]) + tail: None}, [f"{secret}{tail}"]):
            once = shown("standard", value)
            assert secret not in json.dumps(once) and shown("standard", once) == once, once
