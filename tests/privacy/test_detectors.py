"""Detectors per family: what each finds (and only the sensitive part), key rules, policy detectors."""

from __future__ import annotations

import pytest

from cloudg_lab.errors import PolicyError
from cloudg_lab.policy import Policy
from cloudg_lab.policy.model import DetectorSpec
from cloudg_lab.privacy.detectors import DEFAULT, compile_detectors

ALL = DEFAULT.select(lambda d: True, "tests-all")


def found(text: str, detectors: object = DEFAULT) -> list[tuple[str, str, str]]:
    selection = detectors.select(lambda d: True, "tests-all")  # type: ignore[attr-defined]
    return [(text[f.start:f.end], f.entity, f.detector)
            for f in detectors.scan(text, selection)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "secret", "entity", "detector"), [
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
     "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----", "private_key",
     "private_key"),
    ("t eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl x",
     "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", "jwt", "jwt"),
    ("postgres://app:s3cretPw@db.example.com/x", "s3cretPw", "password", "url_credentials"),
    ("Server=x;User Id=sa;Password=S3cr3t!;", "S3cr3t!", "password", "connection_string_secret"),
    ("DefaultEndpointsProtocol=https;AccountKey=abcdEFGH1234abcdEFGH1234==;",
     "abcdEFGH1234abcdEFGH1234==", "azure_storage_key", "azure_storage_key"),
    ("https://x.blob.core.windows.net/c?sv=2020&sig=AbCdEfGh12345678%2BIjKlMn",
     "AbCdEfGh12345678%2BIjKlMn", "azure_sas_signature", "azure_sas_signature"),
    ("gh ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
     "api_token", "github_token"),
    ("xoxb-1234567890-abcdefghij", "xoxb-1234567890-abcdefghij", "api_token", "slack_token"),
    ("AIzaSyA1234567890abcdefghijklmnopqrstuv", "AIzaSyA1234567890abcdefghijklmnopqrstuv",
     "api_token", "google_api_key"),
    ("sk_live_abcdefghijklmnop1234", "sk_live_abcdefghijklmnop1234", "api_token", "stripe_key"),
    ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyz",
     "authorization_header", "authorization_header"),
    ('{"client_secret": "q8Zr!x77"}', "q8Zr!x77", "secret", "secret_assignment"),
    ("export AWS_SECRET=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key", "aws_secret_access_key"),
    ("key AKIAIOSFODNN7EXAMPLE used", "AKIAIOSFODNN7EXAMPLE", "aws_access_key_id",
     "aws_access_key_id"),
])
def test_secrets_and_credentials_are_found_alone(text: str, secret: str, entity: str,
                                                 detector: str) -> None:
    assert found(text) == [(secret, entity, detector)] or (secret, entity, detector) in found(text)
    assert all(e in ("secret", "credential") for e in
               [DEFAULT._by_name[d].category for _, _, d in found(text) if d == detector])


@pytest.mark.parametrize(("text", "entity"), [
    ("arn:aws:ec2:us-east-1:123456789012:instance/i-0abc", "aws_arn"),
    ("/subscriptions/8a9a021e-a648-47dd-8683-9eb905b6e6e3/resourceGroups/rg/providers/"
     "Microsoft.Compute/virtualMachines/vm1", "azure_resource_id"),
    ("//compute.googleapis.com/projects/acme-core-42/zones/us-east1-b/instances/vm",
     "gcp_resource_name"),
    ("cloudg://assets/payments-db", "cloudg_uri"),
    ("AIDAJQABLZS4A3QDU576Q", "aws_unique_id"),
    ("o-abcdef1234", "aws_org_id"),
    ("ou-ab12-abcdefgh12", "aws_ou_id"),
    ("123456789012", "aws_account_id"),
    ("alice@corp.example.com", "email"),
    ("10.1.2.3", "private_ip"),
    ("54.12.1.9", "public_ip"),
    ("127.0.0.1", "special_ip"),
    ("10.0.0.0/16", "private_cidr"),
    ("0.0.0.0/0", "special_cidr"),
    ("2600:1f18::1", "public_ip"),
    ("2001:db8::1", "public_ip"),  # documentation ranges stand for real hosts in examples
    ("203.0.113.0/24", "public_cidr"),
    ("192.0.2.10", "public_ip"),
    ("198.18.0.1", "special_ip"),
    ("00:1a:2b:3c:4d:5e", "mac_address"),
    ("db-1.internal.example.com", "hostname"),
    ("phone +441234567890", "phone_number"),
])
def test_identifiers_pii_and_addresses_are_typed(text: str, entity: str) -> None:
    assert [e for _, e, _ in found(f"see {text} here")] == [entity]


