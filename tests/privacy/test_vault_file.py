"""The vault on disk: encrypted, 0600, atomic; wrong keys refused; survives SIGKILL; shared keys.

The crash test runs a real process that saves a large vault and stops it, with SIGKILL, half-way
through writing the temporary file or after writing it but before the rename; the vault file
must be byte for byte what it was.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab.privacy.vault import Vault, VaultError

WAIT = 60.0


def test_save_and_load_round_trip_encrypted_0600(tmp_path: Path) -> None:
    path = tmp_path / "vault.json"
    vault = Vault("file-key", path=path)
    pseudonym = vault.tokenize("payments-db", "resource_name")
    assert vault.save() == path
    assert path.stat().st_mode & 0o777 == 0o600
    raw = path.read_text()
    assert "payments-db" not in raw and json.loads(raw)["encrypted"] is True
    again = Vault("file-key", path=path)
    assert again.detokenize(pseudonym) == "payments-db"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_unencrypted_files_are_plain_json(tmp_path: Path) -> None:
    path = tmp_path / "vault.json"
    vault = Vault("file-key", path=path, encrypt=False)
    vault.tokenize("payments-db", "resource_name")
    vault.save()
    assert json.loads(path.read_text())["payload"]["entries"][0][2] == "payments-db"
    assert len(Vault("file-key", path=path, encrypt=False)) == 1


def test_a_wrong_key_is_one_clear_error_and_leaves_the_file(tmp_path: Path) -> None:
    path = tmp_path / "vault.json"
    vault = Vault("right", path=path)
    vault.tokenize("payments-db", "resource_name")
    vault.save()
    before = path.read_bytes()
    with pytest.raises(VaultError) as caught:
        Vault("wrong", path=path)
    message = str(caught.value)
    assert "was written with another key" in message and "\n" not in message
    assert "right" not in message and path.read_bytes() == before


def test_tampering_and_foreign_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "vault.json"
    vault = Vault("k", path=path)
    vault.tokenize("payments-db", "resource_name")
    vault.save()
    doc = json.loads(path.read_text())
    doc["data"] = doc["data"][:-8] + ("A" * 8 if not doc["data"].endswith("A" * 8) else "B" * 8)
    path.write_text(json.dumps(doc))
    with pytest.raises(VaultError, match="failed authentication"):
        Vault("k", path=path)
    path.write_text("not json")
    with pytest.raises(VaultError, match="not a cloudg_lab vault"):
        Vault("k", path=path)


def test_autosave_writes_soon_after_a_change(tmp_path: Path) -> None:
    path = tmp_path / "vault.json"
    vault = Vault("k", path=path, autosave=True)
    saved = threading.Event()
    vault.subscribe(lambda event: saved.set() if event["event"] == "saved" else None)
    vault.tokenize("payments-db", "resource_name")
    assert saved.wait(timeout=WAIT)
    assert len(Vault("k", path=path)) == 1


_CHILD = """
import os, pathlib, sys, threading
from cloudg_lab import files
from cloudg_lab.privacy.vault import Vault

def stall():
    print("stalled", flush=True)
    threading.Event().wait(120)  # the parent kills us here

def half_then_stall(self, data):
    with self.open("wb") as handle:  # half of the new file on disk, then the kill
        handle.write(data[: len(data) // 2])
        handle.flush()
        os.fsync(handle.fileno())
    stall()

if sys.argv[3] == "half-written":
    pathlib.Path.write_bytes = half_then_stall
else:
    files.os.fsync = lambda fd: stall()  # written in full, killed before the rename
vault = Vault(sys.argv[2], path=sys.argv[1])
for i in range(5000):
    vault.tokenize(f"more-{i}", "resource_name")
vault.save()
"""


def _read_line(proc: subprocess.Popen[str], timeout: float) -> str:
    box: list[str] = []
    reader = threading.Thread(target=lambda: box.append(proc.stdout.readline() if proc.stdout else ""))
    reader.start()
    reader.join(timeout)
    assert box, "the child process said nothing in time"
    return box[0].strip()


@pytest.mark.parametrize("moment", ["half-written", "written-not-renamed"])
def test_a_process_killed_mid_save_leaves_the_previous_file_intact(tmp_path: Path,
                                                                    moment: str) -> None:
    path = tmp_path / "vault.json"
    vault = Vault("kill-key", path=path)
    first = {f"asset-{n}": vault.tokenize(f"asset-{n}", "resource_name") for n in range(20_000)}
    vault.save()
    before = path.read_bytes()
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(path), "kill-key", moment],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert _read_line(proc, WAIT) == "stalled"
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=WAIT) == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=WAIT)
        if proc.stdout:
            proc.stdout.close()
    assert [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")], "not killed mid-save"
    assert path.read_bytes() == before
    survivor = Vault("kill-key", path=path)
    assert len(survivor) == 20_000
    assert all(survivor.detokenize(p) == real for real, p in list(first.items())[::997])
    assert path.stat().st_mode & 0o777 == 0o600


_SECOND = """
import json, sys
from cloudg_lab.policy.model import VaultConfig
from cloudg_lab.privacy.vault import Vault
vault = Vault.from_config(VaultConfig())
print(json.dumps([vault.key_source] + [vault.tokenize(v, e) for e, v in json.loads(sys.argv[1])]))
"""


def test_the_same_key_gives_the_same_pseudonyms_in_another_process() -> None:
    values: list[Any] = [["aws_account_id", "123456789012"], ["resource_name", "payments-db"],
                         ["private_ip", "10.1.2.3"], ["email", "alice@corp.example.com"],
                         ["aws_arn", "arn:aws:ec2:us-east-1:123456789012:instance/i-0abc1234"]]
    env = {**os.environ, "CLOUDG_LAB_VAULT_KEY": "shared-key"}
    out = subprocess.run([sys.executable, "-c", _SECOND, json.dumps(values)], env=env,
                         capture_output=True, text=True, timeout=WAIT, check=True)
    source, *theirs = json.loads(out.stdout)
    mine = Vault("shared-key")
    assert source == "env"
    assert theirs == [mine.tokenize(v, e) for e, v in values]
