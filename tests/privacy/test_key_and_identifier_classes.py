"""Key names, look-alike markers, passphrases, hosts, addresses, e-mails and numbers per class, on
generated variants; and the input guard refusing credentials."""

from __future__ import annotations

import json
import random
import string
from typing import Any

import pytest

from cloudg_lab import Principal
from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.policy import Policy
from cloudg_lab.privacy.detectors import DEFAULT
from cloudg_lab.privacy.hosts import CLOUD_ROOTS
from tests.privacy.test_detector_classes import ALNUM, FAMILIES, VARIANTS, WORDS, rand, scan, shown

# ------------------------------------------------------------------ key names


@pytest.mark.parametrize("key", [
    "passwords", "api_keys", "apiKey", "apiKeys", "API-KEY", "client_secrets", "privateKey",
    "secretAccessKey", "connectionStrings", "x-api-key", "authTokens", "DBPassword", "dbPasswords",
    "Ocp-Apim-Subscription-Key", "x-functions-key", "SESSION_TOKENS", "passPhrase", "[REDACTED:x] pwd"])
def test_plural_and_variant_secret_key_names_are_marked_like_the_singular(key: str) -> None:
    assert DEFAULT.key_rule(key).kind == "sensitive"
    assert DEFAULT.key_rule(key, tag=True).kind == "sensitive"
    phrase = " ".join(random.Random(key).choices(WORDS, k=4))
    entity = DEFAULT.key_rule(key).entity
    marker = f"[REDACTED:{entity}]"
    expected = {} if entity == "private_key" else {key: {"primary": marker, "n": [marker]}}
    assert shown("standard", {key: {"primary": phrase, "n": [phrase]}}) == expected  # keys dropped


@pytest.mark.parametrize("key", ["secretName", "tokenType", "passwordLastUsed", "apiKeyId",
                                 "secret_arn", "privateKeyName", "TokenTypes", "secretsCount"])
def test_exempt_suffixes_hold_in_camel_case_too(key: str) -> None:
    assert DEFAULT.key_rule(key).kind != "sensitive"
    assert shown("standard", {key: "visible-value"}) == {key: "visible-value"}


@pytest.mark.parametrize("key", ["passwords", "apiKeys", "API-KEY", "client_secret", "DB_PASSWORD",
                                 "auth", "_authToken", "x-api-key", "secretAccessKey", "privateKey"])
