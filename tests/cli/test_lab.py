"""`cloudg-lab lab`: which quickstart it opens, from a checkout and from an installed wheel."""

from __future__ import annotations

from pathlib import Path

import pytest

from cloudg_lab import cli


def test_a_checkout_opens_its_own_quickstart(tmp_path: Path):
    assert cli.quickstart(tmp_path) == cli.QUICKSTART
    assert cli.QUICKSTART.is_file() and not (tmp_path / "cloudg-lab-notebooks").exists()


def test_a_wheel_copies_its_notebooks_out_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    packaged = tmp_path / "site" / "_notebooks"
    packaged.mkdir(parents=True)
    (packaged / "quickstart.ipynb").write_text("{}")
    monkeypatch.setattr(cli, "QUICKSTART", tmp_path / "no-checkout" / "quickstart.ipynb")
    monkeypatch.setattr(cli, "PACKAGED_NOTEBOOKS", packaged)
    work = tmp_path / "work"
    work.mkdir()
    opened = cli.quickstart(work)
    assert opened == work / "cloudg-lab-notebooks" / "quickstart.ipynb" and opened.read_text() == "{}"
    opened.write_text('{"edited": true}')
    assert cli.quickstart(work).read_text() == '{"edited": true}'  # the user's copy is kept


def test_without_notebooks_lab_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(cli, "QUICKSTART", tmp_path / "nothing.ipynb")
    monkeypatch.setattr(cli, "PACKAGED_NOTEBOOKS", tmp_path / "none")
    with pytest.raises(cli.UsageError, match="notebooks are not installed"):
        cli.quickstart(tmp_path)
