"""`make lab` and `cloudg-lab lab`: JupyterLab comes up on notebooks/quickstart.ipynb.

`make lab` installs, then runs `cloudg-lab lab $(LAB_ARGS)`; `make -n` shows that without installing
anything. The command itself is started here for real, with the test servers' flags (loopback, a
random port and token) passed through to JupyterLab, and stopped by its PID. With `--no-browser`
the server still writes the page a browser would have been sent to; the test follows it in
Chromium and finds the quickstart open.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import FRONTENDS, WAIT_MS, JupyterServer, NotebookPage
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
VENV = Path(sys.executable).parent.parent
CLI = Path(sys.executable).parent / "cloudg-lab"
REDIRECT = re.compile(r'http-equiv="refresh" content="\d+;url=(?P<url>[^"]+)"')

_QUICKSTART_OPEN = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!w && !!w.context && w.context.isReady && w.context.path === 'quickstart.ipynb' && !!w.content
    && w.content.widgets.length > 0;
}"""

_FIRST_CODE = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .find(c => c.model.type === 'code').model.sharedModel.getSource()"""


class LabCommand(JupyterServer):
    """`cloudg-lab lab` plus the test flags; the command itself chooses the root and the file.
    Checkpoints (written when Lab opens a notebook) go to a temp dir, not next to the notebook."""

    def command(self) -> list[str]:
        return [str(CLI), "lab", *self.server_args(),
                f"--FileCheckpoints.checkpoint_dir={self.home / 'checkpoints'}"]

    def browser_url(self) -> str:
        """Where the server would have sent a browser: the redirect page it wrote for its file.

        Raises:
            AssertionError: when the server wrote no such page (it was started without a file).
        """
        assert self.process is not None
        pages = list((self.home / "runtime").glob(f"jpserver-file-to-run-{self.process.pid}-open.html"))
        assert len(pages) == 1, f"no file-to-run page: {self.log_tail()}"
        found = REDIRECT.search(pages[0].read_text(encoding="utf-8"))
        assert found is not None
        return found.group("url")


@pytest.fixture
def lab_command(tmp_path: Path) -> Iterator[LabCommand]:
    """`cloudg-lab lab` started from an unrelated directory; SIGTERM at the end (the server then
    shuts its kernels down)."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    server = LabCommand(FRONTENDS["lab"], cwd, tmp_path / "home")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_make_lab_runs_the_lab_command_with_lab_args() -> None:
    # --no-print-directory: under `make test` (a make within make) -n adds "Leaving directory" lines
    result = subprocess.run(["make", "--no-print-directory", "-n", "lab", f"VENV={VENV}",
                             "LAB_ARGS=--no-browser --port=0"],
                            cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"{VENV}/bin/cloudg-lab lab --no-browser --port=0"


def test_cloudg_lab_lab_opens_jupyterlab_on_the_quickstart(browser: Browser, lab_command: LabCommand,
                                                          artifacts: Path) -> None:
    url = lab_command.browser_url()
    served = lab_command.api("GET", "/api/contents/quickstart.ipynb?content=0")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        nb = NotebookPage(context.new_page(), lab_command, "quickstart.ipynb", artifacts)
        nb.page.goto(url)
        nb.page.wait_for_function(_QUICKSTART_OPEN, timeout=WAIT_MS)
        first_code = nb.page.evaluate(_FIRST_CODE)
        shot = nb.screenshot("command-quickstart")
    finally:
        context.close()
    assert url == lab_command.url("/lab/tree/quickstart.ipynb")
    assert served["path"] == "quickstart.ipynb" and served["type"] == "notebook"
    assert "%load_ext cloudg_lab" in first_code
    assert nb.console_errors == []
    assert shot.stat().st_size > 0


def test_stopping_the_lab_command_by_pid_stops_the_server(lab_command: LabCommand) -> None:
    lab_command.stop()
    with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", lab_command.port),
                                                                         timeout=5):
        pass
