"""The inventory loader: canonical columns, tolerated extras, enforced requirements."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cloudg_lab.data import SAMPLE_PATH, InventoryFormatError, load_inventory
from cloudg_lab.errors import InvalidArgumentsError, NotFoundError

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures"


def write(folder: Path, doc: dict | str, findings: dict | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "inventory-map.json").write_text(doc if isinstance(doc, str) else json.dumps(doc))
    if findings is not None:
        (folder / "findings.json").write_text(json.dumps(findings))
    return folder


def doc(*assets: dict, edges: tuple = (), **top) -> dict:
    return {"regions": {}, "assets": list(assets), "edges": list(edges), **top}


def test_the_sample_loads_with_findings_and_compliance():
    inv = load_inventory(SAMPLE_PATH)
    assert (inv.asset_count, inv.edge_count, inv.finding_count, len(inv.compliance)) == (50, 88, 16, 16)
    source = json.loads((SAMPLE_PATH / "inventory-map.json").read_text())
    assert inv.ids == [a["id"] for a in source["assets"]]
    assert inv.names == [a["name"] for a in source["assets"]]
    assert [bool(x) for x in inv.exposed] == [a["is_internet_exposed"] for a in source["assets"]]
    assert inv.top["providers"] == ["aws", "azure", "gcp"]
    assert inv.findings_file == str(SAMPLE_PATH / "findings.json")


@pytest.mark.parametrize("name", ["minimal", "example-estate"])
def test_the_shared_examples_load(name):
    inv = load_inventory(EXAMPLES / name)
    assert inv.asset_count == {"minimal": 2, "example-estate": 44}[name]


def test_defaults_and_canonical_values(tmp_path):
    inv = load_inventory(write(tmp_path, doc({"name": "n", "asset_type": "EC2", "provider": "aws",
                                              "account_id": 123456789012})))
    assert inv.providers == ["AWS"] and inv.regions == ["global"] and inv.accounts == ["123456789012"]
    assert inv.arns == [None] and inv.collected == [None] and inv.exposed == bytearray(b"\x00")
    assert inv.ids[0].startswith("gen-") and len(inv.ids[0]) == 20
    again = load_inventory(tmp_path)
    assert again.ids == inv.ids


def test_unknown_fields_are_kept_and_raw_data_never_returned(tmp_path):
    asset = {"id": "a", "name": "n", "asset_type": "EC2", "provider": "AWS", "owner_team": "x",
             "raw_data": {"secret": "s"}, "metadata": {"relations": [], "aliases": ["b"]}}
    inv = load_inventory(write(tmp_path, doc(asset, future_member={"v": 2})))
    record = inv.source(0)
    assert record["owner_team"] == "x" and record["metadata"]["aliases"] == ["b"]
    assert "raw_data" not in record and b"secret" in bytes(inv.raw[0])
    assert inv.top["future_member"] == {"v": 2}


def test_tag_values_become_text_and_are_indexed(tmp_path):
    asset = {"id": "a", "name": "n", "asset_type": "EC2", "provider": "AWS",
             "tags": {"n": 3, "b": True, "z": None, "s": "x"}}
    inv = load_inventory(write(tmp_path, doc(asset)))
    assert inv.tags(0) == {"n": "3", "b": "true", "z": "", "s": "x"}
    assert {k: {v: list(rows) for v, rows in values.items()} for k, values in inv.tag_index.items()} == {
        "n": {"3": [0]}, "b": {"true": [0]}, "z": {"": [0]}, "s": {"x": [0]}}


def test_edges_and_findings_join_by_id_or_arn(tmp_path):
    assets = [{"id": "a", "name": "a", "asset_type": "EC2", "provider": "AWS", "arn": "arn:aws:x:::a"},
              {"id": "b", "name": "b", "asset_type": "EC2", "provider": "AWS"}]
    edges = ({"source_id": "a", "target_id": "b", "edge_type": "ROUTE", "ports": [443]},
             {"source_id": "0.0.0.0/0", "target_id": "a", "edge_type": "SECURITY_GROUP_RULE"})
    findings = {"findings": [
        {"resource_id": "gone", "resource_arn": "arn:aws:x:::a", "severity": "high", "title": "t",
         "description": "d", "source_tool": "x"},
        {"id": "f2", "resource_id": "b", "severity": "LOW", "title": "t", "description": "d",
         "source_tool": "x", "is_suppressed": True, "cvss_score": 2}],
        "compliance": [{"framework": "F", "control_id": "1", "status": "pass"}]}
    inv = load_inventory(write(tmp_path, doc(*assets, edges=edges), findings))
    assert inv.edge(0) == {"source_id": "a", "target_id": "b", "edge_type": "ROUTE", "ports": [443]}
    assert inv.finding_ids == ["finding-0", "f2"]
    assert inv.indexes.findings_of == {0: [0], 1: [1]}
    assert list(inv.indexes.open_counts) == [1, 0] and list(inv.indexes.max_severity) == [3, -1]
    assert inv.finding(0)["severity"] == "HIGH" and inv.compliance[0]["status"] == "PASS"
    assert list(inv.finding_cvss) == [-1.0, 2.0]


@pytest.mark.parametrize(("asset", "where", "problem"), [
    ({"asset_type": "EC2", "provider": "AWS"}, "$.assets[0].name", "required field missing"),
    ({"name": "  ", "asset_type": "EC2", "provider": "AWS"}, "$.assets[0].name", "required field is empty"),
    ({"name": "n", "asset_type": "EC2"}, "$.assets[0].provider", "required field missing"),
    ({"name": "n", "asset_type": "EC2", "provider": "AWS", "metadata": []}, "$.assets[0].metadata",
     "expected an object, found an array"),
    ({"name": "n", "asset_type": "EC2", "provider": "AWS", "tags": {"a": "1", "Jo Doe": {"v": 1}}},
     "$.assets[0].tags", "tag #2: expected a string value, found an object"),
    ({"name": "n", "asset_type": "EC2", "provider": "AWS", "arn": ["x"]}, "$.assets[0].arn",
     "expected a string, found an array"),
])
def test_required_and_typed_fields(tmp_path, asset, where, problem):
    with pytest.raises(InventoryFormatError) as caught:
        load_inventory(write(tmp_path, doc(asset)))
    assert (caught.value.where, caught.value.problem) == (where, problem)
    assert str(caught.value) == f"inventory-map.json: {where}: {problem}"


def test_duplicate_ids_and_edge_requirements(tmp_path):
    same = {"id": "a", "name": "n", "asset_type": "EC2", "provider": "AWS"}
    with pytest.raises(InventoryFormatError, match=r"\$\.assets\[1\]\.id: duplicate id \(first at "
                                                   r"\$\.assets\[0\]\)"):
        load_inventory(write(tmp_path / "dup", doc(same, same)))
    with pytest.raises(InventoryFormatError, match=r"\$\.edges\[0\]\.edge_type: required field missing"):
        load_inventory(write(tmp_path / "edge", doc(same, edges=({"source_id": "a", "target_id": "a"},))))


def test_findings_file_must_be_findings(tmp_path):
    with pytest.raises(InventoryFormatError, match=r"^findings.json: \$: not a findings file"):
        load_inventory(write(tmp_path, doc(), {"results": []}))


def test_missing_and_not_a_file(tmp_path):
    with pytest.raises(NotFoundError, match=r"^nothing: no such file$"):
        load_inventory(tmp_path / "nothing")
    (tmp_path / "odd" / "inventory-map.json").mkdir(parents=True)
    with pytest.raises(NotFoundError, match=r"^odd: directory holds no inventory-map.json$"):
        load_inventory(tmp_path / "odd")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(NotFoundError, match=r"^pipe.json: not a regular file$"):
        load_inventory(fifo)


def test_not_utf8(tmp_path):
    tmp_path.joinpath("inventory-map.json").write_bytes(b'{"assets": ["\xff\xfe"]}')
    with pytest.raises(InventoryFormatError, match="not UTF-8 text"):
        load_inventory(tmp_path)


def test_a_byte_order_mark_is_fine(tmp_path):
    tmp_path.joinpath("inventory-map.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(doc()).encode())
    assert load_inventory(tmp_path).asset_count == 0


def test_size_limit_from_the_environment(tmp_path, monkeypatch):
    write(tmp_path, doc())
    monkeypatch.setenv("CLOUDG_LAB_MAX_DATASET_BYTES", "10")
    with pytest.raises(InvalidArgumentsError, match=r"over the 0\.0 MB limit"):
        load_inventory(tmp_path)


def test_progress_reaches_the_file_size(tmp_path):
    from cloudg_lab.sample import generate

    generate(assets=3000, seed=2, out=tmp_path)
    seen: list[tuple[int, int]] = []
    load_inventory(tmp_path, progress=lambda done, total: seen.append((done, total)))
    inventory_size = (tmp_path / "inventory-map.json").stat().st_size
    assert (inventory_size, inventory_size) in seen and len(seen) > 1


def test_a_load_error_never_quotes_a_tag_key(tmp_path):
    """Tag keys can be people or host names: the error points at the tag by position."""
    asset = {"name": "n", "asset_type": "EC2", "provider": "AWS",
             "tags": {"env": "dev", "Eudora Szczyzepanik": ["approver"], "x": "y"}}
    with pytest.raises(InventoryFormatError) as caught:
        load_inventory(write(tmp_path, doc(asset)))
    assert "Eudora" not in str(caught.value) and "tag #2" in str(caught.value)
