"""Asset briefs, read column by column, agree with the source file; URIs quote like `quote`."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloudg_lab.catalog.common import BRIEF_FIELDS, asset_uri, brief, briefs
from cloudg_lab.data.workspace import Dataset, Workspace
from cloudg_lab.sample import generate

SAFE = ":/@-._~!$&'()*+,;="


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Dataset, list[dict]]:
    folder = Path(generate(assets=300, seed=23, out=tmp_path_factory.mktemp("briefs")))
    ds = Workspace(allowed_roots=[folder]).load(folder, name="briefs")
    return ds, json.loads((folder / "inventory-map.json").read_text())["assets"]


@settings(max_examples=300, deadline=None)
@given(ident=st.text(max_size=24))
def test_asset_uris_quote_exactly_what_quote_would(ident: str) -> None:
    assert asset_uri(ident) == "cloudg://assets/" + quote(ident, safe=SAFE)


@pytest.mark.parametrize("fields", [("name", "uri"), BRIEF_FIELDS, ("tags", "id", "account_id")])
def test_briefs_of_many_rows_read_the_source_records(estate: tuple[Dataset, list[dict]],
                                                     fields: tuple[str, ...]) -> None:
    ds, assets = estate
    rows = [0, 7, 299, 7, 150]
    got = briefs(ds, rows, fields)
    assert got == [brief(ds, r, fields) for r in rows]
    for row, item in zip(rows, got, strict=True):
        source = assets[row]
        assert list(item) == ["id", *(f for f in fields if f != "id")]
        expected = {"id": source["id"], "name": source["name"], "account_id": source["account_id"],
                    "uri": "cloudg://assets/" + quote(source["id"], safe=SAFE),
                    "tags": {k: str(v) for k, v in (source.get("tags") or {}).items()}}
        assert {k: v for k, v in item.items() if k in expected} == \
            {k: v for k, v in expected.items() if k in item}


def test_briefs_of_no_rows_are_empty(estate: tuple[Dataset, list[dict]]) -> None:
    assert briefs(estate[0], [], BRIEF_FIELDS) == []
