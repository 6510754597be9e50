"""The real identifiers of the bundled sample estate: what nothing shown under `strict` may contain.

They are read straight from `cloudg_lab/data/sample/inventory-map.json`, not through the package's
own identifier index, so the check does not trust the code it checks: every asset's id, name, ARN
and account id, and every edge id. Used by the notebook tests (outputs saved by nbclient) and by the
browser tests (the text of the page).
"""

from __future__ import annotations

import json
from pathlib import Path

import cloudg_lab

INVENTORY = Path(cloudg_lab.__file__).parent / "data" / "sample" / "inventory-map.json"
ASSET_FIELDS = ("id", "name", "arn", "account_id")


def real_identifiers() -> frozenset[str]:
    """Every real id, name, ARN and account id of the sample estate."""
    data = json.loads(INVENTORY.read_text(encoding="utf-8"))
    found = {str(asset[key]) for asset in data["assets"] for key in ASSET_FIELDS if asset.get(key)}
    found |= {str(edge["id"]) for edge in data["edges"] if edge.get("id")}
    return frozenset(found)


def leaked(text: str, identifiers: frozenset[str]) -> list[str]:
    """The identifiers that occur in `text`, sorted."""
    return sorted(value for value in identifiers if value in text)
