"""SIGINT and SIGTERM as a callback on the running loop, for servers that own their process.

Only the CLI's servers install them; inside a kernel the signals belong to the kernel, so the
notebook never calls this. Where the loop cannot take handlers (Windows, a non-main thread) the
default actions stay.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterator

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def on_stop_signals(handler: Callable[[], object]) -> Iterator[None]:
    """Call `handler` on SIGINT or SIGTERM while the block runs; restore the defaults after."""
    loop = asyncio.get_running_loop()
    installed = []
    for sig in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, handler)
            installed.append(sig)
    try:
        yield
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)
