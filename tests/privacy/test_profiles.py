"""The shipped profiles load with these transforms, and policies configure them as data."""

from __future__ import annotations

import pytest

from cloudg_lab import Principal
from cloudg_lab.errors import PolicyError
from cloudg_lab.policy import Policy
from cloudg_lab.policy.model import PROFILES


@pytest.mark.parametrize("name", PROFILES)
def test_every_profile_loads_its_pipelines(name: str) -> None:
    policy = Policy.load(name)
    output = policy.output_pipeline(None, Principal.local()).names
    inputs = policy.input_pipeline(None, Principal.local()).names
    if name == "open":
        assert output == inputs == []
    else:
        assert output == ["sanitize", "redact", "project", "annotate"]
        first = ["refuse_real_identifiers"] if name == "strict" else []
        assert inputs == [*first, "depseudonymize", "guard_secrets"]


def test_strict_pseudonymizes_what_standard_keeps() -> None:
    value = {"name": "payments-db", "type": "EC2", "account_id": "123456789012",
             "password": "hunter22", "owner": "bob@corp.example.com"}
    shown = {}
    for name in ("standard", "strict"):
        policy = Policy.load(name)
        ctx = policy.transform_context(kind="tool", name="t", principal=Principal.local())
        shown[name] = policy.output_pipeline(None, Principal.local()).apply(value, ctx)
    assert shown["standard"] == {**value, "password": "[REDACTED:password]"}
    strict = shown["strict"]
    assert strict["password"] == "[REDACTED:password]" and strict["type"] == "EC2"
    assert strict["name"].startswith("res-") and strict["owner"].startswith("user-")
    assert strict["account_id"] != value["account_id"] and len(strict["account_id"]) == 12


def test_policy_detectors_and_transform_options_are_data() -> None:
    policy = Policy.load({"extends": "standard",
                          "detectors": [{"name": "employee", "entity": "employee_id",
                                         "category": "pii", "pattern": r"\bE-\d{5}\b"}],
                          "transforms": [{"type": "redact", "rules": {"employee_id": "hash"}}]})
    ctx = policy.transform_context(kind="tool", name="t", principal=Principal.local())
    out = policy.output_pipeline(None, Principal.local()).apply({"who": "E-12345 on call"}, ctx)
    assert out["who"].startswith("employee_id:") and out["who"].endswith(" on call")
    with pytest.raises(PolicyError, match=r"transforms\[0\]\.rules\.secret"):
        Policy.load({"transforms": [{"type": "redact", "rules": {"secret": "shred"}}]})
    with pytest.raises(PolicyError, match=r"input_transforms\[0\]\.type: unknown transform"):
        Policy.load({"input_transforms": [{"type": "unguard"}]})
