"""Estates under construction: the `Estate` an estate builder returns and the `Draft` it fills.

Shared by the estate builders (`estates`, `estate_larch`): assets, edges and findings are added
the way cloudg's collectors write them, every canary is recorded by the planter, and `finish`
files each asset's own identifiers after the specific classes claimed theirs.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import plantings as pl
import token_forms as tf

SEVERITIES = ("CRITICAL", "HIGH", "MEDIUM", "LOW", "INFO")


@dataclass
class Estate:
    """An inventory, its findings and the canaries planted in them."""

    name: str
    inventory: dict[str, Any]
    findings: dict[str, Any]
    planter: pl.Planter
    broken_keys: list[str] = field(default_factory=list)
    """Tag keys (real identifiers) that make a broken copy fail to load: its error quotes the path."""
    path: Path | None = None

    @property
    def canaries(self) -> list[pl.Canary]:
        return self.planter.canaries

    @property
    def counts(self) -> dict[str, int]:
        return self.planter.counts

    def write(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "inventory-map.json").write_text(json.dumps(self.inventory, ensure_ascii=False,
                                                                 indent=1))
        (directory / "findings.json").write_text(json.dumps(self.findings, ensure_ascii=False, indent=1))
        for i, key in enumerate(self.broken_keys):
            broken = json.loads(json.dumps(self.inventory))
            broken["assets"][-1 - i]["tags"][key] = {"nested": [i]}
            (directory / f"broken-{i}").mkdir(exist_ok=True)
            (directory / f"broken-{i}" / "inventory-map.json").write_text(json.dumps(broken,
                                                                                     ensure_ascii=False))
        self.path = directory
        return directory

    @property
    def broken(self) -> list[Path]:
        assert self.path is not None, "write the estate first"
        return [self.path / f"broken-{i}" for i in range(len(self.broken_keys))]

    def real_refs(self) -> list[str]:
        """Real ids, names and ARNs, spread over the estate, for the attacker's probes."""
        assets = self.inventory["assets"]
        picked = assets[2::max(1, len(assets) // 6)]
        return [str(a[k]) for a in picked for k in ("id", "name", "arn") if a.get(k) is not None]

    def real_findings(self) -> list[str]:
        return [str(f["id"]) for f in self.findings["findings"]]


@dataclass
class Draft:
    """An estate under construction: assets, edges and findings, and the planter."""

    p: pl.Planter
    assets: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)

    def asset(self, ident: str | int | None, name: str, kind: str, provider: str, *, arn: str | None = None,
              account: str | int | None = None, region: str = "global", tags: dict[str, Any] | None = None,
              metadata: dict[str, Any] | None = None, exposed: bool = False, **extra: Any) -> dict[str, Any]:
        record: dict[str, Any] = {"id": ident, "name": name, "asset_type": kind, "provider": provider,
                                  "arn": arn, "account_id": account, "region": region, "tags": tags or {},
                                  "metadata": metadata or {}, "is_internet_exposed": exposed, **extra}
        self.assets.append(record)
        return record

    def edge(self, source: Any, target: Any, kind: str, **fields: Any) -> None:
        self.edges.append({"id": tf.uuid(self.p.rng), "source_id": str(source), "target_id": str(target),
                           "edge_type": kind, **fields})

    def finding(self, asset: dict[str, Any], title: str, description: str, *, ident: str | None = None,
                **fields: Any) -> None:
        self.findings.append({"id": ident or tf.uuid(self.p.rng), "resource_id": str(asset["id"]),
                              "resource_arn": asset.get("arn"), "severity": self.p.rng.choice(SEVERITIES),
                              "title": title, "description": description,
                              "source_tool": self.p.rng.choice(("prowler", "scoutsuite", "trivy")),
                              "cvss_score": round(self.p.rng.uniform(1, 10), 1), "is_suppressed": False,
                              **fields})

    def finish(self, name: str, providers: list[str], regions: dict[str, list[str]]) -> Estate:
        """Record every asset's own identifiers (after the specific classes claimed theirs)."""
        for a in self.assets:
            for value in (a["id"], a["name"], a.get("arn"), a.get("account_id")):
                if value is not None:
                    short = isinstance(value, int) or len(str(value)) < 6
                    self.p.ident("asset-field", str(value), bounded=short)
        for e in self.edges:
            if e.pop("_external", False):
                self.p.ident("edge-endpoint", e["target_id"])
        compliance = [{"id": tf.uuid(self.p.rng), "framework": "CIS", "control_id": f"CIS-{i}.{i + 1}",
                       "status": "FAIL", "finding_ids": [f["id"]], "resource_arn": f.get("resource_arn")}
                      for i, f in enumerate(self.findings[:6])]
        rng = self.p.rng
        broken = [self.p.ident("load-error-path", key) for key in
                  (tf.person(rng), f"{tf.word(rng)}.{tf.word(rng, 2)}@{tf.word(rng)}.io",
                   f"{tf.word(rng)}-{tf.word(rng, 1)}.corp.internal")]
        inventory = {"providers": providers, "regions": regions, "assets": self.assets, "edges": self.edges,
                     "unresolved_references": [], "summary": {"total_assets": len(self.assets)}}
        return Estate(name, inventory, {"findings": self.findings, "compliance": compliance}, self.p, broken)

    def external(self, source: Any, target: str, kind: str, **fields: Any) -> None:
        """An edge whose far end is not an asset (a foreign role, an on-premises host)."""
        self.edge(source, target, kind, _external=True, **fields)


def link(d: Draft, chain: list[dict[str, Any]], texts: list[str]) -> None:
    """Edges along `chain`, every text of `texts` placed on one of them."""
    for i, (a, b) in enumerate(itertools.pairwise(chain)):
        d.edge(a["id"], b["id"], d.p.rng.choice(("ROUTE", "GRANTS_ACCESS", "ATTACHED_TO", "CONTAINS")),
               description=texts[i % len(texts)], relationship=d.p.rng.choice(("USES", "READS")))
    assert len(chain) > len(texts)


def title(rng: Any) -> str:
    return " ".join(tf.word(rng).capitalize() for _ in range(3))
