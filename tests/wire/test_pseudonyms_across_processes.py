"""Guarantee 1 through real process boundaries: same key and data, same pseudonyms, both ways.

Each process derives its reverse map from the key and the loaded data, so a pseudonym printed by
one `cloudg-lab call` resolves in the next, a pseudonym from one HTTP server resolves on another,
and a lookup that fails changes nothing a later call sees.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import cliserve
import pytest
from mcp import Client

from cloudg_lab.sample import generate
from tests.privacy import shaped_ids

CLI = str(Path(sys.executable).parent / "cloudg-lab")
WAIT = 60.0
KEY_ENV = "CLOUDG_LAB_VAULT_KEY"
PAGE = {"limit": 5, "fields": ["id", "name", "account_id", "arn"]}


@pytest.fixture(scope="module")
def estate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("estate")
    generate(600, seed=424242, out=out)
    return out


def _env(key: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != KEY_ENV}
    if key is not None:
        env[KEY_ENV] = key
    return env


def _call(estate: Path, tool: str, arguments: dict[str, Any], key: str | None,
          ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CLI, "call", tool, "--policy", "strict", "--dataset", f"prod={estate}",
                           "--args", json.dumps(arguments)], capture_output=True, text=True,
                          timeout=WAIT, env=_env(key), check=False)


def test_a_pseudonym_printed_by_one_call_resolves_in_the_next(estate: Path) -> None:
    first = _call(estate, "find_assets", PAGE, "chain-key")
    assert first.returncode == 0, first.stderr
    items = json.loads(first.stdout)["items"]
    real_ids = json.loads(subprocess.run(
        [CLI, "call", "find_assets", "--policy", "open", "--dataset", f"prod={estate}",
         "--args", json.dumps(PAGE)], capture_output=True, text=True, timeout=WAIT,
        env=_env(None), check=True).stdout)["items"]
    for item, real in zip(items, real_ids, strict=True):
        assert item["id"] != real["id"]
        again = _call(estate, "get_asset", {"ref": item["id"]}, "chain-key")
        assert again.returncode == 0, again.stderr
        record = json.loads(again.stdout)
        assert (record["id"], record["name"], record["arn"]) == (item["id"], item["name"], item["arn"])
        by_arn = _call(estate, "get_asset", {"ref": item["arn"]}, "chain-key")
        assert by_arn.returncode == 0 and json.loads(by_arn.stdout)["id"] == item["id"]


def test_another_key_resolves_nothing_and_a_random_key_is_announced(estate: Path) -> None:
    items = json.loads(_call(estate, "find_assets", PAGE, "key-one").stdout)["items"]
    other = _call(estate, "get_asset", {"ref": items[0]["id"]}, "key-two")
    assert other.returncode == 1 and items[0]["id"] not in other.stdout
    random_key = _call(estate, "find_assets", PAGE, None)
    assert random_key.returncode == 0
    assert "random" in random_key.stderr and KEY_ENV in random_key.stderr
    keyed = _call(estate, "find_assets", PAGE, "key-one")
    assert "random" not in keyed.stderr


def _server(estate: Path, key: str) -> AbstractAsyncContextManager[str]:
    return cliserve.serving(["--policy", "strict", "--dataset", f"prod={estate}"], _env(key))


async def test_two_http_servers_with_one_key_resolve_each_others_pseudonyms(estate: Path) -> None:
    async with _server(estate, "fleet-key") as first_url, _server(estate, "fleet-key") as second_url:
        async with Client(first_url) as first:
            page = (await first.call_tool("find_assets", PAGE)).structured_content
        async with Client(second_url) as second:
            miss = await second.call_tool("get_asset", {"ref": "res-0123456789"})
            assert miss.is_error
            for item in page["items"]:
                found = await second.call_tool("get_asset", {"ref": item["id"]})
                assert not found.is_error
                assert found.structured_content["name"] == item["name"]
            again = (await second.call_tool("find_assets", PAGE)).structured_content
    assert again["items"] == page["items"]


@pytest.fixture(scope="module")
def shaped_estate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    return shaped_ids.estate(tmp_path_factory.mktemp("shaped"), 90210)


async def test_ids_pseudonymized_by_their_shape_resolve_on_another_server(
        shaped_estate: tuple[Path, dict[str, str]]) -> None:
    estate, shape_of = shaped_estate
    async with _server(estate, "shape-key") as first_url, _server(estate, "shape-key") as second_url:
        async with Client(first_url) as first:
            items = (await first.call_tool("find_assets", {"limit": 100})).structured_content["items"]
        unresolved = []
        async with Client(second_url) as second:
            for item in items:
                found = await second.call_tool("get_asset", {"ref": item["id"]})
                if found.is_error or found.structured_content["name"] != item["name"]:
                    unresolved.append(item["id"])
    real = json.loads((estate / "inventory-map.json").read_text())["assets"]
    assert len(items) == len(real) and not {i["id"] for i in items} & set(shape_of)
    shapes = sorted({shape_of[r["id"]] for r, i in zip(real, items, strict=True) if i["id"] in unresolved})
    assert not shapes, f"pseudonyms of these id shapes did not resolve on the second server: {shapes}"
