"""The policy's audit ring buffer: bounded, thread-safe, observable, argument hashes only.

Widgets subscribe instead of polling; counters per decision survive eviction so a busy server's
totals stay true after old entries fall out of the ring.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Container, Iterator, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Literal, TypedDict, Unpack

from cloudg_lab.observers import Listeners

Decision = Literal["allowed", "denied", "rate_limited", "rejected", "not_found"]
DECISIONS: tuple[Decision, ...] = ("allowed", "denied", "rate_limited", "rejected", "not_found")
Listener = Callable[["AuditEntry | None", bool], None]
"""Called with (entry, replaced): `replaced` is True when an earlier entry was rewritten; entry
is None when only the counters moved (an allowed decision that is counted but not kept)."""

_MAX_HASH_DEPTH = 32


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    ts: float
    decision: Decision
    kind: str
    name: str
    principal: str
    roles: tuple[str, ...]
    arguments: Mapping[str, str]
    """Argument name → 12-hex keyed hash of its value; never the value."""
    reason: str = ""
    request_id: str | int | None = None
    duration_ms: float | None = None
    instance: str = ""
    """Which instance of a fleet decided ("" for this process; set in a fleet's merged trail)."""

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["roles"] = list(self.roles)
        data["arguments"] = dict(self.arguments)
        return data


class EntryChanges(TypedDict, total=False):
    """What a decision's entry may learn after it was recorded (`AuditLog.rewrite`)."""

    decision: Decision
    reason: str
    duration_ms: float | None


class ArgumentHasher:
    """Keyed hashes of argument values, so equal values correlate without being readable.

    The key comes from `CLOUDG_LAB_AUDIT_SALT` (stable across restarts) or is random per process.
    """

    def __init__(self, key: bytes | None = None) -> None:
        salt = os.environ.get("CLOUDG_LAB_AUDIT_SALT")
        self._key = key or (salt.encode() if salt else os.urandom(32))

    def digest(self, value: object) -> str:
        text = json.dumps(_bounded(value, 0), sort_keys=True, default=repr, ensure_ascii=False)
        return hmac.new(self._key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:12]

    def arguments(self, arguments: object, declared: Container[str] = ()) -> dict[str, str]:
        """Argument name → hash of its value; a name the primitive does not declare is hashed
        too, since a caller may send a real value as a name (`{"billing-db": 1}`)."""
        if not isinstance(arguments, Mapping):
            return {"<arguments>": self.digest(arguments)} if arguments is not None else {}
        return {(k if k in declared else f"<undeclared {self.digest(k)[:8]}>"): self.digest(v)
                for k, v in arguments.items()}


def _bounded(value: object, depth: int) -> object:
    """A copy safe to serialise: deep nesting is cut, unknown objects become their type name."""
    if depth > _MAX_HASH_DEPTH:
        return "<deep>"
    if isinstance(value, Mapping):
        return {str(k): _bounded(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_bounded(v, depth + 1) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return f"<{type(value).__name__}>"


class AuditLog:
    """A `deque(maxlen=size)` of `AuditEntry` with per-decision counters and listeners."""

    def __init__(self, size: int = 1000, *, record_allowed: bool = False) -> None:
        self.size = size
        self.record_allowed = record_allowed
        self._entries: deque[AuditEntry] = deque(maxlen=size)
        self._lock = threading.RLock()
        self._seq = 0
        self._counters: dict[str, int] = dict.fromkeys(DECISIONS, 0)
        self._listeners: Listeners[[AuditEntry | None, bool]] = Listeners("audit")
        self._remote: dict[tuple[str, int], int] = {}

    def record(self, decision: Decision, *, kind: str, name: str, principal_id: str,
               roles: frozenset[str] | tuple[str, ...], arguments: Mapping[str, str],
               reason: str = "", request_id: str | int | None = None,
               keep: bool = False) -> AuditEntry | None:
        """Append an entry (allowed ones only when `record_allowed` or `keep`); counters always
        count."""
        with self._lock:
            self._counters[decision] += 1
            entry: AuditEntry | None = None
            if decision != "allowed" or self.record_allowed or keep:
                self._seq += 1
                entry = AuditEntry(seq=self._seq, ts=time.time(), decision=decision, kind=kind,
                                   name=name, principal=principal_id, roles=tuple(sorted(roles)),
                                   arguments=dict(arguments), reason=reason, request_id=request_id)
                self._entries.append(entry)
        self._notify(entry, False)
        return entry

    def rewrite(self, entry: AuditEntry, **changes: Unpack[EntryChanges]) -> AuditEntry:
        """Replace `entry` in place (e.g. `allowed` → `rejected`); appended if already evicted."""
        with self._lock:
            new = replace(entry, **changes)
            if "decision" in changes and changes["decision"] != entry.decision:
                self._counters[entry.decision] -= 1
                self._counters[new.decision] += 1
            for i in range(len(self._entries) - 1, -1, -1):
                if self._entries[i].seq == entry.seq:
                    self._entries[i] = new
                    break
            else:
                self._entries.append(new)
        self._notify(new, True)
        return new

    def ingest(self, entry: AuditEntry, *, replaced: bool = False) -> AuditEntry:
        """Add an entry another instance recorded (a fleet's merged trail), under a local `seq`;
        a `replaced` entry rewrites the one it replaces (same instance and remote `seq`)."""
        with self._lock:
            remote = (entry.instance, entry.seq)
            local = self._remote.get(remote)
            if replaced and local is not None:
                old = next((e for e in self._entries if e.seq == local), None)
                if old is not None:
                    self._counters[old.decision] -= 1
                    self._entries.remove(old)
            if local is None:
                self._seq += 1
                local = self._remote[remote] = self._seq
                if len(self._remote) > 4 * self.size:
                    self._remote.pop(next(iter(self._remote)))
            new = replace(entry, seq=local)
            self._counters[new.decision] += 1
            self._entries.append(new)
        self._notify(new, replaced)
        return new

    def entries(self, *, last: int | None = None, decision: str | None = None,
                principal: str | None = None, kind: str | None = None) -> list[AuditEntry]:
        """Newest first, filtered."""
        with self._lock:
            snapshot = list(self._entries)
        out: list[AuditEntry] = []
        for entry in reversed(snapshot):
            if decision and entry.decision != decision:
                continue
            if principal and entry.principal != principal:
                continue
            if kind and entry.kind != kind:
                continue
            out.append(entry)
            if last is not None and len(out) >= last:
                break
        return out

    def __iter__(self) -> Iterator[AuditEntry]:
        with self._lock:
            return iter(list(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def counters(self) -> dict[str, int]:
        with self._lock:
            return dict(self._counters)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` on every new or rewritten entry; returns the unsubscribe function."""
        return self._listeners.add(listener)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _notify(self, entry: AuditEntry | None, replaced: bool) -> None:
        self._listeners.notify(entry, replaced)


COMPLETION_ARGUMENTS = frozenset({"argument", "value", "context"})
"""What a completion request carries (ARCHITECTURE.md, "Other kinds")."""


def declared_arguments(spec: object, kind: str) -> frozenset[str]:
    """The argument names a call of `kind` to `spec` may carry in clear in an audit record."""
    if kind == "completion":
        return COMPLETION_ARGUMENTS
    names: frozenset[str] = getattr(spec, "argument_names", frozenset())
    return names
