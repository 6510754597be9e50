"""Issue 11's red team: generated estates walked through the whole catalog, three principals.

Every tool, resource, template, prompt and completion the principal can see is called with
arguments that reach the canaries (what the principal was shown, followed page by page, plus an
attacker's real values), and every surface is scanned: content, structuredContent, `_meta`,
error texts and data, links, prompt messages, completion values, the audit ring buffer and the
package's log. Under `open` the walk must reach every canary (the control); under `standard` no
secret may come out, under `strict` neither a secret nor a real identifier. A failure prints
`class → surface → count` and the JSON path of each hit, never a result.
"""

from __future__ import annotations

from typing import Any

import catalog_walker as cw
import estate_dune
import estate_gale
import estate_quarto
import estate_scree
import estate_sleet
import estate_tarn
import estates
import leak_scan as ls
import pytest
import token_forms as tf
import token_kelp as tk
import token_saas as ts
from plantings import Canary
from redteam_runs import hidden, layer_for, server_log

from cloudg_lab import Principal

PRINCIPALS = ("alice:analyst", "bob:viewer", "carol:admin")


AT_THE_SOURCE = {"load-error-path"}
"""Classes no policy may show: a load error points at a tag by position, never by its key."""


async def test_the_open_walk_reaches_every_canary(estate: Any, walk: Any) -> None:
    """Without transforms every canary shows, in some spelling: the walk can fail the others."""
    surfaces = await walk("open", "carol:admin")
    reached = ls.Scanner(estate.canaries).reached(surfaces)
    missing = sorted({(c.cls, c.kind) for c in set(estate.canaries) - reached
                      if c.cls not in AT_THE_SOURCE})
    assert missing == []
    assert {c.cls for c in reached} & AT_THE_SOURCE == set()
    assert len({c.cls for c in estate.canaries}) >= 25
    assert {s.split(":")[0] for s, _ in surfaces} >= {"tool", "resource", "template", "prompt", "complete",
                                                       "audit", "list"}


@pytest.mark.parametrize("principal", PRINCIPALS)
async def test_no_secret_reaches_a_standard_caller(estate: Any, walk: Any, principal: str) -> None:
    leaks = ls.Scanner(hidden(estate, "standard")).scan(await walk("standard", principal))
    assert not leaks, ls.report(leaks)


@pytest.mark.parametrize("principal", PRINCIPALS)
async def test_no_secret_and_no_identifier_reach_a_strict_caller(estate: Any, walk: Any,
                                                                  principal: str) -> None:
    leaks = ls.Scanner(hidden(estate, "strict")).scan(await walk("strict", principal))
    assert not leaks, ls.report(leaks)


async def test_what_a_cold_vault_shows_does_not_depend_on_call_order(estate: Any) -> None:
    """Summaries, reports and listings asked first, before any page taught the vault a name."""
    layer = layer_for(estate, "strict")
    with server_log() as log:
        surfaces = await cw.cold(layer, Principal.parse("dave:analyst"))
    assert len(surfaces) > 10
    leaks = ls.Scanner(hidden(estate, "strict")).scan(surfaces + log)
    assert not leaks, ls.report(leaks)


def test_the_two_estates_cover_every_token_url_and_connection_family(tmp_path: Any) -> None:
    families = {c.family for kind, seed in (("meridian", 7), ("basalt", 11))
                for c in estates.build(kind, seed, tmp_path / kind).canaries}
    expected = ({*tf.FAMILIES, "pem_openssh", "pem_pgp", "pem_rsa"} | {f"conn_{c}" for c in tf.CONNECTIONS}
                | {f"url_{u}" for u in tf.URL_STYLES})
    assert expected - families == set()


def test_the_third_estate_covers_every_family_of_its_forms(tmp_path: Any) -> None:
    families = {c.family for c in estates.build("larch", 13, tmp_path).canaries}
    expected = ({f"more_{f}" for f in tf.MORE_FAMILIES} | {f"cmd_{c}" for c in tf.COMMANDS}
                | {f"header_{h}" for h in ("ssws", "digest", "cookie", "set_cookie")}
                | {f"enc_{e}" for e in ("gzip", "hex", "html", "escaped")})
    assert expected - families == set()


CI_VERSIONS = {
    "fjord": (19, {f"saas_{f}" for f in ts.SAAS_FAMILIES} | {f"hook_{h}" for h in ts.HOOKS}
              | {f"login_{s}" for s in ts.LOGINS}, 30),
    "kelp": (23, {f"kcmd_{c}" for c in tk.COMMANDS} | {f"ci_{c}" for c in tk.CI_LINES}
             | {f"print_{c}" for c in tk.PRINTERS}, 40),
    "quarto": (29, estate_quarto.FAMILIES, 45),
    "sleet": (31, estate_sleet.FAMILIES, 25),
    "gale": (37, estate_gale.FAMILIES, 25),
    "tarn": (37, estate_tarn.FAMILIES, 25),
    "dune": (37, estate_dune.FAMILIES, 25),
    "scree": (41, estate_scree.FAMILIES, 25),
}
"""The estates CI walks in a smaller version: seed, the families of their forms, classes at least."""


