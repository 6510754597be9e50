"""The load bar's accounting: reading the last byte is not the end of a load (columns, indexes
and classification follow), so the bar fills only when the load ends, and an interrupt in that
last stretch leaves it short of full, which the notebook bar shows red."""

from __future__ import annotations

import asyncio
import threading

from cloudg_lab.notebook.loading import LoadGuard

TOTAL = 10_000


async def _read_all(guard: LoadGuard) -> None:
    """The loader's reports from its worker thread, up to the last byte, then the loop's turn."""
    def read() -> None:
        for done in range(0, TOTAL + 1, 500):
            guard.progress(done, TOTAL)

    reader = threading.Thread(target=read)
    reader.start()
    reader.join()
    await asyncio.sleep(0.05)


async def test_the_bar_stays_short_of_full_until_the_load_ends() -> None:
    guard = LoadGuard("loading big", TOTAL, asyncio.get_running_loop())
    await _read_all(guard)
    assert 0 < guard.bar.n < TOTAL
    guard.finish()
    assert guard.bar.n == TOTAL
    guard.close()


async def test_an_interrupt_after_the_last_byte_leaves_the_bar_short_of_full() -> None:
    guard = LoadGuard("loading big", TOTAL, asyncio.get_running_loop())
    await _read_all(guard)
    guard.cancel()
    guard.stopped()
    guard.close()
    assert guard.bar.n < TOTAL and "interrupted" in guard.bar.desc
