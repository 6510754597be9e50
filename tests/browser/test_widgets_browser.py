"""Widgets in a real browser: they survive a reopen, the Inspector's form calls through its
`<select>`s, and a 100k-asset load shows a progress bar while it runs.

Reopen: the notebook is run, saved (the package's settings override makes the widget manager
save widget state), its kernel shut down, and the saved file opened again in a fresh page with a
fresh kernel: audit, vault and preview must show their tables, and nowhere "model not found".
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser_harness import JupyterServer, NotebookPage, notebooks
from playwright.sync_api import Browser

from cloudg_lab.sample import generate

pytestmark = pytest.mark.browser

RUN_MS = 120_000
SETTLE_MS = 30_000
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

REOPEN_CELLS = [
    "%load_ext cloudg_lab",
    "%mcp call find_assets limit=2",
    "%mcp audit",
    "%mcp vault",
    "%mcp preview find_assets limit=2 --policies standard,strict",
]
FORM_CELLS = [
    "%load_ext cloudg_lab",
    '''from typing import Literal
from cloudg_lab.notebook import tool

@tool(category="demo")
def paint(colour: Literal["red", "green", "blue"], coats: int = 1, glossy: bool = False) -> dict:
    """Paint something (a made-up tool: its schema is not one of ours)."""
    return {"colour": colour, "coats": coats, "glossy": glossy}''',
    "inspector = %mcp inspector\ninspector",
]
TABLES = {"audit": "table.cloudg-audit", "vault": "table.cloudg-w-vault",
          "preview": "table.cloudg-w-preview"}
_TABLES_SHOWN = """(selectors) => selectors.every(s => document.querySelector(s) !== null)"""
_FIRST_RESULT_COLUMNS = """() => [...document.querySelector('.cloudg-result table').querySelectorAll(
    'th')].map(th => th.innerText.trim())"""


@pytest.fixture(scope="module")
def server(jupyter_server: Callable[[str], JupyterServer], frontend: str) -> JupyterServer:
    return jupyter_server(frontend)


@pytest.fixture
def opened(browser: Browser, server: JupyterServer, artifacts: Path) -> Iterator[
        Callable[[str, list[str] | Path], NotebookPage]]:
    with notebooks(browser, server, artifacts) as open_notebook:
        yield open_notebook


def save(nb: NotebookPage) -> dict:
    """Save through the front end and return the file once it holds the widget state."""
    nb.page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
    path = nb.server.root_dir / nb.path
    deadline = time.monotonic() + SETTLE_MS / 1000
    while time.monotonic() < deadline:
        saved = json.loads(path.read_text(encoding="utf-8"))
        if saved.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE):
            return dict(saved)
        nb.page.wait_for_timeout(200)
    raise AssertionError(f"{path} was saved without widget state: {saved.get('metadata')}")


def test_a_reopened_notebook_shows_its_widgets_not_model_not_found(
        browser: Browser, server: JupyterServer, artifacts: Path) -> None:
    with notebooks(browser, server, artifacts) as open_notebook:
        nb = open_notebook("reopen.ipynb", REOPEN_CELLS)
        assert nb.run_all(RUN_MS) == []
        nb.page.wait_for_function(_TABLES_SHOWN, arg=list(TABLES.values()), timeout=SETTLE_MS)
        columns = nb.page.evaluate(_FIRST_RESULT_COLUMNS)
        assert columns[:2] == ["id", "name"], columns
        saved = save(nb)
        assert saved["metadata"]["kernelspec"]["name"] == "python3"
    server.shutdown_sessions()
    copy = server.root_dir / "reopen-saved.ipynb"
    copy.write_text(json.dumps(saved), encoding="utf-8")
    with notebooks(browser, server, artifacts) as open_notebook:
        again = open_notebook("reopened.ipynb", copy)
        again.page.wait_for_function(_TABLES_SHOWN, arg=list(TABLES.values()), timeout=SETTLE_MS)
        text = again.page.evaluate("document.body.innerText")
        shot = again.screenshot("widgets-reopened")
        # the saved file has its keys sorted; the table's columns come back as the server wrote them
        assert again.page.evaluate(_FIRST_RESULT_COLUMNS) == columns
        assert "model not found" not in text and "Error displaying widget" not in text
        for name, selector in TABLES.items():
            assert again.page.locator(selector).count() >= 1, name
        # "not connected" is said once per widget (its root), not on every control inside it
        marked = again.page.evaluate("""() => [...document.querySelectorAll(
            '.jupyter-widgets-disconnected')].filter(n => getComputedStyle(n, '::before').display
            !== 'none').map(n => n.classList.contains('cloudg-w-root'))""")
        assert marked and all(marked), marked
        assert shot.stat().st_size > 0
        assert again.console_errors == []


def test_the_form_offers_enums_as_selects_and_calls_what_the_schema_asked(
        opened: Callable[[str, list[str] | Path], NotebookPage]) -> None:
    nb = opened("form.ipynb", FORM_CELLS)
    assert nb.run_all(RUN_MS) == []
    page = nb.page
    tools = page.locator(".widget-select select").first
    tools.wait_for(timeout=SETTLE_MS)
    tools.select_option("paint")
    colour = page.locator(".widget-dropdown select").first
    colour.wait_for(timeout=SETTLE_MS)
    assert colour.evaluate("n => [...n.options].map(o => o.textContent)") == [
        "unset", "red", "green", "blue"]
    colour.select_option("green")
    page.locator(".widget-toggle-buttons button", has_text="true").first.click()
    editor = page.locator(".widget-textarea textarea").first
    page.wait_for_function("(n) => n.value.includes('green') && n.value.includes('glossy')",
                           arg=editor.element_handle(), timeout=SETTLE_MS)
    assert json.loads(editor.input_value()) == {"colour": "green", "glossy": True}
    form_shot = nb.screenshot("widgets-form")
    page.locator("button", has_text="Call").first.click()
    page.locator(".jupyter-widgets", has_text="paint: ok").first.wait_for(timeout=SETTLE_MS)
    history = page.locator(".widget-hbox", has_text="replay").last.text_content() or ""
    assert "paint" in history and "green" in history and "ok" in history
    page.locator(".lm-TabBar-tab", has_text="last result").first.click()
    result = page.locator(".cloudg-result[data-cloudg-name='paint']").first
    result.wait_for(timeout=SETTLE_MS)
    text = result.inner_text()
    assert "colour green" in text and "glossy true" in text  # the renderer's facts line
    shot = nb.screenshot("widgets-form-result")
    assert form_shot.stat().st_size > 0 and shot.stat().st_size > 0 and nb.console_errors == []


def test_a_progress_bar_shows_while_a_100k_load_runs(
        opened: Callable[[str, list[str] | Path], NotebookPage], server: JupyterServer) -> None:
    estate = Path(generate(assets=100_000, seed=7331, out=server.root_dir / "estate-100k"))
    nb = opened("progress.ipynb", ["%load_ext cloudg_lab", f"%mcp load --replace big={estate}"])
    outcome = ""
    for _attempt in range(5):
        # `void`: evaluate would otherwise wait for the command's promise, i.e. for the load to end
        nb.page.evaluate("void window.jupyterapp.commands.execute('notebook:run-all-cells')")
        nb.page.locator(".jp-OutputArea .widget-hprogress").first.wait_for(timeout=RUN_MS)
        nb.page.wait_for_function("() => /loading\\s+big/.test(document.body.innerText)", timeout=SETTLE_MS)
        nb.page.evaluate("void window.jupyterapp.commands.execute('notebook:interrupt-kernel')")
        shot = nb.screenshot("widgets-load-progress")
        # the interrupt travels browser → server → kernel; on a busy machine the load may end
        # first (it then lists the datasets), and the cell is run again
        outcome = nb.page.wait_for_function(
            "() => /interrupted,\\s+nothing\\s+loaded/.test(document.body.innerText) ? 'interrupted'"
            " : document.querySelector(\".cloudg-result[data-cloudg-name='list_datasets']\") ? 'loaded'"
            " : ''", timeout=RUN_MS).json_value()
        if outcome == "interrupted":
            break
    assert outcome == "interrupted"
    # red, at whatever it had reached: an interrupt before the first chunk leaves it empty (an
    # empty bar is no visible box, so the danger style is waited for in the page, not on screen)
    nb.page.locator(".jp-OutputArea .widget-hprogress .progress-bar-danger").first.wait_for(
        state="attached", timeout=SETTLE_MS)
    nb.screenshot("widgets-load-interrupted")
    assert shot.stat().st_size > 0


def test_the_committed_notebooks_open_unmodified(
        opened: Callable[[str, list[str] | Path], NotebookPage]) -> None:
    committed = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
    assert committed
    dirty = {}
    for path in committed:
        nb = opened(path.name, path)
        # the front end rewrites language_info once the kernel has answered: wait for that moment
        nb.page.wait_for_function("() => window.jupyterapp.shell.currentWidget.context.model"
                                  ".getMetadata('language_info')?.version !== undefined",
                                  timeout=SETTLE_MS)
        dirty[path.name] = nb.page.evaluate("window.jupyterapp.shell.currentWidget.context.model.dirty")
    assert dirty == dict.fromkeys(dirty, False)
