"""The install leaves the extension enabled: `jupyter labextension list`, run in this venv, says so."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cloudg_lab._version import __version__

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def labextension_list() -> str:
    jupyter = Path(sys.executable).with_name("jupyter")
    done = subprocess.run([str(jupyter), "labextension", "list"], capture_output=True, text=True,
                          timeout=120, check=True)
    return ANSI.sub("", done.stdout + done.stderr)


def test_cloudg_lab_is_listed_enabled_and_ok() -> None:
    listing = labextension_list()
    line = next((ln for ln in listing.splitlines() if ln.split()[:1] == ["cloudg-lab"]), None)
    assert line is not None, f"cloudg-lab is not installed in {sys.prefix}:\n{listing}"
    assert re.search(rf"cloudg-lab v{re.escape(__version__)} enabled\s+OK", line), line
