"""Input transforms (`guard_secrets`, `depseudonymize`) and the `reveal` helper."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from typing import Any

import pytest

from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.privacy.pipeline import TransformContext, build_pipeline
from cloudg_lab.privacy.reveal import reveal
from cloudg_lab.privacy.transforms.sanitize import FENCE_CLOSE, FENCE_OPEN

Ctx = Callable[..., TransformContext]
TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"


def guard(arguments: Any, ctx: TransformContext, **options: Any) -> Any:
    return build_pipeline([{"type": "guard_secrets", **options}], "input_transforms").apply(
        arguments, ctx)


def reverse(arguments: Any, ctx: TransformContext, **options: Any) -> Any:
    return build_pipeline([{"type": "depseudonymize", **options}], "input_transforms").apply(
        arguments, ctx)


def test_a_secret_anywhere_is_refused_by_entity_type(make_ctx: Ctx) -> None:
    with pytest.raises(InvalidArgumentsError) as caught:
        guard({"query": "x", "filters": {"note": [f"token {TOKEN}"]}}, make_ctx())
    error = caught.value
    assert error.code == -32602
    assert error.message == ("Arguments appear to contain secrets (api_token); refusing to process "
                             "them. Pass resource references, never credentials.")
    assert error.data == {"entities": ["api_token"]}
    assert TOKEN not in str(error.data)


@pytest.mark.parametrize("arguments", [{"password": "x"}, {"auth": {"user": "u"}},
                                       {"opts": {"api_key": 12345}}, {"secret": 0.25},
                                       {"opts": [{"client_secrets": [-3.5]}]}])
def test_arguments_named_like_secrets_are_refused(make_ctx: Ctx, arguments: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentsError, match="contain secrets"):
        guard(arguments, make_ctx())


@pytest.mark.parametrize("arguments", [{"password": ""}, {"password_id": "p-1"},
                                       {"has_token": True}, {"token": None}, {"auth": {}},
                                       {"ref": "arn:aws:s3:::bucket"}])
def test_harmless_arguments_pass(make_ctx: Ctx, arguments: dict[str, Any]) -> None:
    assert guard(arguments, make_ctx()) == arguments


def test_skip_arguments_and_redact_mode(make_ctx: Ctx) -> None:
    ctx = make_ctx(name="reveal_token")
    assert guard({"token": "res-0123456789"}, ctx, skip_arguments=["reveal_token.token"]) == \
        {"token": "res-0123456789"}
    ctx = make_ctx()
    out = guard({"q": f"use {TOKEN}", "password": "p"}, ctx, action="redact")
    assert out == {"q": "use [REDACTED:api_token]", "password": "[REDACTED:password]"}
    assert ctx.report.to_dict()["redacted_arguments"] == {"api_token": 1, "password": 1}


def test_depseudonymize_whole_embedded_fenced_and_numbers(make_ctx: Ctx) -> None:
    ctx = make_ctx()
    vault = ctx.vault
    account = vault.tokenize("123456789012", "aws_account_id")
    arn = vault.tokenize("arn:aws:ec2:us-east-1:123456789012:instance/i-0abc1234def567890", "aws_arn")
    name = vault.tokenize("payments-db", "resource_name")
    out = reverse({"ref": arn, "text": f"compare {name} with {account}.",
                   "built": f"arn:aws:ec2:us-east-1:{account}:instance/*",
                   "uri": f"cloudg://assets/{name}/neighbors", "fenced": f"{FENCE_OPEN}{name}{FENCE_CLOSE}",
                   "n": int(account), "lookalike": "res-0123456789", name: [name]}, ctx)
    assert out == {"ref": "arn:aws:ec2:us-east-1:123456789012:instance/i-0abc1234def567890",
                   "text": "compare payments-db with 123456789012.",
                   "built": "arn:aws:ec2:us-east-1:123456789012:instance/*",
                   "uri": "cloudg://assets/payments-db/neighbors", "fenced": "payments-db",
                   "n": 123456789012, "lookalike": "res-0123456789", "payments-db": ["payments-db"]}
    assert ctx.report.to_dict()["depseudonymized"]["aws_account_id"] == 3


def test_depseudonymize_stays_in_its_namespace_and_skips(make_ctx: Ctx) -> None:
    ctx = make_ctx(namespace="p:bob", name="reveal_token")
    name = ctx.vault.tokenize("payments-db", "resource_name", "p:alice")
    assert reverse({"ref": name}, ctx) == {"ref": name}
    mine = ctx.vault.tokenize("payments-db", "resource_name", "p:bob")
    assert reverse({"ref": mine, "token": mine}, ctx, skip_arguments=["reveal_token.token"]) == \
        {"ref": "payments-db", "token": mine}


def test_reveal(make_ctx: Ctx) -> None:
    vault = make_ctx().vault
    name = vault.tokenize("payments-db", "resource_name", "p:alice")
    assert reveal(vault, name, "p:alice") == {"pseudonym": name, "found": True,
                                              "value": "payments-db", "entity_type": "resource_name"}
    text = f"is {name} up?"
    assert reveal(vault, text, "p:alice") == {"pseudonym": text, "found": True,
                                              "value": "is payments-db up?", "replaced": 1,
                                              "entity_types": ["resource_name"]}
    assert reveal(vault, name, "p:bob") == {"pseudonym": name, "found": False, "value": None}
    with pytest.raises(ValueError, match="at most 20,000"):
        reveal(vault, "x" * 20_001, "p:alice")


KNOWN = {"payments-db-01": "resource_name", "123456789012": "aws_account_id",
         "arn:aws:iam::aws:policy/ReadOnlyAccess": "aws_arn", "Tr0ub4dor&3": "password"}
SLOTS = {"pseudonym_arguments": ["*.ref", "*.account_id"], "skip_arguments": ["t.query"]}


def refuse(arguments: Any, ctx: TransformContext) -> Any:
    return build_pipeline([{"type": "refuse_real_identifiers", **SLOTS}], "input_transforms").apply(
        arguments, ctx)


@pytest.mark.parametrize("arguments", [{"ref": "payments-db-01"}, {"ref": "never-heard-of-it"},
                                       {"ref": " 123456789012 "}, {"account_id": 123456789012},
                                       {"account_id": "000000000000"}, {"ref": "Tr0ub4dor&3"}])
def test_anything_unissued_in_a_slot_is_refused_real_or_invented(
        make_ctx: Ctx, arguments: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentsError) as caught:
        refuse(arguments, make_ctx(known=KNOWN))
    argument = next(iter(arguments))
    argument = argument if argument.isidentifier() else "(undeclared)"  # a name can be a value
    assert caught.value.message == (f"Argument '{argument}' is not an identifier this server "
                                    "issued. Under this policy identifiers are pseudonyms: pass "
                                    "them exactly as results show them.")
    assert caught.value.data == {"argument": argument}
    assert "Tr0ub4dor&3" not in {row[2] for row in caught_vault(arguments, make_ctx)}


def caught_vault(arguments: dict[str, Any], make_ctx: Ctx) -> list[Any]:
    """The vault's rows after a refused call: a known secret must never have entered it."""
    ctx = make_ctx(known=KNOWN)
    with pytest.raises(InvalidArgumentsError):
        refuse(arguments, ctx)
    return list(ctx.vault.export()["entries"])


