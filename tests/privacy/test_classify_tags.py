"""Tags filed from the loader's tag index give what decoding and walking every record gives.

The index holds every tag value as text, so the estates here mix values that are text and
numbers of the same spelling (`"12345"` and `12345`, `12345.0`, `2.5`), booleans, nulls and
empty strings, under keys that mark (people, names, secrets) and keys that do not; some assets
carry tags shaped as a `{"Key": .., "Value": ..}` pair, or the words `Key`/`Value` as ordinary
tag keys, and some carry no tags at all (`[]`, `null`, none).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cloudg_lab.data import load_inventory
from cloudg_lab.data.workspace import own_identifiers
from cloudg_lab.privacy.classify import DatasetClassifier, dataset_dictionary
from cloudg_lab.privacy.dictionary import Dictionary

TAG_KEYS = ["owner", "Name", "team", "db_password", "env", "Key", "Value", "key", "value", "notes",
            "cost-center", "api_keys"]


def spellings(key: str) -> list[Any]:
    """A key's values in several types and spellings; no two keys share one (which of two
    rules files a value met under both depends on the order of the walk)."""
    n = 12345 + 1000 * TAG_KEYS.index(key)
    return [str(n), n, float(n), f"{n}.0", n + 0.5, str(n + 0.5), 77 + n, True, None, "", "true",
            f"Ana {key} Lee"]


@st.composite
def estates(draw: st.DrawFn) -> list[dict[str, Any]]:
    counter = itertools.count()

    def value(key: str) -> Any:
        return draw(st.one_of(st.sampled_from(spellings(key)),
                              st.builds(lambda: f"v{next(counter)}-tag")))

    assets = []
    for n in range(draw(st.integers(1, 40))):
        shape = draw(st.sampled_from(["tags", "tags", "tags", "pair", "empty", "null", "none"]))
        asset: dict[str, Any] = {"id": f"a-{n}", "name": f"asset-{n}", "asset_type": "VM",
                                 "provider": "aws"}
        if shape == "tags":
            keys = draw(st.lists(st.sampled_from(TAG_KEYS), max_size=5, unique=True))
            asset["tags"] = {k: value(k) for k in keys}
        elif shape == "pair":
            key = draw(st.sampled_from(["owner", "Name", "env"]))
            asset["tags"] = {"Key": key, "Value": value(key)}
        elif shape != "none":
            asset["tags"] = [] if shape == "empty" else None
        assets.append(asset)
    return assets


def _classified(folder: Path, assets: list[dict[str, Any]]) -> tuple[Dictionary, Dictionary]:
    """(the classifier's dictionary, the walked reference's) of an estate of `assets`."""
    (folder / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [],
                                                           "regions": {}}))
    inv = load_inventory(folder)
    known = own_identifiers("estate", inv)
    return (DatasetClassifier().dataset(*inv.records(), known),
            dataset_dictionary([*inv.raw, *inv.edge_raw, *inv.finding_raw], known))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(assets=estates())
def test_tags_filed_from_the_index_are_the_walked_tags(tmp_path: Path, assets: list[dict[str, Any]]) -> None:
    fast, generic = _classified(tmp_path, assets)
    assert dict(fast.items()) == dict(generic.items())


def test_a_number_and_its_text_are_filed_as_each_is(tmp_path: Path) -> None:
    """A person tag of `12345` as text is a person; as a number it is a count; a secret tag of
    `12345.0` as a number is the secret `12345`."""
    assets = [{"id": "a-1", "name": "asset-1", "asset_type": "VM", "provider": "aws",
               "tags": {"owner": 54321, "db_password": 12345.0}},
              {"id": "a-2", "name": "asset-2", "asset_type": "VM", "provider": "aws",
               "tags": {"owner": "67890", "db_password": "2.5e+3x"}}]
    (tmp_path / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [],
                                                             "regions": {}}))
    inv = load_inventory(tmp_path)
    found = DatasetClassifier().dataset(*inv.records(), own_identifiers("estate", inv))
    assert found.get("67890") == "person" and "54321" not in found
    assert "12345" in found and "12345.0" not in found and "2.5e+3x" in found


def test_a_number_the_columns_hold_keeps_the_columns_entity(tmp_path: Path) -> None:
    """A tag whose number is an account id of the data (`AccountNumber: 527147951284` beside an asset of
    that account) stays the account, however the tag's rule would file it: one entity, so one
    pseudonym, in every position; the walked reference agrees."""
    account = "527147951284"
    assets = [{"id": "a-1", "name": "asset-1", "asset_type": "VM", "provider": "aws",
               "account_id": account},
              {"id": "a-2", "name": "asset-2", "asset_type": "VM", "provider": "aws",
               "tags": {"AccountNumber": int(account), "PeerAccount": account}}]
    fast, generic = _classified(tmp_path, assets)
    assert fast.get(account) == generic.get(account) == "aws_account_id"
