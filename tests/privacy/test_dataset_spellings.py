"""Values of the loaded data spelled in ways the last red team found reaching `strict` callers:
the dataset's name glued to another word (`<name>_high`, `<name>-prod`) and the number of a
composite id quoted alone (`monitor 41490052` of `datadog:monitor:41490052`). Through a real
`Layer` on generated datasets, never the red team's values."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

from cloudg_lab import Layer, Principal
from tests.privacy.test_detector_classes import VARIANTS


def _word(r: random.Random, n: int = 7) -> str:
    return "".join(r.choice(string.ascii_lowercase) for _ in range(n))


async def _walk(layer: Layer) -> str:
    """What a caller reads of the listing, every asset by the id the listing showed, and the
    findings, in lower case."""
    who = Principal.parse("eve:analyst")
    listing = await layer.call_tool("find_assets", {"fields": ["id", "name", "tags"]}, principal=who)
    assert listing.structured is not None
    items = listing.structured["items"]
    assert isinstance(items, list) and items
    shown = [listing.to_wire()]
    for item in items:
        found = await layer.call_tool("get_asset", {"ref": item["id"]}, principal=who)
        assert not found.is_error, found.to_wire()
        shown.append(found.to_wire())
    shown.append((await layer.call_tool("list_findings", {}, principal=who)).to_wire())
    return json.dumps(shown, ensure_ascii=False).lower()


async def test_the_dataset_name_glued_to_a_word_is_hidden_under_strict(tmp_path: Path) -> None:
    r = random.Random("dataset glued")
    for _ in range(VARIANTS):
        name = _word(r)
        glued = [f"{name}{r.choice('_-.')}{r.choice(['high', 'prod', 'eu', 'v2', 'primary'])}"
                 for _ in range(3)]
        assets = [{"id": f"i-{j:017x}", "name": f"{_word(r)}-{j}", "asset_type": "EC2", "provider": "AWS",
                   "region": "eu-west-1", "account_id": "210987654321",
                   "tags": {"tier": glued[0], "env": glued[1].upper()},
                   "metadata": {"note": f"replicated to {glued[2]} nightly"}} for j in range(3)]
        root = tmp_path / name
        root.mkdir()
        (root / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
        for policy in ("strict", "standard"):
            layer = Layer(policy=policy, datasets={name: root})
            wire = await _walk(layer)
            assert (name in wire) is (policy == "standard"), (policy, glued)


async def test_the_number_of_a_composite_id_quoted_alone_is_hidden_under_strict(tmp_path: Path) -> None:
    r = random.Random("composite number")
    numbers = [str(r.randrange(10**5, 10**10)) for _ in range(VARIANTS)]
    ids = [r.choice([f"{_word(r, 6)}:{_word(r, 5)}:{n}", f"{_word(r, 6)}/{_word(r, 4)}s/{n}",
                     f"urn:{_word(r, 5)}:{_word(r, 4)}:{n}", f"{_word(r, 6)}#{n}"]) for n in numbers]
    assets = [{"id": ident, "name": f"{_word(r)}-{j}", "asset_type": "MONITOR", "provider": "SAAS",
               "region": "global", "metadata": {"runbook": f"if {numbers[j - 1]} fires, page"}}
              for j, ident in enumerate(ids)]
    findings = [{"id": f"f-{j}", "resource_id": ident, "severity": "LOW", "source_tool": "x",
                 "title": f"Check {n} muted", "description": f"monitor #{n} was muted ({n}.)"}
                for j, (ident, n) in enumerate(zip(ids, numbers, strict=True))]
    (tmp_path / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
    (tmp_path / "findings.json").write_text(json.dumps({"findings": findings}))
    for policy in ("strict", "standard"):
        layer = Layer(policy=policy, datasets={"mon": tmp_path})
        wire = await _walk(layer)
        leaked = [n for n in numbers if n in wire]
        assert leaked == ([] if policy == "strict" else numbers), policy


def _camel(words: list[str], lower_first: bool) -> str:
    spelled = "".join(w.capitalize() for w in words)
    return spelled[0].lower() + spelled[1:] if lower_first else spelled


async def test_a_name_spelled_in_camel_case_inside_code_is_hidden_under_strict(tmp_path: Path) -> None:
    r = random.Random("camel")
    names = [[_word(r, r.randrange(4, 8)) for _ in range(r.randrange(2, 5))] + ([f"v{i}"] if i % 2 else [])
             for i in range(VARIANTS)]
    notes = [f"```python\nclass {_camel(words, False)}{r.choice(['Job', 'Task', 'Dag', ''])}(Base):\n"
             f"    {_camel(words, True)}{r.choice(['Client', 'Conn', 'Url'])} = connect()\n```"
             for words in names]
    assets = [{"id": f"i-{j:017x}", "name": "-".join(words), "asset_type": "JOB", "provider": "AWS",
               "region": "eu-west-1", "metadata": {"readme": notes[j - 1]}} for j, words in enumerate(names)]
    (tmp_path / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
    for policy in ("strict", "standard"):
        wire = await _walk(Layer(policy=policy, datasets={"code": tmp_path}))
        spelled = [_camel(words, True).lower() for words in names]
        leaked = [s for s in spelled if s in wire]
        assert leaked == ([] if policy == "strict" else spelled), policy


def _wrapped(r: random.Random, value: str, joint: str) -> str:
    """`value` broken at its first `joint` by a line break, as text wraps it."""
    return value.replace(joint, r.choice([f"{joint.strip()}\n", f"{joint.strip()}\r\n", f"{joint} \n"]), 1)


async def test_a_name_wrapped_at_a_line_break_is_hidden_under_strict(tmp_path: Path) -> None:
    r = random.Random("wrapped")
    names = ["-".join(_word(r, r.randrange(6, 9)) for _ in range(r.randrange(2, 4))) for _ in range(VARIANTS)]
    people = [f"{_word(r).capitalize()} {_word(r).capitalize()}" for _ in range(VARIANTS)]
    assets = [{"id": f"i-{j:017x}", "name": name, "asset_type": "VM", "provider": "VMWARE", "region": "dc1",
               "tags": {"owner": people[j]},
               "metadata": {"wiki": f"The job on\n{_wrapped(r, names[j - 1], '-')} runs nightly; "
                                    f"ask {_wrapped(r, people[j - 1], ' ')}."}}
              for j, name in enumerate(names)]
    (tmp_path / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
    words = [w for value in names + people for w in value.lower().replace("-", " ").split()]
    for policy in ("strict", "standard"):
        wire = await _walk(Layer(policy=policy, datasets={"wrap": tmp_path}))
        leaked = [w for w in words if w in wire]
        assert leaked == ([] if policy == "strict" else words), policy
