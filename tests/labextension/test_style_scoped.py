"""The renderer's style sheet stays inside its root and on the theme's colours.

JupyterLab loads `labextension/style/index.css` for the whole page, so a selector that does not
start at `.cloudg-result` could restyle any cell, and a fixed colour would ignore the theme.
"""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "labextension" / "style" / "index.css"
FIXED_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\("
                          r"|(?<![-\w])(?:white|black|red|gray|grey)(?![-\w])")


def rules(text: str) -> list[tuple[str, str]]:
    """(selector list, declarations) of every rule, comments removed."""
    plain = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return [(sel.strip(), body) for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", plain)]


def test_every_selector_starts_at_the_renderer_root():
    found = rules(CSS.read_text(encoding="utf-8"))
    assert len(found) > 40
    stray = [part.strip() for sel, _ in found for part in sel.split(",")
             if not part.strip().startswith(".cloudg-result")]
    assert stray == []


def test_no_colour_is_fixed():
    declarations = " ".join(body for _, body in rules(CSS.read_text(encoding="utf-8")))
    assert FIXED_COLOUR.findall(declarations) == []


def test_the_checks_see_a_stray_selector_and_a_fixed_colour():
    bad = rules(".cloudg-result .a { color: var(--jp-ui-font-color1); }\n.jp-Cell pre { color: #333; }")
    assert [sel for sel, _ in bad if not sel.startswith(".cloudg-result")] == [".jp-Cell pre"]
    assert FIXED_COLOUR.findall(bad[1][1]) == ["#333"]