def test_assignments_in_text_follow_the_key_rules(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        value = rand(r, ALNUM + "!*#%.-", r.randrange(8, 30))
        text = r.choice([f"{key}={value}", f"{key}: {value}", f'{{"{key}": "{value}"}}',
                         f"set {key} = '{value}' now"])
        assert any(f.category == "secret" and text[f.start:f.end] == value for f in scan(text)), text
    for benign in ("token_type", "passwordLastUsed", "secretName", "NextToken", "authority", "secretary"):
        assert scan(f"{benign}: {rand(r, string.ascii_lowercase, 9)}") == []


def test_name_value_pairs_that_name_a_secret_rule_their_value() -> None:
    r = random.Random("pairs")
    for _ in range(VARIANTS):
        secret = rand(r, ALNUM + "*#", 14)
        name = r.choice(["DB_PASSWORD", "apiKey", "ClientSecret", "SESSION_TOKEN"])
        pairs = [{"Name": name, "Value": secret}, {"ParameterKey": name, "ParameterValue": secret},
                 {"key": name, "value": secret}, {"name": name, "value": secret}]
        plain = {"Name": "LOG_LEVEL", "Value": r.choice(WORDS)}
        out = shown("standard", {"env": [*pairs, plain]})
        assert secret not in json.dumps(out) and out["env"][-1] == plain



def test_name_value_pairs_written_as_text_rule_their_value_by_the_name() -> None:
    """The same pairs as text: a Kubernetes env list in YAML, CloudFormation parameters or an
    ECS environment as JSON inside a string. The name decides, as for the dicts above."""
    r = random.Random("text-pairs")
    for _ in range(VARIANTS):
        secret = rand(r, ALNUM + "*#", 14)
        name = r.choice(["DB_PASSWORD", "apiKey", "ClientSecret", "SESSION_TOKEN", "/prod/app/db_password"])
        plain = rand(r, ALNUM, 12)
        texts = [
            f"spec:\n  containers:\n  - env:\n    - name: {name}\n      value: {secret}\n"
            f"    - name: LOG_LEVEL\n      value: {plain}\n",
            json.dumps([{"ParameterKey": name, "ParameterValue": secret},
                        {"ParameterKey": "Env", "ParameterValue": plain}]),
            json.dumps({"environment": [{"name": name, "value": secret}, {"name": "TZ", "value": plain}]}),
        ]
        for text in texts:
            out = json.dumps(shown("standard", {r.choice(WORDS): text}))
            assert secret not in out and plain in out, text

# ------------------------------------------------------------------ look-alikes and passphrases

def test_a_look_alike_marker_mask_or_hash_is_scanned_like_any_text() -> None:
    r = random.Random("marker")
    for _ in range(VARIANTS):
        token = FAMILIES[r.choice(list(FAMILIES))](r)
        for text in (f"[REDACTED:{token}]", f"[REDACTED:password] {token}", f"****{token}",
                     f"api_token:{rand(r, '0123456789abcdef', 12)} {token}"):
            out = json.dumps(shown("standard", {"note": text, "list": [text]}))
            assert token not in out, text


def test_what_a_look_alike_marker_wraps_is_a_secret_and_our_own_markers_stay() -> None:
    r = random.Random("wraps")
    for _ in range(VARIANTS):
        secret = rand(r, ALNUM + "*#!%", 12)
        for text in (f"[REDACTED:{secret}]", f"[REDACTED:secret={secret}]",
                     f"x [REDACTED:token]{secret}[/REDACTED] y"):
            assert secret not in json.dumps(shown("standard", {"notes": text})), text
    policy = Policy.load({"extends": "standard", "detectors": [
        {"name": "badge", "entity": "Badge-No", "category": "pii", "pattern": r"\bB-\d{6}\b"}],
        "transforms": [{"type": "redact", "rules": {"pii": "redact", "secret": "redact"}}]})
    step = policy.output_pipeline(None, Principal.local())
    ctx = policy.transform_context(kind="tool", name="t", principal=Principal.local())
    once = step.apply({"note": f"badge B-{r.randrange(10**5, 10**6)} seen"}, ctx)
    assert once == {"note": "badge [REDACTED:Badge-No] seen"}
    ctx = policy.transform_context(kind="tool", name="t", principal=Principal.local())
    assert step.apply(once, ctx) == once


def test_markers_the_layer_wrote_stay_as_written_when_its_output_is_walked_again() -> None:
    """Under strict, names learned in a walk make `redact` walk its output once more: the marker
    it put under `owner` must stay the marker, not become a person's pseudonym."""
    out = shown("strict", {"name": "asset-zx-1", "type": "EC2", "provider": "AWS",
                           "owner": "password: tall quiet river", "note": "owner asset-zx-1"})
    assert out["owner"] == "[REDACTED:password]"
    assert out["name"].startswith("res-") and out["name"] in out["note"]


def test_a_multi_word_passphrase_is_redacted_whole() -> None:
    r = random.Random("phrase")
    for _ in range(VARIANTS):
        phrase = " ".join(r.sample(WORDS, r.randrange(3, 7)))
        key = r.choice(["password", "Passphrase", "db_password", "adminPwd", "pass_phrase"])
        texts = [f"{key}: {phrase}", f"the {key}: {phrase}.", f"db:\n  {key}: {phrase}\n  user: x",
                 f'{{"{key}": "{phrase}", "n": 1}} trailing', f"{key}='{phrase}'"]
        for text in texts:
            out = json.dumps(shown("standard", {"note": text, key: phrase}))
            assert not any(word in out for word in phrase.split()), (text, out)


# ------------------------------------------------------------------ hosts, addresses, e-mails

def _label(r: random.Random) -> str:
    return "-".join(r.choice([*WORDS, "app", "web", "01", "x", "y", "b"]) for _ in range(r.randrange(2, 4)))


def test_hyphenated_customer_labels_under_provider_suffixes_are_customer_hosts() -> None:
    r = random.Random("hosts")
    roots = [root for root in CLOUD_ROOTS if "." in root] + ["s3.amazonaws.com", "a.run.app"]
    for root in roots:
        host = f"{_label(r)}.{root}"
        text = f"endpoint {host}, ok"
        assert [(text[f.start:f.end], f.entity) for f in scan(text)] == [(host, "hostname")], host
        assert host.split(".", maxsplit=1)[0] not in json.dumps(shown("strict", {"note": text}))
    for provider in ("s3.us-east-1.amazonaws.com", "ec2.amazonaws.com", "management.azure.com",
                     "storage.googleapis.com", "metadata.google.internal"):
        assert scan(f"call {provider} now") == []


@pytest.mark.parametrize("suffix", ["internal", "local", "lan", "corp", "svc", "svc.cluster.local",
                                    "consul", "home.arpa", "intranet", "localdomain"])
def test_hosts_under_private_and_service_discovery_suffixes_are_found(suffix: str) -> None:
    r = random.Random(suffix)
    for _ in range(VARIANTS):
        host = ".".join([_label(r)] * r.randrange(1, 3)) + f".{suffix}"
        text = f"connect to {host}{r.choice(['', '.', ':5432', ','])} now"
        assert [(text[f.start:f.end], f.entity) for f in scan(text)] == [(host, "hostname")], text


def test_an_ip_followed_by_punctuation_is_found_and_longer_dotted_numbers_are_not() -> None:
    r = random.Random("ip")
    for _ in range(VARIANTS * 2):
        ip = f"{r.choice([10, 54, 172, 192])}.{r.randrange(256)}.{r.randrange(256)}.{r.randrange(1, 255)}"
        text = f"reach {ip}{r.choice(['.', '!', '?', ',', ';', ')', '.)', '...'])} then"
        assert [text[f.start:f.end] for f in scan(text)] == [ip], text
        assert scan(f"version {ip}.{r.randrange(9)} and v1.{ip}") == []


def test_unicode_e_mail_addresses_are_found() -> None:
    r = random.Random("mail")
    locals_ = ["josé.garcía", "françois", "müller", "łukasz.wiśniewski", "用户", "søren+ops", "ana_o"]
    domains = ["bücher.de", "exämple.com", "例子.广告", "xn--bcher-kva.de", "corp.例え.jp", "mail.рф"]
    for _ in range(VARIANTS * 2):
        mail = f"{r.choice(locals_)}{r.randrange(99)}@{r.choice(domains)}"
        text = f"contact {mail}{r.choice(['', '.', ','])} today"
        assert [(text[f.start:f.end], f.entity) for f in scan(text)] == [(mail, "email")], text
        assert mail not in json.dumps(shown("strict", {"note": text}), ensure_ascii=False)


# ------------------------------------------------------------------ numbers by key

def test_numbers_under_id_like_keys_are_identifiers_and_counts_stay_counts_at_any_size() -> None:
    r = random.Random("numbers")
    for _ in range(VARIANTS):
        account = r.randrange(10**11, 10**12)
        trusted = [r.randrange(10**11, 10**12) for _ in range(r.randrange(1, 4))]
        counts = {key: r.choice([100_000, 2_500_000, 10**12 + r.randrange(10**9), r.randrange(99)])
                  for key in ("assets", "total", "count", "resources", "accounts", "members")}
        value = {"account_id": account, "ownerAccountId": account, "trusted_accounts": trusted,
                 "projectNumber": r.randrange(10**11, 10**12), "payer_account": float(account),
                 **counts}
        out = shown("strict", value)
        text = json.dumps(out)
        assert all(str(n) not in text for n in (account, *trusted, value["projectNumber"]))
        assert isinstance(out["trusted_accounts"], list) and len(out["trusted_accounts"]) == len(trusted)
        assert {key: out[key] for key in counts} == counts


# ------------------------------------------------------------------ the input guard

def test_an_access_key_id_alone_is_refused_in_arguments_under_standard() -> None:
    r = random.Random("akia")
    policy = Policy.load("standard")
    guard = policy.input_pipeline(None, Principal.local())
    for _ in range(VARIANTS):
        key_id = r.choice(["AKIA", "ASIA"]) + rand(r, string.ascii_uppercase + string.digits, 16)
        ctx = policy.transform_context(kind="tool", name="find_assets", principal=Principal.local())
        arguments: dict[str, Any] = {"query": r.choice([key_id, f"who owns {key_id}?"])}
        with pytest.raises(InvalidArgumentsError) as caught:
            guard.apply(arguments, ctx)
        assert caught.value.data == {"entities": ["aws_access_key_id"]}
        assert key_id not in str(caught.value) and key_id not in json.dumps(caught.value.data)
    plain = {"query": f"{r.choice(WORDS)} {rand(r, ALNUM, 10)}"}
    ctx = policy.transform_context(kind="tool", name="find_assets", principal=Principal.local())
    assert guard.apply(plain, ctx) == plain


# ------------------------------------------------------------------ numbers under secret keys


@pytest.mark.parametrize("number", [4821.75, -0.5, 1e-3, 7.0, 123456789012.0, 31337])
@pytest.mark.parametrize("profile", ["standard", "strict"])
def test_any_number_under_a_secret_named_key_is_the_secret(profile: str, number: float) -> None:
    out = shown(profile, {"db_password": number, "extra": {"api_keys": [number]}, "ratio": number})
    text = json.dumps(out)
    assert "db_password" in out and out["db_password"] != number
    assert str(number) not in text.replace(f'"ratio": {json.dumps(number)}', "")
    assert out["ratio"] == number  # a fraction under a plain key is a number


@pytest.mark.parametrize("field", ["region", "provider", "asset_type", "severity"])
@pytest.mark.parametrize("key", ["group_by", "sort_by", "order_by", "partition_by", "groupBy", "SORT_BY"])
def test_a_field_to_arrange_by_is_not_a_person_but_an_approver_is(key: str, field: str) -> None:
    assert DEFAULT.key_rule(key).entity != "person"
    out = shown("strict", {key: field, "approved_by": "Ivo Marsh", "owned_by": "Dana Ortiz"})
    assert out[key] == field
    assert "Ivo Marsh" not in json.dumps(out) and "Dana Ortiz" not in json.dumps(out)


def test_account_ids_written_the_console_way_are_found_and_longer_groups_are_not() -> None:
    """The AWS console writes an account id as `1234-5678-9012`: the same identifier, so a
    strict caller may not see it; a card-like `1234-5678-9012-3456` or a date is no account."""
    r = random.Random("dashed")
    for _ in range(6):
        digits = f"{r.randrange(10**11, 10**12)}"
        dashed = f"{digits[:4]}-{digits[4:8]}-{digits[8:]}"
        text = f"{r.choice(['account', 'acct', 'payer'])} {dashed}{r.choice(['', '.', ',', ')'])} ok"
        found = [f for f in DEFAULT.scan(text, DEFAULT.select(lambda d: True, "dashed"))
                 if f.entity == "aws_account_id"]
        assert [text[f.start:f.end] for f in found] == [dashed]
        assert dashed not in json.dumps(shown("strict", {"note": text}))
        longer = f"{dashed}-{r.randrange(1000, 9999)} on 2026-12-01"
        assert not [f for f in DEFAULT.scan(longer, DEFAULT.select(lambda d: True, "dashed"))
                    if f.entity == "aws_account_id"]



def test_a_cloudg_uri_of_no_pseudonymized_kind_is_scanned_to_its_end() -> None:
    """Only `cloudg://assets|datasets|findings/<ref>` have a reference to swap; any other
    `cloudg://` text (a typo, an invented kind) is text, so a real name it quotes is still found."""
    from pathlib import Path

    from cloudg_lab import Layer

    estate = Path(__file__).parents[1] / "fixtures" / "example-estate"
    layer = Layer(policy="strict", datasets={"example": estate}, vault_key="k")
    r = random.Random("uris")
    for _ in range(6):
        real = r.choice(["payments-batch-role", "prod-ledger-db", "sg-ledger-cache", "391417776317"])
        kind = r.choice(["nothing", "asset", "policy", "x-" + rand(r, ALNUM, 4)])
        text = f"see cloudg://{kind}/{r.choice(WORDS)}/{real} {r.choice(WORDS)}"
        out = layer.policy.scrub(text, Principal.local())
        assert real not in out and f"cloudg://{kind}/" in out, out