@pytest.mark.parametrize("text", [
    "ec2.amazonaws.com", "s3.us-east-1.amazonaws.com", "12:30:45", "t3.micro", "v1.2.3",
    "20240101123000", "hello world", "config.yaml",
])
def test_lookalikes_are_not_findings(text: str) -> None:
    assert found(text) == []


def test_the_more_specific_detector_wins_an_overlap() -> None:
    arn = "arn:aws:iam::123456789012:role/x"
    assert found(f"{arn} and bob@mail.example.com") == [
        (arn, "aws_arn", "aws_arn"), ("bob@mail.example.com", "email", "email")]


@pytest.mark.parametrize(("key", "kind", "entity"), [
    ("password", "sensitive", "password"), ("db_password", "sensitive", "password"),
    ("apiKey", "sensitive", "api_token"), ("X-Api-Key", "sensitive", "api_token"),
    ("Authorization", "sensitive", "authorization_header"),
    ("private_key", "sensitive", "private_key"), ("user_data", "sensitive", "user_data"),
    ("credentials", "sensitive", "credentials"),
    ("password_id", "none", None), ("secret_arn", "typed", "aws_arn"), ("token_count", "none", None),
    ("NextToken", "none", None), ("has_password", "none", None),
    ("accountId", "typed", "aws_account_id"), ("subscription_id", "typed", "azure_subscription_id"),
    ("owner", "typed", "person"), ("vpc_id", "typed", "resource_name"),
    ("source_account", "typed", "aws_account_id"), ("parent_id", "typed", "resource_name"),
    ("role_arn", "typed", "aws_arn"), ("hostname", "typed", "hostname"),
    ("dataset", "typed", "dataset_name"), ("org_id", "typed", "aws_org_id"),
    ("tags", "tags", None), ("id", "asset", "resource_name"), ("cursor", "skip", None),
    ("cloudg/transforms", "skip", None), ("description", "none", None),
])
def test_key_rules(key: str, kind: str, entity: str | None) -> None:
    rule = DEFAULT.key_rule(key)
    assert (rule.kind, rule.entity) == (kind, entity)


@pytest.mark.parametrize(("tag", "kind", "entity"), [
    ("owner", "typed", "person"), ("TechnicalContact", "typed", "person"),
    ("Name", "typed", "resource_name"), ("env", "none", None), ("cost-center", "none", None),
    ("db_password", "sensitive", "password"), ("service", "typed", "tag_value"),
])
def test_tag_rules(tag: str, kind: str, entity: str | None) -> None:
    rule = DEFAULT.key_rule(tag, tag=True)
    assert (rule.kind, rule.entity) == (kind, entity)


def test_policy_detectors_add_replace_and_scope() -> None:
    specs = [DetectorSpec(name="employee", entity="employee_id", category="pii",
                          pattern=r"\bE-\d{5}\b"),
             DetectorSpec(name="badge", entity="badge", category="pii", pattern=r"B(?P<v>\d{4})",
                          keys=["badge*"]),
             DetectorSpec(name="email", entity="email", category="pii", pattern=r"\bmail:\w+")]
    detectors = compile_detectors(specs, ["jwt"])
    assert found("staff E-12345 mail:bob", detectors) == [
        ("E-12345", "employee_id", "employee"), ("mail:bob", "email", "email")]
    assert "email" not in {e for _, e, _ in found("bob@x.example.com", detectors)}
    selection = detectors.select(lambda d: True, "x")
    scoped = detectors.key_rule("badge_no")
    assert [(f.start, f.end) for f in detectors.scan("B1234", selection, scoped)] == [(1, 5)]
    assert detectors.scan("B1234", selection) == []
    assert found("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln", detectors) == []


def test_unknown_disabled_detector_is_a_policy_error() -> None:
    with pytest.raises(ValueError, match="unknown detector 'nope'"):
        compile_detectors([], ["nope"])
    with pytest.raises(PolicyError, match="detectors: disabled_detectors: unknown detector 'nope'"):
        Policy.load({"disabled_detectors": ["nope"]})


def test_disabled_key_rule_family() -> None:
    assert compile_detectors([], ["sensitive_key"]).key_rule("password").kind == "none"


def test_describe_lists_labels_never_patterns() -> None:
    rows = DEFAULT.describe("secret")
    assert rows and all(r["category"] == "secret" for r in rows)
    assert all(set(r) == {"name", "entity", "category", "confidence", "kind", "enabled", "builtin",
                          "description"} for r in DEFAULT.describe())
    assert {"sensitive_key", "uuid"} <= {r["name"] for r in DEFAULT.describe()}
