"""A transform that fails closed leaves nothing behind for later ones: `annotate` then withholds the
dataset's name in the provenance instead of showing it in clear (red team `tundra`: a crash in
`redact` showed the real dataset name to a `strict` caller)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from cloudg_lab.privacy import scanner
from tests.privacy.test_value_encodings import _word


async def test_a_failed_redact_withholds_the_dataset_name_in_the_provenance(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = random.Random("failed redact")
    for i in range(3):
        name = f"{_word(r)}_{_word(r, 4)}"
        root = tmp_path / str(i)
        root.mkdir()
        asset = {"id": "i-0123456789abcdef0", "name": f"{_word(r)}-db", "asset_type": "EC2",
                 "provider": "AWS", "region": "eu-north-1", "account_id": "210987654321", "tags": {},
                 "metadata": {}}
        (root / "inventory-map.json").write_text(json.dumps({"assets": [asset], "edges": [], "regions": {}}))
        layer = Layer(policy="strict", datasets={name: root})
        who = Principal.parse("eve:analyst")
        ref = (await layer.call_tool("find_assets", {"fields": ["id"]}, principal=who)).structured
        assert ref is not None

        def broken(self: scanner.Scanner, value: str, rule: object) -> scanner.Outcome:
            raise RuntimeError("a bug in a detector")

        with monkeypatch.context() as patched:
            patched.setattr(scanner.Scanner, "outcome", broken)
            result = await layer.call_tool("get_asset", {"ref": ref["items"][0]["id"]}, principal=who)
        wire = json.dumps(result.to_wire(), ensure_ascii=False)
        assert "transform_error" in wire and "a bug in a detector" not in wire
        assert name not in wire
