"""The walk's memo of flat records: a record met again answers from memory exactly as fresh.

A page asked twice, or records that repeat across pages, are answered whole from the state's
record memo (`privacy.memo`). Whatever the memo changes must not be visible: the same output,
counts and marks (at the record's own place), redone when the vault learned names since, and
never confused by values that are equal but not the same (`True == 1`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from cloudg_lab.privacy import fusion, memo
from cloudg_lab.privacy.fusion import Fused
from cloudg_lab.privacy.pipeline import TransformContext, build_pipeline
from cloudg_lab.privacy.vault import Vault
from tests.privacy.test_fusion import STEPS, outcome

Ctx = Callable[..., TransformContext]


def records(r: random.Random, n: int) -> list[dict[str, Any]]:
    """Flat asset records unlike the samples: random names, accounts as text or numbers."""
    out = []
    for _ in range(n):
        label = "".join(r.choices("abcdefghijklmnopqrstuvwxyz", k=r.randint(4, 9)))
        account = "".join(r.choices("0123456789", k=12))
        out.append({"id": f"{label}-{r.randint(100, 999)}", "name": f"{label}-svc",
                    "type": r.choice(["QUEUE", "VAULT", "TOPIC"]),
                    "account_id": int(account) if r.random() < 0.3 else account,
                    "arn": f"arn:aws:sqs:eu-west-3:{account}:{label}", "open": r.randint(0, 3),
                    "exposed": r.random() < 0.5, "note": None})
    return out


def fresh(value: Any, make_ctx: Ctx, vault: Vault) -> tuple[str, dict[str, Any], list[Any]]:
    """The outcome of a pipeline built anew (its own memos) on the same vault."""
    ctx = make_ctx(path="/s", vault=vault)
    return outcome(ctx, build_pipeline(STEPS).apply(value, ctx))


def test_a_page_asked_again_and_shifted_answers_like_a_fresh_walk(make_ctx: Ctx) -> None:
    r = random.Random(7)
    page = records(r, 30)
    pipeline = build_pipeline(STEPS)
    vault = Vault("memo-key")
    first_ctx = make_ctx(path="/s", vault=vault)
    first = outcome(first_ctx, pipeline.apply({"items": page}, first_ctx))
    assert first[1]["pseudonymized"] and len(first[2]) >= 4 * len(page)
    for value in ({"items": page}, {"items": page[10:] + page[:10]}, {"x": [{"deeper": page[::-1]}]}):
        ctx = make_ctx(path="/s", vault=vault)
        assert outcome(ctx, pipeline.apply(value, ctx)) == fresh(value, make_ctx, vault)


def test_records_met_again_are_answered_without_asking_the_stages() -> None:
    """The memo is really used: a flavored stage is asked about each record's dict once."""
    class Counting(Fused[None]):
        name = "counting"
        root = None
        asked = 0

        def flavored(self, state: Any) -> bool:
            return True

        def flavor(self, state: Any, container: dict[Any, Any]) -> Any:
            Counting.asked += 1
            return None

    class Transform:
        name = "counting"
        only = Counting()

        def stage(self, ctx: Any, value: Any) -> Fused[None]:
            return self.only

    page = records(random.Random(3), 20)
    transforms = [Transform()]
    for _ in range(3):
        out = fusion.apply(transforms, {"items": [dict(p) for p in page]},
                           type("Ctx", (), {"path": "", "report": None, "marks": []})())
        assert out["items"] == page
    assert Counting.asked == 3 + len(page)  # the page (not flat) each time, each record once


def test_a_record_is_redone_when_the_vault_learned_names_since(make_ctx: Ctx) -> None:
    """Free text answered before a name was learned mentions it in clear; met again after, the
    record must not come from memory (the per-string memo redoes it, and so must the record's)."""
    pipeline = build_pipeline(STEPS)
    vault = Vault("names-key")
    mention = {"kind": "note", "text": "failover moves traffic to zq-ledger-main tonight"}
    ctx = make_ctx(path="/s", vault=vault)
    assert pipeline.apply({"items": [mention]}, ctx)["items"][0] == mention
    ctx = make_ctx(path="/s", vault=vault)
    pipeline.apply({"items": [{"id": "zq-ledger-main", "name": "zq-ledger-main", "asset_type": "DB"}]}, ctx)
    ctx = make_ctx(path="/s", vault=vault)
    again = pipeline.apply({"items": [mention]}, ctx)
    assert "zq-ledger-main" not in again["items"][0]["text"]
    assert outcome(ctx, again) == fresh({"items": [mention]}, make_ctx, vault)


def test_equal_values_of_other_types_are_not_confused(make_ctx: Ctx) -> None:
    pipeline = build_pipeline(STEPS)
    vault = Vault("types-key")
    base = {"id": "zq-ledger-main", "name": "zq-ledger-main", "type": "DB", "account_id": "210987654321"}
    outs = [pipeline.apply({"items": [{**base, "flag": flag}]}, make_ctx(vault=vault))["items"][0]["flag"]
            for flag in (True, 1, False, 0, None)]
    assert [type(v) for v in outs] == [bool, int, bool, int, type(None)]


def test_changing_an_output_record_leaves_later_answers_alone(make_ctx: Ctx) -> None:
    pipeline = build_pipeline(STEPS)
    vault = Vault("mutate-key")
    page = records(random.Random(11), 5)
    expected = None
    for _ in range(4):  # learning the names, remembering the records, answering from memory
        out = pipeline.apply({"items": page}, make_ctx(vault=vault))["items"]
        assert expected is None or out == expected
        expected = [dict(item) for item in out]
        for item in out:
            item["name"] = "changed by the caller"


