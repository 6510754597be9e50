"""Pages are exact (guarantee 2): every paged tool, every profile, items large enough to bite.

Estates of 600 and 10,000 generated assets get long names, prose tags, extra findings with long
titles, many exposed assets and many accounts, so the output budget (`project`'s `max_chars`, the
text cap) cannot hold 500 items of any paged tool. Walking the cursors with `limit` 500 must still
meet every match exactly once, in order, with `returned == len(items)`, records only, consistent
`truncated` / `next_cursor`, and a text block that is the whole page.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer, Principal
from cloudg_lab.data.loader import FINDINGS_FILE, INVENTORY_FILE
from cloudg_lab.data.workspace import Workspace
from cloudg_lab.sample import Estate, generate

CURSOR = re.compile(r"^c\d{1,9}\.[0-9a-f]{12}$")
LIMIT = 500
WORDS = ("quarterly", "reconciliation", "ledger", "pipeline", "regional", "settlement", "archive",
         "telemetry", "ingestion", "customer", "invoice", "replica", "failover", "analytics")
TOOLS: dict[str, str] = {"find_assets": "id", "list_accounts": "account_id", "list_findings": "id",
                         "internet_exposure": "id"}
"""Every tool of the catalog that pages with cursors, and the key naming its items."""
BRIEF = ["name", "type", "region", "account_id", "arn", "uri"]
ARGUMENTS: dict[tuple[str, int], dict[str, Any]] = {
    ("find_assets", 600): {"fields": [*BRIEF, "tags"]}, ("find_assets", 10_000): {"fields": BRIEF}}
"""Nested tag dicts in records on the small estate; on the large one (which is about many pages
at long offsets) they would only make `strict` scan 10,000 more names and e-mail addresses."""
LAYERS: dict[str, tuple[str, int]] = {
    "open": ("open", 200_000), "standard": ("standard", 200_000), "strict": ("strict", 200_000),
    "audit": ("audit", 200_000), "read_only": ("read_only", 200_000),
    "tight-open": ("open", 40_000), "tight-strict": ("strict", 40_000),
}
"""Profiles with the default text cap, and two with a cap so small every tool's pages shorten."""
CASES = [(600, name) for name in LAYERS] + [(10_000, name) for name in ("open", "standard",
                                                                          "strict", "audit")]
PSEUDONYMIZED = ("strict", "tight-strict")


