"""Data: the inventories the catalog's tools answer from, at the bottom of the lifecycle.

Handlers reach it through `ctx.workspace`; the privacy pipeline reads its real identifiers
(`Workspace.known_identifiers`). Files are streamed into column-oriented `Inventory` objects
(`loader`), indexed once per dataset version (`indexes`), queried (`query`, `graph`) and paged
with cursors bound to the dataset version (`cursors`). `SAMPLE_PATH` is the bundled sample estate.
"""

from pathlib import Path

from cloudg_lab.data.errors import InventoryFormatError
from cloudg_lab.data.inventory import Inventory
from cloudg_lab.data.loader import load_inventory
from cloudg_lab.data.workspace import Dataset, Workspace

SAMPLE_PATH = Path(__file__).parent / "sample"
"""The bundled sample estate: a directory with `inventory-map.json` and `findings.json`."""

__all__ = ["SAMPLE_PATH", "Dataset", "Inventory", "InventoryFormatError", "Workspace", "load_inventory"]
