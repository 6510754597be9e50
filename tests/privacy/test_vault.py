"""The vault's API: look-ups, reversal, listings for the widget, export and import, observers."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from cloudg_lab.policy.model import VaultConfig
from cloudg_lab.privacy.vault import MASK, Vault, VaultError


def test_lookup_never_creates_and_detokenize_only_knows_its_namespace() -> None:
    vault = Vault("k")
    assert vault.lookup("payments-db", "resource_name") is None and len(vault) == 0
    pseudonym = vault.tokenize("payments-db", "resource_name", "p:alice")
    assert vault.lookup("payments-db", "resource_name", "p:alice") == pseudonym
    assert vault.detokenize(pseudonym, "p:alice") == "payments-db"
    assert vault.detokenize(pseudonym, "p:bob") is None and vault.detokenize(pseudonym) is None
    assert vault.is_issued(pseudonym, "p:alice") and not vault.is_issued("payments-db", "p:alice")
    entry = vault.entry(pseudonym, "p:alice")
    assert entry is not None and entry.entity == "resource_name" and entry.last_used >= entry.created


def test_detokenize_text_replaces_only_issued_pseudonyms() -> None:
    vault = Vault("k")
    account = vault.tokenize("123456789012", "aws_account_id")
    name = vault.tokenize("payments-db", "resource_name")
    text = f"arn:aws:iam::{account}:role/x, {name}. Not res-0000000000 or 999999999999."
    assert vault.detokenize_text(text) == \
        "arn:aws:iam::123456789012:role/x, payments-db. Not res-0000000000 or 999999999999."


def test_mappings_mask_real_values_unless_revealed() -> None:
    vault = Vault("k")
    vault.tokenize("payments-db", "resource_name")
    vault.tokenize("123456789012", "aws_account_id", "p:bob")
    rows = vault.mappings()
    assert {r["real"] for r in rows} == {MASK}
    assert set(rows[0]) == {"pseudonym", "entity", "namespace", "created", "last_used", "real"}
    assert {r["real"] for r in vault.mappings(reveal=True)} == {"payments-db", "123456789012"}
    assert [r["namespace"] for r in vault.mappings(namespace="p:bob")] == ["p:bob"]


def test_stats_count_and_never_show_values_or_the_key() -> None:
    vault = Vault("secret-key-material")
    vault.tokenize("payments-db", "resource_name")
    vault.tokenize("10.0.0.1", "private_ip")
    stats = vault.stats()
    assert stats["entries"] == 2 and stats["entities"] == {"resource_name": 1, "private_ip": 1}
    assert stats["key_source"] == "argument" and len(stats["key_id"]) == 12
    text = str(stats)
    assert "payments-db" not in text and "secret-key-material" not in text


def test_export_import_round_trip_and_refusals() -> None:
    source = Vault("k")
    pseudonym = source.tokenize("payments-db", "resource_name")
    exported = source.export()
    target = Vault("k")
    assert target.import_(exported) == 1 and target.detokenize(pseudonym) == "payments-db"
    assert target.import_(exported) == 0  # nothing new, nothing contradicted
    with pytest.raises(VaultError, match="another key"):
        Vault("other").import_(exported)
    assert Vault("other").import_(exported, allow_other_key=True) == 1
    with pytest.raises(VaultError, match="not a vault export"):
        target.import_({"entries": []})
    contradicting = {**exported, "entries": [["global", "resource_name", "other-db", pseudonym, 0, 0]]}
    assert target.import_(contradicting) == 0 and target.detokenize(pseudonym) == "payments-db"


def test_clear_forgets_and_tells_listeners() -> None:
    vault = Vault("k")
    events: list[dict[str, Any]] = []
    unsubscribe = vault.subscribe(events.append)
    pseudonym = vault.tokenize("payments-db", "resource_name")
    generation = vault.generation
    vault.clear()
    assert vault.detokenize(pseudonym) is None and vault.generation == generation + 1
    assert [e["event"] for e in events] == ["added", "cleared"]
    assert "payments-db" not in str(events)
    unsubscribe()
    vault.tokenize("x-db", "resource_name")
    assert len(events) == 2


def test_a_failing_listener_does_not_break_tokenize(caplog: pytest.LogCaptureFixture) -> None:
    vault = Vault("k")

    def broken(event: dict[str, Any]) -> None:
        raise RuntimeError("widget gone")

    vault.subscribe(broken)
    assert vault.tokenize("payments-db", "resource_name").startswith("res-")
    assert "vault listener failed" in caplog.text


def test_concurrent_tokenize_gives_one_pseudonym_per_value() -> None:
    vault = Vault("k")
    values = [f"asset-{i % 50}" for i in range(400)]
    results: dict[str, set[str]] = {}
    lock = threading.Lock()
    barrier = threading.Barrier(8)

    def work(offset: int) -> None:
        barrier.wait(timeout=10)
        for value in values[offset:] + values[:offset]:
            pseudonym = vault.tokenize(value, "resource_name")
            with lock:
                results.setdefault(value, set()).add(pseudonym)

    threads = [threading.Thread(target=work, args=(n * 37,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert all(len(p) == 1 for p in results.values()) and len(vault) == 50
    assert all(vault.detokenize(next(iter(p))) == v for v, p in results.items())


def test_aliases_are_fixed_and_reversed_in_every_namespace() -> None:
    vault = Vault("k")
    vault.set_alias("111111111111", "prod-payments", "aws_account_id")
    assert vault.tokenize("111111111111", "aws_account_id", "p:any") == "prod-payments"
    assert vault.detokenize("prod-payments", "p:other") == "111111111111"
    assert vault.tokenize("prod-payments", "aws_account_id") == "prod-payments"
    with pytest.raises(VaultError, match="already used"):
        vault.set_alias("222222222222", "prod-payments")


def test_key_sources_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_VAULT_KEY", "from-env")
    config = VaultConfig(key_env="MY_VAULT_KEY")
    assert Vault.from_config(config).key_source == "env"
    assert Vault.from_config(config).key_id == Vault("from-env").key_id
    assert Vault.from_config(config, key="arg").key_source == "argument"
    assert Vault.from_config(VaultConfig(key="cfg", key_env="MY_VAULT_KEY")).key_source == "config"
    monkeypatch.delenv("MY_VAULT_KEY")
    random = Vault.from_config(config)
    assert random.key_source == "random" and random.key_id != Vault.from_config(config).key_id


def test_hash_is_keyed_and_labelled() -> None:
    a, b = Vault("k"), Vault("other")
    assert a.hash("payments-db", "resource_name") == Vault("k").hash("payments-db", "resource_name")
    assert a.hash("payments-db", "resource_name") != b.hash("payments-db", "resource_name")
    assert a.hash("x", "aws_account_id").startswith("aws_account_id:")
    assert len(a.hash("x", "e").split(":")[1]) == 12
