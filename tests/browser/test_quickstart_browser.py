"""The quickstart notebook in a real browser, run top to bottom in JupyterLab 4 and in Notebook 7.

The committed notebook is copied into the server root and run with "run all cells", as a reader
would. Then the page is read: our renderer's trees with pseudonym badges, every result under
`strict`, no real identifier of the sample estate anywhere in the page (every JSON tree is opened
first, so nothing hides in a collapsed node), the live AuditLog table holding the refusal made
after it was displayed, and zero console errors. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sample_estate
from browser_harness import JupyterServer, NotebookPage, notebooks
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

QUICKSTART = Path(__file__).resolve().parents[2] / "notebooks" / "quickstart.ipynb"
RUN_MS = 120_000
SETTLE_MS = 30_000
"""Once every cell has run, how long outputs and widget updates may take to reach the page."""
PSEUDONYM = re.compile(r"res-[0-9a-f]{10}")
FIND_ASSETS = ".cloudg-result[data-cloudg-name='find_assets']"

_AUDIT_REFUSAL = """() => [...document.querySelectorAll('table.cloudg-audit tbody tr')]
  .some(tr => tr.textContent.includes('rejected') && tr.textContent.includes('find_assets'))"""

# Containers build their children when first opened; open every one until none is left closed.
_OPEN_ALL_TREES = """() => {
  const closed = document.querySelectorAll('.cloudg-result details:not([open])');
  closed.forEach(node => { node.open = true; });
  document.querySelectorAll('.cloudg-result button.cloudg-more').forEach(more => more.click());
  return closed.length === 0 && !document.querySelector('.cloudg-result button.cloudg-more');
}"""


@dataclass
class Ran:
    """The quickstart after "run all": its page and the cells' error outputs."""

    nb: NotebookPage
    errors: list[str]


@pytest.fixture(scope="module")
def ran(browser: Browser, jupyter_server: Callable[[str], JupyterServer], frontend: str,
        artifacts: Path) -> Iterator[Ran]:
    """The quickstart run to the end in one front end, shared by the tests below (they only read)."""
    with notebooks(browser, jupyter_server(frontend), artifacts) as open_notebook:
        nb = open_notebook("quickstart.ipynb", QUICKSTART)
        yield Ran(nb, nb.run_all(RUN_MS))


def test_runs_all_cells_without_error_outputs(ran: Ran) -> None:
    ran.nb.page.locator(".jp-Cell").first.scroll_into_view_if_needed()
    shots = [ran.nb.screenshot("quickstart-top")]
    ran.nb.page.locator(".jp-Cell").last.scroll_into_view_if_needed()
    shots.append(ran.nb.screenshot("quickstart-end"))
    assert ran.errors == []
    assert all(shot.stat().st_size > 0 for shot in shots)


def test_results_render_as_trees_with_pseudonym_badges_all_under_strict(ran: Ran) -> None:
    page = ran.nb.page
    page.wait_for_selector(".cloudg-result .cloudg-badge", timeout=SETTLE_MS)
    names = page.eval_on_selector_all(".cloudg-result", "nodes => nodes.map(n => n.dataset.cloudgName)")
    policies = page.eval_on_selector_all(".cloudg-result .cloudg-fact[data-fact='policy'] .cloudg-fact-value",
                                         "nodes => nodes.map(n => n.textContent)")
    badges = page.locator(f"{FIND_ASSETS} .cloudg-badge[data-kind='pseudonym']")
    entities = set(" ".join(badges.evaluate_all("nodes => nodes.map(n => n.dataset.entity)")).split())
    assert {"tools", "find_assets", "get_asset", "count_assets", "investigate_asset"} <= set(names)
    assert policies and set(policies) == {"strict"} and len(policies) == len(names)
    assert {"resource_name", "aws_account_id", "aws_arn"} <= entities
    shot = ran.nb.screenshot("quickstart-find-assets", f"{FIND_ASSETS} >> nth=0")
    assert shot.stat().st_size > 0


def test_no_real_identifier_of_the_sample_estate_anywhere_in_the_page(ran: Ran) -> None:
    page = ran.nb.page
    page.wait_for_function(_OPEN_ALL_TREES, timeout=RUN_MS)
    text = page.evaluate("document.body.innerText")
    markup = page.evaluate("document.documentElement.outerHTML")
    identifiers = sample_estate.real_identifiers()
    assert sample_estate.leaked(text, identifiers) == []
    assert sample_estate.leaked(markup, identifiers) == []
    # the estate is on the page, as pseudonyms: the check above had something to look at
    assert len(set(PSEUDONYM.findall(text))) >= 10


def test_the_audit_log_widget_shows_the_refusal_it_heard_live(ran: Ran) -> None:
    ran.nb.page.wait_for_function(_AUDIT_REFUSAL, timeout=SETTLE_MS)
    rows = ran.nb.page.locator("table.cloudg-audit tbody tr")
    first = rows.first.inner_text()
    assert rows.count() >= 1
    assert "rejected" in first and "find_assets" in first and "wJalrXUtnFEMI" not in first
    shot = ran.nb.screenshot("quickstart-audit", "table.cloudg-audit")
    assert shot.stat().st_size > 0


def test_no_console_error_from_start_to_finish(ran: Ran) -> None:
    """Last in the module, so it covers the run and everything the tests above did to the page."""
    assert ran.nb.console_errors == []
