"""Running the red team: a layer on an estate, one full walk with its log, what a policy hides.

Shared by the red team's fixtures and tests (importable by name through pytest's pythonpath).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import catalog_walker as cw
import estates
import pytest
from drafting import Estate
from plantings import Canary

from cloudg_lab import Layer, Principal

VAULT_KEY = "redteam-vault-key"
LOADED_FRESH = (("meridian", 7), ("basalt", 11), ("larch", 13), ("moraine", 17), ("fjord-ci", 19),
                ("tundra", 19))
"""The estates guarantee 1 loads in a fresh process per reference (`test_fresh_process`)."""
ESTATES = (*LOADED_FRESH, ("kelp-ci", 23), ("quarto-ci", 29), ("sleet-ci", 31), ("gale-ci", 37),
           ("tarn-ci", 37), ("dune-ci", 37), ("scree-ci", 41))
"""The estates every red-team module walks. `kelp-ci`, `quarto-ci`, `sleet-ci`, `gale-ci`, `tarn-ci`,
`dune-ci` and `scree-ci` load fast enough, but their walks already take seconds of the suite each,
and what they test is where clusters, pipelines, data platforms, security tools, the people running
an estate, infrastructure code, teams writing in other languages and scripts, and API captures and
clients put secrets and names, which the walks cover, not pseudonyms resolving."""


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def server_log() -> Iterator[list[cw.Surface]]:
    """Every record the package logs meanwhile, formatted as a handler would write it."""
    handler, logger = _Records(), logging.getLogger("cloudg_lab")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    out: list[cw.Surface] = []
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        formatter = logging.Formatter("%(name)s %(levelname)s %(message)s")
        out += [(f"log:{r.name}", formatter.format(r)) for r in handler.records]


def built(param: tuple[str, int], tmp_path_factory: pytest.TempPathFactory) -> Estate:
    """The estate `(kind, seed)`, written under a fresh directory (what an `estate` fixture gives)."""
    kind, seed = param
    return estates.build(kind, seed, tmp_path_factory.mktemp(kind))


def layer_for(estate: Estate, policy: str) -> Layer:
    """A real layer on the estate, dataset named as the estate names it, the estate's root allowed."""
    assert estate.path is not None
    name = next(c.value for c in estate.canaries if c.cls == "dataset-name")
    return Layer(policy=policy, datasets={name: estate.path}, allowed_roots=[estate.path],
                 vault_key=VAULT_KEY)


async def walked(estate: Estate, policy: str, principal: str) -> list[cw.Surface]:
    """The full walk with the attacker's probes, and the log it wrote."""
    layer = layer_for(estate, policy)
    assert estate.path is not None
    probes = cw.Probes(estate.real_refs(), estate.real_findings(), estate.broken)
    with server_log() as log:
        surfaces = await cw.walk(layer, Principal.parse(principal), estate.path, probes)
    return surfaces + log


def hidden(estate: Estate, policy: str) -> list[Canary]:
    """The canaries `policy` must hide: secrets, and under `strict` identifiers too."""
    kinds = {"standard": {"secret"}, "strict": {"secret", "identifier"}}[policy]
    return [c for c in estate.canaries if c.kind in kinds]
