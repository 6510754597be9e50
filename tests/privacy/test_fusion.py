"""The fused walk: same result as the transforms one by one, memoised answers replay their effects."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cloudg_lab.privacy import fusion
from cloudg_lab.privacy.pipeline import TransformContext, build_pipeline
from tests.privacy.test_properties import held

Ctx = Callable[..., TransformContext]
STEPS = [{"type": "sanitize", "max_free_text": 200},
         {"type": "redact", "rules": {"secret": "redact", "private_key": "drop", "credential": "mask",
                                      "identifier": "pseudonymize", "network": "pseudonymize",
                                      "pii": "pseudonymize", "free_text": "pseudonymize"}},
         {"type": "project", "exclude": ["**.raw_data"], "max_string": 300}]


def outcome(ctx: TransformContext, out: Any) -> tuple[str, dict[str, Any], list[tuple[str, str, str]]]:
    marks = sorted((m.path, m.kind, m.entity) for m in ctx.marks)
    return json.dumps(out, sort_keys=True), ctx.report.to_dict(), marks


UNCAPPED = [{**STEPS[0], "max_free_text": None}, STEPS[1], {**STEPS[2], "max_string": None}]


def test_one_fused_walk_equals_the_transforms_in_sequence(make_ctx: Ctx, canaries: Any) -> None:
    """Caps aside: in the fused walk they cut redacted text (see the next test)."""
    pipeline = build_pipeline(UNCAPPED)
    assert [type(step).__name__ for step in fusion.steps(pipeline.transforms)] == ["Fusion"]
    value = {**canaries.payload(), "raw_data": {"x": 1}}
    fused_ctx = make_ctx(path="/structuredContent", known={"canary-db-4242": "resource_name"})
    fused = outcome(fused_ctx, pipeline.apply(value, fused_ctx))
    one_by_one_ctx = make_ctx(path="/structuredContent", known={"canary-db-4242": "resource_name"})
    out = value
    for transform in pipeline.transforms:
        out = transform.apply(out, one_by_one_ctx)
    assert fused == outcome(one_by_one_ctx, out)


@pytest.mark.parametrize("cap", [{"max_free_text": 60}, {"max_string": 60}])
def test_caps_cut_text_redaction_already_rewrote(make_ctx: Ctx, cap: dict[str, int]) -> None:
    """A token straddling the cap is redacted whole, then the cut removes it whole."""
    token = "ghp_" + "Zq7Rk2Lm9Vt4Xc8Bn3Hs6Jd1Fg5Wy0Pa2Ue4"
    text = "deploy notes for the payments batch runner " + token + " rotate quarterly"
    steps = [{"type": "sanitize", "max_free_text": cap.get("max_free_text", 2000)}, STEPS[1],
             {"type": "project", "max_string": cap.get("max_string", 4000)}]
    ctx = make_ctx()
    out = build_pipeline(steps).apply({"description": text}, ctx)["description"]
    whole = build_pipeline(UNCAPPED).apply({"description": text}, make_ctx())["description"]
    assert text.index(token) < 60 < text.index(token) + len(token) and token not in whole
    kept = "deploy notes for the payments batch runner"
    assert out == f"{kept}… [+{len(whole) - len(kept)} chars]"
    assert sum(ctx.report.to_dict()["redacted"].values()) == 1


def test_values_the_projection_removes_are_neither_counted_nor_marked(make_ctx: Ctx,
                                                                     canaries: Any) -> None:
    steps = [*STEPS[:2], {"type": "project", "exclude": ["**.credentials"]}]
    ctx = make_ctx(path="/s")
    build_pipeline(steps).apply(canaries.payload(), ctx)
    assert "credentials" not in ctx.report.to_dict()["redacted"]
    assert not [m for m in ctx.marks if "/credentials" in m.path]
    assert ctx.report.to_dict()["projection"] == {"excluded": 1}


def test_memoised_answers_report_and_mark_like_fresh_ones(make_ctx: Ctx, canaries: Any) -> None:
    pipeline = build_pipeline(STEPS)
    first_ctx = make_ctx(path="/s")
    first = outcome(first_ctx, pipeline.apply(canaries.payload(), first_ctx))
    second_ctx = make_ctx(path="/s", vault=first_ctx.vault)
    assert outcome(second_ctx, pipeline.apply(canaries.payload(), second_ctx)) == first
    assert first[1]["pseudonymized"]["resource_name"] >= 2 and first[2]


def test_a_cleared_vault_is_not_answered_from_memory(make_ctx: Ctx) -> None:
    pipeline = build_pipeline(STEPS)
    ctx = make_ctx()
    vault = ctx.vault
    value = {"account_id": "123456789012"}
    pseudonym = pipeline.apply(value, ctx)["account_id"]
    vault.clear()
    again = pipeline.apply(value, make_ctx(vault=vault))["account_id"]
    assert again == pseudonym and vault.detokenize(again) == "123456789012"


def test_custom_transforms_run_between_fused_groups(make_ctx: Ctx) -> None:
    class Upper:
        name = "upper"

        def apply(self, value: Any, ctx: TransformContext) -> Any:
            return {k: v.upper() if isinstance(v, str) else v for k, v in value.items()}

    first, second = build_pipeline(STEPS[:1]).transforms[0], build_pipeline(STEPS[1:2]).transforms[0]
    steps = fusion.steps([first, Upper(), second])
    assert [type(s).__name__ for s in steps] == ["Fusion", "Upper", "Fusion"]
    out = fusion.apply([first, Upper(), second], {"a": "x\u200by", "k": "AKIAIOSFODNN7EXAMPLE"},
                       make_ctx())
    assert out == {"a": "XY", "k": "*" * 16 + "MPLE"}


def test_a_failing_stage_fails_closed(make_ctx: Ctx, caplog: Any) -> None:
    class Broken:
        name = "broken"

        def stage(self, ctx: TransformContext, value: Any) -> Any:
            raise RuntimeError("bug")

    ctx = make_ctx()
    assert fusion.apply([Broken()], {"a": "secret stuff"}, ctx) == "[REDACTED:transform_error]"
    assert ctx.report.to_dict() == {"errors": {"broken": 1}}
    assert "transform broken on tool" in caplog.text and "failed with RuntimeError" in caplog.text


def test_values_nested_thousands_of_levels_deep_are_transformed(make_ctx: Ctx) -> None:
    value: Any = "AKIAIOSFODNN7EXAMPLE"
    for level in range(5000):
        value = [value] if level % 2 else {"down": value, "account_id": "123456789012"}
    ctx = make_ctx(path="/s")
    out = build_pipeline(STEPS).apply(value, ctx)
    report = ctx.report.to_dict()
    assert "errors" not in report
    assert report["masked"] == {"aws_access_key_id": 1}
    assert report["pseudonymized"] == {"aws_account_id": 2500}
    deepest = max(ctx.marks, key=lambda m: m.path.count("/"))
    assert deepest.path.count("/") == 5001 and deepest.kind == "masked"
    while not isinstance(out, str):
        out = out[0] if isinstance(out, list) else out["down"]
    assert out == "*" * 16 + "MPLE"


@pytest.mark.parametrize("seed", range(6))
def test_a_mark_points_at_what_the_output_holds_when_an_entry_is_removed(make_ctx: Ctx,
                                                                        seed: int) -> None:
    """A key the walk rewrote (a secret-shaped key, a known name) whose value is then dropped
    (a private key under `drop`) leaves no mark behind: the notebook badges what is there."""
    r = random.Random(seed)
    body = "".join(r.choices("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", k=40))
    pem = f"-----BEGIN {r.choice(['RSA ', 'EC ', ''])}PRIVATE KEY-----\nMII{body}\n-----END PRIVATE KEY-----"
    secret_key = "ghp_" + body[:36]
    value = {secret_key: pem, "canary-db-4242": [pem, "kept"], "ok": {"canary-db-4242": pem}}
    ctx = make_ctx(path="/s", known={"canary-db-4242": "resource_name"})
    out = build_pipeline(UNCAPPED).apply(value, ctx)
    assert "PRIVATE KEY" not in json.dumps(out) and secret_key not in json.dumps(out)
    assert ctx.report.to_dict()["dropped"]
    assert ctx.marks and all(held(out, m.path[len("/s"):]) for m in ctx.marks), \
        [m.path for m in ctx.marks]
