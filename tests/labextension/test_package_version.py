"""One version source: `cloudg_lab/_version.py`; the npm package and its lock file must agree."""

from __future__ import annotations

import json
from pathlib import Path

from cloudg_lab._version import __version__

LABEXTENSION = Path(__file__).resolve().parents[2] / "labextension"


def read_json(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((LABEXTENSION / name).read_text(encoding="utf-8"))
    return data


def test_package_json_carries_the_python_version() -> None:
    assert read_json("package.json")["version"] == __version__


def test_package_lock_carries_the_python_version() -> None:
    lock = read_json("package-lock.json")
    root = lock["packages"]
    assert isinstance(root, dict)
    assert (lock["version"], root[""]["version"]) == (__version__, __version__)


def test_the_npm_package_name_is_the_installed_extension_name() -> None:
    """`share/jupyter/labextensions/cloudg-lab` (pyproject shared-data) is named after the package."""
    assert read_json("package.json")["name"] == "cloudg-lab"
    assert read_json("install.json")["packageName"] == "cloudg-lab"
