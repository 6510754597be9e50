"""The one atomic writer and the one JSON-pointer helper."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cloudg_lab import pointer
from cloudg_lab.files import atomic_path


def test_a_finished_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path):
    target = tmp_path / "deep" / "out.json"
    with atomic_path(target) as temp:
        temp.write_text("new")
        assert not target.exists()  # nothing visible until the block ends
    assert target.read_text() == "new"
    assert sorted(p.name for p in target.parent.iterdir()) == ["out.json"]


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary(tmp_path: Path):
    target = tmp_path / "out.json"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_path(target) as temp:
        temp.write_text("half")
        raise RuntimeError("crash")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_secret_file_gets_its_mode_before_any_byte(tmp_path: Path):
    with atomic_path(tmp_path / "vault.bin", mode=0o600) as temp:
        assert stat.S_IMODE(temp.stat().st_mode) == 0o600
        temp.write_bytes(b"k")
    assert stat.S_IMODE((tmp_path / "vault.bin").stat().st_mode) == 0o600


@given(st.text(alphabet=st.sampled_from("ab~/01"), max_size=12))
def test_a_token_round_trips_and_never_holds_a_bare_slash(text: str):
    token = pointer.escape(text)
    assert "/" not in token and pointer.unescape(token) == text


def test_join_escapes_each_segment():
    assert pointer.join("/_meta", "cloudg/error_data", "a~b", 0) == "/_meta/cloudg~1error_data/a~0b/0"
