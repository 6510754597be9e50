"""Synthetic estates on demand: `generate(assets=N, seed=S, out=None)`.

Tests and benchmarks need inventories of any size that look like the collectors' output and hold
the canaries the privacy transforms must catch; the bundled sample estate
(`cloudg_lab.data.SAMPLE_PATH`) is `generate(assets=50, seed=SAMPLE_SEED)`. Files are streamed to
disk, so a 100,000-asset estate never sits in memory as one document.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import IO

from cloudg_lab.data.generator import REGIONS, Compliance, Estate, EstateGenerator, Finding
from cloudg_lab.data.loader import FINDINGS_FILE, INVENTORY_FILE
from cloudg_lab.files import atomic_path

SAMPLE_ASSETS = 50
SAMPLE_SEED = 20260301

__all__ = ["SAMPLE_ASSETS", "SAMPLE_SEED", "Estate", "generate"]


def generate(assets: int = SAMPLE_ASSETS, seed: int = SAMPLE_SEED,
             out: str | Path | None = None) -> Estate | Path:
    """An estate of exactly `assets` assets, identical for the same seed.

    With `out`, writes `inventory-map.json` and `findings.json` into that directory (created if
    needed) and returns its path; without, returns the two documents as an `Estate`.

    Raises:
        ValueError: when `assets` is below 1.
        OSError: when the files cannot be written.
    """
    gen = EstateGenerator(assets, seed)
    if out is None:
        items = list(gen.assets())
        findings, compliance = gen.findings()
        inventory = _header() | {"assets": items, "edges": gen.edges(), "unresolved_references": [],
                                 "summary": _summary(Counter(a["asset_type"] for a in items), len(items))}
        return Estate(inventory=inventory, findings=_findings_doc(findings, compliance))
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    _atomic(folder / INVENTORY_FILE, lambda fh: _write_inventory(fh, gen))
    findings, compliance = gen.findings()
    _atomic(folder / FINDINGS_FILE,
            lambda fh: fh.write(json.dumps(_findings_doc(findings, compliance), indent=1) + "\n"))
    return folder


def _header() -> dict[str, object]:
    return {"providers": [p.lower() for p in REGIONS],
            "regions": {p.lower(): ["global", *r] for p, r in REGIONS.items()}}


def _summary(types: Counter[str], total: int) -> dict[str, object]:
    return {"total_assets": total, "assets_by_type": dict(sorted(types.items())),
            "generator": "cloudg_lab.sample (synthetic, fake data)"}


def _findings_doc(findings: list[Finding], compliance: list[Compliance]) -> dict[str, object]:
    by_severity = Counter(f["severity"] for f in findings)
    return {"metadata": {"generator": "cloudg_lab.sample", "synthetic": True},
            "summary": {"total_findings": len(findings), "by_severity": dict(sorted(by_severity.items()))},
            "findings": findings, "compliance": compliance}


def _write_inventory(fh: IO[str], gen: EstateGenerator) -> None:
    header = _header()
    fh.write('{"providers": ' + json.dumps(header["providers"]) + ',\n "regions": '
             + json.dumps(header["regions"]) + ',\n "assets": [')
    types: Counter[str] = Counter()
    for n, asset in enumerate(gen.assets()):
        types[asset["asset_type"]] += 1
        fh.write(("\n  " if n == 0 else ",\n  ") + json.dumps(asset))
    fh.write('],\n "edges": [')
    for n, edge in enumerate(gen.edges()):
        fh.write(("\n  " if n == 0 else ",\n  ") + json.dumps(edge))
    fh.write('],\n "unresolved_references": [],\n "summary": '
             + json.dumps(_summary(types, sum(types.values()))) + "}\n")


def _atomic(path: Path, write: Callable[[IO[str]], object]) -> None:
    """Write through `files.atomic_path`, so a crash never leaves half a file."""
    with atomic_path(path) as temp, temp.open("w", encoding="utf-8") as fh:
        write(fh)
