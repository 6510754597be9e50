"""A scripted attacker under `strict` learns no real value it was never shown.

The estate is generated (not the sample) and renamed into a vocabulary of its own. The attacker
knows the real names, ids, ARNs, accounts and owner tags (the test's ground truth) and spends
about 2,000 calls trying to confirm or rebuild them: substring growth on `find_assets query`,
completion prefixes, `get_asset` by real name, filters on real accounts and tag values,
suggestion probes with pseudonyms of non-assets, and sort orders. Every wire answer is kept; none
may hold a real value, and each answer to a real-value probe must equal the answer to an invented
string of the same shape (or be what brute force over the *visible* data gives).
"""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer, Principal, ToolContext
from cloudg_lab.errors import InvalidArgumentsError
from tests.renamed import renamed_estate as renamed

RENAME = {"acme": "halcyon", "growth": "lumen", "billing": "tally", "payments": "remit",
          "web": "edge", "staging": "preprod"}
ALPHABET = string.ascii_lowercase + string.digits + "-"
REFUSED = "is not an identifier this server issued"
PROBE = {"type": "ref/prompt", "name": "investigate_asset"}


class Attacker:
    """Calls the layer as one principal and keeps every wire answer."""

    def __init__(self, layer: Layer) -> None:
        self.layer, self.calls, self.wire = layer, 0, []

    def _tick(self) -> None:
        self.calls += 1
        if self.calls % 200 == 0:  # a patient attacker, spread over many minutes
            self.layer.policy.reset_rate_limits()

    async def tool(self, name: str, **arguments: Any) -> dict[str, Any]:
        self._tick()
        wire = (await self.layer.call_tool(name, arguments)).to_wire()
        wire.get("_meta", {}).pop("cloudg/duration_ms", None)
        self.wire.append(json.dumps(wire, ensure_ascii=False))
        return wire

    async def complete(self, value: str) -> list[str]:
        self._tick()
        answer = await self.layer.complete(PROBE, {"name": "ref", "value": value})
        self.wire.append(json.dumps(answer, ensure_ascii=False))
        return list(answer["values"])


def renamed_estate(folder: Path) -> Path:
    return renamed(folder, 180, 31337, RENAME)


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return renamed_estate(tmp_path_factory.mktemp("halcyon") / "halcyon-prod")


@pytest.fixture
def strict(estate: Path) -> Layer:
    return Layer(policy="strict", datasets={"halcyon-prod": estate})


def truth(layer: Layer) -> dict[str, str]:
    """The real identifiers the attacker is after (long enough that hex cannot hold them by
    chance), plus the owner tag values."""
    inv = layer.workspace.get().inventory
    found = {v: e for v, e in layer.workspace.known_identifiers().items() if len(v) >= 8}
    found.update(dict.fromkeys(inv.tag_index.get("owner", {}), "owner"))
    return found


def invented(rng: random.Random, like: str) -> str:
    """A string of the same length and character classes as `like`, naming nothing."""
    return "".join(rng.choice(string.digits) if c.isdigit() else rng.choice(string.ascii_lowercase)
                   if c.isalpha() else c for c in like)


def answer(wire: dict[str, Any]) -> Any:
    """What an answer tells the caller: error text and data, or the result minus provenance."""
    body = wire.get("structuredContent")
    return (wire["isError"], wire["content"][0]["text"] if wire["isError"] else None,
            wire["_meta"].get("cloudg/error_data"),
            None if body is None else {k: body.get(k) for k in ("total", "items", "top_values")})


async def visible_rows(attacker: Attacker) -> list[dict[str, Any]]:
    """Every asset as the caller sees it (name, id, ARN, account), by paging."""
    rows, cursor = [], None
    while True:
        page = (await attacker.tool("find_assets", limit=100, cursor=cursor,
                                    fields=["name", "arn", "account_id"]))["structuredContent"]
        rows += page["items"]
        cursor = page["next_cursor"]
        if cursor is None:
            return rows


