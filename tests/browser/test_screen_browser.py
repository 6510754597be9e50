"""What a user sees of real `%mcp` outputs, in JupyterLab 4 (light and dark) and Notebook 7.

One notebook per front end runs real magics on a real kernel: a strict page of assets, the tool
listing, grouped counts, an error (through our renderer and as plain HTML), a page under `open`, and
`%mcp help` last. The tests then read the page: the help output's style block changes no computed
style outside its own root (checked with it shown and with it cleared, in both themes), error text
keeps 4.5:1 contrast in both themes, listings and pages are tables with the kernel's row counts,
grouped counts are bars, only the `open` output carries the real-values banner, and no console
error mentions cloudg. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import JupyterServer, NotebookPage, notebooks
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

PAGE_SIZE = 7
CELLS = [
    "%load_ext cloudg_lab",
    f"page = %mcp call find_assets limit={PAGE_SIZE} --policy strict\ndisplay(page)",
    "tools = %mcp tools\ndisplay(tools)\nprint('n_tools', len(tools.wire))",
    *(f"{kind} = %mcp {kind}\ndisplay({kind})\nprint('n_{kind}', len({kind}.wire))"
      for kind in ("resources", "templates", "prompts")),
    "counts = %mcp call count_assets group_by=region --policy strict\ndisplay(counts)\n"
    "print('n_groups', len(counts.structured['groups']))",
    "err = %mcp call find_assets limit=abc --policy strict\ndisplay(err)",
    "from IPython.display import HTML\nHTML(err._repr_mimebundle_()['text/html'])",
    "HTML(page._repr_mimebundle_()['text/html'])",
    "%mcp call find_assets limit=2 --policy open",
    "ref = page.structured['items'][0]['id']\nnear = %mcp call neighbors ref={ref} --policy strict\n"
    "display(near)\nprint('n_near', near.structured['returned'])",
    "%mcp prompt investigate_asset ref={ref} --policy strict",
    "HTML(near._repr_mimebundle_()['text/html'])",
    "%mcp help",
]
HELP_CELL = len(CELLS) - 1
HELP_NODE = f"window.jupyterapp.shell.currentWidget.content.widgets[{HELP_CELL}].node"
PAGE = ".cloudg-result[data-cloudg-name='find_assets']"

# Computed styles of elements outside the help output: our renderer's and JupyterLab's own.
_PROBE = """() => {
  const pick = ['font-family', 'font-size', 'color', 'background-color', 'text-align', 'line-height'];
  const targets = ['.cloudg-result', '.cloudg-result .cloudg-table td', '.cloudg-result .cloudg-badge',
                   '.cloudg-result .cloudg-error', '.cloudg-result .cloudg-chip',
                   '.jp-Cell .jp-InputArea-editor', '.jp-OutputArea-output pre'];
  return Object.fromEntries(targets.map(sel => {
    const node = document.querySelector(sel);
    if (!node) { return [sel, null]; }
    const style = getComputedStyle(node);
    return [sel, pick.map(p => style.getPropertyValue(p))];
  }));
}"""

# Selectors of every style sheet that an output brought into the page.
_OUTPUT_SELECTORS = """() => [...document.styleSheets]
  .filter(sheet => sheet.ownerNode && sheet.ownerNode.closest && sheet.ownerNode.closest('.jp-OutputArea'))
  .flatMap(sheet => [...sheet.cssRules].map(rule => rule.selectorText || ''))"""

# [foreground, background] as RGBA bytes: colours normalised through a canvas (so `color-mix` and
# `color(srgb ...)` both work), backgrounds composited from the element up to an opaque base.
_COLOURS = """(node) => {
  const ctx = document.createElement('canvas').getContext('2d');
  const rgba = css => { ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = '#000'; ctx.fillStyle = css;
                        ctx.fillRect(0, 0, 1, 1); const d = ctx.getImageData(0, 0, 1, 1).data;
                        return [d[0], d[1], d[2], d[3] / 255]; };
  const layers = [];
  for (let n = node; n; n = n.parentElement) {
    const bg = getComputedStyle(n).backgroundColor;
    if (bg && bg !== 'transparent' && bg !== 'rgba(0, 0, 0, 0)') { layers.push(rgba(bg)); }
    if (layers.length && layers[layers.length - 1][3] === 1) { break; }
  }
  let base = layers.length && layers[layers.length - 1][3] === 1 ? layers.pop() : [255, 255, 255, 1];
  for (const [r, g, b, a] of layers.reverse()) {
    base = [r * a + base[0] * (1 - a), g * a + base[1] * (1 - a), b * a + base[2] * (1 - a), 1];
  }
  return [rgba(getComputedStyle(node).color), base];
}"""

_STREAMS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .flatMap(c => c.model.type === 'code' ? c.model.outputs.toJSON() : [])
  .filter(o => o.output_type === 'stream').map(o => o.text).join('')"""


def luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: list[float], bg: list[float]) -> float:
    """WCAG contrast of `fg` (its alpha blended over `bg`) against `bg`."""
    alpha = fg[3]
    blended = [fg[i] * alpha + bg[i] * (1 - alpha) for i in range(3)]
    hi, lo = sorted((luminance(blended), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_arithmetic_matches_wcag() -> None:
    """The checker itself: black on white is 21:1, a colour on itself 1:1, WCAG's mid grey 4.5:1."""
    white, black = [255, 255, 255, 1.0], [0, 0, 0, 1.0]
    assert round(contrast(black, white), 1) == 21.0
    assert contrast(white, white) == 1.0
    assert 4.4 < contrast([118, 118, 118, 1.0], white) < 4.6


def set_theme(nb: NotebookPage, theme: str) -> None:
    light = "true" if "Light" in theme else "false"
    nb.page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
    nb.page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'"
                              " && !document.querySelector('#jupyterlab-splash')")


def stream_value(nb: NotebookPage, name: str) -> int:
    text: str = nb.page.evaluate(_STREAMS)
    line = next(ln for ln in text.splitlines() if ln.startswith(name + " "))
    return int(line.split()[1])


@pytest.fixture(scope="module")
def screen(browser: Browser, jupyter_server: Callable[[str], JupyterServer], frontend: str,
           artifacts: Path) -> Iterator[NotebookPage]:
    with notebooks(browser, jupyter_server(frontend), artifacts) as open_notebook:
        nb = open_notebook("screen.ipynb", CELLS)
        assert nb.run_all() == []
        nb.page.wait_for_function(f"!!{HELP_NODE}.querySelector('.cloudg-html table.cloudg-table')")
        yield nb


def test_the_help_output_changes_no_style_outside_its_root_in_either_theme(screen: NotebookPage) -> None:
    page = screen.page
    selectors = page.evaluate(_OUTPUT_SELECTORS)
    assert selectors, "the help output's style block did not reach the page"
    assert [s for s in selectors if not all(part.strip().startswith(".cloudg-html")
                                            for part in s.split(","))] == []
    with_help = {"light": page.evaluate(_PROBE)}
    screen.screenshot("screen-light")
    screen.screenshot("screen-help", f".jp-Cell >> nth={HELP_CELL}")
    screen.screenshot("screen-html-error", ".cloudg-html .cloudg-error")
    set_theme(screen, "JupyterLab Dark")
    try:
        with_help["dark"] = page.evaluate(_PROBE)
        screen.screenshot("screen-dark")
        page.evaluate(f"window.jupyterapp.shell.currentWidget.content.widgets[{HELP_CELL}].model.outputs.clear()")
        page.wait_for_function(f"!{HELP_NODE}.querySelector('.cloudg-html')")
        without = {"dark": page.evaluate(_PROBE)}
    finally:
        set_theme(screen, "JupyterLab Light")
    without["light"] = page.evaluate(_PROBE)
    assert all(v is not None for v in with_help["light"].values()), with_help["light"]
    assert with_help == without
    assert with_help["light"] != with_help["dark"], "the probes did not see the theme change"


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_error_text_keeps_4_5_to_1_contrast(screen: NotebookPage, theme: str) -> None:
    set_theme(screen, theme)
    try:
        texts = [".cloudg-result .cloudg-error-title", ".cloudg-result .cloudg-error .cloudg-text",
                 ".cloudg-html .cloudg-error b", ".cloudg-html .cloudg-error-text"]
        ratios = {}
        for selector in texts:
            fg, bg = screen.page.locator(selector).first.evaluate(_COLOURS)
            ratios[selector] = round(contrast(fg, bg), 2)
        shot = f"screen-error-{theme.rsplit(maxsplit=1)[-1].lower()}"
        screen.screenshot(shot, ".cloudg-result .cloudg-error >> nth=0")
    finally:
        set_theme(screen, "JupyterLab Light")
    assert min(ratios.values()) >= 4.5, ratios


# Per table cell whose text is one identifier (no whitespace): on how many lines it is laid out.
_TOKEN_LINES = """() => [...document.querySelectorAll('.cloudg-result .cloudg-table td,'
                                                    + ' .cloudg-html .cloudg-table td')]
  .filter(td => td.textContent.trim() && !/\\s/.test(td.textContent.trim()))
  .map(td => { const range = document.createRange(); range.selectNodeContents(td);
               const tops = [...range.getClientRects()].map(r => Math.round(r.top));
               return [td.textContent, new Set(tops).size]; })"""


def test_text_wraps_between_words_and_identifiers_never_split(screen: NotebookPage) -> None:
    """JupyterLab gives output `pre` elements `word-break: break-all`; ours must not inherit it, and an
    identifier such as `res-8de954a6d9` or an ARN is never split at a hyphen."""
    styles = screen.page.eval_on_selector_all(
        ".cloudg-result pre, .cloudg-html pre",
        "nodes => nodes.map(n => [getComputedStyle(n).wordBreak, getComputedStyle(n).whiteSpace])")
    assert styles and {tuple(s) for s in styles} == {("normal", "pre-wrap")}
    lines = screen.page.evaluate(_TOKEN_LINES)
    assert len(lines) > 5 * PAGE_SIZE and any("-" in text for text, _ in lines)
    assert [text for text, n in lines if n != 1] == []


# Every element of ours holding text directly: its computed colours (as in `_COLOURS`).
_ALL_TEXT = """() => [...document.querySelectorAll('.cloudg-result *, .cloudg-html *')]
  .filter(n => !(n instanceof SVGElement) && n.getClientRects().length
               && [...n.childNodes].some(c => c.nodeType === 3 && c.textContent.trim()))
  .map(n => n)"""


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_all_our_text_keeps_4_5_to_1_contrast(screen: NotebookPage, theme: str) -> None:
    set_theme(screen, theme)
    try:
        nodes = screen.page.evaluate_handle(_ALL_TEXT)
        pairs = screen.page.evaluate(f"nodes => nodes.map(n => [n.className, ({_COLOURS})(n)])", nodes)
    finally:
        set_theme(screen, "JupyterLab Light")
    assert len(pairs) > 200
    low = sorted({(cls, round(contrast(fg, bg), 2)) for cls, (fg, bg) in pairs if contrast(fg, bg) < 4.5})
    assert low == [], "\n".join(map(str, low))


def test_tools_and_a_page_of_assets_are_tables_with_the_kernels_row_counts(screen: NotebookPage) -> None:
    page = screen.page
    tools = page.locator(".cloudg-result[data-cloudg-name='tools'] table.cloudg-listing tbody tr")
    assert tools.count() == stream_value(screen, "n_tools") > 10
    for kind in ("resources", "templates", "prompts"):
        listed = page.locator(f".cloudg-result[data-cloudg-name='{kind}'] table.cloudg-listing tbody tr")
        assert listed.count() == stream_value(screen, f"n_{kind}") > 0, kind
    prompts = page.locator(".cloudg-result[data-cloudg-name='prompts'] table.cloudg-listing")
    arguments = prompts.locator("th", has_text="arguments")
    assert arguments.count() == 1
    rows = page.locator(f"{PAGE} >> nth=0").locator("table.cloudg-table tbody tr")
    assert rows.count() == PAGE_SIZE
    fallback = page.locator(".cloudg-html[data-tool='find_assets'] table.cloudg-table tbody tr")
    assert fallback.count() == PAGE_SIZE
    assert rows.first.locator(".cloudg-badge[data-kind='pseudonym']").count() >= 2, "badges stay in the cells"
    bars = page.locator(".cloudg-result[data-cloudg-name='count_assets'] .cloudg-bar")
    assert bars.count() == stream_value(screen, "n_groups") > 1
    screen.screenshot("screen-page", f"{PAGE} >> nth=0")
    screen.screenshot("screen-counts", ".cloudg-result[data-cloudg-name='count_assets']")


def test_a_column_sorts_on_click_and_keeps_its_badges(screen: NotebookPage) -> None:
    table = screen.page.locator(f"{PAGE} >> nth=0").locator("table.cloudg-table").first
    header = table.locator("th", has_text="type").first
    column = [h.strip() for h in table.locator("th").all_inner_texts()].index("type")
    badges = table.locator(".cloudg-badge").count()

    def types() -> list[str]:
        cells: list[str] = table.locator(f"tbody tr td:nth-child({column + 1})").all_inner_texts()
        return cells

    header.locator("button").click()
    assert header.get_attribute("aria-sort") == "ascending"
    assert types() == sorted(types(), key=str.lower)
    header.locator("button").click()
    assert types() == sorted(types(), key=str.lower, reverse=True)
    assert table.locator(".cloudg-badge").count() == badges


def test_only_the_output_under_open_carries_the_real_values_banner(screen: NotebookPage) -> None:
    results: list[Any] = screen.page.eval_on_selector_all(
        ".cloudg-result", "nodes => nodes.map(n => [n.querySelector('.cloudg-fact-value').textContent,"
                          " !!n.querySelector('.cloudg-banner')])")
    assert ("open", True) in [tuple(r) for r in results]
    assert all(banner == (policy == "open") for policy, banner in results), results
    screen.screenshot("screen-real-values", ".cloudg-result.cloudg-result--real")


def test_a_neighbourhood_is_a_picture_with_badged_nodes(screen: NotebookPage) -> None:
    near = screen.page.locator(".cloudg-result[data-cloudg-name='neighbors']")
    nodes = near.locator("svg.cloudg-graph .cloudg-graph-node")
    assert nodes.count() == min(stream_value(screen, "n_near"), 24) + 1  # the asset in the middle too
    assert near.locator("svg.cloudg-graph .cloudg-graph-edge").count() == nodes.count() - 1
    badged = near.locator("svg.cloudg-graph .cloudg-graph-node[data-entity]")
    assert badged.count() == nodes.count(), "under strict every node's name is a pseudonym"
    screen.screenshot("screen-neighbours", ".cloudg-result[data-cloudg-name='neighbors']")
    fallback = screen.page.locator(".cloudg-html[data-tool='neighbors'] svg.cloudg-graph .cloudg-graph-node")
    assert fallback.count() == nodes.count()
    screen.screenshot("screen-neighbours-html", ".cloudg-html[data-tool='neighbors'] figure")


def test_a_prompt_is_a_conversation_with_its_context_as_formatted_json(screen: NotebookPage) -> None:
    prompt = screen.page.locator(".cloudg-result[data-cloudg-kind='prompt']")
    messages = prompt.locator(".cloudg-message")
    assert messages.count() >= 2
    context = prompt.locator(".cloudg-bubble pre.cloudg-json").first
    assert context.inner_text().startswith("{\n  \"dataset\"")
    # the context's marks are summarised once, not painted over its lines
    assert context.locator(".cloudg-badge").count() == 0
    assert prompt.locator(".cloudg-changes .cloudg-badge[data-entity='resource_name']").count() == 1
    screen.screenshot("screen-prompt", ".cloudg-result[data-cloudg-kind='prompt']")


def test_no_console_error_mentions_cloudg(screen: NotebookPage) -> None:
    """Last in the module, so it covers everything the tests above did to the page."""
    assert [e for e in screen.console_errors if "cloudg" in e.lower()] == []
