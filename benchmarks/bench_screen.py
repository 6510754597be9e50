"""P11: the renderer in a real browser, and what it ships.

- render: a 500-row page of assets (11 fields, 4 pseudonym marks per row, like `find_assets` under
  `strict`) handed to our renderer inside JupyterLab 4 in headless Chromium, timed from the output
  model to a laid-out table holding every row (`renderModel`, then a forced layout), and to the next
  animation frame; medians after a warm-up. Target < 150 ms.
- bundle: the JavaScript the prebuilt extension ships (`cloudg_lab/labextension/static/*.js`), raw
  and gzipped. Target < 200 KB raw.
- fallback: building the same page's whole MIME bundle in Python (payload + `text/html`).

    python benchmarks/bench_screen.py [--rows 500] [--repeat 15]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import browser_harness as harness  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from cloudg_lab.notebook.display import CallResult, Origin  # noqa: E402
from cloudg_lab.notebook.payload import MIME_TYPE  # noqa: E402
from cloudg_lab.types import Mark, Principal, ToolResult  # noqa: E402

STATIC = ROOT / "cloudg_lab" / "labextension" / "static"
RENDER_TARGET_MS = 150.0
BUNDLE_TARGET_KB = 200.0
MARKED = ("id", "name", "account_id", "arn")

_RENDER = """async ([payload, mime, rows, repeat]) => {
  const rendermime = window.jupyterapp.shell.currentWidget.content.rendermime;
  const model = {data: {[mime]: payload}, metadata: {}, trusted: true, setData: () => {}};
  const built = [], laid = [], framed = [];
  for (let i = 0; i < repeat + 3; i++) {
    const renderer = rendermime.createRenderer(mime);
    const host = document.createElement('div');
    document.body.append(host);
    host.append(renderer.node);
    const t0 = performance.now();
    await renderer.renderModel(model);
    const tb = performance.now();
    const body = renderer.node.querySelector('table.cloudg-table tbody');
    if (!body || body.children.length !== rows) {
      throw new Error(`table has ${body && body.children.length} rows`);
    }
    body.lastElementChild.getBoundingClientRect();
    const t1 = performance.now();
    await new Promise(requestAnimationFrame);
    const t2 = performance.now();
    if (i >= 3) { built.push(tb - t0); laid.push(t1 - t0); framed.push(t2 - t0); }
    renderer.dispose();
    host.remove();
  }
  return [built, laid, framed];
}"""


def page(rows: int, seed: int = 11) -> CallResult:
    """A generated page of `rows` assets with pseudonym marks, as the layer would return it."""
    rng = random.Random(seed)
    kinds = ["EC2", "S3_BUCKET", "IAM_ROLE", "VIRTUAL_MACHINE", "GCS_BUCKET", "NSG"]
    items = [{"id": f"res-{rng.getrandbits(40):010x}", "name": f"res-{rng.getrandbits(40):010x}",
              "type": rng.choice(kinds), "provider": rng.choice(["AWS", "AZURE", "GCP"]),
              "region": rng.choice(["eu-west-1", "us-east-1", "westeurope", "global"]),
              "account_id": f"{rng.randrange(10**11, 10**12)}",
              "arn": f"arn:aws:ec2:eu-west-1:{rng.randrange(10**11, 10**12)}:instance/res-{i:06d}",
              "internet_exposed": rng.random() < 0.2, "open_findings": rng.randint(0, 9),
              "max_severity": rng.choice([None, "LOW", "HIGH", "CRITICAL"]),
              "uri": f"cloudg://assets/res-{i:06d}"} for i in range(rows)]
    structured = {"dataset": "ds-0123456789", "total": rows * 4, "offset": 0, "returned": rows,
                  "next_cursor": "c500.abcdef", "truncated": True, "items": items}
    marks = [Mark(path=f"/structuredContent/items/{i}/{field}", kind="pseudonym", entity="asset_id")
             for i in range(rows) for field in MARKED]
    origin = Origin(kind="tool", name="find_assets", policy="strict", principal=Principal.parse("bench"),
                    display_limit=rows)
    return CallResult(ToolResult(content=[], structured=structured, marks=marks), origin)


def bundle_size() -> tuple[float, float]:
    """KB of JavaScript the extension ships, raw and gzipped."""
    files = sorted(STATIC.glob("*.js"))
    if not files:
        raise SystemExit(f"no build in {STATIC}: run `make install` (or `npm run build` in labextension/)")
    raw = sum(f.stat().st_size for f in files)
    packed = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    return raw / 1024, packed / 1024


def render_ms(payload: dict[str, Any], rows: int, repeat: int) -> list[list[float]]:
    """Render times in JupyterLab: [DOM built], [to a laid-out table], [to the next frame]."""
    with tempfile.TemporaryDirectory() as tmp:
        root, home = Path(tmp, "root"), Path(tmp, "home")
        root.mkdir()
        server = harness.JupyterServer(harness.FRONTENDS["lab"], root, home)
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(harness.CHROMIUM),
                                            args=harness.CHROMIUM_ARGS, headless=True)
                with harness.notebooks(browser, server, root) as open_notebook:
                    nb = open_notebook("bench.ipynb", ["1"])
                    times: list[list[float]] = nb.page.evaluate(_RENDER, [payload, MIME_TYPE, rows, repeat])
                browser.close()
        finally:
            server.stop()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    shown = page(args.rows)
    bundle = shown._repr_mimebundle_()  # warm-up: the first call imports pandas
    fallback = []
    for _ in range(5):
        started = time.perf_counter()
        shown._repr_mimebundle_()
        fallback.append((time.perf_counter() - started) * 1000)
    fallback_ms = statistics.median(fallback)
    payload = json.loads(json.dumps(bundle[MIME_TYPE]))
    built, laid, framed = render_ms(payload, args.rows, args.repeat)
    raw_kb, gz_kb = bundle_size()
    render = statistics.median(laid)
    print(f"{args.rows}-row page, {len(shown.marks)} marks; {args.repeat} runs after 3 warm-ups")
    print(f"renderer builds the DOM:    median {statistics.median(built):.1f} ms")
    print(f"render to a laid-out table: median {render:.1f} ms (min {min(laid):.1f}, max {max(laid):.1f})")
    print(f"render to the next frame:   median {statistics.median(framed):.1f} ms")
    print(f"python MIME bundle (payload + HTML fallback): {fallback_ms:.1f} ms")
    print(f"renderer bundle: {raw_kb:.1f} KB raw, {gz_kb:.1f} KB gzipped")
    verdict = "ok" if render < RENDER_TARGET_MS and raw_kb < BUNDLE_TARGET_KB else "OVER TARGET"
    print(f"SUMMARY P11 {args.rows}-row page to a table in {render:.1f} ms "
          f"(target < {RENDER_TARGET_MS:.0f}); bundle {raw_kb:.1f} KB "
          f"(target < {BUNDLE_TARGET_KB:.0f}): {verdict}")


if __name__ == "__main__":
    main()
