"""Asset ids the output side pseudonymizes by their own shape, not as names: addresses, hosts,
UUIDs, e-mails, MACs, account digits, other clouds' ids and Azure ids whose resource group
appears nowhere else. Their pseudonyms are no `res-<hex>`, so neither a reverse map of names
alone nor a dictionary of whole ids finds them again."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Callable
from pathlib import Path


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


SHAPES: dict[str, Callable[[random.Random], str]] = {
    "uuid": lambda r: str(uuid.UUID(int=r.getrandbits(128))),
    "upper uuid": lambda r: str(uuid.UUID(int=r.getrandbits(128))).upper(),
    "host name": lambda r: f"db{r.randrange(99)}.corp-{_hex(r, 4)}.example.com",
    "cluster host": lambda r: f"ledger-{_hex(r, 3)}.svc.cluster.local",
    "e-mail": lambda r: f"svc-{_hex(r, 5)}@example.org",
    "private address": lambda r: f"10.{r.randrange(255)}.{r.randrange(255)}.{r.randrange(1, 255)}",
    "public address": lambda r: f"34.{r.randrange(255)}.{r.randrange(255)}.{r.randrange(1, 255)}",
    "network": lambda r: f"172.{r.randrange(16, 31)}.{r.randrange(256)}.0/24",
    "MAC": lambda r: ":".join(_hex(r, 2) for _ in range(6)),
    "account digits": lambda r: str(r.randrange(10**11, 10**12)),
    "OCID": lambda r: f"ocid1.instance.oc1.iad.an{_hex(r, 40)}",
    "IBM CRN": lambda r: f"crn:v1:bluemix:public:kms:us-south:a/{_hex(r, 32)}:{_hex(r, 8)}::",
    "Alibaba name": lambda r: f"acs:ecs:cn-hangzhou:{r.randrange(10**15, 10**16)}:instance/i-{_hex(r, 20)}",
    "service account": lambda r: f"system:serviceaccount:ns-{_hex(r, 4)}:sa-{_hex(r, 4)}",
    "Azure id, its group nowhere else": lambda r: (
        f"/subscriptions/{uuid.UUID(int=r.getrandbits(128))}/resourceGroups/grp-{_hex(r, 5)}"
        f"/providers/Microsoft.Compute/virtualMachines/vm-{_hex(r, 5)}"),
}
"""shape → a generator of ids of that shape."""


def estate(directory: Path, seed: int, per_shape: int = 2) -> tuple[Path, dict[str, str]]:
    """An inventory of `per_shape` assets of each shape (plainly named) written to
    `directory`, and id → shape."""
    rng = random.Random(seed)
    assets, shape_of = [], {}
    for shape, make in SHAPES.items():
        for n in range(per_shape):
            ident = make(rng)
            shape_of[ident] = shape
            assets.append({"id": ident, "name": f"{shape.split()[0].lower()}-{n}-{_hex(rng, 6)}",
                           "asset_type": "VM", "provider": "AWS", "account_id": "123456789012",
                           "region": "us-east-1"})
    (directory / "inventory-map.json").write_text(json.dumps(
        {"assets": assets, "edges": [], "regions": {}, "unresolved_references": []}))
    return directory, shape_of
