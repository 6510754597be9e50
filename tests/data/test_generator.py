"""The estate generator: exact sizes, determinism, canaries, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from cloudg_lab.data import SAMPLE_PATH, load_inventory
from cloudg_lab.sample import SAMPLE_ASSETS, SAMPLE_SEED, Estate, generate

CANARIES = ("AKIAFAKE", "db_password", "ghp_FAKE", "BEGIN RSA PRIVATE KEY", "Ignore all previous",
            "@acme-corp.example.com")


@pytest.mark.parametrize("assets", [1, 4, 5, 37, 200])
def test_exactly_the_requested_number_of_assets(assets):
    estate = generate(assets=assets, seed=9)
    assert isinstance(estate, Estate)
    assert len(estate.inventory["assets"]) == assets
    ids = {a["id"] for a in estate.inventory["assets"]}
    assert len(ids) == assets
    for edge in estate.inventory["edges"]:
        assert edge["target_id"] in ids and (edge["source_id"] in ids or edge["source_id"] == "0.0.0.0/0")
    assert {f["resource_id"] for f in estate.findings["findings"]} <= ids


def test_same_seed_same_bytes_other_seed_other_estate(tmp_path):
    one, two, other = (generate(assets=120, seed=s, out=tmp_path / str(i))
                       for i, s in enumerate((5, 5, 6)))
    for name in ("inventory-map.json", "findings.json"):
        assert (one / name).read_bytes() == (two / name).read_bytes()
        assert (one / name).read_bytes() != (other / name).read_bytes()


def test_files_and_documents_agree(tmp_path):
    folder = generate(assets=80, seed=4, out=tmp_path)
    estate = generate(assets=80, seed=4)
    assert json.loads((folder / "inventory-map.json").read_text()) == estate.inventory
    assert json.loads((folder / "findings.json").read_text()) == estate.findings


def test_the_bundled_sample_is_the_generator_output(tmp_path):
    folder = generate(assets=SAMPLE_ASSETS, seed=SAMPLE_SEED, out=tmp_path)
    for name in ("inventory-map.json", "findings.json"):
        assert (folder / name).read_bytes() == (SAMPLE_PATH / name).read_bytes()


def test_the_sample_holds_every_canary_and_three_providers():
    text = (SAMPLE_PATH / "inventory-map.json").read_text()
    for canary in CANARIES:
        assert canary in text, canary
    assert text.count("Ignore all previous") == 1
    doc = json.loads(text)
    assert Counter(a["provider"] for a in doc["assets"]) == {"AWS": 29, "AZURE": 12, "GCP": 9}


def test_large_estates_keep_planting_canaries():
    estate = generate(assets=5000, seed=1)
    text = json.dumps(estate.inventory)
    counts = {c: text.count(c) for c in CANARIES}
    assert all(n >= 2 for n in counts.values()), counts
    inv_types = Counter(a["asset_type"] for a in estate.inventory["assets"])
    assert {"EC2", "VIRTUAL_MACHINE", "GCE_INSTANCE", "LOAD_BALANCER", "CLOUD_ACCOUNT"} <= set(inv_types)


def test_command_line_writes_an_estate_that_loads(tmp_path):
    done = subprocess.run([sys.executable, "-m", "cloudg_lab.sample", "--assets", "300", "--seed", "2",
                           "--out", str(tmp_path / "cli")], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"wrote 300 assets to {tmp_path / 'cli'}"
    assert load_inventory(tmp_path / "cli").asset_count == 300


def test_command_line_refuses_bad_sizes(tmp_path):
    done = subprocess.run([sys.executable, "-m", "cloudg_lab.sample", "--assets", "0", "--out",
                           str(tmp_path)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "--assets must be at least 1" in done.stderr
    with pytest.raises(ValueError, match="assets must be at least 1"):
        generate(assets=0)
