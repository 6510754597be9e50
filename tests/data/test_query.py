"""Queries over the indexes agree with a brute-force scan of the decoded file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloudg_lab.data import load_inventory
from cloudg_lab.data.query import AssetFilter, group_counts, select, sort_rows
from cloudg_lab.data.records import SEVERITIES, SEVERITY_RANK
from cloudg_lab.sample import generate

SEVERITY_OF = {s: SEVERITY_RANK[s] for s in SEVERITIES}


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, list[dict], dict[str, int]]:
    folder: Path = generate(assets=400, seed=11, out=tmp_path_factory.mktemp("estate"))  # type: ignore[assignment]
    doc = json.loads((folder / "inventory-map.json").read_text())
    findings = json.loads((folder / "findings.json").read_text())["findings"]
    worst: dict[str, int] = {}
    for f in findings:
        if not f["is_suppressed"]:
            worst[f["resource_id"]] = max(worst.get(f["resource_id"], -1), SEVERITY_OF[f["severity"]])
    return load_inventory(folder), doc["assets"], worst


def brute(assets: list[dict], worst: dict[str, int], flt: AssetFilter) -> list[int]:
    def keep(a: dict) -> bool:
        text = f"{a['name']}\t{a['id']}\t{a.get('arn') or ''}".casefold()
        checks = [
            flt.query is None or flt.query.casefold() in text,
            flt.provider is None or a["provider"] == flt.provider,
            not flt.asset_types or a["asset_type"] in flt.asset_types,
            flt.region is None or a["region"] == flt.region,
            flt.account_id is None or a["account_id"] == flt.account_id,
            flt.tags is None or any(k in a["tags"] and (v is None or a["tags"][k] == v)
                                    for k, v in flt.tags),
            flt.internet_exposed is None or a["is_internet_exposed"] is flt.internet_exposed,
            flt.has_findings is None or (a["id"] in worst) is flt.has_findings,
            flt.min_severity is None or worst.get(a["id"], -1) >= flt.min_severity,
        ]
        return all(checks)

    return [i for i, a in enumerate(assets) if keep(a)]


FILTERS = st.builds(
    AssetFilter,
    query=st.sampled_from([None, "web", "PROD-", "zzz", "arn:aws:iam", "-00"]),
    provider=st.sampled_from([None, "AWS", "AZURE", "GCP"]),
    asset_types=st.sampled_from([(), ("EC2",), ("EC2", "S3_BUCKET"), ("LOAD_BALANCER",)]),
    region=st.sampled_from([None, "global", "us-east-1", "uksouth", "nowhere"]),
    tags=st.sampled_from([None, (), (("owner", None),), (("env", None),), (("db_password", None),),
                          (("env", "prod"), ("owner", None))]),
    internet_exposed=st.sampled_from([None, True, False]),
    has_findings=st.sampled_from([None, True, False]),
    min_severity=st.sampled_from([None, 0, 2, 4]),
)


@settings(max_examples=200, deadline=None)
@given(flt=FILTERS)
def test_select_matches_brute_force(estate, flt):
    inv, assets, worst = estate
    assert list(select(inv, flt)) == brute(assets, worst, flt)


def test_tag_values_and_accounts(estate):
    inv, assets, worst = estate
    for flt in (AssetFilter(tags=(("env", "prod"),)), AssetFilter(account_id=assets[0]["account_id"]),
                AssetFilter(tags=(("env", "nope"),)), AssetFilter(tags=(("env", "nope"), ("env", "prod")))):
        assert list(select(inv, flt)) == brute(assets, worst, flt)


@pytest.mark.parametrize("sort_by", ["name", "type", "region", "account", "risk", "findings"])
@pytest.mark.parametrize("descending", [False, True])
def test_sorting_is_stable_and_complete(estate, sort_by, descending):
    inv, assets, _ = estate
    rows = list(range(len(assets)))
    ordered = sort_rows(inv, rows, sort_by, descending)
    assert sorted(ordered) == rows
    idx = inv.indexes
    key = {"name": lambda r: assets[r]["name"].casefold(), "type": lambda r: assets[r]["asset_type"],
           "region": lambda r: assets[r]["region"], "account": lambda r: assets[r]["account_id"],
           "risk": lambda r: (idx.max_severity[r], idx.open_counts[r]),
           "findings": lambda r: idx.open_counts[r]}[sort_by]
    assert ordered == sorted(rows, key=key, reverse=descending)


def test_file_order_backwards_is_a_view_that_slices_like_a_list(estate):
    inv, assets, _ = estate
    for rows in (range(len(assets)), list(select(inv, AssetFilter(provider="AWS"))), []):
        backwards = sort_rows(inv, rows, None, True)
        expected = list(rows)[::-1]
        assert list(backwards) == expected and len(backwards) == len(expected)
        for cut in (slice(0, 7), slice(5, 12), slice(len(expected) - 3, len(expected) + 9),
                    slice(len(expected) + 5, None), slice(None, None, 2), slice(-4, None)):
            assert backwards[cut] == expected[cut]
        for at in (0, 3, -1, -len(expected)):
            if expected:
                assert backwards[at] == expected[at]
        with pytest.raises(IndexError):
            backwards[len(expected)]


def test_a_page_of_one_indexed_filter_does_not_copy_its_matches(estate):
    """The rows of a single indexed filter are the postings themselves (a page then costs its
    length, not the matches': `find_assets` stays flat from 10k to 1M assets)."""
    inv, _, _ = estate
    assert select(inv, AssetFilter(asset_types=("EC2",))) is inv.indexes.by_type["EC2"]
    assert select(inv, AssetFilter()) == range(inv.asset_count)


@pytest.mark.parametrize("group_by", ["type", "provider", "region", "account", "exposure", "severity"])
def test_group_counts_with_and_without_rows(estate, group_by):
    inv, assets, worst = estate
    label = {"type": lambda a: a["asset_type"], "provider": lambda a: a["provider"],
             "region": lambda a: a["region"], "account": lambda a: a["account_id"],
             "exposure": lambda a: "internet_exposed" if a["is_internet_exposed"] else "internal",
             "severity": lambda a: SEVERITIES[4 - worst[a["id"]]] if a["id"] in worst else "NONE"}[group_by]
    assert group_counts(inv, None, group_by) == Counter(label(a) for a in assets)
    some = list(range(0, len(assets), 3))
    assert group_counts(inv, some, group_by) == Counter(label(assets[r]) for r in some)


def test_filter_binding_is_plain_data():
    flt = AssetFilter(asset_types=("EC2",), min_severity=3)
    assert json.loads(json.dumps(flt.binding()))["asset_types"] == ["EC2"]
