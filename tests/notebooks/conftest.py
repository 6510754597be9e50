"""Fixtures for the notebook tests: each shipped notebook executed once per session.

The suite imports test files by path (`--import-mode=importlib`), so this conftest loads its sibling
modules the same way and registers them under their file names: test modules then simply
`import notebook_runs` / `import sample_estate`.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


def _load_sibling(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


runs = _load_sibling("notebook_runs")
_load_sibling("sample_estate")


@pytest.fixture(scope="session")
def run(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], runs.Run]:
    """`run("quickstart")`: the notebook executed once per session, in its own temp dirs."""
    done: dict[str, runs.Run] = {}

    def get(name: str) -> runs.Run:
        if name not in done:
            done[name] = runs.execute(name, tmp_path_factory.mktemp(f"{name}-cwd"),
                                      tmp_path_factory.mktemp(f"{name}-home"))
        return done[name]

    return get