def brute_total(rows: list[dict[str, Any]], needle: str) -> int:
    folded = needle.casefold()
    return sum(1 for r in rows if folded in f"{r['name']}\t{r['id']}\t{r['arn'] or ''}".casefold())


async def test_a_scripted_attacker_recovers_nothing_it_was_not_shown(strict: Layer) -> None:
    rng = random.Random(7)
    secrets_ = truth(strict)
    attacker = Attacker(strict)
    rows = await visible_rows(attacker)
    visible = "\n".join(f"{r['name']}\t{r['id']}\t{r['arn'] or ''}" for r in rows).casefold()
    # names whose first six letters the visible data holds by coincidence (a real name starting
    # `Virtua` beside the kept type segment `virtualMachines`) cannot show that they are hidden
    names = sorted(v for v, e in secrets_.items() if e == "resource_name"
                   and v[:6].casefold() not in visible)
    accounts = sorted(v for v, e in secrets_.items() if e.endswith(("account_id", "subscription_id",
                                                                       "gcp_project")))
    assert len(names) > 40 and len(accounts) >= 4

    # substring growth, character by character, against invented strings of the same shape
    for name in rng.sample(names, 24):
        fake = invented(rng, name)
        for n in range(1, len(name) + 1):
            real_q, fake_q = name[:n], fake[:n]
            for q in (real_q, fake_q):
                found = (await attacker.tool("find_assets", query=q, limit=3,
                                             fields=["name"]))["structuredContent"]
                assert found["total"] == brute_total(rows, q)
            if n >= 6:
                assert brute_total(rows, real_q) == 0

    # completion prefixes of real names, ids and ARNs: only visible values, and only when the
    # visible data holds the typed text
    shown = {v for r in rows for v in (r["name"], r["id"], r["arn"]) if v}
    for value in rng.sample(sorted(secrets_), 60):
        for q in {value[:n] for n in (3, 5, 8, 12, len(value))} | {invented(rng, value[:8])}:
            offered = await attacker.complete(q)
            assert set(offered) <= shown and bool(offered) is (brute_total(rows, q) > 0), q

    # exact confirmations: get_asset by real name/id/ARN, filters on real accounts and owners
    refused: set[Any] = set()
    owners = [(v, e) for v, e in sorted(secrets_.items()) if e == "owner"]
    others = [(v, e) for v, e in sorted(secrets_.items()) if e != "owner"]
    for value, entity in owners + rng.sample(others, 150):
        fake = invented(rng, value)
        if entity == "owner":
            pair = [await attacker.tool("find_assets", tag=f"owner={v}", limit=3) for v in (value, fake)]
        elif entity in ("resource_name", "asset_id") or "arn" in entity or "resource" in entity:
            pair = [await attacker.tool("get_asset", ref=v) for v in (value, fake)]
        else:
            pair = [await attacker.tool("find_assets", account_id=v, limit=3) for v in (value, fake)]
            pair += [await attacker.tool("count_assets", account_id=v) for v in (value, fake)]
        assert len({json.dumps(answer(w), sort_keys=True) for w in pair}) == 1, value
        refused.add(pair[0]["isError"])
    assert refused == {True, False}  # both refusals (refs, accounts) and empty answers (tags)

    # did-you-mean: pseudonyms issued for non-assets come back without suggestions
    namespace = strict.policy.namespace(Principal.local())
    misses = []
    for account in accounts:  # a GCP project or an Azure subscription may also name its asset
        miss = await attacker.tool("get_asset", ref=strict.vault.tokenize(account, secrets_[account],
                                                                          namespace))
        if miss["isError"]:
            misses.append(miss["_meta"]["cloudg/error_data"]["suggestions"])
    assert misses and all(m == [] for m in misses)

    # order: sorting by name or account follows what the caller sees, never the real values
    for key, field in (("name", "name"), ("account", "account_id")):
        page = (await attacker.tool("find_assets", sort_by=key, limit=500,
                                    fields=["name", "account_id"]))["structuredContent"]
        seen = [(i[field] or "").casefold() for i in page["items"]]
        assert seen == sorted(seen)

    # padding to the size of a real campaign: more growth on ARNs and ids
    for value in rng.sample(sorted(v for v in secrets_ if v.startswith(("arn:", "i-"))), 30):
        for n in range(4, len(value), 3):
            found = (await attacker.tool("find_assets", query=value[:n], limit=1,
                                         fields=["name"]))["structuredContent"]
            assert found["total"] == brute_total(rows, value[:n])
    assert attacker.calls >= 2000, attacker.calls

    everything = "\n".join(attacker.wire)
    assert sorted(v for v in secrets_ if v in everything) == []


