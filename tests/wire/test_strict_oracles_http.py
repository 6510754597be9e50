"""An attacker over streamable HTTP recovers no real value under `strict`, whatever it types.

Unlike `tests/catalog/test_strict_oracles.py` (in-process, plain real values), this attacker
speaks through the `mcp` SDK client to a real endpoint on 127.0.0.1, on two estates unlike the
sample and unlike each other (a generated one renamed into its own vocabulary, and the red team's
`larch` with Alibaba, OCI and IBM ids), and tries the disguises a filter might miss: other case,
zero-width and non-breaking characters, URL-encoding, full-width letters, a value glued into a
longer one, fenced, as a glob or a regex, an account as a JSON number or grouped digits. It
probes every slot that names a thing (tool arguments, resource URIs, prompt arguments,
completion contexts), every free argument, the arguments matched over what it sees (search,
tags, finding ids), every completion, every sort and grouping, and the vault and audit counters
`privacy_status` shows; and it asks as two principals. Each answer to a real value must equal
the answer to an invented one of the same shape in the same disguise, orders must follow what
the caller sees, and no wire answer may hold a real value.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import estates
import pytest
from httpkit import clients_as
from mcp import types
from oracle_kit import Attacker, disguises, invented, paired, renamed_estate

from cloudg_lab import Layer
from cloudg_lab.data.indexes import NO_FINDINGS
from cloudg_lab.data.query import GROUP_KEYS, SORT_KEYS
from cloudg_lab.data.records import SEVERITIES

TOKENS = {"alice": "alice-oracle-token-1:analyst:alice", "bob": "bob-oracle-token-22:viewer:bob"}
PROMPT = types.PromptReference(type="ref/prompt", name="investigate_asset")
TRIAGE = types.PromptReference(type="ref/prompt", name="incident_triage")
COMPLETIONS = [(PROMPT, "ref"), (PROMPT, "dataset"), (TRIAGE, "finding_id"),
               (types.PromptReference(type="ref/prompt", name="policy_review"), "policy"),
               (types.ResourceTemplateReference(type="ref/resource", uri="cloudg://assets/{+ref}"), "ref"),
               (types.ResourceTemplateReference(type="ref/resource", uri="cloudg://findings/{finding_id}"),
                "finding_id"),
               (types.ResourceTemplateReference(type="ref/resource",
                                                uri="cloudg://datasets/{dataset}/summary"), "dataset")]


@pytest.fixture(scope="module", params=["vesper", "larch"])
def estate(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    folder = tmp_path_factory.mktemp(request.param)
    if request.param == "vesper":
        return "vesper-main", renamed_estate(folder / "vesper-main", assets=48, seed=90210)
    built = estates.build("larch", 29, folder)
    return built.name, folder


@pytest.fixture
def strict(estate: tuple[str, Path]) -> Layer:
    return Layer(policy="strict", datasets={estate[0]: estate[1]})


def truth(layer: Layer) -> dict[str, str]:
    """What the attacker is after: the dataset's sensitive values (as classified at load) long
    enough not to occur by chance in pseudonyms' hex."""
    return {v: e for v, e in layer.workspace.known_identifiers().items() if len(v) >= 8}


def pick(found: dict[str, str], rng: random.Random, *words: str, n: int = 3) -> list[str]:
    chosen = sorted(v for v, e in found.items() if any(w in e for w in words))
    return rng.sample(chosen, min(n, len(chosen)))


async def visible(attacker: Attacker) -> tuple[list[dict[str, Any]], str]:
    """Every asset as the caller sees it, in file order, and all the text it was shown."""
    rows, cursor = [], None
    while True:
        page = await attacker.data("find_assets", limit=100, cursor=cursor,
                                   fields=["name", "type", "region", "account_id", "arn",
                                           "open_findings", "max_severity", "tags"])
        rows += page["items"]
        if (cursor := page["next_cursor"]) is None:
            break
    findings = await attacker.data("list_findings", limit=200, status="all")
    return rows, (json.dumps(rows) + json.dumps(findings)).casefold()


@dataclass
class Ground:
    """What the attacker knows (real values) and was shown (rows, every text, one asset ref)."""

    rows: list[dict[str, Any]]
    shown: str
    ref: str
    names: list[str]
    accounts: list[str]
    free: list[str]
    fids: list[str]
    dataset: str
    cursor: str
    """A page cursor of an unfiltered listing, replayed with other filters."""


async def ground(layer: Layer, alice: Attacker, rng: random.Random) -> Ground:
    found = truth(layer)
    rows, shown = await visible(alice)
    names = pick(found, rng, "resource_name", "asset_id", "arn", "resource_id")
    accounts = pick(found, rng, "account", "subscription", "project", n=2)
    people = pick(found, rng, "tag_value", "person", "email", n=2)
    fids = [f for f in layer.workspace.get().inventory.finding_ids
            if len(f) >= 8 and f.casefold() not in shown][:2]
    free = [v for v in names + accounts + people if v.casefold() not in shown]
    assert len(names) == 3 and accounts and people and fids and len(free) >= 4
    cursor = (await alice.data("find_assets", limit=1))["next_cursor"]
    return Ground(rows, shown, rows[0]["id"], names, accounts, free, fids, layer.workspace.get().name,
                  cursor)


