"""Fixtures for the notebook tests: each shipped notebook executed once per session.

`notebook_runs` and `sample_estate` beside it are importable by name (pytest's `pythonpath`).
"""

from __future__ import annotations

from collections.abc import Callable

import notebook_runs as runs
import pytest


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
