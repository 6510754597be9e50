"""JupyterLab and Notebook 7 in headless Chromium: servers, notebooks and pages for browser tests.

The fixtures in `conftest.py` wire these pieces together; tests (the renderer, the shipped notebooks)
only ask for `open_notebook` and a `frontend`. Everything here is bounded: each wait has a
deadline and a server is stopped by the PID it was started with. Debian's `/usr/bin/chromium` is
driven through Playwright; no browser is ever downloaded.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import Browser, ConsoleMessage, Error, Page

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
START_TIMEOUT_S = 60.0
WAIT_MS = 60_000
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

# Notebook 7.6.5 throws this while loading its settings even with every extension but its own
# disabled (checked through page_config `disabledExtensions`): its shortcuts plugin reads the schema
# of a plugin its registry never loaded. Not ours, so it is set aside, matched by message and by the
# bundle it is thrown from, and kept in `NotebookPage.upstream_errors` for the record.
KNOWN_UPSTREAM_ERRORS = (("Cannot read properties of undefined (reading 'schema')", "/notebook_core."),)


@dataclass(frozen=True)
class Frontend:
    """How one Jupyter front end is started and where it opens a notebook."""

    name: str
    module: str
    app_class: str
    notebook_route: str
    extra_args: tuple[str, ...] = ()

    def notebook_url_path(self, path: str, workspace: str) -> str:
        """The URL path that opens `path`; JupyterLab gets a fresh workspace so nothing is restored."""
        return self.notebook_route.format(path=path, workspace=workspace)


FRONTENDS = {
    "lab": Frontend("lab", "jupyterlab", "LabApp", "/lab/workspaces/{workspace}/tree/{path}",
                    ("--LabApp.news_url=None",)),
    "notebook": Frontend("notebook", "notebook", "JupyterNotebookApp", "/notebooks/{path}"),
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


USER_SETTINGS = {
    # the "get Jupyter news?" toast and update checks would cover screenshots
    ("apputils-extension", "notification"): {"fetchNews": "false", "checkForUpdates": False},
    # every cell attached to the DOM, so a test can read a whole notebook, not just the viewport
    ("notebook-extension", "tracker"): {"windowingMode": "none"},
}


def write_user_settings(settings_dir: Path) -> None:
    """Settings that make pages deterministic for tests (see `USER_SETTINGS`)."""
    for (extension, plugin), values in USER_SETTINGS.items():
        target = settings_dir / "@jupyterlab" / extension / f"{plugin}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values), encoding="utf-8")


def server_env(home: Path) -> dict[str, str]:
    """This venv first on PATH (the kernelspec runs `python`), user dirs isolated under `home`."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    for var, sub in (("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
                     ("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("IPYTHONDIR", "ipython")):
        env[var] = str(home / sub)
    env["PYTHONUNBUFFERED"] = "1"
    return env


@dataclass
class JupyterServer:
    """One `jupyter lab` / `jupyter notebook` process on 127.0.0.1 with a random port and token."""

    frontend: Frontend
    root_dir: Path
    home: Path
    port: int = field(default_factory=free_port)
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.home / f"{self.frontend.name}-server.log"

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={self.token}"

    def start(self) -> None:
        """Start the server and wait (bounded) until `/api/status` answers.

        Raises:
            RuntimeError: when the server exits or does not answer in time (with its log tail).
        """
        write_user_settings(self.home / "settings")
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(self.command(), stdout=log, stderr=subprocess.STDOUT,
                                            env=server_env(self.home), cwd=self.root_dir)
        self._wait_ready()

    def server_args(self) -> list[str]:
        """What every test server gets: loopback only, this port and token, the app exposed."""
        return ["--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={self.port}",
                "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
                f"--{self.frontend.app_class}.expose_app_in_browser=True", *self.frontend.extra_args]

    def command(self) -> list[str]:
        """`python -m <front end>` serving `root_dir` (a subclass may start it another way)."""
        return [sys.executable, "-m", self.frontend.module, *self.server_args(),
                f"--ServerApp.root_dir={self.root_dir}"]

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.frontend.name} server exited: {self.log_tail()}")
            try:
                self.api("GET", "/api/status")
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
                continue
            return
        raise RuntimeError(f"{self.frontend.name} server not up in {START_TIMEOUT_S} s: {self.log_tail()}")

    def api(self, method: str, path: str) -> Any:
        """Call the server's REST API with the token; JSON in, JSON out (None for 204)."""
        request = urllib.request.Request(self.base + path, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_sessions(self) -> None:
        """Stop every kernel a test started, so kernels do not pile up over a session."""
        for session in self.api("GET", "/api/sessions"):
            self.api("DELETE", f"/api/sessions/{session['id']}")

    def stop(self) -> None:
        """SIGTERM the recorded PID (the server shuts its kernels down), SIGKILL after 20 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def log_tail(self, lines: int = 30) -> str:
        text = self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def write_notebook(path: Path, sources: list[str] | Path) -> Path:
    """A notebook of code cells with a kernelspec, so no kernel picker dialog appears; or a copy of
    an existing notebook file (which must carry its own kernelspec) when `sources` is a path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(sources, Path):
        shutil.copyfile(sources, path)
        return path
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in sources])
    nb.metadata["kernelspec"] = KERNELSPEC
    nbformat.write(nb, str(path))
    return path