def families(g: Ground) -> dict[str, tuple[list[Any], dict[str, Callable[[Attacker, Any], Any]]]]:
    """Each probe family with the values it tries: slots (whatever is not issued is refused),
    free arguments (matched against a vocabulary shown in clear) and arguments matched over
    what the caller sees."""
    hidden_accounts = [a for a in g.accounts if a in g.free]
    assert hidden_accounts  # the free probes start with a real account (an ARN's part)
    # a tag key the caller sees inside a value is a did-you-mean for it, visible or not
    keys_seen = {k.casefold() for r in g.rows for k in r.get("tags") or {}}
    typed = [v for v in g.free + g.fids if not any(k in v.casefold() for k in keys_seen)]
    ref, cursor = g.ref, g.cursor
    slots = {
        "get_asset": lambda a, v: a.tool("get_asset", ref=v),
        "find_assets.account_id": lambda a, v: a.tool("find_assets", account_id=v, limit=2),
        "count_assets.account_id": lambda a, v: a.tool("count_assets", account_id=v),
        "list_findings.resource": lambda a, v: a.tool("list_findings", resource=v),
        "neighbors": lambda a, v: a.tool("neighbors", ref=v),
        "find_paths": lambda a, v: a.tool("find_paths", source=ref, target=v),
        "dataset_summary": lambda a, v: a.tool("dataset_summary", dataset=v),
        "select_dataset": lambda a, v: a.tool("select_dataset", name=v),
        "diff_datasets": lambda a, v: a.tool("diff_datasets", base=v, target=v),
        "asset uri": lambda a, v: a.read(f"cloudg://assets/{v}"),
        "neighbors uri": lambda a, v: a.read(f"cloudg://assets/{v}/neighbors"),
        "summary uri": lambda a, v: a.read(f"cloudg://datasets/{v}/summary"),
        "unknown uri": lambda a, v: a.read(f"cloudg://nothing/{v}/x"),
        "investigate_asset": lambda a, v: a.prompt("investigate_asset", ref=str(v)),
        "attack_surface_report": lambda a, v: a.prompt("attack_surface_report", dataset=str(v)),
        "completion context": lambda a, v: a.complete(PROMPT, "ref", "", {"dataset": str(v),
                                                                           "ref": str(v)}),
    }
    loose = {
        "find_assets.region": lambda a, v: a.tool("find_assets", region=v, limit=2),
        "find_assets.provider": lambda a, v: a.tool("find_assets", provider=v),
        "find_assets.asset_types": lambda a, v: a.tool("find_assets", asset_types=[v]),
        "find_assets.sort_by": lambda a, v: a.tool("find_assets", sort_by=v),
        "count_assets.group_by": lambda a, v: a.tool("count_assets", group_by=v),
        "list_findings.severity": lambda a, v: a.tool("list_findings", severity=v),
        "neighbors.direction": lambda a, v: a.tool("neighbors", ref=ref, direction=v),
        "list_detectors.category": lambda a, v: a.tool("list_detectors", category=v),
        "neighbors.edge_types": lambda a, v: a.tool("neighbors", ref=ref, edge_types=[v]),
        "an argument named by it": lambda a, v: a.tool("get_asset", ref=ref, **{str(v): 1}),
        "preview_transform": lambda a, v: a.tool("preview_transform", data={
            "note": f"arn:aws:iam::{v}:role/x", "v": v}),
        "policy_review": lambda a, v: a.prompt("policy_review", policy=str(v)),
        "severity uri": lambda a, v: a.read(f"cloudg://findings/severity/{v}"),
    }
    seen_as_typed = {
        "find_assets.query": lambda a, v: a.tool("find_assets", query=v, fields=["name"]),
        "count_assets.query": lambda a, v: a.tool("count_assets", query=v),
        "find_assets.tag key": lambda a, v: a.tool("find_assets", tag=v),
        "find_assets.tag owner": lambda a, v: a.tool("find_assets", tag=f"owner={v}"),
        "a forged cursor": lambda a, v: a.tool("find_assets", query=v, limit=1, cursor=cursor),
        "list_tags.key": lambda a, v: a.tool("list_tags", key=v),
        "get_finding": lambda a, v: a.tool("get_finding", finding_id=v),
        "finding uri": lambda a, v: a.read(f"cloudg://findings/{v}"),
        "incident_triage": lambda a, v: a.prompt("incident_triage", finding_id=str(v)),
    }
    return {"slot": ([g.dataset, *g.names, *g.accounts], slots),
            "free": ([*hidden_accounts[:1], *(v for v in g.free if v not in hidden_accounts)], loose),
            "typed": (typed, seen_as_typed)}


