"""Bad input through the tools: one precise error each, and the workspace exactly as it was."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from cloudg_lab.data import SAMPLE_PATH

MINIMAL = {"providers": ["aws"], "regions": {"aws": ["eu-west-1"]}, "unresolved_references": [],
           "assets": [{"id": "vm-a", "name": "app-vm", "asset_type": "EC2", "provider": "AWS"}],
           "edges": []}


def write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "inventory-map.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def unchanged(layer):
    """Asserts, after the test body, that the workspace did not move."""
    before = (layer.workspace.version, layer.workspace.names(), layer.workspace.active_name)
    yield
    assert (layer.workspace.version, layer.workspace.names(), layer.workspace.active_name) == before


def assets_with(*assets: dict) -> str:
    return json.dumps({**MINIMAL, "assets": list(assets)})


@pytest.mark.usefixtures("unchanged")
@pytest.mark.parametrize(("text", "message"), [
    ('{"assets": [{"id": "a", "name": "n", "asset_type": "EC2", "provider": "AWS"}, ',
     "inventory-map.json: $.assets[1]: file ends early (truncated JSON)"),
    ('{"assets": [', "inventory-map.json: $.assets[0]: file ends early (truncated JSON)"),
    ("[1, 2]", "inventory-map.json: $: expected an object, found an array"),
    ('{"assets": {"a": 1}, "edges": []}', "inventory-map.json: $.assets: expected an array, found an object"),
    (assets_with({"name": "x", "asset_type": "EC2", "provider": "AWS"}, []),
     "inventory-map.json: $.assets[1]: expected an object, found an array"),
    (assets_with(*[{"name": f"n{i}", "asset_type": "EC2", "provider": "AWS"} for i in range(17)],
                 {"name": "n17", "provider": "AWS"}),
     "inventory-map.json: $.assets[17].asset_type: required field missing"),
    (assets_with({"name": "x", "asset_type": "EC2", "provider": "AWS", "tags": ["a"]}),
     "inventory-map.json: $.assets[0].tags: expected an object, found an array"),
    (assets_with({"name": "x", "asset_type": "EC2", "provider": "AWS", "is_internet_exposed": "yes"}),
     "inventory-map.json: $.assets[0].is_internet_exposed: expected true or false, found a string"),
    (assets_with({"name": 5, "asset_type": "EC2", "provider": "AWS"}),
     "inventory-map.json: $.assets[0].name: expected a string, found a number"),
    ('{"assets": [], "edges": []}',
     "inventory-map.json: $: not an inventory: missing member unresolved_references or regions"),
    ("", "inventory-map.json: $: file is empty"),
    ('{"assets": [} ',
     "inventory-map.json: $.assets[0]: invalid JSON at line 1 column 13: invalid character"),
    (json.dumps(MINIMAL) + " trailing", "inventory-map.json: $: unexpected data after the JSON document"),
])
async def test_malformed_files_give_one_precise_error(tools, roots, text, message):
    write(roots / "bad", text)
    failure = await tools.fails("load_dataset", path="bad")
    assert failure.code == -32602
    assert failure.message == message
    assert failure.data["file"] == str((roots / "bad" / "inventory-map.json").resolve())


@pytest.mark.usefixtures("unchanged")
async def test_a_bad_findings_file_names_it(tools, roots):
    write(roots / "f", json.dumps(MINIMAL))
    (roots / "f" / "findings.json").write_text(json.dumps({"findings": [
        {"resource_id": "vm-a", "severity": "URGENT", "title": "t", "description": "d",
         "source_tool": "x"}]}))
    failure = await tools.fails("load_dataset", path="f")
    assert failure.message == ("findings.json: $.findings[0].severity: "
                               "expected one of CRITICAL, HIGH, MEDIUM, LOW, INFO")


@pytest.mark.usefixtures("unchanged")
async def test_missing_file_and_directory_without_inventory(tools, roots):
    missing = await tools.fails("load_dataset", path="nowhere/inventory-map.json")
    assert missing.code == -32602 and missing.message == "inventory-map.json: no such file"
    (roots / "empty").mkdir()
    empty = await tools.fails("load_dataset", path="empty")
    assert empty.message == "empty: directory holds no inventory-map.json"


@pytest.mark.usefixtures("unchanged")
async def test_paths_outside_the_allowed_roots_are_denied(tools, roots, tmp_path):
    outside = tmp_path / "outside"
    shutil.copytree(SAMPLE_PATH, outside)
    for path in (str(outside), "../outside", str(SAMPLE_PATH)):
        denied = await tools.fails("load_dataset", path=path)
        assert denied.code == -31001 and denied.message == "Path is outside the allowed roots"
        assert denied.data["allowed_roots"] == [str(roots.resolve())]


@pytest.mark.usefixtures("unchanged")
async def test_a_symlink_escaping_the_roots_is_denied(tools, roots, tmp_path):
    outside = tmp_path / "secret-estate"
    shutil.copytree(SAMPLE_PATH, outside)
    (roots / "innocent").symlink_to(outside, target_is_directory=True)
    denied = await tools.fails("load_dataset", path="innocent")
    assert denied.code == -31001
    (roots / "file-link.json").symlink_to(outside / "inventory-map.json")
    assert (await tools.fails("load_dataset", path="file-link.json")).code == -31001


async def test_a_symlink_inside_the_roots_is_fine(tools, roots):
    shutil.copytree(SAMPLE_PATH, roots / "real")
    (roots / "alias").symlink_to(roots / "real", target_is_directory=True)
    assert (await tools.ok("load_dataset", path="alias"))["loaded"] == "alias"


@pytest.mark.usefixtures("unchanged")
async def test_a_huge_file_announced_but_not_there_is_refused_before_reading(tools, roots):
    (roots / "huge").mkdir()
    with (roots / "huge" / "inventory-map.json").open("wb") as fh:
        fh.truncate(2 * 1024 ** 3)
    failure = await tools.fails("load_dataset", path="huge")
    assert failure.message == ("inventory-map.json: file is 2.0 GB, over the 1.0 GB limit "
                               "(set CLOUDG_LAB_MAX_DATASET_BYTES to raise it)")
    assert failure.data["bytes"] == 2 * 1024 ** 3


@pytest.mark.usefixtures("unchanged")
async def test_a_file_of_nul_bytes_is_invalid_json(tools, roots, monkeypatch):
    (roots / "zeros").mkdir()
    with (roots / "zeros" / "inventory-map.json").open("wb") as fh:
        fh.truncate(4096)
    failure = await tools.fails("load_dataset", path="zeros")
    assert failure.message == "inventory-map.json: $: invalid JSON at line 1 column 1: invalid character"


@pytest.mark.usefixtures("unchanged")
async def test_invalid_dataset_names(tools, roots):
    write(roots / "ok", json.dumps(MINIMAL))
    for name in ("has space", "ünïcödé", "x" * 65, "../up"):
        failure = await tools.fails("load_dataset", path="ok", name=name)
        assert failure.message == "Dataset names are 1-64 characters of A-Z a-z 0-9 _ . -"
        assert name not in failure.message


async def test_unicode_inside_the_data_loads_and_round_trips(tools, roots):
    asset = {"id": "ü-1", "name": "données-☃-服务器", "asset_type": "EC2", "provider": "aws",
             "tags": {"équipe": "paiements 💳"}}
    write(roots / "ünï", assets_with(asset))
    loaded = await tools.ok("load_dataset", path="ünï")
    assert loaded["loaded"] == "n" and loaded["assets"] == 1
    found = await tools.ok("get_asset", ref="DONNÉES-☃-服务器")
    assert (found["id"], found["provider"], found["tags"]) == ("ü-1", "AWS", {"équipe": "paiements 💳"})
    assert (await tools.ok("find_assets", query="服务"))["total"] == 1


@pytest.mark.usefixtures("unchanged")
@pytest.mark.parametrize(("arguments", "argument", "valid"), [
    ({"provider": "oracle"}, "provider", ["AWS", "AZURE", "GCP"]),
    ({"asset_types": ["EC2", "MAINFRAME"]}, "asset_types", None),
    ({"min_severity": "apocalyptic"}, "min_severity", ["CRITICAL", "HIGH", "MEDIUM", "LOW", "INFO"]),
    ({"sort_by": "color"}, "sort_by", ["name", "type", "region", "account", "risk", "findings"]),
    ({"fields": ["name", "password"]}, "fields", None),
])
async def test_unknown_enum_values_list_the_valid_ones(tools, arguments, argument, valid):
    failure = await tools.fails("find_assets", **arguments)
    assert failure.code == -32602
    assert failure.message.startswith(f"Unknown value for '{argument}'; valid: ")
    assert failure.data["argument"] == argument
    if valid is not None:
        assert failure.data["valid"] == valid
    bad = [v for v in json.dumps(arguments).split('"') if v.isupper() or v.islower()][-1]
    assert bad not in failure.message.split("valid:")[0]


@pytest.mark.usefixtures("unchanged")
@pytest.mark.parametrize("limit", [0, -1, 501, 10_000])
async def test_limits_out_of_range(tools, limit):
    failure = await tools.fails("find_assets", limit=limit)
    assert failure.code == -32602
    assert failure.message.startswith("Invalid arguments for tool 'find_assets': limit: Input should be")
    assert failure.data[0]["loc"] == ["limit"]


@pytest.mark.usefixtures("unchanged")
async def test_unknown_dataset_and_reference(tools):
    unknown = await tools.fails("find_assets", dataset="prod")
    assert unknown.message == "Unknown dataset; see list_datasets for the loaded names"
    assert unknown.data == {"dataset": "prod", "datasets": ["sample"]}
    ref = await tools.fails("get_asset", ref="dev-identity-web-00")
    assert ref.message == "No asset matches argument 'ref'; try find_assets"
    assert ref.data["suggestions"] == ["dev-identity-web-000", "dev-identity-web-004"]
    ambiguous = await tools.fails("neighbors", ref="")
    assert ambiguous.message == "Argument 'ref' must name an asset (id, ARN or name)"


async def test_no_dataset_loaded(roots):
    from cloudg_lab import Layer

    layer = Layer(policy="open", allowed_roots=[roots])
    result = await layer.call_tool("find_assets", {})
    assert result.is_error and result.text == "No dataset is loaded; load one with load_dataset first"


def test_bad_constructor_dataset_raises_the_same_precise_error(tmp_path):
    from cloudg_lab import Layer
    from cloudg_lab.data import InventoryFormatError

    path = write(tmp_path / "broken", '{"assets": [{"name": "x"}')
    with pytest.raises(InventoryFormatError, match=r"^inventory-map.json: \$.assets\[0\]: file ends early"):
        Layer(policy="open", datasets={"broken": path})
    assert os.path.exists(path)
