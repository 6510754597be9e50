"""Strict from day one: ruff with its broad rule set and mypy in strict mode stay clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=False)


def test_ruff_is_clean():
    done = _run("ruff", "check", "cloudg_lab", "tests", "benchmarks", "--output-format", "concise")
    assert done.returncode == 0, done.stdout[-4000:]


def test_mypy_strict_is_clean():
    done = _run("mypy")
    assert done.returncode == 0, done.stdout[-4000:]
