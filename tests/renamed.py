"""A generated estate renamed into a vocabulary of its own: none of the sample's words survive, so
a check that passes only on the sample's names fails on it. Shared by the oracle attackers."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from cloudg_lab.sample import generate


def renamed_estate(folder: Path, assets: int, seed: int, rename: Mapping[str, str]) -> Path:
    """`assets` generated assets (and their edges and findings) in `folder`, each word of
    `rename` replaced in every file."""
    generate(assets=assets, seed=seed, out=folder)
    for file in folder.iterdir():
        text = file.read_text("utf-8")
        for old, new in rename.items():
            text = text.replace(old, new)
        file.write_text(text, "utf-8")
    return folder
