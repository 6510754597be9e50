"""The three shipped notebooks, executed by nbclient from a clean kernel, and what they must show.

Each notebook runs once per session (one xdist worker holds all these tests) in its own kernel and
temp working directory (see conftest); the tests read the saved outputs the way a reader of the
executed notebook would. One more test runs all three at the same time, which only works if none
of them needs a fixed port, a shared file or another notebook's state.
"""

from __future__ import annotations

import json
import re
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import nbformat
import pytest
import sample_estate
from notebook_runs import NAMES, NOTEBOOKS, Run, execute

from cloudg_lab.notebook.payload import MIME_TYPE

pytestmark = pytest.mark.kernel

PSEUDONYM = r"res-[0-9a-f]{10}"
PASTED_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"


def problems(run: Run) -> list[str]:
    """Error outputs and anything written to stderr, per cell."""
    found = []
    for cell in run.code_cells:
        for out in cell.outputs:
            if out.output_type == "error":
                found.append(f"{cell.id}: {out.ename}: {out.evalue}")
            elif out.output_type == "stream" and out.name == "stderr":
                found.append(f"{cell.id}: stderr: {out.text.strip()}")
    return found


def payloads(cells: list[Any]) -> list[dict[str, Any]]:
    return [out.data[MIME_TYPE] for cell in cells for out in cell.outputs
            if MIME_TYPE in out.get("data", {})]


def plain(cell: Any) -> str:
    """Everything the cell printed or displayed as text."""
    parts = [out.text for out in cell.outputs if out.output_type == "stream"]
    parts += [out.data["text/plain"] for out in cell.outputs if "text/plain" in out.get("data", {})]
    return "\n".join(parts)


def shown(run: Run) -> str:
    """What a reader can see: cell sources, every output in every MIME type, and widget state."""
    return json.dumps([[c.source for c in run.nb.cells], run.outputs, run.widget_state])


# --------------------------------------------------------------------------- all three


