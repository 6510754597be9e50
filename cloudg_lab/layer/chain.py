"""The middleware chain (ARCHITECTURE.md, step 5): outermost first, each `async (info, call_next)`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from cloudg_lab.types import CallInfo, Middleware

Terminal = Callable[[CallInfo], Awaitable[object]]


def build_chain(middleware: Sequence[Middleware], terminal: Terminal) -> Terminal:
    """Compose once per call site: `middleware[0]` sees the call first and the result last."""
    call = terminal
    for mw in reversed(middleware):
        call = _link(mw, call)
    return call


def _link(mw: Middleware, call_next: Terminal) -> Terminal:
    async def step(info: CallInfo) -> object:
        return await mw(info, call_next)

    return step
