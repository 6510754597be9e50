"""Running a handler (ARCHITECTURE.md, step 9): coroutines on the calling loop, plain functions in a thread.

`asyncio.timeout` gives `wait_for`'s semantics without creating a task per call, which matters
for the layer's per-call overhead. A worker thread outlives a timeout or a cancel of the task
awaiting it (a client's `notifications/cancelled`); either way the context is cancelled so a
cooperative handler stops, and `WorkerSlots` bounds the threads per principal.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import itertools
import time
from collections.abc import Callable

from cloudg_lab.errors import ToolTimeoutError
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.layer.workers import WorkerSlots


async def run_handler(handler: Callable[..., object], *, is_async: bool, takes_ctx: bool,
                      ctx: ToolContext, kwargs: dict[str, object], workers: WorkerSlots) -> object:
    """Call `handler` the way its kind needs, awaiting whatever a sync wrapper hands back.

    Raises:
        asyncio.CancelledError: when the awaiting task is cancelled; `ctx` is cancelled first.
    """
    args = (ctx,) if takes_ctx else ()
    try:
        if is_async:
            result = handler(*args, **kwargs)
        else:
            result = await workers.run(ctx.principal.id, functools.partial(handler, *args, **kwargs))
        if inspect.isawaitable(result):  # a coroutine, or what a sync wrapper hands back
            result = await result
    except asyncio.CancelledError:
        ctx.cancel()
        raise
    return result


async def run_with_timeout(handler: Callable[..., object], *, is_async: bool, takes_ctx: bool,
                           ctx: ToolContext, kwargs: dict[str, object], workers: WorkerSlots,
                           seconds: float | None, label: str) -> object:
    """`run_handler` under a limit of `seconds` (None or 0: no limit).

    Raises:
        ToolTimeoutError: `Tool NAME timed out after S s`, code `timeout`.
    """
    if not seconds:
        return await run_handler(handler, is_async=is_async, takes_ctx=takes_ctx, ctx=ctx,
                                 kwargs=kwargs, workers=workers)
    ctx.deadline = time.monotonic() + seconds
    await _let_the_loop_purge_timers()
    try:
        async with asyncio.timeout(seconds) as scope:
            return await run_handler(handler, is_async=is_async, takes_ctx=takes_ctx, ctx=ctx,
                                     kwargs=kwargs, workers=workers)
    except TimeoutError:
        if not scope.expired():
            raise
        raise ToolTimeoutError(f"Tool {label} timed out after {_seconds(seconds)} s",
                               {"timeout_seconds": seconds}) from None


_timed_calls = itertools.count(1)


async def _let_the_loop_purge_timers() -> None:
    """Yield to the loop once every 256 timed calls.

    Each timeout schedules a timer that is cancelled when the call ends, and only the loop's own
    iteration purges cancelled timers. A caller awaiting thousands of calls that never suspend
    (a notebook loop, a benchmark) would otherwise grow the loop's timer heap without bound.
    """
    if next(_timed_calls) % 256 == 0:
        await asyncio.sleep(0)


def _seconds(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
