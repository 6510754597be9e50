"""`redact` (actions, rule precedence, keys, tags, JSON text, name mentions), `annotate`, `alias`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from cloudg_lab.errors import PolicyError
from cloudg_lab.privacy.pipeline import TransformContext, build_pipeline

Ctx = Callable[..., TransformContext]
AKIA = "AKIAIOSFODNN7EXAMPLE"


def redact(rules: dict[str, str], value: Any, ctx: TransformContext, **options: Any) -> Any:
    return build_pipeline([{"type": "redact", "rules": rules, **options}]).apply(value, ctx)


@pytest.mark.parametrize(("action", "expected", "section", "mark"), [
    ("redact", "[REDACTED:aws_access_key_id]", "redacted", "redacted"),
    ("mask", "*" * 16 + "MPLE", "masked", "masked"),
    ("hash", re.compile(r"aws_access_key_id:[0-9a-f]{12}"), "hashed", "hashed"),
    ("pseudonymize", re.compile(r"AKIA[A-Z2-7]{16}"), "pseudonymized", "pseudonym"),
])
def test_actions(make_ctx: Ctx, action: str, expected: Any, section: str, mark: str) -> None:
    ctx = make_ctx(path="/s")
    out = redact({"credential": action}, {"k": AKIA}, ctx)
    assert expected.fullmatch(out["k"]) if isinstance(expected, re.Pattern) else out["k"] == expected
    assert out["k"] != AKIA and ctx.report.to_dict() == {section: {"aws_access_key_id": 1}}
    assert [(m.path, m.kind, m.entity) for m in ctx.marks] == [("/s/k", mark, "aws_access_key_id")]


def test_drop_removes_the_field_or_item_and_keep_keeps(make_ctx: Ctx) -> None:
    pem = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----"
    ctx = make_ctx()
    out = redact({"private_key": "drop"}, {"key": pem, "list": [pem, "ok"], "private_key": "x"}, ctx)
    assert out == {"list": ["ok"]} and ctx.report.to_dict() == {"dropped": {"private_key": 3}}
    assert redact({"private_key": "drop"}, pem, make_ctx()) == "[REDACTED:private_key]"
    assert redact({"secret": "keep"}, {"password": "x"}, make_ctx()) == {"password": "x"}


def test_most_specific_rule_wins(make_ctx: Ctx) -> None:
    value = {"a": "10.1.2.3", "b": "54.1.2.3", "c": "127.0.0.1", "d": "bob@corp.example.com"}
    rules = {"network": "redact", "ip_address": "hash", "public_ip": "mask", "pii": "redact",
             "email": "keep"}
    out = redact(rules, value, make_ctx())
    assert out["a"].startswith("private_ip:") and out["b"] == "******.3"
    assert out["c"] == "127.0.0.1" and out["d"] == "bob@corp.example.com"


def test_sensitive_keys_redact_their_subtree_not_flags(make_ctx: Ctx) -> None:
    value = {"credentials": {"user": "svc", "pin": 1234, "enabled": True, "empty": ""},
             "password_last_used": "2024-01-01", "auth_type": "oauth"}
    out = redact({"secret": "redact"}, value, make_ctx())
    assert out["credentials"] == {"user": "[REDACTED:credentials]", "pin": "[REDACTED:credentials]",
                                  "enabled": True, "empty": ""}
    assert out["password_last_used"] == "2024-01-01" and out["auth_type"] == "oauth"


def test_secrets_in_keys_and_lists_and_json_text(make_ctx: Ctx) -> None:
    ctx = make_ctx(path="/r")
    text = json.dumps({"password": "hunter2", "n": [AKIA]}, indent=2)
    value = {AKIA: 1, "nested": [[f"use {AKIA} now"]], "text": text}
    out = redact({"secret": "redact", "credential": "redact"}, value, ctx)
    assert list(out) == ["[REDACTED:aws_access_key_id]", "nested", "text"]
    assert out["nested"] == [["use [REDACTED:aws_access_key_id] now"]]
    assert json.loads(out["text"]) == {"password": "[REDACTED:password]",
                                       "n": ["[REDACTED:aws_access_key_id]"]}
    assert "\n" in out["text"]
    assert {m.path for m in ctx.marks} == {"/r/[REDACTED:aws_access_key_id]", "/r/nested/0/0",
                                           "/r/text"}


STRICT = {"identifier": "pseudonymize", "network": "pseudonymize", "pii": "pseudonymize",
          "free_text": "pseudonymize", "secret": "redact"}


def test_typed_keys_tags_and_asset_names(make_ctx: Ctx) -> None:
    ctx = make_ctx()
    asset = {"id": "db-1", "name": "payments-db", "type": "RDS", "account_id": "acme-core-42",
             "tags": {"owner": "Dana Ortiz", "Name": "payments-db", "env": "prod",
                      "team": "payments"},
             "tag_list": [{"Key": "owner", "Value": "Dana Ortiz"}]}
    out = redact(STRICT, {"asset": asset, "finding": {"id": "f-1", "name": "open port"}}, ctx)
    a = out["asset"]
    assert a["id"].startswith("res-") and a["name"] == a["tags"]["Name"] != a["id"]
    assert a["account_id"].startswith("proj-") and a["type"] == "RDS"
    assert a["tags"]["owner"].startswith("person-") and a["tags"]["env"] == "prod"
    assert a["tags"]["team"].startswith("tag-")
    assert out["finding"] == {"id": "f-1", "name": "open port"}
    assert asset["name"] == "payments-db"


def test_numbers_under_name_typed_keys_are_counts_unless_id_sized(make_ctx: Ctx) -> None:
    ctx = make_ctx()
    out = redact(STRICT, {"assets": 16, "resource_id": 4_021_998_877, "account_id": 123456789012,
                          "password": 1234}, ctx)
    assert out["assets"] == 16
    assert isinstance(out["resource_id"], str) and out["resource_id"] != "4021998877"
    assert isinstance(out["account_id"], str) and len(out["account_id"]) == 12
    assert out["account_id"] != "123456789012" and out["password"] != 1234


def test_tag_lists_use_the_key_of_each_pair(make_ctx: Ctx) -> None:
    out = redact(STRICT, {"tags": [{"Key": "owner", "Value": "Dana Ortiz"},
                                   {"Key": "env", "Value": "prod"}]}, make_ctx())
    assert out["tags"][0]["Value"].startswith("person-") and out["tags"][0]["Key"] == "owner"
    assert out["tags"][1] == {"Key": "env", "Value": "prod"}


def test_known_names_in_free_text(make_ctx: Ctx) -> None:
    ctx = make_ctx(known={"payments-db": "resource_name", "billing db": "resource_name",
                          "main": "resource_name"})
    out = redact(STRICT, {"description": "payments-db talks to billing db on main; payments-dbx"},
                 ctx)
    pseudonym = ctx.vault.lookup("payments-db", "resource_name")
    other = ctx.vault.lookup("billing db", "resource_name")
    assert out["description"] == f"{pseudonym} talks to {other} on main; payments-dbx"


def test_names_learned_later_in_the_walk_are_rewritten_earlier_too(make_ctx: Ctx) -> None:
    ctx = make_ctx()
    value = {"summary": "restart api-gw-7 first", "items": [{"name": "api-gw-7", "type": "EC2"}]}
    out = redact(STRICT, value, ctx)
    assert out["summary"] == f"restart {out['items'][0]['name']} first"
    assert ctx.report.to_dict()["pseudonymized"] == {"resource_name": 2}


def test_standard_rules_leave_identifiers(make_ctx: Ctx) -> None:
    value = {"arn": "arn:aws:s3:::b", "owner": "bob@corp.example.com", "ip": "10.0.0.1"}
    ctx = make_ctx(known={"b": "resource_name"})
    assert redact({"secret": "redact", "credential": "mask"}, value, ctx) == value
    assert not ctx.report


def test_the_input_is_never_mutated_and_300_levels_deep_work(make_ctx: Ctx) -> None:
    value: Any = {"arn": "arn:aws:s3:::b"}
    for _ in range(150):
        value = {"down": [value, AKIA]}
    frozen = json.loads(json.dumps(value))
    out = redact(STRICT | {"credential": "redact"}, value, make_ctx())
    assert value == frozen
    depth, cursor = 0, out
    while "down" in cursor:
        assert cursor["down"][1] == "[REDACTED:aws_access_key_id]"
        cursor, depth = cursor["down"][0], depth + 1
    assert depth == 150 and cursor["arn"].startswith("arn:aws:s3:::res-")


def test_unknown_shapes_pass_through_and_are_counted(make_ctx: Ctx) -> None:
    ctx = make_ctx()
    odd = {"t": (1, 2), "s": {3}, "b": b"AKIA", "n": float("nan")}
    out = redact(STRICT, odd, ctx)
    assert out["t"] == (1, 2) and out["b"] == b"AKIA"
    assert ctx.report.to_dict()["passed_through"] == {"tuple": 1, "set": 1, "bytes": 1}


def test_bad_options_name_the_step() -> None:
    with pytest.raises(PolicyError, match=r"transforms\[0\]\.rules\.secret"):
        build_pipeline([{"type": "redact", "rules": {"secret": "shred"}}])
    with pytest.raises(PolicyError, match=r"transforms\[0\]\.max_chars"):
        build_pipeline([{"type": "project", "max_chars": 3}])


def test_annotate_sets_classification_provenance_and_content_annotations(make_ctx: Ctx) -> None:
    ctx = make_ctx(dataset="prod", sensitivity="confidential", path="/structuredContent")
    pipeline = build_pipeline([{"type": "redact", "rules": STRICT},
                               {"type": "annotate", "inline": True}])
    out = pipeline.apply({"account_id": "123456789012", "password": "x"}, ctx)
    report = ctx.report.to_dict()
    classification = report["annotations"]["classification"]
    assert classification["pseudonymized_entities"] == ["aws_account_id"]
    assert classification["withheld_entities"] == ["password"] and "pass them back" in \
        classification["note"]
    provenance = report["annotations"]["provenance"]
    assert provenance["dataset"] == ctx.vault.lookup("prod", "dataset_name")
    assert provenance["policy"] == "test" and provenance["name"] == "t"
    assert report["content_annotations"] == {"audience": ["user", "assistant"], "priority": 0.6}
    assert out["_annotations"]["provenance"]["dataset"].startswith("ds-")
    restricted = make_ctx(sensitivity="restricted", dataset="prod")
    build_pipeline([{"type": "annotate"}]).apply({}, restricted)
    assert restricted.report.to_dict()["content_annotations"]["audience"] == ["user"]
    assert restricted.report.to_dict()["annotations"]["provenance"]["dataset"] == "prod"


def test_alias_before_redact(make_ctx: Ctx) -> None:
    ctx = make_ctx(path="/s")
    pipeline = build_pipeline([
        {"type": "alias", "aliases": {"111111111111": "prod-payments"}, "entity": "aws_account_id"},
        {"type": "redact", "rules": STRICT}])
    out = pipeline.apply({"account_id": "111111111111", "arn": "arn:aws:iam::111111111111:role/r",
                          "other": "222222222222"}, ctx)
    assert out["account_id"] == "prod-payments"
    assert re.fullmatch(r"arn:aws:iam::prod-payments:role/res-[0-9a-f]{10}", out["arn"])
    assert out["other"] != "222222222222"
    assert ctx.report.to_dict()["aliased"] == {"aws_account_id": 2}
    assert ctx.vault.detokenize("prod-payments", "p:someone") == "111111111111"
    with pytest.raises(PolicyError, match="share one alias"):
        build_pipeline([{"type": "alias", "aliases": {"a": "x", "b": "x"}}])
