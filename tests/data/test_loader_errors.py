"""Bad inventories made from generated estates: every corruption gives one precise error.

Each example takes a generated estate (not the sample), breaks one field of one record picked at
random, and checks the whole message: the file, the JSON path by position and what was expected,
and that nothing of the data's tag keys or values is quoted. Truncated and garbled files give a
truncation or a line and column, never a traceback.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cloudg_lab.data import InventoryFormatError, load_inventory
from cloudg_lab.data.loader import BATCH
from cloudg_lab.sample import generate

Break = Callable[[dict[str, Any], list[Any]], tuple[str, str]]
"""Breaks one record (in place, or in its list); returns (path below the record, problem)."""


def _pop(field: str) -> Break:
    def run(record: dict[str, Any], _: list[Any]) -> tuple[str, str]:
        record.pop(field, None)
        return f".{field}", "required field missing"
    return run


def _set(field: str, value: Any, problem: str) -> Break:
    def run(record: dict[str, Any], _: list[Any]) -> tuple[str, str]:
        record[field] = value
        return f".{field}", problem
    return run


def _nested_tag(record: dict[str, Any], _: list[Any]) -> tuple[str, str]:
    tags = record.setdefault("tags", {})
    tags["Ysolde Brannigan-Achterberg"] = {"approved": True}  # a person's name as a tag key
    return ".tags", f"tag #{len(tags)}: expected a string value, found an object"


def _not_an_object(record: dict[str, Any], others: list[Any]) -> tuple[str, str]:
    others[next(i for i, other in enumerate(others) if other is record)] = 17
    return "", "expected an object, found a number"


def _duplicate(record: dict[str, Any], others: list[Any]) -> tuple[str, str]:
    first = next(i for i, other in enumerate(others) if other is not record)
    record["id"] = others[first]["id"]
    return ".id", f"duplicate id (first at $.assets[{first}])"


ASSET_BREAKS: list[Break] = [
    _pop("name"), _pop("asset_type"), _pop("provider"),
    _set("name", 7, "expected a string, found a number"),
    _set("name", " \t ", "required field is empty"),
    _set("asset_type", None, "required field missing"),
    _set("provider", ["AWS"], "expected a string, found an array"),
    _set("is_internet_exposed", "yes", "expected true or false, found a string"),
    _set("metadata", [1, 2], "expected an object, found an array"),
    _set("arn", 1.5, "expected a string, found a number"),
    _set("region", {"name": "x"}, "expected a string, found an object"),
    _set("tags", "env=prod", "expected an object, found a string"),
    _nested_tag, _not_an_object, _duplicate,
]
EDGE_BREAKS: list[Break] = [_pop("edge_type"), _pop("target_id"),
                            _set("source_id", 3, "expected a string, found a number"),
                            _set("edge_type", "", "required field is empty")]
FINDING_BREAKS: list[Break] = [
    _pop("title"), _set("severity", "SEVERE", "expected one of CRITICAL, HIGH, MEDIUM, LOW, INFO"),
    _set("cvss_score", "high", "expected a number, found a string"),
    _set("is_suppressed", 1, "expected true or false, found a number"),
    _set("resource_id", False, "expected a string, found a boolean")]


def _write(folder: Path, inventory: dict[str, Any], findings: dict[str, Any]) -> None:
    (folder / "inventory-map.json").write_text(json.dumps(inventory))
    (folder / "findings.json").write_text(json.dumps(findings, indent=1))


SECTIONS = {"assets": ASSET_BREAKS, "edges": EDGE_BREAKS, "findings": FINDING_BREAKS}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), section=st.sampled_from(sorted(SECTIONS)), data=st.data())
def test_one_broken_field_anywhere_is_named_by_path_and_expectation(seed: int, section: str,
                                                                  data: st.DataObject) -> None:
    estate = generate(assets=60, seed=seed)
    inventory, findings = estate.inventory, estate.findings  # type: ignore[union-attr]
    records = (findings if section == "findings" else inventory)[section]
    row = data.draw(st.integers(1, len(records) - 1), label="row")
    breaking = data.draw(st.sampled_from(SECTIONS[section]), label="break")
    below, problem = breaking(records[row], records)
    file = "findings.json" if section == "findings" else "inventory-map.json"
    where = f"$.{section}[{row}]{below}"
    with tempfile.TemporaryDirectory() as folder:
        _write(Path(folder), inventory, findings)
        with pytest.raises(InventoryFormatError) as caught:
            load_inventory(folder)
    assert str(caught.value) == f"{file}: {where}: {problem}"
    assert (caught.value.where, caught.value.problem) == (where, problem)
    assert "Ysolde" not in str(caught.value)  # the whole message is fixed text and positions


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.floats(0.0, 0.999))
def test_a_file_cut_anywhere_is_reported_as_truncated(seed: int, cut: float) -> None:
    inventory = generate(assets=20, seed=seed).inventory  # type: ignore[union-attr]
    text = json.dumps(inventory)
    kept = text[:int(len(text) * cut)]
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "inventory-map.json").write_text(kept)
        with pytest.raises(InventoryFormatError) as caught:
            load_inventory(folder)
    assert caught.value.problem in ("file ends early (truncated JSON)", "file is empty")
    where = re.fullmatch(r"\$(?:\.(\w+)(?:\[(\d+)\])?)?", caught.value.where)
    assert where is not None, caught.value.where
    if where.group(2) is not None:  # the record the cut falls in (or the next), by position
        section, n = inventory[where.group(1)], int(where.group(2))
        opened = text.index(f'"{where.group(1)}"')
        starts = [text.index(json.dumps(item), opened) for item in section]
        assert n == 0 or starts[n - 1] < len(kept)
        assert n + 1 >= len(section) or starts[n + 1] >= len(kept)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_garbled_punctuation_is_located_by_line_and_column(seed: int, data: st.DataObject) -> None:
    inventory = generate(assets=20, seed=seed).inventory  # type: ignore[union-attr]
    lines = json.dumps(inventory, indent=2).split("\n")
    commas = [n for n, line in enumerate(lines) if line.endswith(",")]
    n = data.draw(st.sampled_from(commas), label="line")
    lines[n] = lines[n][:-1] + ",,"
    text = "\n".join(lines)
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "inventory-map.json").write_text(text)
        with pytest.raises(InventoryFormatError) as caught:
            load_inventory(folder)
    assert re.fullmatch(r"\$(?:\.\w+(?:\[\d+\])?)?", caught.value.where)  # down to the record
    assert caught.value.problem.startswith(f"invalid JSON at line {n + 1} column {len(lines[n])}: ")


def test_bytes_that_are_not_utf8_are_located(tmp_path: Path) -> None:
    text = json.dumps(generate(assets=5, seed=3).inventory, indent=1).encode()  # type: ignore[union-attr]
    at = text.index(b'"name"')
    tmp_path.joinpath("inventory-map.json").write_bytes(text[:at] + b"\xc3\x28" + text[at:])
    with pytest.raises(InventoryFormatError) as caught:
        load_inventory(tmp_path)
    line, column = text[:at].count(b"\n") + 1, at - text.rfind(b"\n", 0, at)
    assert caught.value.problem.startswith("not UTF-8 text (")
    assert caught.value.problem.endswith(f"at line {line} column {column}")


@pytest.mark.parametrize(("section", "field"), [("assets", "asset_type"), ("edges", "edge_type")])
def test_a_record_past_the_first_batches_is_named_by_its_row_in_the_file(tmp_path: Path, section: str,
                                                                         field: str) -> None:
    """Records are decoded a batch at a time; an error's row counts from the file's start."""
    estate = generate(assets=BATCH * 2 + 200, seed=3)
    inventory, findings = estate.inventory, estate.findings  # type: ignore[union-attr]
    row = BATCH * 2 + 37
    del inventory[section][row][field]
    _write(tmp_path, inventory, findings)
    with pytest.raises(InventoryFormatError) as caught:
        load_inventory(tmp_path)
    assert (caught.value.where, caught.value.problem) == (f"$.{section}[{row}].{field}",
                                                          "required field missing")
