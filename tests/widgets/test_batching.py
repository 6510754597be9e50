"""Coalescer: items pushed from any thread reach the widget in few batches, on the loop."""

from __future__ import annotations

import asyncio
import threading
import time

from cloudg_lab.notebook.widgets.batching import Coalescer


async def test_pushes_from_threads_arrive_whole_in_a_few_batches_on_the_loop():
    applied: list[int] = []
    threads_seen: set[int] = set()

    def apply(batch: list[int]) -> None:
        threads_seen.add(threading.get_ident())
        applied.extend(batch)

    coalescer: Coalescer[int] = Coalescer(apply, delay=0.05)
    pushers = [threading.Thread(target=lambda k=k: [coalescer.push(k * 1000 + i) for i in range(500)])
               for k in range(8)]

    def burst() -> None:
        for t in pushers:
            t.start()
        for t in pushers:
            t.join()

    await asyncio.to_thread(burst)
    await coalescer.settled()
    assert sorted(applied) == sorted(k * 1000 + i for k in range(8) for i in range(500))
    assert threads_seen == {threading.get_ident()}  # the loop's thread, never a pusher's
    assert 1 <= coalescer.flushes <= 20


async def test_a_burst_on_the_loop_itself_is_one_batch():
    batches: list[list[str]] = []
    coalescer: Coalescer[str] = Coalescer(batches.append, delay=0.01)
    for i in range(1000):
        coalescer.push(str(i))
    assert batches == []  # nothing is applied while the burst still runs
    await coalescer.settled()
    assert len(batches) == 1 and len(batches[0]) == 1000


async def test_settled_returns_at_once_when_nothing_waits_and_close_drops_the_rest():
    batches: list[list[int]] = []
    coalescer: Coalescer[int] = Coalescer(batches.append, delay=0.01)
    await asyncio.wait_for(coalescer.settled(), timeout=1)
    coalescer.push(1)
    coalescer.close()
    coalescer.push(2)
    await asyncio.wait_for(coalescer.settled(), timeout=1)
    assert batches == [] and coalescer.closed


def test_without_a_loop_every_push_applies_at_once():
    batches: list[list[int]] = []
    coalescer: Coalescer[int] = Coalescer(batches.append)
    assert coalescer.loop is None
    coalescer.push(1)
    coalescer.push(2)
    assert batches == [[1], [2]]


def test_without_a_loop_pushes_from_threads_apply_one_batch_at_a_time():
    inside: list[int] = []
    overlaps: list[int] = []
    applied: list[int] = []

    def apply(batch: list[int]) -> None:
        inside.append(1)
        if len(inside) > 1:
            overlaps.append(len(inside))
        time.sleep(0.001)  # widen the window a second thread would have to enter
        applied.extend(batch)
        inside.pop()

    coalescer: Coalescer[int] = Coalescer(apply)
    threads = [threading.Thread(target=lambda k=k: [coalescer.push(k * 100 + i) for i in range(100)])
               for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(applied) == list(range(800)) and overlaps == []
