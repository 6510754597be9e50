"""Run a coroutine to the end on the calling thread, even inside a cell the kernel's loop runs.

The timing magics (`%time`, `%timeit`, `%prun`) call what they measure synchronously, from code
the kernel's loop is already running. A second loop cannot start while the thread has a running
loop, and handing the work to another thread would hide it from `%prun`'s profiler. So the
kernel's loop is set aside for the duration (it is blocked anyway: the magic does not return to
it), a private loop runs the coroutine on this very thread, and the kernel's loop is put back
before anything else can notice. Anything the coroutine left scheduled is cancelled with it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TypeVar

T = TypeVar("T")


def run(coro: Coroutine[object, None, T]) -> T:
    """`coro`'s result (or its exception, KeyboardInterrupt included), on this thread."""
    outer = asyncio._get_running_loop()
    loop = asyncio.new_event_loop()
    asyncio._set_running_loop(None)
    try:
        return loop.run_until_complete(coro)
    finally:
        try:
            _cancel_leftovers(loop)
        finally:
            loop.close()
            asyncio._set_running_loop(outer)


def _cancel_leftovers(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel tasks the coroutine started but did not await, and let them unwind."""
    leftovers = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in leftovers:
        task.cancel()
    if leftovers:
        loop.run_until_complete(asyncio.gather(*leftovers, return_exceptions=True))
