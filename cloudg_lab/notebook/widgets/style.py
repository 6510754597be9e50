"""The widgets' look: one style block, decision chips and cell decorations, as plain HTML strings.

Colours are JupyterLab CSS variables with fallbacks, and tints are translucent, so the same
markup reads in light and dark themes, in Notebook 7, VS Code and in a static export (where the
variables are missing and the fallbacks apply). Everything that goes into a cell is escaped here
or in `display.html`; callers pass plain values.
"""

from __future__ import annotations

from collections.abc import Mapping

from cloudg_lab.notebook.display.html import esc
from cloudg_lab.notebook.plain import plain

STYLE = """<style>
.cloudg-w{font-family:var(--jp-ui-font-family,system-ui,sans-serif);font-size:var(--jp-ui-font-size1,13px);
color:var(--jp-ui-font-color1,#1f1f1f);overflow-x:auto}
.cloudg-w .cloudg-w-title{font-weight:600;margin:2px 0 4px}
.cloudg-w .cloudg-w-note{color:var(--jp-ui-font-color2,#666);font-style:italic;margin:3px 0}
.cloudg-w table{border-collapse:collapse;font-family:var(--jp-code-font-family,monospace);font-size:12px;
margin:2px 0 6px}
.cloudg-w th{background:var(--jp-layout-color2,#eeeeee);color:var(--jp-ui-font-color1,#1f1f1f);
text-align:left;padding:2px 8px;border-bottom:1px solid var(--jp-border-color1,#bdbdbd)}
.cloudg-w td{padding:2px 8px;vertical-align:top;border-bottom:1px solid var(--jp-border-color2,#e0e0e0);
max-width:42em;overflow-wrap:break-word}
.cloudg-w h4{margin:8px 0 2px;font-size:var(--jp-ui-font-size1,13px)}
.cloudg-w-chip{display:inline-block;border-radius:9px;padding:0 7px;margin:0 4px 3px 0;
border:1px solid var(--jp-border-color1,#bdbdbd)}
.cloudg-w-dec-allowed{background:rgba(46,160,67,.20)}
.cloudg-w-dec-denied{background:rgba(218,54,51,.22)}
.cloudg-w-dec-rate_limited{background:rgba(219,138,0,.25)}
.cloudg-w-dec-rejected{background:rgba(163,73,214,.22)}
.cloudg-w-dec-not_found{background:rgba(128,128,128,.22)}
.cloudg-w-dec-ok{background:rgba(46,160,67,.20)}
.cloudg-w-dec-hidden{background:rgba(128,128,128,.22)}
.cloudg-w-dec-refused{background:rgba(163,73,214,.22)}
.cloudg-w-dec-error{background:rgba(218,54,51,.22)}
.cloudg-w .cloudg-badge{border-radius:3px;padding:0 3px}
.cloudg-w .cloudg-pseudonym{background:rgba(64,120,220,.18);border:1px solid rgba(64,120,220,.55)}
.cloudg-w .cloudg-redacted,.cloudg-w .cloudg-masked,.cloudg-w .cloudg-hashed{
background:rgba(218,54,51,.16);border:1px solid rgba(218,54,51,.5)}
.cloudg-w .cloudg-fenced{background:rgba(219,138,0,.16);border:1px dashed rgba(219,138,0,.6)}
.cloudg-w .cloudg-w-changed{display:block;background:rgba(255,193,7,.28);
outline:1px solid rgba(219,138,0,.7)}
.cloudg-w .cloudg-w-missing{color:var(--jp-ui-font-color3,#999)}
.cloudg-w .cloudg-w-num{display:block;text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.cloudg-w .cloudg-w-nowrap{white-space:nowrap}
.cloudg-w-root .jupyter-widgets-disconnected::before{display:none}
.cloudg-w .cloudg-w-banner{font-weight:600;padding:3px 8px;margin:2px 0 6px;border-radius:3px;
border:1px solid rgba(218,54,51,.7);background:rgba(218,54,51,.14);color:var(--jp-ui-font-color1,#1f1f1f)}
</style>"""

DECISION_CLASSES = frozenset({"allowed", "denied", "rate_limited", "rejected", "not_found", "ok",
                              "hidden", "refused", "error"})


def chip(label: str, kind: str = "") -> str:
    """A rounded label; `kind` picks a decision or status tint (unknown kinds stay neutral)."""
    tint = f" cloudg-w-dec-{kind}" if kind in DECISION_CLASSES else ""
    return f'<span class="cloudg-w-chip{tint}">{esc(label)}</span>'


def decision(value: str) -> str:
    """A decision or outcome as a coloured chip (`denied`, `rate_limited`, `hidden`...)."""
    return chip(value, value.split(" ", 1)[0])


def counters(counts: Mapping[str, int]) -> str:
    """One chip per decision with its count, in the order given."""
    return "".join(chip(f"{name} {n:,}", name) for name, n in counts.items())


def changed(cell_html: str) -> str:
    """Mark an already-rendered cell as differing from the first column."""
    return f'<span class="cloudg-w-changed" title="differs from the first column">{cell_html}</span>'


def missing() -> str:
    return '<span class="cloudg-w-missing">—</span>'


def title(text: str) -> str:
    return f'<div class="cloudg-w-title">{esc(text)}</div>'


def note(text: str) -> str:
    return f'<div class="cloudg-w-note">{esc(text)}</div>' if text else ""


def panel(body: str) -> str:
    """The outer `div` every widget's HTML lives in, with the style block."""
    return f'{STYLE}<div class="cloudg-w">{body}</div>'


def text_cell(value: object) -> str:
    """A scalar as escaped text, as a user reads it (`plain`); None as an empty cell."""
    return esc(plain(value))


def number_cell(value: object) -> str:
    """A number right-aligned (thousands separated for integers); None as an empty cell."""
    if value is None:
        return ""
    shown = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else plain(value)
    return f'<span class="cloudg-w-num">{esc(shown)}</span>'


def nowrap(text: str, title: str = "") -> str:
    """Text kept on one line (times, ids), with an optional tooltip."""
    tip = f' title="{esc(title)}"' if title else ""
    return f'<span class="cloudg-w-nowrap"{tip}>{esc(text)}</span>'


def banner(text: str) -> str:
    """A visible warning strip above an output (the real-values banner)."""
    return f'<div class="cloudg-w-banner" role="alert">{esc(text)}</div>'
