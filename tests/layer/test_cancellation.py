"""A cancel stops the work: the ToolContext flag, the commit guard, the worker-thread bound."""

from __future__ import annotations

import asyncio
import threading

import pytest

from cloudg_lab import Principal, ToolContext
from cloudg_lab.errors import ToolTimeoutError
from cloudg_lab.layer.workers import WorkerSlots

WAIT_S = 5


async def test_cancelling_the_awaiting_task_sets_the_sync_handlers_flag(make_layer):
    layer = make_layer(default_timeout=None)
    started, flagged, give_up = threading.Event(), threading.Event(), threading.Event()

    @layer.tool()
    def crunch(ctx: ToolContext) -> str:
        started.set()
        while not give_up.wait(0.005):
            if ctx.cancelled:
                flagged.set()
                return "stopped"
        return "gave up"

    call = asyncio.ensure_future(layer.call_tool("crunch"))
    assert await asyncio.to_thread(started.wait, WAIT_S)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    seen = await asyncio.to_thread(flagged.wait, WAIT_S)
    give_up.set()
    assert seen


async def test_cancelling_an_async_handler_cancels_its_task_and_flags_the_context(make_layer):
    layer = make_layer(default_timeout=None)
    seen: dict[str, ToolContext] = {}
    entered = asyncio.Event()

    @layer.tool()
    async def wait_forever(ctx: ToolContext) -> str:
        seen["ctx"] = ctx
        entered.set()
        await asyncio.sleep(3600)
        return "never"

    call = asyncio.ensure_future(layer.call_tool("wait_forever"))
    await asyncio.wait_for(entered.wait(), WAIT_S)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert seen["ctx"].cancelled


async def test_no_progress_leaves_a_cancelled_call(make_layer):
    sent: list[float] = []
    first_sent = asyncio.Event()

    async def progress(p: float, total: float | None, message: str | None) -> None:
        sent.append(p)
        first_sent.set()

    layer = make_layer(default_timeout=None)
    reported, go_on = threading.Event(), threading.Event()

    @layer.tool()
    def steps(ctx: ToolContext) -> str:
        ctx.report_progress_sync(1, 3)
        reported.set()
        go_on.wait(WAIT_S)
        ctx.report_progress_sync(2, 3)  # after the cancel: must not reach the client
        reported.clear()
        reported.set()
        return "done"

    call = asyncio.ensure_future(layer.call_tool("steps", context=ToolContext(progress=progress)))
    assert await asyncio.to_thread(reported.wait, WAIT_S)
    await asyncio.wait_for(first_sent.wait(), WAIT_S)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    reported.clear()
    go_on.set()
    assert await asyncio.to_thread(reported.wait, WAIT_S)
    for _ in range(20):
        await asyncio.sleep(0)
    assert sent == [1]


def test_committing_refuses_after_a_cancel_and_a_cancel_waits_for_a_commit():
    ctx = ToolContext()
    inside, leave, cancelled = threading.Event(), threading.Event(), threading.Event()

    def commit() -> None:
        with ctx.committing():
            inside.set()
            leave.wait(WAIT_S)

    worker = threading.Thread(target=commit)
    worker.start()
    assert inside.wait(WAIT_S)
    canceller = threading.Thread(target=lambda: (ctx.cancel(), cancelled.set()))
    canceller.start()
    assert not cancelled.wait(0.1)  # blocked: the commit in progress lands first
    leave.set()
    worker.join(WAIT_S)
    assert cancelled.wait(WAIT_S) and ctx.cancelled
    canceller.join(WAIT_S)
    with pytest.raises(ToolTimeoutError), ctx.committing():
        pytest.fail("a cancelled call must not commit")


async def test_worker_threads_per_principal_are_bounded_and_others_are_not_held_up(make_layer):
    layer = make_layer(default_timeout=None, threads_per_principal=2)
    release, three_running = threading.Event(), threading.Event()
    running: list[str] = []
    lock = threading.Lock()

    @layer.tool()
    def hold(ctx: ToolContext) -> str:
        with lock:
            running.append(ctx.principal.id)
            if len(running) >= 3:
                three_running.set()
        release.wait(WAIT_S)
        return "done"

    alice, bob = Principal.parse("alice:analyst"), Principal.parse("bob:analyst")
    storm = [asyncio.ensure_future(layer.call_tool("hold", principal=alice)) for _ in range(6)]
    other = asyncio.ensure_future(layer.call_tool("hold", principal=bob))
    assert await asyncio.to_thread(three_running.wait, WAIT_S)
    await asyncio.sleep(0.1)  # time for a third alice thread to start, were the bound missing
    assert sorted(running) == ["alice", "alice", "bob"]
    assert layer.workers.busy("alice") == 2
    for queued in storm[2:]:
        queued.cancel()
    release.set()
    results = await asyncio.gather(*storm[:2], other)
    assert all(not r.is_error for r in results)
    await asyncio.gather(*storm[2:], return_exceptions=True)
    assert sorted(running) == ["alice", "alice", "bob"]  # cancelled while queued: never ran
    assert layer.workers.busy("alice") == 0 and layer.workers.busy("bob") == 0


async def test_a_cancelled_thread_keeps_its_slot_until_it_ends():
    slots = WorkerSlots(limit=1)
    release, started = threading.Event(), threading.Event()

    def first() -> str:
        started.set()
        release.wait(WAIT_S)
        return "first"

    call = asyncio.ensure_future(slots.run("p", first))
    assert await asyncio.to_thread(started.wait, WAIT_S)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert slots.busy("p") == 1  # the thread still runs: the slot is still taken
    second = asyncio.ensure_future(slots.run("p", lambda: "second"))
    await asyncio.sleep(0.05)
    assert not second.done()
    release.set()
    assert await asyncio.wait_for(second, WAIT_S) == "second"
    assert slots.busy("p") == 0


def test_a_slot_limit_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        WorkerSlots(limit=0)