@pytest.mark.parametrize("kind", sorted(CI_VERSIONS))
def test_an_estate_s_ci_version_covers_every_family_and_class_of_the_full_one(
        kind: str, tmp_path: Any) -> None:
    """`fjord` (SaaS families, hooks, logins), `kelp` (cluster commands, CI lines, printed
    secrets), `quarto` (engine URLs, Airflow, Kafka, Spark, warehouse SQL, clients, config
    files, BI logins), `sleet` (CloudTrail, flow, ALB and WAF lines, identity providers' and
    clusters' audit events, EDR, scanners, SIEM queries, SBOMs), `gale` (chat exports, tickets,
    mail, on-call incidents, postmortems, transcripts, commits and reviews, chat bots), `tarn`
    (Terraform state, plans, HCL and locks, CloudFormation, Pulumi, Ansible, Hiera, Salt, Chef,
    cloud-init, installers, agents, unit files, Jenkins, Consul, Nomad, Wi-Fi), `dune` (keys,
    labels, sentences, CSV, cards, tokens, accounts, hosts, e-mail addresses and people in seventeen
    languages and their scripts) and `scree` (HAR captures, API client exports, HTTP command lines,
    API descriptions, webhook deliveries, JS bundles, mobile app files, OAuth and SAML exchanges)
    in full and as the CI walks them: every family of their forms and every class planted."""
    seed, expected, classes = CI_VERSIONS[kind]
    full, walked = (estates.build(k, seed, tmp_path / k).canaries for k in (kind, f"{kind}-ci"))
    assert expected - {c.family for c in walked} == set()
    assert {c.cls for c in full} == {c.cls for c in walked} and len({c.cls for c in walked}) >= classes


async def test_large_counts_stay_the_same_numbers_under_strict(estate: Any, walk: Any) -> None:
    """A count of 100,000 or more is a count: it comes back as the number it was."""
    surfaces = await walk("strict", "alice:analyst")
    shown: dict[str, set[Any]] = {}
    for _, value in surfaces:
        _collect(value, estate.counts, shown)
    wrong = {key: sorted(map(repr, values - {estate.counts[key]}))[:3] for key, values in shown.items()
             if values != {estate.counts[key]}}
    assert set(shown) == set(estate.counts) and wrong == {}


def _collect(value: Any, keys: dict[str, int], out: dict[str, set[Any]]) -> None:
    """What every dict holding all of `keys` (the planted counts) holds under them."""
    if isinstance(value, dict):
        if set(keys) <= set(value):
            for key in keys:
                out.setdefault(key, set()).add(value[key])
        for item in value.values():
            _collect(item, keys, out)
    elif isinstance(value, list):
        for item in value:
            _collect(item, keys, out)


@pytest.mark.parametrize(("spelled", "expected"), [
    ("Owner: ZOË.KAVI@FJØRD.NO", "as planted"),
    ("next=https%3A%2F%2Fx%2F%3Fu%3Dzo%C3%AB.kavi%40fj%C3%B8rd.no", "url-encoded"),
    ("{\"who\": \"zo\\u00eb.kavi@fj\\u00f8rd.no\"}", "as planted"),
])
def test_the_scanner_finds_a_canary_in_other_spellings(spelled: str, expected: str) -> None:
    """Case-folded, URL-encoded, JSON-escaped: the scan cannot be dodged by spelling."""
    canary = Canary("zoë.kavi@fjørd.no", "unicode-email", "identifier")
    leaks = ls.Scanner([canary]).scan([("tool:t", {"text": spelled})])
    assert {leak.spelling for leak in leaks} == {expected}


def test_the_scanner_reads_numbers_keys_and_bounds() -> None:
    """A number canary matches the number, with or without leading zeros, but not a longer one."""
    account = Canary("004512345678", "number-id", "identifier", bounded=True)
    holder = {"ids": [4512345678], "by": {"004512345678": 1}, "other": "94512345678"}
    leaks = ls.Scanner([account]).scan([("tool:t", holder)])
    assert sorted((leak.path, leak.spelling) for leak in leaks) == [(".by{key}", "as planted"),
                                                                     (".ids[0]", "number")]
    assert "number-id" in ls.report(leaks) and "004512345678" not in ls.report(leaks)