def test_the_record_memo_stays_bounded(make_ctx: Ctx) -> None:
    """Paging through a large estate must not grow the memo without end; the newest records
    are the ones kept."""
    pipeline = build_pipeline(STEPS[:1])
    many = [{"id": f"r{n}", "n": n} for n in range(memo._FLAT_MEMO + 50)]
    for start in range(0, len(many), 500):
        pipeline.apply({"items": many[start:start + 500]}, make_ctx())
    (group,) = fusion.steps(pipeline.transforms)
    sizes = [len(state.rm) for context in group._contexts.values()
             for state in context.interned.values()]
    assert max(sizes) <= memo._FLAT_MEMO and sum(sizes) >= 50


def tagged(r: random.Random, n: int) -> list[dict[str, Any]]:
    """Records holding a record: `records` with tags (an owner's e-mail, a team, a purpose)."""
    out = []
    for record in records(r, n):
        label = record["name"].split("-")[0]
        record["tags"] = {"owner": f"{label}.{r.randint(1, 99)}@{label}-corp.example.org",
                          "team": r.choice(["ledger", "edge"]), "rank": r.randint(0, 9),
                          "purpose": f"serves the {label} queue for the night batch"}
        out.append(record)
    return out


class _Counting(Fused[None]):
    """Counts the dicts it is asked about; entering (dicts too) when told so."""

    name = "counting"
    root = None

    def __init__(self, enters: bool) -> None:
        self.entering = enters
        self.asked = 0

    def flavored(self, state: Any) -> bool:
        return True

    def flavor(self, state: Any, container: dict[Any, Any]) -> Any:
        self.asked += 1
        return None


@pytest.mark.parametrize("enters", [False, True])
def test_records_holding_records_are_answered_whole_unless_a_stage_enters_dicts(enters: bool) -> None:
    """An asset and its tags are remembered when met again and cost one look-up from then on
    (a page seen once pays nothing for the memo); a stage that enters dicts (a glob include, a
    depth cap) must see every record each time, so then only the tags are kept."""
    stage = _Counting(enters)

    class Transform:
        name = "counting"

        def stage(self, ctx: Any, value: Any) -> Fused[None]:
            return stage

    page = tagged(random.Random(5), 20)
    transforms = [Transform()]
    for _ in range(3):
        out = fusion.apply(transforms, {"items": [{**p, "tags": dict(p["tags"])} for p in page]},
                           type("Ctx", (), {"path": "", "report": None, "marks": []})())
        assert out["items"] == page
    whole = 3 + 3 * len(page)  # the page each time, each record twice and its tags once
    assert stage.asked == (3 + 3 * len(page) + len(page) if enters else whole)


def learn(pipeline: Any, vault: Vault, make_ctx: Ctx, name: str) -> None:
    """The vault learns `name` (a resource pseudonymized), so older answers about text age."""
    before = vault.names_version
    pipeline.apply({"items": [{"id": name, "name": name, "asset_type": "DB"}]}, make_ctx(vault=vault))
    assert vault.names_version > before


def test_a_page_of_records_holding_records_answers_like_a_fresh_walk(make_ctx: Ctx) -> None:
    """Marks inside the tags, counts, and the output: from memory exactly as fresh, for the
    page again, shifted, and deeper; a caller changing a tag of one output changes no other.
    A name learned between the first and second sight makes the tags walk again inside the
    record remembered at the second."""
    page = tagged(random.Random(9), 25)
    pipeline = build_pipeline(STEPS)
    vault = Vault("nested-key")
    first = fresh({"items": page}, make_ctx, vault)
    assert sum(path.endswith("/tags/owner") for path, _, _ in first[2]) == len(page)
    pipeline.apply({"items": page}, make_ctx(path="/s", vault=vault))
    learn(pipeline, vault, make_ctx, "zz-other-ledger")
    for value in ({"items": page}, {"items": page}, {"items": page[7:] + page[:7]},
                  {"x": [{"deeper": page[::-1]}]}):
        ctx = make_ctx(path="/s", vault=vault)
        out = pipeline.apply(value, ctx)
        assert outcome(ctx, out) == fresh(value, make_ctx, vault)
        for item in out["items"] if "items" in out else out["x"][0]["deeper"]:
            item["tags"]["team"] = "changed by the caller"


@pytest.mark.parametrize("inner_first", [False, True])
def test_a_record_is_redone_when_a_record_inside_mentions_a_name_learned_since(
        make_ctx: Ctx, inner_first: bool) -> None:
    """The record itself depends on no name, the record inside it does: the outer answer ages
    with the inner one's, whether the inner one was walked with it (a name learned in between
    aged the inner answer) or answered from memory."""
    pipeline = build_pipeline(STEPS)
    vault = Vault("nested-names-key")
    status = {"text": "failover moves traffic to qx-billing-core tonight"}
    mention = {"rank": 3, "status": status}
    if inner_first:
        pipeline.apply({"items": [{"rank": 4, "status": dict(status)}]}, make_ctx(vault=vault))
    for sight in range(3):  # met, remembered, answered from memory
        if sight == 1 and not inner_first:
            learn(pipeline, vault, make_ctx, "zz-other-ledger")
        ctx = make_ctx(path="/s", vault=vault)
        assert pipeline.apply({"items": [mention]}, ctx)["items"][0] == mention
    learn(pipeline, vault, make_ctx, "qx-billing-core")
    ctx = make_ctx(path="/s", vault=vault)
    again = pipeline.apply({"items": [mention]}, ctx)
    assert "qx-billing-core" not in again["items"][0]["status"]["text"]
    assert outcome(ctx, again) == fresh({"items": [mention]}, make_ctx, vault)
