"""The audit trail of a fleet in one Redis stream (`--audit-sink redis://...`).

`RedisAuditSink` appends every decision of this instance to the stream: the entry exactly as the
ring buffer holds it (argument hashes, never values), tagged with the instance. Appending happens
on a writer thread, in batches (an entry rewritten before it went out goes once, rewritten), so a
call never waits for Redis; a failed batch is kept and sent again, and `close()` sends what is
left, so a decision is lost only if Redis stays away past the close timeout (then the count lost
is logged). `FleetFollower` reads the stream into a local `AuditLog` (merged, live), which the
notebook's AuditLog widget shows like its own.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import secrets
import socket
import threading
import time
from typing import Any

import redis

from cloudg_lab.adapters.redis_client import connect, reachable, where
from cloudg_lab.logs import log_failure
from cloudg_lab.policy.audit import AuditEntry, AuditLog

STREAM = "cloudg:audit"
MAX_LENGTH = 1_000_000
_BATCH = 500
LINGER = 0.01
"""By default, seconds the writer waits after the first entry of a batch: fewer, fuller appends
cost the instance less CPU than one round trip per entry, and no call waits for them."""
_log = logging.getLogger("cloudg_lab.audit")


def instance_name() -> str:
    """Host, process and a random tag: unique across a fleet, readable in the trail."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(2)}"


class RedisAuditSink:
    """Every decision of `log` appended to the stream, from a writer thread."""

    def __init__(self, url: str, log: AuditLog, *, stream: str = STREAM, instance: str | None = None,
                 client: redis.Redis | None = None, linger: float = LINGER) -> None:
        self.stream = stream
        self.instance = instance or instance_name()
        self._linger = linger
        self._redis = client if client is not None else connect(url, "--audit-sink")
        reachable(self._redis, url, "--audit-sink")
        self._queue: queue.SimpleQueue[tuple[AuditEntry, bool] | None] = queue.SimpleQueue()
        log.record_allowed = True  # the fleet's trail holds every decision, not only refusals
        self._unsubscribe = log.subscribe(self._on_entry)
        self._thread = threading.Thread(target=self._run, name="cloudg-audit-sink", daemon=True)
        self._thread.start()

    def _on_entry(self, entry: AuditEntry | None, replaced: bool) -> None:
        if entry is not None:
            self._queue.put((entry, replaced))

    def _run(self) -> None:
        pending: dict[int, tuple[AuditEntry, bool]] = {}
        closing = False
        while not (closing and not pending):
            closing = self._drain(pending, block=not pending and not closing) or closing
            if pending and not closing and len(pending) < _BATCH:
                time.sleep(self._linger)  # let the calls in flight add theirs (and their rewrites)
                closing = self._drain(pending, block=False)
            if pending:
                if self._send(list(pending.values())):
                    pending = {}
                else:
                    time.sleep(0.2)  # Redis is away: keep the batch and try again

    def _drain(self, into: dict[int, tuple[AuditEntry, bool]], *, block: bool) -> bool:
        """Move queued entries into `into` (waiting for one if `block`); True once closing.

        An entry rewritten before it was sent is sent once, as rewritten: the trail holds the
        same, with one append instead of two (`replaced` stays as the first append would say).
        """
        try:
            item = self._queue.get(timeout=0.5) if block else self._queue.get_nowait()
            while True:
                if item is None:
                    return True
                entry, replaced = item
                earlier = into.get(entry.seq)
                into[entry.seq] = (entry, replaced if earlier is None else earlier[1])
                if len(into) >= _BATCH:
                    return False
                item = self._queue.get_nowait()
        except queue.Empty:
            return False

    def _send(self, batch: list[tuple[AuditEntry, bool]]) -> bool:
        try:
            pipe = self._redis.pipeline(transaction=False)
            for entry, replaced in batch:
                pipe.xadd(self.stream, {"instance": self.instance, "replaced": int(replaced),
                                        "entry": json.dumps({**entry.to_dict(), "instance": self.instance})},
                          maxlen=MAX_LENGTH, approximate=True)
            pipe.execute()
        except redis.RedisError as exc:
            log_failure(_log, "appending to the fleet's audit stream", exc, logging.WARNING)
            return False
        return True

    def close(self, timeout: float = 5.0) -> None:
        """Stop listening and send what is queued (waits up to `timeout` seconds)."""
        self._unsubscribe()
        self._queue.put(None)
        self._thread.join(timeout)
        if self._thread.is_alive():
            _log.warning("the fleet's audit stream did not take the last decisions within %.0f s", timeout)


class FleetFollower:
    """The stream read into a local `AuditLog`, from the start and then as it grows."""

    def __init__(self, url: str, *, stream: str = STREAM, size: int = 10_000,
                 client: redis.Redis | None = None) -> None:
        self.stream = stream
        self.where = where(url)
        self.log = AuditLog(size, record_allowed=True)
        self._redis = client if client is not None else connect(url, "--fleet")
        self._last = "0-0"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def poll(self, block_ms: int | None = None) -> int:
        """Read what is new (waiting up to `block_ms`); how many entries arrived."""
        found: Any = self._redis.xread({self.stream: self._last}, count=5000, block=block_ms)
        n = 0
        for _, records in found or []:
            for record_id, fields in records:
                self._last = record_id.decode() if isinstance(record_id, bytes) else str(record_id)
                entry = _entry(fields)
                if entry is not None:
                    self.log.ingest(entry, replaced=fields.get(b"replaced") == b"1")
                    n += 1
        return n

    def start(self) -> FleetFollower:
        """Read what the stream holds, then follow it on a thread until `stop()`.

        Raises:
            ConnectionError: when the Redis cannot be reached (its address named, no password).
        """
        try:
            while self.poll():
                pass
        except redis.RedisError:
            raise ConnectionError(f"cannot reach the fleet's Redis at {self.where}") from None
        if self._thread is None:
            self._thread = threading.Thread(target=self._follow, name="cloudg-fleet-audit", daemon=True)
            self._thread.start()
        return self

    def _follow(self) -> None:
        while not self._stop.is_set():
            try:
                self.poll(block_ms=500)
            except redis.RedisError as exc:
                log_failure(_log, "reading the fleet's audit stream", exc, logging.WARNING)
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)


def _entry(fields: dict[bytes, bytes]) -> AuditEntry | None:
    """An entry of the stream, or None for a record that is not one of ours."""
    try:
        data = json.loads(fields[b"entry"])
        instance = fields[b"instance"].decode()
        return AuditEntry(seq=int(data["seq"]), ts=float(data["ts"]), decision=data["decision"],
                          kind=str(data["kind"]), name=str(data["name"]), principal=str(data["principal"]),
                          roles=tuple(data["roles"]), arguments=dict(data["arguments"]),
                          reason=str(data.get("reason", "")), request_id=data.get("request_id"),
                          duration_ms=data.get("duration_ms"), instance=instance)
    except (KeyError, ValueError, TypeError, UnicodeDecodeError):
        return None
