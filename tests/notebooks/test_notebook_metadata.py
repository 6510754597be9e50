"""The committed notebooks carry the metadata a front end would write, so opening one does not
mark it modified: the kernelspec, the kernel's full `language_info` (JupyterLab rewrites it from
the kernel on connect, and any difference makes the notebook dirty), cell ids, and, for widget
outputs, their saved state."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from ipykernel.ipkernel import IPythonKernel
from notebook_runs import NOTEBOOKS

COMMITTED = sorted(NOTEBOOKS.glob("*.ipynb"))
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def test_there_are_notebooks_to_check() -> None:
    assert len(COMMITTED) >= 3


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.stem)
def test_a_committed_notebook_has_full_metadata(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert (nb.nbformat, nb.nbformat_minor) >= (4, 5)
    assert dict(nb.metadata.get("kernelspec", {})) == KERNELSPEC
    info = dict(nb.metadata.get("language_info", {}))
    kernel = dict(IPythonKernel.language_info)
    assert set(info) == set(kernel), sorted(set(kernel) ^ set(info))
    assert {k: v for k, v in info.items() if k != "version"} == \
        {k: v for k, v in kernel.items() if k != "version"}
    assert re.fullmatch(r"3\.\d+\.\d+", str(info["version"]))
    ids = [cell.get("id") for cell in nb.cells]
    assert all(ids) and len(set(ids)) == len(ids)


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.stem)
def test_widget_outputs_come_with_their_saved_state(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    views = [out["data"][WIDGET_VIEW]["model_id"] for cell in nb.cells for out in cell.get("outputs", [])
             if WIDGET_VIEW in out.get("data", {})]
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    assert [v for v in views if v not in state] == []
