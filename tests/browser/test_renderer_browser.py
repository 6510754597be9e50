"""The JupyterLab renderer in a real browser: payloads displayed by a kernel, checked in the DOM.

Runs in JupyterLab 4 and in Notebook 7 (the `frontend` fixture). Each payload comes from the pydantic
model and reaches the page the way a display object sends it: `display({MIME_TYPE: ...}, raw=True)`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import payload_samples as samples
import pytest
from browser_harness import JupyterServer, NotebookPage, notebooks
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

SETUP = """\
from IPython.display import display
from cloudg_lab.notebook.payload import MIME_TYPE, ResultPayload

def show(payload_json, fallback_html):
    payload = ResultPayload.model_validate_json(payload_json).model_dump(mode="json")
    display({MIME_TYPE: payload, "text/html": fallback_html, "text/plain": "cloudg-lab result"}, raw=True)
"""

PAYLOADS = {
    "find_assets": samples.tool_result(),
    "find_assets_unmarked": samples.unmarked_tool_result(),
    "reveal_token": samples.error_result(),
    "tools": samples.listing(),
    "cloudg://datasets/{name}": samples.resource_read(),
    "investigate_asset": samples.prompt(),
}


def show_cell(payload: dict[str, Any]) -> str:
    return f"show({json.dumps(payload)!r}, '<b class=\"html-fallback\">fallback</b>')"


@pytest.fixture(scope="module")
def rendered(browser: Browser, jupyter_server: Callable[[str], JupyterServer], frontend: str,
             artifacts: Path) -> Iterator[NotebookPage]:
    """One notebook per front end showing every sample payload, run to the end without errors,
    shared by the tests below (they only read the page)."""
    with notebooks(browser, jupyter_server(frontend), artifacts) as open_notebook:
        nb = open_notebook("renderer.ipynb", [SETUP, *(show_cell(p) for p in PAYLOADS.values())])
        assert nb.run_all() == []
        nb.page.wait_for_function(f"document.querySelectorAll('.cloudg-result').length === {len(PAYLOADS)}")
        yield nb


def result(nb: NotebookPage, name: str) -> Any:
    return nb.page.locator(f".cloudg-result[data-cloudg-name='{name}']")


def test_every_kind_renders_with_its_hooks_and_no_console_error(rendered: NotebookPage) -> None:
    kinds = rendered.page.eval_on_selector_all(
        ".cloudg-result", "nodes => nodes.map(n => [n.dataset.cloudgKind, n.dataset.cloudgName])")
    assert kinds == [[p["kind"], p["name"]] for p in PAYLOADS.values()]
    assert rendered.page.locator(".html-fallback").count() == 0, "text/html won over our renderer"
    shots = [rendered.screenshot("renderer")]
    for i, p in enumerate(PAYLOADS.values()):
        shots.append(rendered.screenshot(f"renderer-{i}-{p['kind']}", f".cloudg-result >> nth={i}"))
    assert all(shot.stat().st_size > 0 for shot in shots)
    assert rendered.console_errors == []


def test_marks_become_badges_with_the_entity_on_hover_and_never_a_value(rendered: NotebookPage) -> None:
    tool = result(rendered, "find_assets")
    badges = tool.locator(".cloudg-body .cloudg-badge")
    expected = [(m["entity"], m["kind"]) for m in PAYLOADS["find_assets"]["marks"]]
    found = badges.evaluate_all(
        "nodes => nodes.map(n => [n.dataset.entity, n.dataset.kind, n.title, n.textContent])")
    assert sorted((entity, kind) for entity, kind, _, _ in found) == sorted(expected)
    assert [title for _, _, title, _ in found] == [f"{entity} ({kind})" for entity, kind, _, _ in found]
    arn = tool.locator(".cloudg-badge[data-entity='aws_arn']")
    arn.hover()
    assert arn.get_attribute("title") == "aws_arn (pseudonym)"
    assert "res-5aa71a0ad9" in arn.inner_text()


def test_report_chips_and_header(rendered: NotebookPage) -> None:
    tool = result(rendered, "find_assets")
    chips = dict(tool.locator(".cloudg-chip").evaluate_all(
        "nodes => nodes.map(n => [n.dataset.chip, n.textContent])"))
    assert chips == {"pseudonymized": "pseudonymized 6", "redacted": "redacted 1",
                     "untrusted": "untrusted text 1", "sensitivity": "confidential"}
    facts = tool.locator(".cloudg-header").inner_text()
    assert "strict" in facts and "alice (analyst, lead)" in facts and "3.20 ms" in facts


def test_error_result_shows_the_code_and_message(rendered: NotebookPage) -> None:
    panel = result(rendered, "reveal_token").locator(".cloudg-error")
    assert panel.get_attribute("data-code") == "-31001"
    assert "reveal capability" in panel.inner_text()
    assert result(rendered, "reveal_token").locator(".cloudg-header--error").count() == 1


def test_listing_resource_and_prompt_render_their_shapes(rendered: NotebookPage) -> None:
    rows = result(rendered, "tools").locator("table.cloudg-listing tbody tr")
    assert rows.count() == 2
    assert "ref" in rows.nth(1).inner_text()
    assert result(rendered, "tools").locator(".cloudg-chip[data-chip='unchanged']").count() == 1
    resource = result(rendered, "cloudg://datasets/{name}")
    assert resource.locator(".cloudg-chip").count() == 0, "a marked result is not 'unchanged'"
    assert resource.locator(".cloudg-badge[data-entity='dataset_name']").inner_text() == 'ds-1475e44a6f'
    message = result(rendered, "investigate_asset").locator(".cloudg-message[data-role='user']")
    assert message.locator(".cloudg-badge[data-entity='resource_name']").count() == 1


def test_raw_wire_opens_on_demand(rendered: NotebookPage) -> None:
    raw = result(rendered, "find_assets").locator(".cloudg-raw")
    assert raw.locator(".cloudg-tree").count() == 0
    raw.locator("summary").first.click()
    raw.locator(".cloudg-tree").first.wait_for()  # the tree is built on the (asynchronous) toggle event
    assert raw.locator(".cloudg-tree").count() == 1


_OPEN_STATE = """root => {
  const tree = root.querySelector('.cloudg-astree');
  tree.open = true;
  tree.dispatchEvent(new Event('toggle'));
  return [...tree.querySelectorAll('details')].map(d => d.open);
}"""


def test_one_expansion_rule_whatever_the_marks(rendered: NotebookPage) -> None:
    """Under `strict` every value is marked, under `open` none is: the tree opens the same way."""
    marked = result(rendered, "find_assets").evaluate(_OPEN_STATE)
    unmarked = result(rendered, "find_assets_unmarked").evaluate(_OPEN_STATE)
    assert marked == unmarked and True in marked and False in marked
    closed = ".cloudg-astree details:not([open]) > summary .cloudg-marked-hint"
    hints = result(rendered, "find_assets").locator(closed)
    assert hints.count() > 0, "a closed container holding marks says so"
    assert result(rendered, "find_assets_unmarked").locator(".cloudg-marked-hint").count() == 0


def test_theme_switch_recolours_the_result(rendered: NotebookPage) -> None:
    """Only JupyterLab CSS variables are used, so the dark theme recolours everything."""
    page = rendered.page
    probe = """() => {
      const style = el => getComputedStyle(document.querySelector(el));
      return [style('.cloudg-result').backgroundColor, style('.cloudg-badge--pseudonym').backgroundColor,
              style('.cloudg-result').color];
    }"""

    def switch(theme: str, light: str) -> list[str]:
        page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
        page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'"
                               " && !document.querySelector('#jupyterlab-splash')")
        colours: list[str] = page.evaluate(probe)
        return colours

    light = page.evaluate(probe)
    try:
        dark = switch("JupyterLab Dark", "false")
        rendered.screenshot("renderer-dark")
    finally:
        switch("JupyterLab Light", "true")
    assert all(a != b for a, b in zip(light, dark, strict=True)), (light, dark)


def test_a_payload_of_another_version_gets_a_notice_not_an_exception(open_notebook: Any) -> None:
    nb = open_notebook("bad-payload.ipynb", [
        "from IPython.display import display\n"
        "display({'application/vnd.cloudg-lab.result+json': {'v': 99, 'kind': 'tool'},"
        " 'text/plain': 'x'}, raw=True)"])
    assert nb.run_all() == []
    notice = nb.page.wait_for_selector(".cloudg-result--invalid .cloudg-notice")
    assert notice is not None
    assert "payload version 99 is not 1" in notice.inner_text()
    assert nb.console_errors == []