@pytest.mark.parametrize("seed", range(4))
def test_a_refused_real_value_leaves_the_vault_as_an_invented_one_does(make_ctx: Ctx, seed: int) -> None:
    """A refusal must leave no trace: a vault entry made for the real value alone would show in
    the vault's counts (`privacy_status`) and tell it from an invented one."""
    rng = random.Random(seed)
    account = "".join(rng.choices(string.digits, k=12))
    name = "-".join("".join(rng.choices(string.ascii_lowercase, k=5)) for _ in range(3))
    known = {**KNOWN, account: "aws_account_id", name: "resource_name",
             f"arn:aws:iam::{account}:role/{name}": "aws_arn"}
    for real in set(known) - {"arn:aws:iam::aws:policy/ReadOnlyAccess"}:
        ctx = make_ctx(known=known)
        with pytest.raises(InvalidArgumentsError):
            refuse({"ref": real}, ctx)
        assert ctx.vault.export()["entries"] == [], real
    owned = make_ctx(known=KNOWN)  # what identifies nothing still passes, and is not kept
    assert refuse({"ref": "arn:aws:iam::aws:policy/ReadOnlyAccess"}, owned)
    assert owned.vault.export()["entries"] == []


@pytest.mark.parametrize("seed", range(4))
def test_a_shown_arn_with_a_guessed_real_account_swapped_in_is_refused(make_ctx: Ctx, seed: int) -> None:
    """It reverses to a real ARN as the shown one does; accepting it would confirm the guess."""
    rng = random.Random(seed)
    account, name = "".join(rng.choices(string.digits, k=12)), f"svc-{rng.randrange(10**6)}"
    real = f"arn:aws:iam::{account}:role/{name}"
    ctx = make_ctx(known={real: "aws_arn", account: "aws_account_id", name: "resource_name"})
    shown = ctx.vault.tokenize(real, "aws_arn")
    assert refuse({"ref": shown}, ctx) == {"ref": shown}
    swapped = shown.replace(ctx.vault.tokenize(account, "aws_account_id"), account)
    assert swapped != shown
    with pytest.raises(InvalidArgumentsError):
        refuse({"ref": swapped}, ctx)


def test_pseudonyms_clear_values_skipped_arguments_and_partial_completions_pass(make_ctx: Ctx) -> None:
    ctx = make_ctx(known=KNOWN)
    shown = ctx.vault.tokenize("payments-db-01", "resource_name")
    passing = {"ref": f"{FENCE_OPEN}{shown}{FENCE_CLOSE}", "account_id": "",
               "query": "payments-db-01", "text": "payments-db", "other": "none",
               "policy": "arn:aws:iam::aws:policy/ReadOnlyAccess"}
    assert refuse(passing, ctx) == passing
    # outside the slots real values are free text, answered as invented text would be
    free = {"note": "payments-db-01", "data": {"x": [" 123456789012 "]}, "n": 123456789012,
            "payments-db-01": 1, "secretish": "Tr0ub4dor&3"}
    assert refuse(free, ctx) == free
    completion = make_ctx(known=KNOWN, kind="completion")
    for partial in ("paym", "payments-db-01"):
        assert refuse({"ref": partial}, completion) == {"ref": partial}


def test_depseudonymize_notes_every_real_value_it_put_back(make_ctx: Ctx) -> None:
    ctx = make_ctx()
    name = ctx.vault.tokenize("payments-db", "resource_name")
    account = ctx.vault.tokenize("123456789012", "aws_account_id")
    reverse({"ref": name, "text": f"in {account} please", "other": "res-0123456789"}, ctx)
    assert ctx.reversed == {"payments-db": "resource_name", "123456789012": "aws_account_id"}
