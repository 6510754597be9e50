"""`cloudg-lab serve --mount NAME=CMD_OR_URL`: the layer as a privacy gateway in front of servers.

Each `--mount` is mounted on the serving loop before the server accepts its first request, so a
client never sees a listing without them, and unmounted when serving ends, which stops the
upstream processes the layer started. A value starting with `http://` or `https://` is a
streamable HTTP upstream; anything else is a command line, split like a shell would.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Sequence

from cloudg_lab.adapters.mount import MountHost, mount, unmount
from cloudg_lab.errors import MCPLayerError


class MountFailed(Exception):
    """A `--mount` value is malformed or its upstream could not be mounted."""


def parse(value: str) -> tuple[str, str]:
    """`NAME=CMD_OR_URL` as (name, upstream).

    Raises:
        MountFailed: without a name, an `=` or an upstream.
    """
    name, sep, upstream = value.partition("=")
    if not sep or not name.strip() or not upstream.strip():
        raise MountFailed(f"--mount expects NAME=CMD_OR_URL, got {value!r}")
    return name.strip(), upstream.strip()


async def serve_with_mounts(layer: MountHost, values: Sequence[str],
                            serve: Callable[[], Awaitable[None]]) -> None:
    """Mount every `values` item, run `serve()`, then unmount them all.

    Raises:
        MountFailed: for a malformed value or an upstream that cannot be mounted (those mounted
            before it are unmounted again).
    """
    parsed = [parse(v) for v in values]
    done: list[str] = []
    try:
        for name, upstream in parsed:
            try:
                mounted = await mount(layer, name, upstream)
            except (ValueError, MCPLayerError) as exc:
                raise MountFailed(f"--mount {name}: {exc}") from None
            done.append(name)
            counts = ", ".join(f"{n} {k}(s)" for k, n in mounted.summary()["primitives"].items())
            print(f"cloudg-lab: mounted {name} ({mounted.transport}): {counts or 'nothing'}",
                  file=sys.stderr, flush=True)
        await serve()
    finally:
        for name in reversed(done):
            await unmount(layer, name)
