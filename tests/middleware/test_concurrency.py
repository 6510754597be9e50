"""ConcurrencyLimitMiddleware: bounded calls in flight, a bounded wait, then "Server busy"."""

from __future__ import annotations

import asyncio

from cloudg_lab import META_PREFIX, Layer, Principal
from cloudg_lab.middleware import ConcurrencyLimitMiddleware

CODE = META_PREFIX + "error_code"
WAIT = 10.0


def _gated_layer(middleware: ConcurrencyLimitMiddleware) -> tuple[Layer, asyncio.Event, asyncio.Event]:
    layer = Layer(policy={"name": "p"}, catalog=False, middleware=[middleware])
    started, release = asyncio.Event(), asyncio.Event()

    @layer.tool()
    async def hold() -> str:
        started.set()
        await release.wait()
        return "held"

    @layer.tool()
    async def quick() -> str:
        return "quick"

    return layer, started, release


async def test_a_call_beyond_the_limit_waits_then_is_refused_as_busy():
    layer, started, release = _gated_layer(ConcurrencyLimitMiddleware(1, queue_timeout=0.05))
    holder = asyncio.ensure_future(layer.call_tool("hold", {}))
    await asyncio.wait_for(started.wait(), WAIT)
    refused = await layer.call_tool("quick", {})
    release.set()
    held = await asyncio.wait_for(holder, WAIT)
    after = await layer.call_tool("quick", {})
    assert refused.is_error and refused.meta[CODE] == -31029
    assert refused.text.startswith("Server busy")
    assert refused.meta[META_PREFIX + "error_data"]["scope"] == "concurrency"
    assert (held.is_error, after.is_error) == (False, False)


async def test_a_queued_call_runs_once_a_slot_frees():
    layer, started, release = _gated_layer(ConcurrencyLimitMiddleware(1, queue_timeout=WAIT))
    holder = asyncio.ensure_future(layer.call_tool("hold", {}))
    await asyncio.wait_for(started.wait(), WAIT)
    queued = asyncio.ensure_future(layer.call_tool("quick", {}))
    await asyncio.sleep(0)
    assert not queued.done()
    release.set()
    results = await asyncio.wait_for(asyncio.gather(holder, queued), WAIT)
    assert [r.is_error for r in results] == [False, False]


async def test_per_principal_limits_leave_others_free():
    middleware = ConcurrencyLimitMiddleware(4, per_principal=1, queue_timeout=0.05)
    layer, started, release = _gated_layer(middleware)
    alice, bob = Principal(id="alice"), Principal(id="bob")
    holder = asyncio.ensure_future(layer.call_tool("hold", {}, principal=alice))
    await asyncio.wait_for(started.wait(), WAIT)
    alice_again = await layer.call_tool("quick", {}, principal=alice)
    bob_call = await layer.call_tool("quick", {}, principal=bob)
    release.set()
    await asyncio.wait_for(holder, WAIT)
    assert alice_again.is_error and not bob_call.is_error


async def test_other_kinds_pass_untouched():
    layer, started, release = _gated_layer(ConcurrencyLimitMiddleware(1, queue_timeout=0.05))

    @layer.resource("test://x")
    def x() -> str:
        return "x"

    holder = asyncio.ensure_future(layer.call_tool("hold", {}))
    await asyncio.wait_for(started.wait(), WAIT)
    (contents,) = await layer.read_resource("test://x")
    release.set()
    await asyncio.wait_for(holder, WAIT)
    assert contents.text == "x"
