"""The per-call context: the concrete `HandlerContext` (see `cloudg_lab.ports`) the layer binds.

It holds the caller, its view of the workspace, progress, logging, links and the deadline, and
for privileged primitives only the `PolicyPort`; never the layer, the vault or the audit.

Progress messages and log data travel to the client, so they pass the same output pipeline as
results (`bind` installs it per call). A timeout or a client's cancel cannot stop a worker thread,
so the layer sets `cancelled` and handlers that loop over large data poll it (`check_cancelled`)
and stop early (ARCHITECTURE.md, step 9); a handler that changes shared state does so inside
`committing()`, so a cancelled call either changed nothing or finished before the cancel.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

from cloudg_lab.data.workspace import Workspace, WorkspaceView
from cloudg_lab.errors import ToolTimeoutError
from cloudg_lab.layer.visibility import CLEAR
from cloudg_lab.ports import PolicyPort
from cloudg_lab.types import (
    CallInfo,
    Kind,
    PageCursor,
    Principal,
    RequestInfo,
    ResourceLink,
    Visibility,
)

ProgressCallback = Callable[[float, "float | None", "str | None"], Awaitable[None]]
LogCallback = Callable[[str, object, str], Awaitable[None]]
OutputFilter = Callable[[object], object]


class ToolContext:
    """Per-call context; adapters build one with their callbacks, the layer binds it to a call."""

    def __init__(self, *, principal: Principal | None = None, request_id: str | int | None = None,
                 progress: ProgressCallback | None = None, log: LogCallback | None = None,
                 request: RequestInfo | None = None) -> None:
        self.principal = principal or Principal.local()
        self.request_id = request_id
        self.request = request or RequestInfo()
        self._progress_cb = progress
        self._log_cb = log
        self._workspace: Workspace | None = None
        self.port: PolicyPort | None = None
        """The privileged primitives' port; None for every other handler."""
        self.kind: Kind = "tool"
        self.name = ""
        self.links: list[ResourceLink] = []
        self.page_cursor: PageCursor | None = None
        """Set by a paged handler: how its cursors continue when the output budget shortens the
        page (`privacy.pages`)."""
        self.deadline: float | None = None
        self._cancelled = False
        """Set once, read by the handler's thread: a plain flag (an Event's condition and lock
        were a tenth of what the layer adds to a trivial call, and nothing waits on it)."""
        self._commit_lock = threading.Lock()
        self._last_progress: float | None = None
        self._filter: OutputFilter = _identity
        self._loop: asyncio.AbstractEventLoop | None = None
        self.visible: Visibility = CLEAR
        """What this caller can see of a value: search, completion, sorting and suggestions
        compare against `visible.show(...)`, never against real values the caller was not shown."""
        self.reversed: dict[str, str] = {}
        """Real values the input pipeline put back for pseudonyms in this call → entity; the
        output side treats them as known identifiers, so none comes back in clear."""

    def bind(self, workspace: Workspace | None, kind: Kind, name: str, principal: Principal,
             output_filter: OutputFilter | None = None, *, visible: Visibility = CLEAR,
             port: PolicyPort | None = None) -> ToolContext:
        """A fresh context for one call, keeping this one's callbacks and request."""
        ctx = ToolContext(principal=principal, request_id=self.request_id,
                          progress=self._progress_cb, log=self._log_cb, request=self.request)
        ctx._workspace, ctx.port, ctx.kind, ctx.name = workspace, port, kind, name
        ctx._filter = output_filter or _identity
        ctx.visible = visible
        try:
            ctx._loop = asyncio.get_running_loop()
        except RuntimeError:
            ctx._loop = None
        return ctx

    @property
    def workspace(self) -> WorkspaceView | None:
        """The layer's workspace as this caller sees it: its own active dataset (the local user
        owns the shared default), so one principal's choice never changes another's view."""
        if self._workspace is None:
            return None
        return self._workspace.view(self.principal)

    # ------------------------------------------------------------------ deadline

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def cancel(self) -> None:
        """Mark the call cancelled (the awaiting task was cancelled or timed out); waits for a
        commit in progress, so no change lands after this returns."""
        with self._commit_lock:
            self._cancelled = True

    @contextmanager
    def committing(self) -> Iterator[None]:
        """Hold off `cancel()` while the handler applies its result.

        Raises:
            ToolTimeoutError: on entry, when the call was already cancelled or ran out of time.
        """
        with self._commit_lock:
            self.check_cancelled()
            yield

    def remaining(self) -> float | None:
        """Seconds left before the deadline, or None when the call has none."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def check_cancelled(self) -> None:
        """Raise when the call was cancelled or ran out of time; cheap enough for inner loops.

        Raises:
            ToolTimeoutError: when the deadline passed or the call was cancelled.
        """
        if self._cancelled or self._expired():
            self._cancelled = True  # the lock is not needed: this thread is the one that commits
            raise ToolTimeoutError(f"Tool {self.name} was cancelled")

    def _expired(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    # ------------------------------------------------------------------ client channels

    async def report_progress(self, progress: float, total: float | None = None,
                              message: str | None = None) -> None:
        """Send progress; a value that does not increase is dropped, as the protocol requires."""
        if self._progress_cb is None or self.cancelled:
            return
        if self._last_progress is not None and progress <= self._last_progress:
            return
        self._last_progress = progress
        text = self._filter(message) if message is not None else None
        await self._progress_cb(progress, total, text if isinstance(text, str) else None)

    def report_progress_sync(self, progress: float, total: float | None = None,
                             message: str | None = None) -> None:
        """`report_progress` for sync handlers running in a worker thread."""
        if self._loop is None or self._progress_cb is None:
            return
        asyncio.run_coroutine_threadsafe(self.report_progress(progress, total, message), self._loop)

    async def log(self, level: str, data: object, logger_name: str = "cloudg_lab") -> None:
        """Send a log message to the client, after the output pipeline."""
        if self._log_cb is not None:
            await self._log_cb(level, self._filter(data), logger_name)

    def link(self, uri: str, name: str, *, title: str | None = None,
             description: str | None = None, mime_type: str | None = "application/json") -> None:
        """Attach a resource link; it becomes a `resource_link` block after the output pipeline."""
        self.links.append(ResourceLink(uri=uri, name=name, title=title, description=description,
                                       mime_type=mime_type))


def _identity(value: object) -> object:
    return value


def bound_context(info: CallInfo) -> ToolContext:
    """The context the layer bound to this call, as the stages run it.

    Raises:
        TypeError: when a middleware replaced it with an object of its own.
    """
    if not isinstance(info.context, ToolContext):
        raise TypeError(f"a {info.kind} call's context must be the one the layer bound, "
                        f"not a {type(info.context).__name__}")
    return info.context