async def test_the_real_order_differs_so_the_sort_check_can_fail(strict: Layer) -> None:
    """The estate is one where sorting by real names would betray them."""
    attacker = Attacker(strict)
    page = (await attacker.tool("find_assets", sort_by="name", limit=500,
                                fields=["name"]))["structuredContent"]
    inv = strict.workspace.get().inventory
    by_real = sorted(range(inv.asset_count), key=lambda r: inv.names[r].casefold())
    shown_ids = [i["id"] for i in page["items"]]
    namespace = strict.policy.namespace(Principal.local())
    real_ids = [strict.vault.tokenize(inv.ids[r], "asset_id", namespace) for r in by_real]
    assert shown_ids != real_ids


async def test_real_values_in_identifier_arguments_are_refused_and_audited(strict: Layer) -> None:
    inv = strict.workspace.get().inventory
    real = next(n for n in inv.names if len(n) > 8)
    for arguments in ({"ref": real}, {"ref": "no-such-thing-77"}, {"ref": f"about {real}"}):
        result = await strict.call_tool("get_asset", arguments)
        assert result.is_error and result.error_code == -32602 and REFUSED in result.text
        assert result.meta["cloudg/error_data"] == {"argument": "ref"}
        assert real not in json.dumps(result.to_wire())
    entries = [e for e in strict.audit_log.entries() if e.name == "get_asset"]
    assert [e.decision for e in entries][-3:] == ["rejected"] * 3
    # outside the slots a real value names nothing and is answered like invented text of its
    # shape: refusing it alone would confirm it
    fake = invented(random.Random(1), real)
    pair = [(await strict.call_tool("find_assets", {"region": v})).to_wire() for v in (real, fake)]
    assert answer(pair[0]) == answer(pair[1]) and not pair[0]["isError"]
    assert (await strict.complete(PROBE, {"name": "ref", "value": real}))["values"] == []
    context = {"dataset": strict.workspace.get().name}  # context arguments are slots
    assert (await strict.complete(PROBE, {"name": "ref", "value": ""}, context_arguments=context))[
        "values"] == []
    (last,) = strict.audit_log.entries(last=1)
    assert (last.kind, last.decision, last.name) == ("completion", "rejected", "investigate_asset")


async def test_pseudonyms_and_clear_values_still_work(strict: Layer) -> None:
    item = (await strict.call_tool("find_assets", {"limit": 1, "fields": ["name", "arn"],
                                                   "provider": "aws"})).structured["items"][0]
    for ref in (item["id"], item["name"], item["arn"]):
        found = await strict.call_tool("get_asset", {"ref": ref})
        assert not found.is_error and found.structured["id"] == item["id"]
    by_text = await strict.call_tool("find_assets", {"query": item["name"][:9], "fields": ["name"]})
    assert item["id"] in {i["id"] for i in by_text.structured["items"]}
    offered = await strict.complete(PROBE, {"name": "ref", "value": item["name"][:8]})
    assert item["name"] in offered["values"]
    real = strict.workspace.get().inventory.names[0]
    missed = (await strict.call_tool("find_assets", {"query": real})).structured
    assert missed["total"] == 0 and "as results show them" in missed["hint"]


