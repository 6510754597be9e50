"""The red team's estates and walks, shared by its test modules.

A walk is expensive (hundreds of calls), so each (estate, policy, principal) is walked once per
module and its surfaces (wire results, errors, audit entries and the log records written while
it ran) are kept for every test that asks.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import catalog_walker as cw
import estates
import pytest
from drafting import Estate
from redteam_runs import walked

ESTATES = (("meridian", 7), ("basalt", 11), ("larch", 13), ("moraine", 17), ("fjord-ci", 19))
Walk = Callable[[str, str], Awaitable[list[cw.Surface]]]


@pytest.fixture(scope="module", params=ESTATES, ids=[kind for kind, _ in ESTATES])
def estate(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Estate:
    kind, seed = request.param
    return estates.build(kind, seed, tmp_path_factory.mktemp(kind))


@pytest.fixture(scope="module")
def walk(estate: Estate) -> Walk:
    """`await walk(policy, principal)`: the walk's surfaces, computed once per module."""
    done: dict[tuple[str, str], list[cw.Surface]] = {}

    async def get(policy: str, principal: str) -> list[cw.Surface]:
        if (policy, principal) not in done:
            done[(policy, principal)] = await walked(estate, policy, principal)
        return done[(policy, principal)]

    return get