_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}"""

_ALL_EXECUTED = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext.session && w.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle' || !w.content || !w.content.widgets) { return false; }
  return w.content.widgets.every(c => c.model.type !== 'code' || c.model.executionCount !== null);
}"""

_CELL_ERRORS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .flatMap(c => c.model.outputs.toJSON())
  .filter(o => o.output_type === 'error')
  .map(o => `${o.ename}: ${o.evalue}`)"""


@dataclass
class NotebookPage:
    """One notebook open in a browser page, driven through `window.jupyterapp` (no clicking)."""

    page: Page
    server: JupyterServer
    path: str
    artifacts: Path
    console_errors: list[str] = field(default_factory=list)
    upstream_errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("console", self._on_console)
        self.page.on("pageerror", self._on_page_error)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_page_error(self, error: Error) -> None:
        stack = error.stack or ""
        known = any(text in error.message and where in stack for text, where in KNOWN_UPSTREAM_ERRORS)
        (self.upstream_errors if known else self.console_errors).append(f"pageerror: {error.message}")

    def open(self) -> NotebookPage:
        """Load the notebook and wait until its kernel is idle."""
        workspace = f"w{secrets.token_hex(4)}"
        self.page.goto(self.server.url(self.server.frontend.notebook_url_path(self.path, workspace)))
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=WAIT_MS)
        self.page.wait_for_function("window.jupyterapp !== undefined", timeout=WAIT_MS)
        self.page.wait_for_function(_KERNEL_IDLE, timeout=WAIT_MS)
        return self

    def run_all(self, timeout_ms: int = WAIT_MS) -> list[str]:
        """Run every cell, wait until all have run and the kernel is idle; return error outputs."""
        self.page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.page.wait_for_function(_ALL_EXECUTED, timeout=timeout_ms)
        errors: list[str] = self.page.evaluate(_CELL_ERRORS)
        return errors

    def screenshot(self, name: str, selector: str | None = None) -> Path:
        """Save a PNG under test-artifacts/ as `<frontend>-<name>.png`: the page, or only the element
        `selector` matches (scrolled into view; notebooks scroll inside the page, not the page)."""
        target = self.artifacts / f"{self.server.frontend.name}-{name}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if selector is None:
            self.page.screenshot(path=str(target), full_page=True)
        else:
            self.page.locator(selector).screenshot(path=str(target))
        return target


OpenNotebook = Callable[[str, list[str] | Path], NotebookPage]


@contextlib.contextmanager
def notebooks(browser: Browser, server: JupyterServer, artifacts: Path) -> Iterator[OpenNotebook]:
    """Open notebooks (written into the server root, named after the front end: code cells, or a
    copy of a notebook file) in one fresh browser context; on exit close it and shut down the
    kernels they started."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened: list[NotebookPage] = []

    def open_(name: str, sources: list[str] | Path) -> NotebookPage:
        path = f"{server.frontend.name}-{name}"
        write_notebook(server.root_dir / path, sources)
        page = NotebookPage(context.new_page(), server, path, artifacts)
        opened.append(page)
        return page.open()

    try:
        yield open_
    finally:
        context.close()
        server.shutdown_sessions()
