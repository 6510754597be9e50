"""Fixtures for widget tests: a real kernel (the notebook tests' harness) and in-process sessions.

The kernel harness is `tests/notebook/notebook_kernel.py`, importable by name (pytest's `pythonpath`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import notebook_kernel as harness
import pytest

from cloudg_lab.notebook.config import SessionConfig
from cloudg_lab.notebook.session import Session

VAULT_KEY = "widget-tests-key"

TREE_STATE = '''
import json, re
from ipywidgets.widgets.widget import _instances

def tree_state(root):
    """Every model's state under `root` (children, tab pages, any widget-valued trait)."""
    found, todo = {}, [root.model_id]
    while todo:
        model_id = todo.pop()
        if model_id in found:
            continue
        state = _instances[model_id].get_state()
        found[model_id] = state
        todo += re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(state, default=str))
    return found
'''


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One kernel per module, the extension loaded on the sample estate, standard policy."""
    started = harness.start_kernel(tmp_path_factory.mktemp("kernel"), CLOUDG_LAB_POLICY="standard",
                                   CLOUDG_LAB_VAULT_KEY=VAULT_KEY)
    try:
        started.loaded = started.ok("%load_ext cloudg_lab")
        started.ok(harness.TOOLS_CELL)
        started.ok(TREE_STATE)
        yield started
    finally:
        started.close()


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> Session:
    """An in-process session on the sample estate (standard policy, a fixed vault key)."""
    monkeypatch.setenv("CLOUDG_LAB_VAULT_KEY", VAULT_KEY)
    monkeypatch.delenv("CLOUDG_LAB_POLICY", raising=False)
    return Session(SessionConfig(policy="standard"))
