"""The one style block of the `text/html` fallback, scoped to its root class `cloudg-html`.

Every selector starts at `.cloudg-html`, so an output can never restyle the rest of the page (nor
our JupyterLab renderer, whose root is `.cloudg-result`). Colours are JupyterLab theme variables;
where a front end has none (VS Code, a static export) they fall back to the surrounding text colour
and translucent tints of it, never to a fixed light-theme colour, so text keeps its contrast in light
and dark pages alike. The selectors out-rank JupyterLab's own `.jp-RenderedHTMLCommon` table rules
(centred, fixed layout, right-aligned text), which would otherwise clip columns and misalign text.
"""

from __future__ import annotations

ROOT = "cloudg-html"

_RULES = """
{r}{{font-family:var(--jp-ui-font-family,inherit);font-size:var(--jp-ui-font-size1,inherit);
color:var(--jp-content-font-color1,inherit);line-height:1.4;overflow-x:auto;max-width:100%;
overflow-wrap:break-word;word-break:normal;
--cg-brand:var(--jp-brand-color1,currentColor);--cg-warn:var(--jp-warn-color1,currentColor);
--cg-error:var(--jp-error-color1,currentColor);--cg-line:var(--jp-border-color2,currentColor);
--cg-base:var(--jp-layout-color0,transparent)}}
{r} .cloudg-head{{color:var(--jp-content-font-color2,inherit);margin:2px 0 4px}}
{r} .cloudg-json{{margin:4px 0;padding:4px;white-space:pre-wrap;word-break:normal;overflow-wrap:break-word;
font-family:var(--jp-code-font-family,monospace);
font-size:var(--jp-code-font-size,inherit);background:var(--jp-cell-editor-background,transparent);
color:var(--jp-content-font-color1,inherit);border-radius:2px}}
{r} .cloudg-badge{{border-radius:3px;padding:0 3px}}
{r} .cloudg-pseudonym{{background:color-mix(in srgb,var(--cg-brand) 22%,var(--cg-base));
outline:1px solid color-mix(in srgb,var(--cg-brand) 60%,transparent)}}
{r} .cloudg-redacted,{r} .cloudg-masked,{r} .cloudg-hashed{{
background:color-mix(in srgb,var(--cg-warn) 25%,var(--cg-base));
outline:1px solid color-mix(in srgb,var(--cg-warn) 70%,transparent)}}
{r} .cloudg-fenced{{background:color-mix(in srgb,var(--cg-error) 20%,var(--cg-base));
outline:1px dashed var(--cg-error)}}
{r} .cloudg-chip{{display:inline-block;border:1px solid var(--cg-line);border-radius:9px;padding:0 6px;
margin:0 3px 3px 0;font-size:var(--jp-ui-font-size0,smaller)}}
{r} .cloudg-error{{border-left:4px solid var(--cg-error);padding:4px 8px;margin:4px 0;
background:var(--jp-rendermime-error-background,transparent);color:var(--jp-content-font-color0,inherit)}}
{r} .cloudg-error b{{color:color-mix(in srgb,var(--cg-error) 60%,var(--jp-content-font-color0,
currentColor))}}
{r} .cloudg-banner{{margin:2px 0 6px;padding:4px 8px;border:2px solid var(--cg-warn);border-radius:3px;
background:color-mix(in srgb,var(--cg-warn) 25%,var(--cg-base));
color:var(--jp-content-font-color0,inherit)}}
{r} .cloudg-more,{r} .cloudg-muted{{color:var(--jp-content-font-color2,inherit);font-style:italic}}
{r} .cloudg-facts{{display:flex;flex-wrap:wrap;gap:2px 16px;margin:4px 0;
font-family:var(--jp-code-font-family,monospace)}}
{r} .cloudg-token{{white-space:nowrap}}
{r} .cloudg-graph{{max-width:100%;height:auto}}
{r} rect.cloudg-graph-badge{{outline:none;fill:var(--cg-brand);fill-opacity:.25}}
{r} rect.cloudg-redacted,{r} rect.cloudg-masked,{r} rect.cloudg-hashed{{fill:var(--cg-warn)}}
{r} .cloudg-key{{color:var(--jp-content-font-color2,inherit)}}
{r} .cloudg-section-title{{font-weight:600;margin:6px 0 2px}}
{r} .cloudg-scroll{{max-height:32em;overflow:auto;max-width:100%}}
{r} table.cloudg-table{{table-layout:auto;border-collapse:collapse;margin:2px 0 6px;border:none;
font-family:var(--jp-code-font-family,monospace);font-size:var(--jp-code-font-size,12px)}}
{r} .cloudg-table th,{r} .cloudg-table td{{text-align:left;vertical-align:top;padding:2px 8px;
border-bottom:1px solid var(--cg-line);max-width:40em;white-space:normal}}
{r} .cloudg-table th{{font-weight:600;white-space:nowrap;background:var(--jp-layout-color1,transparent)}}
{r} .cloudg-table tbody tr{{background:transparent}}
{r} .cloudg-table td.cloudg-num,{r} .cloudg-table th.cloudg-num{{text-align:right;
font-variant-numeric:tabular-nums}}
{r} .cloudg-bars{{display:grid;grid-template-columns:minmax(6em,max-content) minmax(8em,24em) max-content;
gap:2px 8px;align-items:center;font-family:var(--jp-code-font-family,monospace)}}
{r} .cloudg-bar-track{{height:.9em;background:color-mix(in srgb,currentColor 12%,transparent);
border-radius:2px}}
{r} .cloudg-bar-fill{{display:block;height:100%;min-width:1px;border-radius:2px;background:var(--cg-brand)}}
{r} .cloudg-bar-fill[data-severity=critical],
{r} .cloudg-bar-fill[data-severity=high]{{background:var(--cg-error)}}
{r} .cloudg-bar-fill[data-severity=medium]{{background:var(--cg-warn)}}
{r} .cloudg-message{{margin:6px 0;max-width:60em}}
{r} .cloudg-message:not([data-role=user]){{margin-left:3em}}
{r} .cloudg-role{{font-size:var(--jp-ui-font-size0,smaller);font-weight:600;text-transform:capitalize;
color:var(--jp-content-font-color2,inherit);margin:0 0 2px 4px}}
{r} .cloudg-bubble{{padding:6px 10px;border:1px solid var(--cg-line);border-radius:10px;
background:var(--jp-layout-color1,transparent)}}
{r} .cloudg-message-text,{r} .cloudg-error-text{{white-space:pre-wrap;word-break:normal;
overflow-wrap:break-word}}
{r} details>summary{{cursor:pointer;color:var(--jp-content-font-color2,inherit);
font-size:var(--jp-ui-font-size0,smaller)}}
{r} h4{{margin:8px 0 2px;font-size:var(--jp-ui-font-size1,inherit)}}
"""

STYLE = "<style>" + "".join(_RULES.format(r="." + ROOT).split("\n")) + "</style>"
