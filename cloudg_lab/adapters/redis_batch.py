"""One Lua script run from event loops, the runs of one turn of a loop sent to Redis together.

Why: the calls a server has in hand at once each want one run of the script (a rate-limit take).
Sent as one pipeline they cost one write, one read and one pooled connection instead of one of
each per call, which is most of what a run costs the caller. Each run stays atomic on the
server on its own (a pipeline is not a transaction and needs none), and a run that fails fails
alone. An asyncio client belongs to one loop, so each loop gets its own, closed on that loop
when the loop's runner ends.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import redis
import redis.asyncio
from redis.exceptions import NoScriptError

from cloudg_lab.adapters.redis_client import connect_async

_Pending = list[tuple[tuple[Any, ...], "asyncio.Future[Any]"]]


@dataclass
class _Loop:
    """One loop's client, the runs asked since its last send, and the tasks sending them."""

    client: redis.asyncio.Redis
    pending: _Pending = field(default_factory=list)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)


class ScriptBatches:
    """Runs of `script` against the Redis at `url`, batched per turn of each event loop."""

    def __init__(self, url: str, script: str, option: str, *, wait: float) -> None:
        """`option` names the setting in errors; `wait` bounds each send (connecting included)."""
        self._url, self._script, self._option, self._wait = url, script, option, wait
        self._sha = hashlib.sha1(script.encode(), usedforsecurity=False).hexdigest()
        self._loops: dict[asyncio.AbstractEventLoop, _Loop] = {}

    def run(self, keys: Sequence[str], args: Sequence[Any]) -> asyncio.Future[Any]:
        """The script's reply to `keys` and `args`, from the next send of this loop.

        The future fails with the `redis.RedisError` of its run or of the send, or with
        `TimeoutError` when Redis does not answer within `wait` seconds.
        """
        loop = asyncio.get_running_loop()
        state = self._loops.get(loop) or self._open(loop)
        future: asyncio.Future[Any] = loop.create_future()
        state.pending.append(((len(keys), *keys, *args), future))
        if len(state.pending) == 1:  # the first of this turn: a task sends them all next turn
            task = loop.create_task(self._send(state))
            state.tasks.add(task)
            task.add_done_callback(state.tasks.discard)
        return future

    def _open(self, loop: asyncio.AbstractEventLoop) -> _Loop:
        state = self._loops[loop] = _Loop(connect_async(self._url, self._option, timeout=self._wait))
        closer = loop.create_task(self._close_with(loop, state))
        state.tasks.add(closer)
        return state

    async def _close_with(self, loop: asyncio.AbstractEventLoop, state: _Loop) -> None:
        """Wait until cancelled, then close the loop's client on the loop. Every runner
        (`asyncio.run`, the notebook's) cancels the tasks left when it ends, so the loop's
        connections close with it instead of being left to the garbage collector."""
        try:
            await loop.create_future()
        finally:
            del self._loops[loop]
            await state.client.aclose()

    async def _send(self, state: _Loop) -> None:
        batch, state.pending = state.pending, []
        try:
            async with asyncio.timeout(self._wait):
                replies = await self._pipeline(state.client, [args for args, _ in batch])
        except (redis.RedisError, TimeoutError) as exc:
            replies = [exc] * len(batch)
        for (_, future), reply in zip(batch, replies, strict=True):
            if future.done():  # its caller stopped waiting
                continue
            if isinstance(reply, BaseException):
                future.set_exception(reply)
            else:
                future.set_result(reply)

    async def _pipeline(self, client: redis.asyncio.Redis, runs: list[tuple[Any, ...]]) -> list[Any]:
        """One reply per run; a server that does not know the script yet (new, restarted or
        flushed) is given it and asked again for the runs it refused (they did not run)."""
        replies = await self._evalshas(client, runs)
        missing = [i for i, reply in enumerate(replies) if isinstance(reply, NoScriptError)]
        if missing:
            await client.script_load(self._script)
            for i, reply in zip(missing, await self._evalshas(client, [runs[i] for i in missing]),
                                strict=True):
                replies[i] = reply
        return replies

    async def _evalshas(self, client: redis.asyncio.Redis, runs: list[tuple[Any, ...]]) -> list[Any]:
        if len(runs) == 1:  # alone: a plain command costs less than a pipeline of one
            try:
                return [await client.evalsha(self._sha, *runs[0])]
            except NoScriptError as exc:
                return [exc]
        pipe = client.pipeline(transaction=False)
        for args in runs:
            pipe.evalsha(self._sha, *args)
        replies: list[Any] = await pipe.execute(raise_on_error=False)
        return replies