async def test_tag_filters_and_listings_match_what_the_caller_sees(strict: Layer) -> None:
    owners = (await strict.call_tool("list_tags", {"key": "owner"})).structured["top_values"]
    listed = owners[0]["value"]
    assert re.fullmatch(r"(person|user)-[0-9a-f]{8,10}(@d-[0-9a-f]{10}\.example)?", listed)
    page = await strict.call_tool("find_assets", {"tag": f"owner={listed}", "limit": 500,
                                                  "fields": ["tags"]})
    assert page.structured["total"] == owners[0]["assets"]
    tagged = page.structured["items"][0]["tags"]["owner"]  # a tag may show the owner otherwise
    again = await strict.call_tool("find_assets", {"tag": f"owner={tagged}", "limit": 500})
    assert again.structured["total"] == owners[0]["assets"]
    real = next(iter(strict.workspace.get().inventory.tag_index["owner"]))
    assert (await strict.call_tool("find_assets", {"tag": f"owner={real}"})).structured["total"] == 0
    miss = await strict.call_tool("list_tags", {"key": real})
    assert miss.is_error and real not in json.dumps(miss.to_wire())


async def test_a_reversed_pseudonym_never_comes_back_in_clear(strict: Layer) -> None:
    """Handlers echo what they were given; the real value behind a pseudonym must not escape."""
    @strict.tool()
    def echo(ctx: ToolContext, text: str) -> dict[str, Any]:
        """Says back what it was given."""
        return {"you_said": text, "note": f"you said {text}"}

    @strict.tool()
    def grumble(ctx: ToolContext, text: str) -> dict[str, Any]:
        """Fails quoting what it was given."""
        raise InvalidArgumentsError(f"Nothing is called {text}", {"text": text})

    @strict.tool()
    async def chatter(ctx: ToolContext, text: str) -> dict[str, Any]:
        """Logs what it was given."""
        await ctx.log("info", {"heard": text})
        return {"ok": True}

    logged: list[Any] = []

    async def log(level: str, data: Any, logger: str) -> None:
        logged.append(data)

    namespace = strict.policy.namespace(Principal.local())
    account = next(a for a in strict.workspace.get().inventory.accounts if a)
    for real, entity in (("zeta-internal-7", "hostname"), ("q-7781-internal", "asset_id"),
                         ("halcyon-x-99", "gcp_project")):
        shown = strict.vault.tokenize(real, entity, namespace)
        for tool in ("echo", "grumble"):
            wire = json.dumps((await strict.call_tool(tool, {"text": f"see {shown}"})).to_wire())
            assert real not in wire and "see " in wire
        await strict.call_tool("chatter", {"text": f"see {shown}"}, context=ToolContext(log=log))
        assert logged and real not in json.dumps(logged) and "see " in json.dumps(logged)
    shown = strict.vault.tokenize(account, "aws_account_id", namespace)
    miss = await strict.call_tool("get_asset", {"ref": shown})
    assert miss.is_error and account not in json.dumps(miss.to_wire())
    assert miss.meta["cloudg/error_data"]["ref"] == shown


async def test_finding_ids_resolve_as_shown_and_real_hidden_ones_do_not(strict: Layer) -> None:
    first = (await strict.call_tool("list_findings", {"limit": 1})).structured["items"][0]
    assert not (await strict.call_tool("get_finding", {"finding_id": first["id"]})).is_error
    offered = await strict.complete({"type": "ref/prompt", "name": "incident_triage"},
                                    {"name": "finding_id", "value": first["id"][:4]})
    assert first["id"] in offered["values"]
    miss = await strict.call_tool("get_finding", {"finding_id": first["id"][:8] + "-nope"})
    assert miss.is_error and miss.meta["cloudg/error_data"]["suggestions"] == [
        s for s in miss.meta["cloudg/error_data"]["suggestions"] if s.startswith(first["id"][:8])]


async def test_standard_still_searches_real_names(estate: Path) -> None:
    standard = Layer(policy="standard", datasets={"halcyon-prod": estate})
    real = next(n for n in standard.workspace.get().inventory.names if "halcyon" in n)
    found = await standard.call_tool("find_assets", {"query": real[:10], "fields": ["name"]})
    assert real in {i["name"] for i in found.structured["items"]}
    assert (await standard.call_tool("get_asset", {"ref": real})).structured["name"] == real
