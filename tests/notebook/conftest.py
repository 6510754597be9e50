"""A real IPython kernel for notebook tests, started once per test module (see notebook_kernel)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notebook_kernel import TOOLS_CELL, Kernel, start_kernel


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kernel]:
    """One kernel per test module, with the extension loaded on the bundled sample estate."""
    started = start_kernel(tmp_path_factory.mktemp("kernel"), CLOUDG_LAB_POLICY="standard",
                           CLOUDG_LAB_VAULT_KEY="notebook-tests-key")
    try:
        started.loaded = started.ok("%load_ext cloudg_lab")
        started.ok(TOOLS_CELL)
        yield started
    finally:
        started.close()
