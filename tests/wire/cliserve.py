"""`cloudg-lab serve --transport http` as a real process: its URL once it serves, stopped by SIGINT."""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

CLI = str(Path(sys.executable).parent / "cloudg-lab")
WAIT = 60.0


@asynccontextmanager
async def serving(flags: Sequence[str], env: Mapping[str, str]) -> AsyncIterator[str]:
    """The URL `cloudg-lab serve --transport http --port 0 FLAGS...` announces on stderr."""
    process = await asyncio.create_subprocess_exec(
        CLI, "serve", "--transport", "http", "--port", "0", *flags, env=dict(env),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    assert process.stderr is not None
    try:
        found = None
        async with asyncio.timeout(WAIT):
            while found is None:
                line = (await process.stderr.readline()).decode()
                assert line, "the server exited before serving"
                found = re.search(r"serving (http://\S+)", line)
        yield found.group(1)
    finally:
        process.send_signal(signal.SIGINT)
        async with asyncio.timeout(WAIT):
            await process.wait()
