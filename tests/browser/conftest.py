"""Fixtures for tests in a real browser: Jupyter servers, Chromium, and notebooks opened in it.

Servers live for the whole session (started on first use, stopped by PID at the end), Playwright
and Chromium for one test module; every test gets its own browser context and its kernels are shut
down after it. A test asks
for `frontend` (runs once in JupyterLab, once in Notebook 7) and `open_notebook`:

    def test_x(frontend, open_notebook):
        nb = open_notebook("x.ipynb", ["print(1)"])
        assert nb.run_all() == []
        nb.screenshot("x")

Browser test modules set `pytestmark = pytest.mark.browser`; `make test` runs `-n 2 --dist loadscope`,
which keeps each module on one worker, so a module's tests share its browser and servers.

`browser_harness`, `payload_samples` and `sample_estate` (tests/notebooks) are importable by name
(pytest's `pythonpath`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import browser_harness as harness
import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

CHROMIUM, CHROMIUM_ARGS, FRONTENDS = harness.CHROMIUM, harness.CHROMIUM_ARGS, harness.FRONTENDS
JupyterServer, NotebookPage = harness.JupyterServer, harness.NotebookPage

OpenNotebook = harness.OpenNotebook
GetServer = Callable[[str], "JupyterServer"]


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Module scope on purpose: while Playwright's sync API is open, this thread has an asyncio loop
    marked as running, so any asyncio test the same xdist worker runs afterwards (pytest-asyncio,
    `asyncio.run`) would fail with "another loop is running"."""
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (Debian's chromium; none is downloaded)")
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def jupyter_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The servers' root_dir: notebooks written here open in the browser."""
    return tmp_path_factory.mktemp("jupyter-root")


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory: pytest.TempPathFactory, jupyter_root: Path) -> Iterator[GetServer]:
    """`jupyter_server("lab")` / `("notebook")`: started on first use, stopped at session end."""
    servers: dict[str, JupyterServer] = {}

    def get(name: str) -> JupyterServer:
        if name not in servers:
            server = JupyterServer(FRONTENDS[name], jupyter_root, tmp_path_factory.mktemp(f"{name}-home"))
            servers[name] = server
            server.start()
        return servers[name]

    yield get
    for server in servers.values():
        server.stop()


@pytest.fixture(scope="module", params=sorted(FRONTENDS))
def frontend(request: pytest.FixtureRequest) -> str:
    """Each test that takes this runs in JupyterLab and in Notebook 7 (grouped per module, so a
    module-scoped fixture can open one notebook per front end and share it between tests)."""
    name: str = request.param
    return name


@pytest.fixture(scope="session")
def artifacts(pytestconfig: pytest.Config) -> Path:
    """`test-artifacts/` at the repository root (gitignored), where screenshots go."""
    return Path(pytestconfig.rootpath) / "test-artifacts"


@pytest.fixture
def open_notebook(browser: Browser, jupyter_server: GetServer, frontend: str, artifacts: Path,
                  request: pytest.FixtureRequest) -> Iterator[OpenNotebook]:
    """Write a notebook of code cells into the server root and open it in a fresh browser context;
    a failing test leaves a `FAILED-<test>` screenshot of each page it opened."""
    with harness.notebooks(browser, jupyter_server(frontend), artifacts) as open_:
        opened: list[NotebookPage] = []

        def tracked(name: str, sources: list[str] | Path) -> NotebookPage:
            page: NotebookPage = open_(name, sources)
            opened.append(page)
            return page

        yield tracked
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            for page in opened:
                page.screenshot(f"FAILED-{request.node.name}")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep the call-phase report on the item, so fixtures can screenshot failures."""
    report = yield
    if call.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    return report
