"""Pseudonyms resolve from the key and the data, whoever issued them (guarantees.md 1)."""

from __future__ import annotations

from types import MappingProxyType

from cloudg_lab.privacy.vault import Vault

DATA = MappingProxyType({
    "billing-db-01": "resource_name", "i-0a1b2c3d4e5f60718": "asset_id",
    "111122223333": "aws_account_id", "7ddc072e-dc71-411e-92e1-6a274106cb38": "azure_subscription_id",
    "team-analytics-7": "gcp_project", "Dana O'Neil": "person", "ops@corp.example.org": "email",
    "10.20.30.40": "private_ip", "build.svc.internal": "hostname",
})
ENTITIES = {"asset_id": "resource_name", "gcp_project": "gcp_project_id"}


def _issuer_and_reader(key: str = "shared-key") -> tuple[Vault, Vault]:
    issuer, reader = Vault(key), Vault(key)
    for vault in (issuer, reader):
        vault.derive_from(lambda: DATA)
    return issuer, reader


def test_every_atomic_shape_resolves_in_a_vault_that_never_issued_it() -> None:
    issuer, reader = _issuer_and_reader()
    for real, entity in DATA.items():
        pseudonym = issuer.tokenize(real, ENTITIES.get(entity, entity), avoid=DATA)
        assert pseudonym != real
        assert reader.detokenize(pseudonym) == real, entity


def test_the_cheap_tier_is_built_at_prepare_and_the_rest_on_first_miss() -> None:
    issuer, reader = _issuer_and_reader()
    reader.prepare()
    assert "global" in reader._digests and "global" not in reader._full
    account = issuer.tokenize("111122223333", "aws_account_id", avoid=DATA)
    assert reader.detokenize(account) == "111122223333"
    assert "global" in reader._full


def test_a_miss_changes_nothing() -> None:
    issuer, reader = _issuer_and_reader()
    before = (len(reader), reader.names_version, reader.generation)
    for probe in ("res-0123456789", "person-abcdefabcd", "999999999999", "not a pseudonym"):
        assert reader.detokenize(probe) is None
    assert (len(reader), reader.names_version, reader.generation) == before
    assert reader.tokenize("billing-db-01", "resource_name", avoid=DATA) == \
        issuer.tokenize("billing-db-01", "resource_name", avoid=DATA)


def test_another_key_or_namespace_resolves_nothing() -> None:
    issuer, _ = _issuer_and_reader("key-one")
    other = Vault("key-two")
    other.derive_from(lambda: DATA)
    pseudonym = issuer.tokenize("billing-db-01", "resource_name", avoid=DATA)
    assert other.detokenize(pseudonym) is None
    _, reader = _issuer_and_reader("key-one")
    assert reader.detokenize(pseudonym, "p:mallory") is None
    assert reader.detokenize(pseudonym) == "billing-db-01"


def test_a_value_no_longer_loaded_no_longer_resolves() -> None:
    issuer = Vault("k")
    data = {"billing-db-01": "resource_name"}
    reader = Vault("k")
    reader.derive_from(lambda: data)
    pseudonym = issuer.tokenize("billing-db-01", "resource_name")
    data = {}
    assert reader.detokenize(pseudonym) is None


def test_components_of_composite_values_resolve_though_no_asset_is_named_so() -> None:
    data = MappingProxyType({
        "arn:aws:lambda:eu-central-2:444455556666:function:nightly-export-x9": "aws_arn",
        "/subscriptions/2f0c6d5e-1a2b-4c3d-9e8f-0a1b2c3d4e5f/resourceGroups/rg-ledger/providers/"
        "Microsoft.Sql/servers/ledger-sql-eu": "azure_resource_id"})
    issuer, reader = Vault("k"), Vault("k")
    reader.derive_from(lambda: data)
    for real, entity in data.items():
        pseudonym = issuer.tokenize(real, entity, avoid=data)
        assert pseudonym != real and reader.detokenize_text(pseudonym) == real
