"""Ending open HTTP streams at shutdown, so stopping takes milliseconds and prints nothing.

uvicorn stops by waiting for open requests; an SSE stream (the GET a client keeps open for
server messages, a POST answered as a stream) never ends by itself, so without help the server
waits out its graceful timeout and then cancels the stream with a traceback. `Drain` sits outside
the app: once `close()` is called, every request's `receive()` reports that the client went
away, which is the ending the SDK and sse-starlette already handle cleanly, and a stream the app
leaves open is then ended with its last (empty) chunk, so the client sees a complete response.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

_DISCONNECT: Message = {"type": "http.disconnect"}


class Drain:
    """ASGI middleware that can turn every open request into a disconnected one."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._closing = asyncio.Event()

    def close(self) -> None:
        """From now on every pending and future `receive()` answers `http.disconnect`."""
        self._closing.set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def until_closed() -> Message:
            if self._closing.is_set():
                return _DISCONNECT
            message = asyncio.ensure_future(receive())
            closing = asyncio.ensure_future(self._closing.wait())
            try:
                await asyncio.wait({message, closing}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                closing.cancel()
                if not message.done():
                    message.cancel()
            if message.done() and not message.cancelled():
                return message.result()
            return _DISCONNECT

        state = {"started": False, "ended": False}

        async def tracking(message: Message) -> None:
            state["started"] = state["started"] or message["type"] == "http.response.start"
            last = message["type"] == "http.response.body" and not message.get("more_body", False)
            state["ended"] = state["ended"] or last
            await send(message)

        await self.app(scope, until_closed, tracking)
        if self._closing.is_set() and state["started"] and not state["ended"]:
            await send({"type": "http.response.body", "body": b"", "more_body": False})
