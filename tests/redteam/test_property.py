"""A property: random small estates, canaries in random positions and spellings, none leaks under strict.

Hypothesis draws the estate's shape (how many assets, integer or text ids and accounts), which
canaries to plant, where (a tag, metadata nested at any depth, a list, a dict key, a finding, an
edge, a flattened key, a name/value or `[name, value]` pair) and how spelled (alone, in prose,
upper-cased, URL-encoded in a link, as a number, wrapped in base64, and for the values the estate
holds, in every encoding of `plantings_tundra`, an account with its digits grouped). Each canary
is a value the estate itself holds as sensitive (an owner, an account, an asset's name, a
password under a password key) or one a pattern knows (an e-mail, an address, a token), so
`strict` has every means to hide it. The same estate under `open` must show each one: the
example proves it reaches them.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import catalog_walker as cw
import leak_scan as ls
import plantings_tundra as pt
import token_forms as tf
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from plantings import Canary, Kind
from redteam_runs import VAULT_KEY

from cloudg_lab import Layer, Principal

KINDS = ("person", "email", "private_ip", "account", "asset_name", "password", "token", "conn_password")
POSITIONS = ("tag", "metadata", "list", "dict_key", "finding", "edge", "flat_key", "pair", "list_pair")
SPELLINGS = ("plain", "prose", "upper", "url", "number", "base64", *pt.ENCODINGS, *pt.READABLE, "grouped")
_HELD = {"person", "account", "asset_name", "password"}
"""Kinds the estate itself holds as sensitive: their encodings (`plantings_tundra`) must be found."""
_SECRET_KINDS = {"password", "token", "conn_password"}
_ANCHORS = {"person": ("owner", "contact", "technical_owner", "created_by", "maintainer"),
            "password": ("db_password", "admin_password", "api_token", "client_secret", "smtp_password")}
"""Where the estate itself says a value is a person or a password (five plants at most)."""


def _asset(rng: random.Random, i: int, numeric: bool) -> dict[str, Any]:
    account = tf.account_number(rng)
    return {"id": rng.randrange(10**4, 10**6) * 10 + i if numeric else tf.uuid(rng),
            "name": f"{tf.word(rng)}-{tf.word(rng, 2)}",
            "asset_type": rng.choice(("EC2", "S3_BUCKET", "OTHER")),
            "provider": "AWS", "account_id": account if numeric else str(account), "region": "eu-west-3",
            "arn": f"arn:aws:ec2:eu-west-3:{account}:instance/{tf.word(rng)}", "tags": {}, "metadata": {}}


def _value(kind: str, rng: random.Random, assets: list[dict[str, Any]]) -> str:
    """A canary of `kind`; the estate holds it as sensitive where a pattern would not know it."""
    if kind in _ANCHORS:
        value = tf.person(rng) if kind == "person" else tf.password(rng)
        tags = assets[0]["tags"]
        tags[next(k for k in _ANCHORS[kind] if k not in tags)] = value
    else:
        makers: dict[str, Callable[[], str]] = {
            "email": lambda: tf.unicode_email(rng), "private_ip": lambda: tf.private_ip(rng),
            "account": lambda: str(assets[-1]["account_id"]), "asset_name": lambda: str(assets[-1]["name"]),
            "token": lambda: tf.token(rng, rng.choice(("github", "slack", "stripe"))).text,
            "conn_password": lambda: tf.password(rng)}
        value = makers[kind]()
    return value


def _spelled(kind: str, value: str, spelling: str) -> Any:
    if spelling == "number" and value.isdigit():
        return int(value)
    if kind in _HELD and spelling in pt.ENCODINGS:
        return f"ref {pt.ENCODINGS[spelling](value)} (copied)"
    if kind in _HELD and spelling in pt.READABLE:
        return f"ref {pt.READABLE[spelling](value)} (copied)"
    if spelling == "grouped" and kind == "account":
        return "invoice " + "-".join(value[i:i + 4] for i in range(0, len(value), 4))
    if spelling == "base64" and kind in _SECRET_KINDS:
        return tf.b64(f"export APP_PASSWORD={value}\n".encode())
    if kind == "conn_password":
        return f"Server=tcp:db.example.net;Uid=app;Password={value};"
    return {"prose": f"Seen with {value} at noon.", "upper": f"SEEN WITH {value.upper()}.",
            "url": f"https://portal.example.net/cb?ref={quote(value, safe='')}&x=1"}.get(spelling, value)


def _place(rng: random.Random, position: str, text: Any, d: dict[str, Any], depth: int) -> None:
    assets = d["assets"]
    target = rng.choice(assets)
    if position == "tag":
        target["tags"][f"{tf.word(rng)}"] = text
    elif position in ("metadata", "list", "dict_key", "flat_key", "pair", "list_pair"):
        holder = target["metadata"]
        for _ in range(depth):
            holder = holder.setdefault(tf.word(rng, 2), {})
        leaf: Any = {"list": [tf.word(rng), text], "dict_key": {str(text): tf.word(rng)},
                     "pair": {"name": tf.word(rng), "value": text}, "list_pair": [tf.word(rng), text]}.get(
            position, text)
        holder[f"{tf.word(rng)}.{tf.word(rng, 1)}" if position == "flat_key" else tf.word(rng)] = leaf
    elif position == "finding":
        d["findings"].append({"id": tf.uuid(rng), "resource_id": str(target["id"]), "severity": "HIGH",
                              "title": "Review", "description": str(text), "source_tool": "rt"})
    else:
        other = rng.choice(assets)
        d["edges"].append({"source_id": str(target["id"]), "target_id": str(other["id"]),
                           "edge_type": "ROUTE", "description": str(text)})


@st.composite
def small_estates(draw: st.DrawFn) -> tuple[dict[str, Any], list[Canary]]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    numeric = draw(st.booleans())
    d: dict[str, Any] = {"assets": [_asset(rng, i, numeric) for i in range(draw(st.integers(1, 4)))],
                         "edges": [], "findings": []}
    canaries: list[Canary] = []
    plants = st.tuples(st.sampled_from(KINDS), st.sampled_from(POSITIONS), st.sampled_from(SPELLINGS),
                       st.integers(0, 4))
    for kind, position, spelling, depth in draw(st.lists(plants, min_size=1, max_size=5)):
        value = _value(kind, rng, d["assets"])
        _place(rng, position, _spelled(kind, value, spelling), d, depth)
        is_secret: Kind = "secret" if kind in _SECRET_KINDS else "identifier"
        forms = (pt.ENCODINGS[spelling](value),) if kind in _HELD and spelling in pt.ENCODINGS else ()
        canaries.append(Canary(value, kind, is_secret, forms, bounded=kind in ("account", "private_ip")))
    return d, canaries


async def _walk(directory: Path, policy: str) -> list[cw.Surface]:
    """The core of the catalog walk: pages, every asset, finding and tag, a prompt, completions."""
    layer = Layer(policy=policy, datasets={"prop": directory}, vault_key=VAULT_KEY)
    w = cw.Walker(layer, Principal.parse("dana:analyst"), directory)
    await w.harvest({"find_assets", "list_findings", "list_tags", "list_accounts"})
    for ref in w.seen.refs:
        await w.tool("get_asset", {"ref": ref})
        await w.tool("neighbors", {"ref": ref})
    for finding in w.seen.findings:
        await w.tool("get_finding", {"finding_id": finding})
    if w.seen.refs:
        await w.protocol("prompt:investigate_asset", layer.get_prompt(
            "investigate_asset", {"ref": w.seen.refs[0]}, principal=w.principal))
    await w.protocol("complete:investigate_asset.ref", layer.complete(
        {"type": "ref/prompt", "name": "investigate_asset"}, {"name": "ref", "value": ""},
        principal=w.principal))
    return w.out


def _write(directory: Path, d: dict[str, Any]) -> None:
    (directory / "inventory-map.json").write_text(json.dumps(
        {"providers": ["aws"], "regions": {"aws": ["eu-west-3"]}, "assets": d["assets"], "edges": d["edges"],
         "unresolved_references": []}, ensure_ascii=False))
    (directory / "findings.json").write_text(json.dumps({"findings": d["findings"]}, ensure_ascii=False))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True,
          database=None, phases=(Phase.explicit, Phase.generate))  # no shrinking: the report names the class
@given(small_estates())
def test_random_estates_leak_nothing_under_strict(drawn: tuple[dict[str, Any], list[Canary]]) -> None:
    d, canaries = drawn
    with tempfile.TemporaryDirectory(prefix="rt-prop-") as tmp:
        directory = Path(tmp)
        _write(directory, d)
        scanner = ls.Scanner(canaries)
        reached = scanner.reached(asyncio.run(_walk(directory, "open")))
        assert {c.cls for c in canaries} == {c.cls for c in reached}, "the open walk misses a canary"
        leaks = scanner.scan(asyncio.run(_walk(directory, "strict")))
    assert not leaks, ls.report(leaks)
