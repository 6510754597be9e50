"""The workspace: names, the active dataset, versions, listeners, roots, known identifiers."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cloudg_lab.data import SAMPLE_PATH, InventoryFormatError, Workspace
from cloudg_lab.errors import AccessDeniedError, InvalidArgumentsError, NoDatasetError, ToolTimeoutError
from cloudg_lab.types import Principal


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(allowed_roots=[tmp_path])


def test_load_select_unload_move_version_and_notify(ws):
    events: list[tuple[str, str]] = []
    unsubscribe = ws.on_change(lambda event, name: events.append((event, name)))
    first = ws.load(SAMPLE_PATH, "a")
    second = ws.load(SAMPLE_PATH, "b", activate=False)
    assert (first.version, second.version, ws.version, ws.active_name) == (1, 2, 2, "a")
    assert ws.select("b") is second and ws.select("b") is second
    assert ws.version == 3
    replaced = ws.load(SAMPLE_PATH, "a", replace=True)
    assert replaced.instance != first.instance and ws.get("a") is replaced
    assert ws.unload("b") is second and ws.active_name == "a"
    assert events == [("loaded", "a"), ("loaded", "b"), ("selected", "b"), ("replaced", "a"),
                      ("unloaded", "b")]
    unsubscribe()
    ws.unload("a")
    assert len(events) == 5 and ws.active_name is None and ws.version == 6


def test_get_defaults_to_the_active_dataset(ws):
    with pytest.raises(NoDatasetError, match="No dataset is loaded"):
        ws.get()
    ws.load(SAMPLE_PATH, "a")
    assert ws.get().name == ws.get("").name == "a"
    with pytest.raises(NoDatasetError) as unknown:
        ws.get("zzz")
    assert unknown.value.data == {"dataset": "zzz", "datasets": ["a"]}


def test_a_failed_load_changes_nothing(ws, tmp_path):
    ws.load(SAMPLE_PATH, "a")
    events: list[str] = []
    ws.on_change(lambda event, name: events.append(event))
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "inventory-map.json").write_text('{"assets": [')
    with pytest.raises(InventoryFormatError):
        ws.load(broken, "a", replace=True)
    with pytest.raises(InvalidArgumentsError) as taken:
        ws.load(SAMPLE_PATH, "a")
    assert taken.value.data == {"existing": "a", "suggested": "a-2"}
    assert (ws.version, ws.names(), ws.active_name, events) == (1, ["a"], "a", [])


def test_names(ws, tmp_path):
    for bad in ("a b", "x" * 65, "é", "a/b"):
        with pytest.raises(InvalidArgumentsError, match="Dataset names are 1-64 characters"):
            ws.load(SAMPLE_PATH, bad)
    with pytest.raises(InvalidArgumentsError, match="Dataset names are 1-64 characters"):
        ws.select("")
    folder = tmp_path / "my estate (2024)"
    shutil.copytree(SAMPLE_PATH, folder)
    assert ws.load(folder).name == "my-estate-2024"
    assert ws.load(folder / "inventory-map.json", replace=True).name == "my-estate-2024"
    ws.load(SAMPLE_PATH, "a")
    ws.load(SAMPLE_PATH, "a-2")
    assert ws.unique_name("a") == "a-3"


def test_at_most_max_datasets(tmp_path):
    ws = Workspace(allowed_roots=[tmp_path], max_datasets=2)
    ws.load(SAMPLE_PATH, "a")
    ws.load(SAMPLE_PATH, "b")
    with pytest.raises(InvalidArgumentsError, match="holds 2 datasets; unload one first"):
        ws.load(SAMPLE_PATH, "c")
    assert ws.load(SAMPLE_PATH, "b", replace=True).name == "b"


def test_allowed_roots_come_from_argument_environment_or_cwd(tmp_path, monkeypatch):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    monkeypatch.setenv("CLOUDG_LAB_ALLOWED_ROOTS", f"{a}{os.pathsep}{b}{os.pathsep}")
    assert Workspace().allowed_roots == (a.resolve(), b.resolve())
    assert Workspace(allowed_roots=[b]).allowed_roots == (b.resolve(),)
    monkeypatch.delenv("CLOUDG_LAB_ALLOWED_ROOTS")
    monkeypatch.chdir(b)
    assert Workspace().allowed_roots == (b.resolve(),)


def test_restricted_paths_resolve_relative_to_the_first_root(ws, tmp_path):
    shutil.copytree(SAMPLE_PATH, tmp_path / "inside")
    assert ws.load("inside", restricted=True).source == str(tmp_path / "inside" / "inventory-map.json")
    for path in ("../", "/etc/passwd", "inside/../../x", "\x00"):
        with pytest.raises((AccessDeniedError, InvalidArgumentsError)):
            ws.load(path, restricted=True)
    assert ws.check_path("inside/inventory-map.json") == tmp_path.resolve() / "inside/inventory-map.json"
    with pytest.raises(AccessDeniedError) as denied:
        ws.check_path(str(SAMPLE_PATH))
    assert denied.value.code == -31001 and denied.value.data["path"] == str(SAMPLE_PATH)


def test_trusted_loads_ignore_the_roots(ws):
    assert ws.load(SAMPLE_PATH).name == "sample"


def test_known_identifiers_cover_every_identifier_and_follow_versions(ws):
    assert dict(ws.known_identifiers()) == {}
    ws.load(SAMPLE_PATH, "prod")
    known = ws.known_identifiers()
    assert known is ws.known_identifiers()
    inv = ws.get().inventory
    assert known["prod"] == "dataset_name"
    assert known[inv.ids[4]] == "asset_id" and known["dev-identity-web-000"] == "resource_name"
    assert known["arn:aws:ec2:eu-west-1:522496710336:instance/i-0188ace5839583a57"] == "aws_arn"
    assert known["522496710336"] == "aws_account_id"
    assert known["52304f89-8379-4744-9437-31966a7103c3"] == "azure_subscription_id"
    assert known["acme-payments-623177"] == "gcp_project"
    azure = [a for a in inv.arns if a and a.startswith("/subscriptions/") and "/providers/" in a]
    assert known[azure[0]] == "azure_resource_id"
    gcp = [a for a in inv.arns if a and a.startswith("//")]
    assert known[gcp[0]] == "gcp_resource_name"
    assert all(len(k) >= 3 for k in known)
    ws.unload("prod")
    assert "prod" not in ws.known_identifiers()


def test_concurrent_loads_keep_the_workspace_consistent(ws):
    errors: list[BaseException] = []

    def load(n: int) -> None:
        try:
            ws.load(SAMPLE_PATH, f"d{n}")
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=load, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == [] and sorted(ws.names()) == [f"d{n}" for n in range(8)] and ws.version == 8
    assert sorted(d.version for d in ws.datasets()) == list(range(1, 9))


def test_status_shape(ws, tmp_path):
    ws.load(SAMPLE_PATH, "a")
    status = ws.status()
    assert status["active_dataset"] == "a" and status["allowed_roots"] == [str(tmp_path.resolve())]
    (info,) = status["datasets"]
    assert list(info) == ["name", "source", "loaded_at", "version", "providers", "assets", "edges",
                          "findings", "compliance_results", "active"]
    assert info["loaded_at"].endswith("Z")


def test_known_identifiers_merge_datasets_and_skip_short_names(ws, tmp_path):
    from cloudg_lab.sample import generate

    ws.load(SAMPLE_PATH, "ab")
    assert "ab" not in ws.known_identifiers()
    generate(assets=30, seed=77, out=tmp_path / "other")
    other = ws.load(tmp_path / "other", "other")
    merged = ws.known_identifiers()
    assert merged["other"] == "dataset_name" and merged["dev-identity-web-000"] == "resource_name"
    assert set(other.inventory.ids) <= set(merged)


def test_each_owner_keeps_its_own_active_dataset_and_falls_back_to_the_default(ws):
    ws.load(SAMPLE_PATH, "a")
    ws.load(SAMPLE_PATH, "b", activate=False)
    alice, bob = ws.view(Principal(id="alice")), ws.view(Principal(id="bob"))
    assert alice.select("b").name == "b"
    assert (alice.active_name, bob.active_name, ws.active_name) == ("b", "a", "a")
    assert bob.get().name == "a" and alice.get().name == "b"
    assert alice.load(SAMPLE_PATH, "c").name == "c"
    assert (alice.active_name, bob.active_name, ws.active_name) == ("c", "a", "a")
    assert bob.status()["active_dataset"] == "a"
    assert [d["name"] for d in alice.status()["datasets"] if d["active"]] == ["c"]
    ws.select("b")  # the local user moves the default: owners who chose stay put
    assert (alice.active_name, bob.active_name) == ("c", "b")
    ws.unload("c")
    assert alice.active_name == "b" and ws.view(Principal.local()).active_name == "b"


def test_an_owner_choosing_the_default_keeps_it_when_the_default_moves(ws):
    ws.load(SAMPLE_PATH, "a")
    ws.load(SAMPLE_PATH, "b", activate=False)
    alice = ws.view(Principal(id="alice"))
    alice.select("a")
    ws.select("b")
    assert alice.active_name == "a"


def test_a_commit_guard_that_refuses_leaves_the_workspace_as_it_was(ws):
    ws.load(SAMPLE_PATH, "a")
    events: list[tuple[str, str]] = []
    ws.on_change(lambda event, name: events.append((event, name)))

    @contextmanager
    def cancelled() -> Iterator[None]:
        raise ToolTimeoutError("Tool load_dataset was cancelled")
        yield

    with pytest.raises(ToolTimeoutError):
        ws.view(Principal(id="alice")).load(SAMPLE_PATH, "late", commit=cancelled())
    assert ws.names() == ["a"] and ws.version == 1 and events == []