async def differences(g: Ground, alice: Attacker, bob: Attacker, rng: random.Random) -> list[Any]:
    """Every probe whose answer to a real value differs from its answer to an invented one
    (traced through the vault and audit counters for slots), or differs between principals."""
    differing: list[Any] = []
    for family, (pool, probes) in families(g).items():
        for label, probe in probes.items():
            for value in pool[:1] + rng.sample(pool[1:], 1):
                ways = disguises(value)
                for how in ("as-is", rng.choice(sorted(set(ways) - {"as-is"}))):
                    real, fake = ways[how](value), ways[how](invented(rng, value, g.shown))
                    answers = []
                    for attacker in (alice, bob) if how == "as-is" else (alice,):
                        traced = family == "slot" and attacker is alice and how == "as-is"
                        left, right = await paired(attacker, lambda v, p=probe, a=attacker: p(a, v),
                                                   real, fake, traced=traced)
                        if left != right:
                            differing.append((family, label, how, attacker is bob, value))
                        answers.append((left[0], right[0]) if traced else (left, right))
                    if len({json.dumps(a, sort_keys=True) for a in answers}) != 1:
                        differing.append((family, label, how, "alice and bob differ", value))
    return differing


async def check_swapped_accounts(g: Ground, alice: Attacker, real_accounts: list[str],
                                 rng: random.Random) -> int:
    """A shown ARN or resource path with its account segment swapped for a guessed real account
    is refused like one swapped for an invented account (it reverses to a real path too)."""
    tried = 0
    for row in g.rows:
        shown = row["account_id"]
        if not (shown and row["arn"] and shown in row["arn"]):
            continue
        for account in real_accounts:
            left, right = await paired(alice, lambda v: alice.tool("get_asset", ref=v),
                                       row["arn"].replace(shown, account),
                                       row["arn"].replace(shown, invented(rng, account)))
            assert left == right and left["isError"], (row["arn"], account)
            tried += 1
        if tried >= 12:
            break
    return tried


async def check_completions(g: Ground, alice: Attacker, rng: random.Random) -> None:
    """Every completable argument: a real prefix is answered as an invented one whenever the
    caller was shown neither."""
    for reference, argument in COMPLETIONS:
        for value in rng.sample([*g.names, *g.accounts, *g.fids, g.dataset], 3):
            for typed in dict.fromkeys((value[:6], value)):
                fake = invented(rng, typed, g.shown)
                if typed.casefold() in g.shown or fake.casefold() in g.shown:
                    continue
                left, right = await paired(alice, lambda v, r=reference, n=argument:
                                           alice.complete(r, n, v), typed, fake)
                assert left == right and left["completion"]["values"] == [], (argument, typed)


async def check_orders(g: Ground, alice: Attacker) -> None:
    """Every sort and grouping follows what the caller sees (ties in file order)."""
    rank = {s: len(SEVERITIES) - 1 - i for i, s in enumerate(SEVERITIES)}
    keyed: dict[str, Callable[[dict[str, Any]], Any]] = {
        "name": lambda r: r["name"].casefold(), "type": lambda r: r["type"],
        "region": lambda r: r["region"], "account": lambda r: r["account_id"] or "",
        "risk": lambda r: (rank.get(r["max_severity"], NO_FINDINGS), r["open_findings"]),
        "findings": lambda r: r["open_findings"]}
    for sort_by in SORT_KEYS:
        for descending in (False, True):
            page = await alice.data("find_assets", sort_by=sort_by, descending=descending,
                                    limit=500, fields=["name"])
            expected = sorted(g.rows, key=keyed[sort_by], reverse=descending)
            assert [i["id"] for i in page["items"]] == [r["id"] for r in expected], sort_by
    for group_by in GROUP_KEYS:
        groups = (await alice.data("count_assets", group_by=group_by, top=1000))["groups"]
        assert groups == sorted(groups, key=lambda c: (-c["count"], c["key"])), group_by
    listed = (await alice.data("list_accounts", limit=500))["items"]
    assert listed == sorted(listed, key=lambda a: (-a["assets"], a["account_id"]))
    keys = (await alice.data("list_tags", top=500))["items"]
    assert keys == sorted(keys, key=lambda k: (-k["assets"], k["key"]))


async def test_an_http_attacker_learns_nothing_real_values_would_tell(strict: Layer) -> None:
    rng = random.Random(11)
    async with clients_as(strict, TOKENS, "auto") as clients:
        alice, bob = Attacker(clients["alice"], strict), Attacker(clients["bob"], strict)
        g = await ground(strict, alice, rng)
        assert await differences(g, alice, bob, rng) == []
        accounts = sorted({a for a in strict.workspace.get().inventory.accounts if a})
        swappable = [r for r in g.rows if r["account_id"] and r["account_id"] in (r["arn"] or "")]
        tried = await check_swapped_accounts(g, alice, accounts, rng)
        assert (tried > 0) == bool(swappable) and (swappable or strict.workspace.get().name != "vesper-main")
        await check_completions(g, alice, rng)
        await check_orders(g, alice)
    assert alice.calls + bob.calls > 400
    everything = "\n".join(alice.wire + bob.wire).casefold()
    assert sorted(v for v in truth(strict) if v.casefold() in everything) == []
