"""The import graph keeps its shape: the layer order of ARCHITECTURE.md, and no new import cycle.

The order is an import-linter `layers` contract in pyproject.toml (`[tool.importlinter]`);
imports under `TYPE_CHECKING` count, since a cycle hidden there is still a knot for the reader.
Two clusters predate the contract and are being taken apart by their owners (cycles inside
privacy/, and the inventory with its indexes); any other cycle, and any cycle crossing from one
of those packages into another, fails here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "cloudg_lab"
KNOWN_CLUSTERS = {
    # Inside privacy/: the transforms and the pipeline import each other (the walker rewrite).
    "privacy": lambda c: all(m.startswith("cloudg_lab.privacy.") for m in c),
    "inventory and its indexes": lambda c: c == {"cloudg_lab.data.indexes", "cloudg_lab.data.inventory"},
}


def cycles(graph: grimp.ImportGraph) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def test_the_layer_order_contract_holds():
    # In a subprocess: import-linter configures logging, which would leak into later tests.
    script = ("import sys; from importlinter.cli import lint_imports; "
              f"sys.exit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}, no_cache=True))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_no_import_cycle_outside_the_known_clusters():
    graph = grimp.build_graph(PACKAGE, exclude_type_checking_imports=False)
    new = [sorted(c) for c in cycles(graph) if not any(known(c) for known in KNOWN_CLUSTERS.values())]
    assert not new, f"new import cycles: {new}"


def test_the_catalog_reaches_nothing_of_the_layer_and_the_core_no_front_end():
    graph = grimp.build_graph(PACKAGE, exclude_type_checking_imports=False)
    for low, high in [("catalog", "layer"), ("catalog", "adapters"), ("layer", "notebook"),
                      ("policy", "layer"), ("registry", "layer"), ("middleware", "layer")]:
        assert not graph.chain_exists(importer=f"{PACKAGE}.{low}", imported=f"{PACKAGE}.{high}",
                                      as_packages=True), (low, high)


def test_the_cycle_finder_finds_a_planted_cycle(tmp_path, monkeypatch):
    package = tmp_path / "knot"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from knot import b\n")
    (package / "b.py").write_text("def f():\n    from knot import c\n")
    (package / "c.py").write_text("import knot.a\n")
    (package / "d.py").write_text("import knot.a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("knot", cache_dir=None)
    assert cycles(graph) == [frozenset({"knot.a", "knot.b", "knot.c"})]
