"""Policy documents: schema, `extends` merging, loading and error messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from cloudg_lab import Policy, PolicyError
from cloudg_lab.policy.model import merge, resolve


def test_merge_rules_scalars_replace_maps_merge_denies_union_lists_concatenate():
    base = {"name": "b", "audit": False, "deny_tools": ["a", "b"], "rules": [{"name": "r1"}],
            "roles": {"admin": {"allow_capabilities": ["reveal"]}},
            "vault": {"scope": "global", "path": "/x"}, "transforms": [{"type": "redact"}],
            "allow_tools": ["x"]}
    child = {"audit": True, "deny_tools": ["b", "c"], "rules": [{"name": "r2"}],
             "roles": {"lead": {"max_sensitivity": "restricted"}}, "vault": {"scope": "principal"},
             "transforms": [{"type": "annotate"}], "allow_tools": ["y"]}
    merged = merge(base, child)
    assert merged["audit"] is True
    assert merged["deny_tools"] == ["a", "b", "c"]
    assert [r["name"] for r in merged["rules"]] == ["r1", "r2"]
    assert set(merged["roles"]) == {"admin", "lead"}
    assert merged["vault"] == {"scope": "principal", "path": "/x"}
    assert merged["transforms"] == [{"type": "annotate"}]
    assert merged["allow_tools"] == ["y"]


def test_extends_follows_a_file_chain(tmp_path: Path):
    (tmp_path / "base.yaml").write_text("name: base\ndeny_tools: [drop_*]\naudit_size: 50\n")
    (tmp_path / "child.yaml").write_text(f"name: child\nextends: {tmp_path / 'base.yaml'}\n"
                                         "deny_tools: [wipe]\n")
    policy = Policy.load(tmp_path / "child.yaml")
    assert policy.name == "child" and policy.model.extends == str(tmp_path / "base.yaml")
    assert policy.model.deny_tools == ["drop_*", "wipe"] and policy.model.audit_size == 50
    assert policy.audit.size == 50


def test_extends_cycles_are_reported(tmp_path: Path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(f"extends: {b}\n")
    b.write_text(f"extends: {a}\n")
    with pytest.raises(PolicyError, match="deeper than 8 levels"):
        Policy.load(a)


@pytest.mark.parametrize(("text", "expected"), [
    ("name: x\nhide_denied: maybe\n", "hide_denied (line 2): Input should be a valid boolean"),
    ("name: x\nrules:\n  - name: r\n    match: {roles: [a]}\n    colour: red\n",
     "rules.0.colour (line 5): unknown field"),
    ("name: x\nrate_limits:\n  - rate: -1\n", "rate_limits.0.rate (line 3): Input should be greater than 0"),
    ("name: x\ndeny_capabilities: [teleport]\n", "deny_capabilities.0 (line 2)"),
    ("name: x\nmax_sensitivity: secret\n", "max_sensitivity (line 2)"),
    ("name: x\n\tbad: tab\n", "(line 2, column 1): found character '\\t' that cannot start any token"),
    ("- just\n- a list\n", "the document must be a mapping, got list"),
])
def test_policy_errors_name_the_field_and_the_yaml_line(text, expected):
    with pytest.raises(PolicyError) as caught:
        Policy.load(text, origin="cell")
    assert expected in str(caught.value)
    assert len(str(caught.value).splitlines()) == 1


def test_unknown_profiles_and_missing_files_are_clear():
    with pytest.raises(PolicyError, match="Unknown policy profile 'paranoid'; shipped profiles: open, "):
        Policy.load("paranoid")
    with pytest.raises(PolicyError, match=r"Policy file not found: /nope/p\.yaml"):
        Policy.load("/nope/p.yaml")
    with pytest.raises(PolicyError, match="Cannot load a policy from int"):
        Policy.load(42)


def test_an_unknown_transform_type_is_reported_with_its_position():
    with pytest.raises(PolicyError, match=r"input_transforms\[0\]\.type: unknown transform 'teleport'"):
        Policy.load({"name": "x", "input_transforms": [{"type": "teleport"}]})


def test_a_bad_custom_detector_regex_is_reported():
    with pytest.raises(PolicyError, match=r"detectors\.0\.pattern.*not a valid regular expression"):
        resolve({"name": "x", "detectors": [{"name": "d", "entity": "e", "category": "secret",
                                             "pattern": "(unclosed"}]})


def test_json_text_and_dicts_load_alike():
    from_json = Policy.load('{"name": "j", "deny_tools": ["x"]}')
    from_dict = Policy.load({"name": "j", "deny_tools": ["x"]})
    assert from_json.model == from_dict.model