@pytest.mark.parametrize("name", NAMES)
def test_committed_without_outputs_and_with_a_python3_kernelspec(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert code and all(c.outputs == [] and c.execution_count is None for c in code)
    assert "widgets" not in nb.metadata
    assert any(c.cell_type == "markdown" for c in nb.cells)


@pytest.mark.parametrize("name", NAMES)
def test_runs_clean_from_a_fresh_kernel_and_writes_no_file(run: Any, name: str) -> None:
    executed = run(name)
    assert problems(executed) == []
    assert all(c.execution_count is not None for c in executed.code_cells)
    assert list(executed.workdir.iterdir()) == []


def test_the_three_run_at_once_each_in_its_own_kernel(tmp_path: Path) -> None:
    def one(name: str) -> Run:
        (tmp_path / name).mkdir()
        return execute(name, tmp_path / name, tmp_path / f"{name}-home")

    with ThreadPoolExecutor(len(NAMES)) as pool:
        runs = list(pool.map(one, NAMES))
    assert {r.name: problems(r) for r in runs} == {name: [] for name in NAMES}


# --------------------------------------------------------------------------- quickstart


def test_quickstart_shows_the_estate_only_as_pseudonyms_under_strict(run: Any) -> None:
    executed = run("quickstart")
    identifiers = sample_estate.real_identifiers()
    results = payloads(executed.code_cells)
    marks = [m for p in results for m in p["marks"] if m["kind"] == "pseudonym"]
    assert len(identifiers) > 200
    assert sample_estate.leaked(shown(executed), identifiers) == []
    assert {p["policy"] for p in results} == {"strict"}
    assert {"resource_name", "aws_account_id", "aws_arn"} <= {m["entity"] for m in marks}


def test_quickstart_follows_a_pseudonym_back_to_the_same_asset(run: Any) -> None:
    executed = run("quickstart")
    said = re.search(rf"asked for ({PSEUDONYM}), got ({PSEUDONYM}) \(EC2, \d+ open findings",
                     plain(executed.cell("follow")))
    (asset,) = payloads([executed.cell("follow")])
    assert said is not None and said.group(1) == said.group(2)
    assert asset["name"] == "get_asset" and not asset["wire"]["isError"]


def test_quickstart_refuses_the_pasted_secret_and_never_shows_it(run: Any) -> None:
    executed = run("quickstart")
    (refused,) = payloads([executed.cell("refused")])
    assert refused["wire"]["isError"] is True
    assert refused["wire"]["_meta"]["cloudg/error_code"] == -32602
    assert "aws_secret_access_key" in plain(executed.cell("refused"))
    assert PASTED_SECRET not in json.dumps([executed.outputs, executed.widget_state])


def test_quickstart_ends_with_every_exposed_asset_in_a_dataframe(run: Any) -> None:
    executed = run("quickstart")
    (listing,) = payloads([executed.cell("exposed")])
    page = listing["wire"]["structuredContent"]
    said = f"first page: {page['returned']} rows; every page: {page['total']} exposed assets"
    assert page["returned"] < page["total"]
    assert said in plain(executed.cell("frame"))


# --------------------------------------------------------------------------- policy preview


def test_policy_preview_compares_six_columns_and_hides_by_role(run: Any) -> None:
    executed = run("policy-preview")
    preview = plain(executed.cell("preview"))
    status = next(line for line in preview.splitlines() if line.strip().startswith("status"))
    tools = preview[preview.index("tools:"):]
    bob = next(line for line in tools.splitlines() if "team-review · bob:contractor" in line)
    identifiers = sample_estate.real_identifiers()
    assert status.split()[1:] == ["ok"] * 5 + ["hidden"]
    assert "find_assets" in bob and "get_asset" in bob
    # standard keeps real identifiers (the contrast the author is shown); strict columns do not
    assert sample_estate.leaked(preview, identifiers)
    assert "policy team-review defined" in plain(executed.cell("policy"))


def test_policy_preview_shows_a_refusal_the_audit_and_a_masked_vault(run: Any) -> None:
    executed = run("policy-preview")
    (refused,) = payloads([executed.cell("refused")])
    audit = plain(executed.cell("audit"))
    vault = plain(executed.cell("vault"))
    assert refused["wire"]["_meta"]["cloudg/error_code"] == -32602
    assert refused["principal"] == {"id": "alice", "roles": ["analyst", "default"]}
    assert "rejected" in audit and "not_found" in audit
    assert "may not reveal" in vault and "••••••" in vault
    assert sample_estate.leaked(vault, sample_estate.real_identifiers()) == []


# --------------------------------------------------------------------------- serve live


def test_serve_live_round_trips_through_the_mcp_client_and_the_audit_sees_it(run: Any) -> None:
    executed = run("serve-live")
    client = plain(executed.cell("client"))
    trail = plain(executed.cell("trail"))
    follow = re.search(rf"get_asset\(({PSEUDONYM})\) -> {PSEUDONYM}, \d+ open findings", client)
    assert follow is not None and follow.group(1) in client.split("get_asset(")[0]
    assert "reveal_token -> -32602" in client
    rows = [line.split()[1:4] for line in trail.splitlines()[1:]]
    assert sorted(rows) == [["allowed", "tool", "find_assets"], ["allowed", "tool", "get_asset"],
                            ["not_found", "tool", "reveal_token"]]
    assert sample_estate.leaked(shown(executed), sample_estate.real_identifiers()) == []


def test_serve_live_stops_its_server_and_frees_the_port(run: Any) -> None:
    executed = run("serve-live")
    url = re.search(r"serving (http://127\.0\.0\.1:\d+/mcp)", plain(executed.cell("serve")))
    assert url is not None
    address = urlsplit(url.group(1))
    with pytest.raises(ConnectionRefusedError), socket.create_connection(
            (address.hostname, address.port), timeout=5):
        pass
    assert "(none)" in plain(executed.cell("status"))
