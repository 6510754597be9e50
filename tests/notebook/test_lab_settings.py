"""The settings override that saves widget state with notebooks (so a reopen shows widgets)."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

from jupyterlab_server.settings_utils import _get_overrides

import cloudg_lab

ROOT = Path(cloudg_lab.__file__).parent.parent
SOURCE = "cloudg_lab/notebook/lab-settings.json"
TARGET = "share/jupyter/lab/settings/overrides.d/cloudg-lab.json"
PLUGIN = "@jupyter-widgets/jupyterlab-manager:plugin"


def test_the_override_names_a_real_setting_of_the_widget_manager() -> None:
    override = json.loads((ROOT / SOURCE).read_text(encoding="utf-8"))
    assert override == {PLUGIN: {"saveState": True}}
    schema_path = (Path(sys.prefix) / "share/jupyter/labextensions/@jupyter-widgets/jupyterlab-manager"
                   / "schemas/@jupyter-widgets/jupyterlab-manager/plugin.json")
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    assert schema["properties"]["saveState"]["type"] == "boolean"


def test_the_wheel_installs_it_where_lab_and_notebook_read_overrides() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shared = project["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    assert shared[SOURCE] == TARGET


def test_this_environment_has_it_in_force() -> None:
    """Fails in an environment installed before the override existed: reinstall the package."""
    overrides, error = _get_overrides(str(Path(sys.prefix) / "share/jupyter/lab/settings"))
    assert not error and overrides.get(PLUGIN, {}).get("saveState") is True
