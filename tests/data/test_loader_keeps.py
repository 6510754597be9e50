"""The typed decoder keeps exactly what the loader always kept, on generated estates bent out of
the generator's shape: numbers as ids, missing ids and regions, scalar tag values, empty tag
arrays, unknown members, non-ASCII names, lower-case providers.

The reference is the documents themselves, read with the standard library: every column, every
returned record and every index entry must be what the old field-by-field checks made of them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab.data import load_inventory
from cloudg_lab.data.records import SEVERITY_RANK
from cloudg_lab.sample import generate


def _bend(asset: dict[str, Any], rng: random.Random, n: int) -> None:
    roll = rng.random()
    if roll < 0.1 and str(asset.get("account_id", "")).isdigit():
        asset["account_id"] = int(asset["account_id"])
    elif roll < 0.2:
        asset.pop("id")
    elif roll < 0.3:
        asset.pop("region", None)
        asset["provider"] = asset["provider"].lower()
    elif roll < 0.4:
        asset["tags"] = {"replicas": n, "public": rng.random() < 0.5, "ratio": 0.25, "gone": None}
    elif roll < 0.45:
        asset["tags"] = []
    elif roll < 0.55:
        asset["owner_team"] = {"name": f"Équipe {n}", "members": [n, None, True]}
        asset["name"] = f"{asset['name']}-ß-{n}"
    elif roll < 0.6:
        asset["raw_data"] = {"token": f"t-{n}"}


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], dict[str, Any]]:
    rng = random.Random(41)
    built = generate(assets=400, seed=rng.randrange(10_000))
    inventory, findings = built.inventory, built.findings  # type: ignore[union-attr]
    for n, asset in enumerate(inventory["assets"]):
        _bend(asset, rng, n)
    inventory["future_member"] = {"v": [1, 2]}
    findings["findings"][0].pop("id")
    findings["findings"][1]["severity"] = "high"
    folder = tmp_path_factory.mktemp("bent")
    (folder / "inventory-map.json").write_text(json.dumps(inventory, ensure_ascii=False, indent=1))
    (folder / "findings.json").write_text(json.dumps(findings))
    return folder, inventory, findings


def _text(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)


def _tag_text(value: Any) -> str:
    return "" if value is None else json.dumps(value) if isinstance(value, bool) else str(value)


def test_every_column_is_what_the_document_says(estate: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    folder, inventory, _ = estate
    inv = load_inventory(folder)
    assets = inventory["assets"]
    assert inv.names == [a["name"] for a in assets]
    assert inv.types == [a["asset_type"] for a in assets]
    assert inv.providers == [a["provider"].upper() for a in assets]
    assert inv.regions == [a.get("region") or "global" for a in assets]
    assert inv.accounts == [_text(a.get("account_id")) for a in assets]
    assert inv.arns == [_text(a.get("arn")) for a in assets]
    assert inv.collected == [_text(a.get("collected_at")) for a in assets]
    assert [bool(x) for x in inv.exposed] == [a["is_internet_exposed"] for a in assets]
    given = [(row, a["id"]) for row, a in enumerate(assets) if "id" in a]
    assert [inv.ids[row] for row, _ in given] == [ident for _, ident in given]
    assert all(inv.ids[row].startswith("gen-") for row, a in enumerate(assets) if "id" not in a)
    assert inv.row_of == {ident: row for row, ident in enumerate(inv.ids)}
    assert inv.top == {k: v for k, v in inventory.items() if k not in ("assets", "edges")}


def test_every_record_comes_back_whole(estate: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    folder, inventory, findings = estate
    inv = load_inventory(folder)
    for row, asset in enumerate(inventory["assets"]):
        assert inv.source(row) == {k: v for k, v in asset.items() if k != "raw_data"}
        tags = asset.get("tags") or {}
        assert inv.tags(row) == {k: _tag_text(v) for k, v in tags.items()}
    for index, edge in enumerate(inventory["edges"]):
        assert inv.edge(index) == edge
    for index, finding in enumerate(findings["findings"]):
        expected = dict(finding, id=finding.get("id") or f"finding-{index}",
                        severity=finding["severity"].upper())
        assert inv.finding(index) == expected
        assert inv.finding_severity[index] == SEVERITY_RANK[expected["severity"]]
        assert inv.finding_cvss[index] == finding["cvss_score"]
    assert inv.compliance == [dict(c, status=c["status"].upper()) for c in findings["compliance"]]


def test_the_tag_index_holds_every_tag_as_text(estate: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    folder, inventory, _ = estate
    inv = load_inventory(folder)
    expected: dict[str, dict[str, list[int]]] = {}
    for row, asset in enumerate(inventory["assets"]):
        for key, value in (asset.get("tags") or {}).items():
            expected.setdefault(key, {}).setdefault(_tag_text(value), []).append(row)
    assert {k: {v: list(rows) for v, rows in values.items()}
            for k, values in inv.tag_index.items()} == expected