def lengthen(estate: Estate, seed: int) -> Estate:
    """Long names, prose tags, extra findings with long titles, nine in ten assets exposed,
    accounts in each provider's own format: over 500 items for every paged tool, and items large
    enough that no budget holds 500. (Prose, the costly thing to scan, thins out as estates grow.)"""
    rng = random.Random(seed)
    assets = len(estate.inventory["assets"])
    per_account, per_finding, per_prose = (max(1, assets // n) for n in (1000, 2500, 2000))

    def prose(words: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(words))

    for i, asset in enumerate(estate.inventory["assets"]):
        asset["name"] = f"{asset['name']}-{prose(3).replace(' ', '-')}-{i}"
        if i % per_prose == 0:
            asset["tags"] = {**asset["tags"], "purpose": prose(9), "runbook": prose(9)}
        asset["is_internet_exposed"] = asset["is_internet_exposed"] or i % 10 != 0
        if asset["asset_type"] != "CLOUD_ACCOUNT":
            group = i // per_account
            asset["account_id"] = {"AWS": f"{410_000_000_000 + group}",
                                   "AZURE": f"{group:08x}-5a1e-4c2b-9d3f-{group:012x}",
                                   "GCP": f"proj-{WORDS[group % len(WORDS)]}-{group}"}[asset["provider"]]
        if i % per_finding == 0:
            estate.findings["findings"].append({
                "id": f"{rng.getrandbits(128):032x}", "resource_id": asset["id"],
                "resource_arn": asset["arn"], "severity": rng.choice(("LOW", "MEDIUM", "HIGH")),
                "title": f"{prose(10)} on {asset['name']}", "description": prose(20),
                "source_tool": "trivy", "cvss_score": 4.2, "is_suppressed": False})
    return estate


@dataclass
class Walk:
    """What walking one tool's cursors met."""

    keys: list[str]
    sizes: list[int]
    total: int


@pytest.fixture(scope="module")
def workspaces(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, Workspace]]:
    """One loaded workspace per estate size, shared by every layer of the module."""
    found: dict[int, Workspace] = {}
    for size in sorted({size for size, _ in CASES}):
        folder = tmp_path_factory.mktemp(f"estate{size}")
        estate = generate(assets=size, seed=size + 7)
        assert isinstance(estate, Estate)
        lengthen(estate, seed=size)
        (folder / INVENTORY_FILE).write_text(json.dumps(estate.inventory), encoding="utf-8")
        (folder / FINDINGS_FILE).write_text(json.dumps(estate.findings), encoding="utf-8")
        workspace = Workspace(allowed_roots=[Path(folder)])
        workspace.load(folder, name="estate")
        found[size] = workspace
    yield found


@dataclass
class Lab:
    """The module's estates, and the layers and walks made over them so far (shared by tests, so
    the layers' memos and the unbudgeted reference walks are built once)."""

    workspaces: dict[int, Workspace]
    layers: dict[tuple[int, str], Layer]
    references: dict[tuple[int, str], Walk]

    def layer(self, size: int, name: str) -> Layer:
        found = self.layers.get((size, name))
        if found is None:
            policy, cap = LAYERS.get(name, ("open", 10**9))
            found = Layer(policy=policy, workspace=self.workspaces[size], max_output_chars=cap)
            self.layers[(size, name)] = found
        return found

    async def reference(self, size: int, tool: str) -> Walk:
        """The walk under `open` with no cap that bites: full pages, the order to expect."""
        found = self.references.get((size, tool))
        if found is None:
            found = await walk(self.layer(size, "reference"), tool, Principal.parse("ref:analyst"),
                               ARGUMENTS.get((tool, size), {}))
            full = [LIMIT] * (found.total // LIMIT) + ([found.total % LIMIT] if found.total % LIMIT
                                                       else [])
            assert found.sizes == full and found.total > LIMIT
            self.references[(size, tool)] = found
        return found


@pytest.fixture(scope="module")
def lab(workspaces: dict[int, Workspace]) -> Lab:
    return Lab(workspaces, {}, {})


async def walk(layer: Layer, tool: str, principal: Principal, extra: dict[str, Any]) -> Walk:
    """Follow `next_cursor` to the end, checking every page on the way."""
    key = TOOLS[tool]
    keys: list[str] = []
    sizes: list[int] = []
    cursor: str | None = None
    total: int | None = None
    while True:
        result = await layer.call_tool(tool, {**extra, "limit": LIMIT, "cursor": cursor},
                                       principal=principal)
        assert not result.is_error, result.text
        page = result.structured
        assert page is not None
        check_page(page, key, walked=len(keys), total=total)
        assert json.loads(result.content[0].text) == page, "the text block is the whole page"
        total = page["total"]
        keys += [item[key] for item in page["items"]]
        sizes.append(page["returned"])
        cursor = page["next_cursor"]
        if cursor is None:
            return Walk(keys, sizes, total)
        assert len(sizes) <= total, "every page moves on"


def check_page(page: dict[str, Any], key: str, *, walked: int, total: int | None) -> None:
    items = page["items"]
    assert isinstance(items, list) and all(isinstance(item, dict) and key in item for item in items)
    assert page["returned"] == len(items) and 0 < len(items) <= LIMIT
    assert page["offset"] == walked and (total is None or page["total"] == total)
    end = page["offset"] + len(items)
    if page["next_cursor"] is None:
        assert page["truncated"] is False and end == page["total"]
    else:
        assert page["truncated"] is True and end < page["total"]
        assert CURSOR.match(page["next_cursor"]) and page["next_cursor"].startswith(f"c{end}.")


@pytest.mark.parametrize("tool", list(TOOLS))
@pytest.mark.parametrize(("size", "layer_name"), CASES)
async def test_walking_the_cursors_meets_every_match_exactly_once(lab: Lab, size: int,
                                                                 layer_name: str, tool: str) -> None:
    expected = await lab.reference(size, tool)
    got = await walk(lab.layer(size, layer_name), tool,
                     Principal.parse(f"walker-{layer_name}-{tool}:analyst"), ARGUMENTS.get((tool, size), {}))
    assert got.total == expected.total == len(got.keys) == len(set(got.keys))
    if layer_name not in PSEUDONYMIZED:
        assert got.keys == expected.keys
    shortened = any(n < min(LIMIT, got.total - sum(got.sizes[:i])) for i, n in enumerate(got.sizes))
    assert shortened or (tool == "list_accounts" and not layer_name.startswith("tight")), \
        "the estate is meant to make the budget bite"
