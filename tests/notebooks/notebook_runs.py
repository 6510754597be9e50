"""Executing the shipped notebooks with nbclient, each in a fresh kernel, as a new user would.

`execute(name, workdir, home)` runs `notebooks/<name>.ipynb` from a clean kernel whose working
directory is a temp dir, with no `CLOUDG_LAB_*` setting inherited and a fresh IPython profile, and
returns the executed notebook. Errors do not stop the run (`allow_errors`), so a
test sees every failing cell at once instead of the first; every cell has a deadline.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NAMES = ("quickstart", "policy-preview", "serve-live")
CELL_TIMEOUT = 120
STARTUP_TIMEOUT = 60


@dataclass
class Run:
    """One executed notebook."""

    name: str
    nb: Any
    workdir: Path

    def cell(self, cell_id: str) -> Any:
        return next(c for c in self.nb.cells if c.get("id") == cell_id)

    @property
    def code_cells(self) -> list[Any]:
        return [c for c in self.nb.cells if c.cell_type == "code"]

    @property
    def outputs(self) -> list[Any]:
        return [o for c in self.code_cells for o in c.outputs]

    @property
    def widget_state(self) -> dict[str, Any]:
        """The ipywidgets models nbclient saved at the end of the run."""
        widgets = self.nb.metadata.get("widgets", {})
        state: dict[str, Any] = widgets.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
        return state


def kernel_env(home: Path) -> dict[str, str]:
    """The test process's environment minus any cloudg_lab setting, with a fresh IPython profile
    under `home` (created here: IPython falls back to a temp dir, with a warning, if it is missing)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLOUDG_LAB_")}
    (home / "ipython").mkdir(parents=True, exist_ok=True)
    env["IPYTHONDIR"] = str(home / "ipython")
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


def execute(name: str, workdir: Path, home: Path) -> Run:
    """Run one notebook to the end in a new kernel; errors stay in the outputs. The run gets its own
    event loop, closed at the end, so several may run at once in threads."""
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, startup_timeout=STARTUP_TIMEOUT,
                            kernel_name="python3", allow_errors=True, record_timing=True,
                            resources={"metadata": {"path": str(workdir)}})
    asyncio.run(client.async_execute(env=kernel_env(home)))
    return Run(name, client.nb, workdir)
