"""The pseudonym vault: keyed, stable, shape-keeping pseudonyms and the way back.

A pseudonym is an HMAC-SHA256 of (namespace, family, attempt, value) under the vault key, shaped
by `shapes`. The same key gives the same pseudonyms in every process, which is what lets
stateless servers scale out and shared notebooks agree; the vault's tables exist to reverse
pseudonyms, to never hand out one that collides with a real value (a collision re-salts with
the next attempt instead of reversing to the wrong value), and to list mappings for people
allowed to see them. Namespaces are `global` or `p:<principal id>`; a pseudonym resolves only
in its namespace. A pseudonym this process never issued still resolves when its real value is in
the data the vault derives from (`derive_from`, see `derive`): what a caller can resolve depends
on the key and the data, never on the order of calls, and a miss changes nothing.
"""

from __future__ import annotations

import hmac
import os
import threading
import time
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

from cloudg_lab.observers import Listeners
from cloudg_lab.privacy import derive, shapes, text, vault_file
from cloudg_lab.privacy.entities import NAME_FAMILIES, canonical, family_of
from cloudg_lab.privacy.vault_file import FORMAT, VaultError

__all__ = ["DEFAULT_KEY_ENV", "Entry", "Vault", "VaultError"]

DEFAULT_KEY_ENV = "CLOUDG_LAB_VAULT_KEY"
MASK = "••••••"
_ATTEMPTS = 64
_PRF_CACHE = 200_000
Listener = Callable[[dict[str, object]], None]
Source = Callable[[], Mapping[str, str]]
"""The real identifiers of the loaded data (value → entity), the same object while unchanged."""


@dataclass(slots=True, eq=False)
class Entry:
    """One mapping; `real` never leaves the vault except through `mappings(reveal=True)`."""

    namespace: str
    entity: str
    real: str
    pseudonym: str
    created: float
    last_used: float


class _Keyed:
    """The keyed functions `shapes.make` uses for one value and one attempt."""

    __slots__ = ("attempt", "avoid", "created", "family", "namespace", "value", "vault")

    def __init__(self, vault: Vault, value: str, *, family: str, namespace: str, attempt: int,
                 avoid: Container[str] | None, created: list[Entry]) -> None:
        self.vault, self.value, self.family, self.namespace = vault, value, family, namespace
        self.attempt, self.avoid, self.created = attempt, avoid, created

    def digest(self, label: str = "") -> bytes:
        msg = f"{self.namespace}\x1f{self.family}\x1f{self.attempt}\x1f{label}\x1f{self.value}"
        return hmac.digest(self.vault._k_token, msg.encode("utf-8", "surrogatepass"), "sha256")

    def prf(self, label: str) -> bytes:
        return self.vault._prf(self.namespace, label)

    def sub(self, value: str, entity: str) -> str:
        """A component's pseudonym. A path segment the data holds as an account (an
        Organizations ARN ends in the member's account number) is pseudonymized as that
        account, so the value has one pseudonym wherever it stands."""
        if entity == "resource_name" and isinstance(self.avoid, Mapping):
            held = self.avoid.get(value)
            refined = None if held is None else shapes.refine(canonical(held), value)
            if refined is not None and family_of(refined) in _ACCOUNT_FAMILIES:
                entity = refined
        return self.vault._tokenize_locked(value, entity, self.namespace, self.avoid, self.created)


_ACCOUNT_FAMILIES = frozenset({"account", "uuid", "gcp_project", "digits"})
"""Families of the accounts, subscriptions and projects a path may name as a segment."""


class Vault:
    """Maps (namespace, entity, real) ↔ pseudonym. Thread-safe; observable with `subscribe`."""

    def __init__(self, key: bytes | str | None = None, *, key_source: str | None = None,
                 path: str | Path | None = None, autosave: bool = False, encrypt: bool = True) -> None:
        """Build a vault; a missing key means a random one for this process only.

        Raises:
            VaultError: when `path` holds a vault written with another key, or a damaged one.
        """
        if key is None:
            master, self.key_source = os.urandom(32), "random"
        else:
            master = key.encode("utf-8") if isinstance(key, str) else bytes(key)
            self.key_source = key_source or "argument"
        def subkey(label: str) -> bytes:
            return hmac.digest(master, f"cloudg-lab/{label}".encode(), "sha256")

        self._k_token, self._k_prefix, self._k_hash = subkey("tokenize"), subkey("prefix"), subkey("hash")
        self._k_file = subkey("file-encryption")
        self.key_id = subkey("key-id").hex()[:12]
        self.path = Path(path).expanduser() if path else None
        self.autosave, self.encrypt = autosave, encrypt
        self.generation = 0
        """Bumped by `clear` and `import_`, so transforms drop what they memoised."""
        self.names_version = 0
        """Bumped whenever a name is added (free text scanned before may now hold a known name)."""
        self.max_name_words = 1
        self._lock = threading.RLock()
        self._forward: dict[tuple[str, str, str], Entry] = {}
        self._reverse: dict[tuple[str, str], Entry] = {}
        self._source: Source | None = None
        self._shape: derive.Shape | None = None
        self._digests: dict[str, tuple[Mapping[str, str], derive.DigestIndex]] = {}
        self._full: dict[str, tuple[Mapping[str, str], dict[str, derive.Candidate]]] = {}
        self._names: dict[str, dict[str, str]] = {}
        self._aliases: dict[str, str] = {}
        self._alias_reverse: dict[str, Entry] = {}
        self._prf_cache: dict[tuple[str, str], bytes] = {}
        self._listeners: Listeners[[dict[str, object]]] = Listeners("vault")
        self._schedule: vault_file.SaveSchedule | None = None
        if self.path is not None:
            if self.path.exists():
                self._load(self.path)
            self._schedule = vault_file.SaveSchedule(self.save, autosave=autosave,
                                                     where=str(self.path))

    @classmethod
    def from_config(cls, config: object, key: bytes | str | None = None) -> Vault:
        """A vault per a policy's `vault` section; key: argument, config, env var, else random.

        Raises:
            VaultError: when the configured file was written with another key or is damaged.
        """
        source = "argument"
        configured = getattr(config, "key", None)
        if key is None and configured:
            key, source = configured, "config"
        if key is None:
            env = getattr(config, "key_env", None) or DEFAULT_KEY_ENV
            if os.environ.get(env):
                key, source = os.environ[env], "env"
        return cls(key, key_source=source if key is not None else None,
                   path=getattr(config, "path", None), autosave=getattr(config, "autosave", False),
                   encrypt=getattr(config, "encrypt", True))

    # ------------------------------------------------------------------ forward

    def tokenize(self, value: str, entity: str, namespace: str = "global", *,
                 avoid: Container[str] | None = None) -> str:
        """The pseudonym of `value` (created on first use); `avoid` holds more real values a
        pseudonym must not equal (the workspace's identifiers). A value that identifies nothing
        (a special address, an AWS-owned ARN) comes back unchanged."""
        found = self._forward.get((namespace, family_of(entity), value))
        if found is not None:
            found.last_used = time.time()
            return found.pseudonym
        alias = self._aliases.get(value)
        if alias is not None:
            return alias
        if not value or value in self._alias_reverse:
            return value
        created: list[Entry] = []
        with self._lock:
            out = self._tokenize_locked(value, entity, namespace, avoid, created)
        self._changed(created)
        return out

    def _tokenize_locked(self, value: str, entity: str, namespace: str,
                         avoid: Container[str] | None, created: list[Entry]) -> str:
        family = family_of(entity)
        found = self._forward.get((namespace, family, value))
        if found is not None:
            return found.pseudonym
        if value in self._aliases:
            return self._aliases[value]
        if value in self._alias_reverse:
            return value
        pseudonym = self._choose(value, entity, namespace, avoid, created)
        if pseudonym is None:
            return value
        now = time.time()
        entry = Entry(namespace, entity, value, pseudonym, now, now)
        self._insert(entry, family)
        created.append(entry)
        return pseudonym

    def _choose(self, value: str, entity: str, namespace: str, avoid: Container[str] | None,
                created: list[Entry]) -> str | None:
        """The pseudonym `value` gets (None: it identifies nothing); inserts nothing itself, but
        composite shapes register their components through `_Keyed.sub`.

        Raises:
            VaultError: after 64 collisions in a row (a vanishingly small or exhausted shape).
        """
        family = family_of(entity)
        for attempt in range(_ATTEMPTS):
            keyed = _Keyed(self, value, family=family, namespace=namespace, attempt=attempt,
                           avoid=avoid, created=created)
            candidate = shapes.make(entity, value, keyed)
            if candidate is None:
                return None
            if self._free(candidate, value, namespace, avoid):
                return candidate
        raise VaultError(f"no free pseudonym for a {entity} value after {_ATTEMPTS} attempts")

    def _free(self, candidate: str, value: str, namespace: str, avoid: Container[str] | None) -> bool:
        """Free: not the value itself, no alias, no other value's pseudonym, no real value of the
        data (`avoid`). Values merely met before do not count, or what a caller sees would depend
        on the order of calls."""
        if candidate == value or candidate in self._alias_reverse:
            return False
        other = self._reverse.get((namespace, candidate))
        if other is not None and other.real != value:
            return False
        return avoid is None or candidate not in avoid

    def _insert(self, entry: Entry, family: str) -> None:
        self._forward[(entry.namespace, family, entry.real)] = entry
        self._reverse[(entry.namespace, entry.pseudonym)] = entry
        if family in NAME_FAMILIES:
            self._names.setdefault(entry.namespace, {})[entry.real] = entry.entity
            self.names_version += 1
            if " " in entry.real:
                self.max_name_words = max(self.max_name_words, min(entry.real.count(" ") + 1, 6))

    def _prf(self, namespace: str, label: str) -> bytes:
        key = (namespace, label)
        found = self._prf_cache.get(key)
        if found is None:
            if len(self._prf_cache) > _PRF_CACHE:
                self._prf_cache.clear()
            found = hmac.digest(self._k_prefix, f"{namespace}\x1f{label}".encode(), "sha256")
            self._prf_cache[key] = found
        return found

    def keeps(self, value: str, entity: str, namespace: str = "global", *,
              avoid: Container[str] | None = None) -> bool:
        """Whether `tokenize` would hand `value` back unchanged (it identifies nothing), decided
        without keeping a pseudonym: asking must leave no trace, or `stats()` would count the
        real values a caller merely typed (an invented one makes no entry)."""
        found = self.lookup(value, entity, namespace)
        if found is not None:
            return found == value
        created: list[Entry] = []
        with self._lock:
            out = self._tokenize_locked(value, entity, namespace, avoid, created)
            for entry in created:
                self._forward.pop((entry.namespace, family_of(entry.entity), entry.real), None)
                self._reverse.pop((entry.namespace, entry.pseudonym), None)
                self._names.get(entry.namespace, {}).pop(entry.real, None)
        return out == value

    def lookup(self, value: str, entity: str, namespace: str = "global") -> str | None:
        """The pseudonym `value` already has, or None; never creates one."""
        found = self._forward.get((namespace, family_of(entity), value))
        return found.pseudonym if found is not None else self._aliases.get(value)

    def hash(self, value: str, entity: str) -> str:
        """`<entity>:<12hex>`, keyed: the same value hashes alike, nobody can reverse it."""
        digest = hmac.digest(self._k_hash, f"{entity}\x1f{value}".encode("utf-8", "surrogatepass"),
                             "sha256")
        return f"{entity}:{digest.hex()[:12]}"

    def names(self, namespace: str = "global") -> Mapping[str, str]:
        """Real names (resources, people, datasets, tags...) pseudonymized in `namespace`."""
        return self._names.get(namespace, {})

    # ------------------------------------------------------------------ reverse

    def entry(self, pseudonym: str, namespace: str = "global") -> Entry | None:
        """The mapping behind a pseudonym or alias of `namespace` (issued here or derivable from
        the data), or None."""
        found = self._reverse.get((namespace, pseudonym)) or self._alias_reverse.get(pseudonym)
        if found is None and self._source is not None and 7 <= len(pseudonym) <= 4096:
            found = self._derived(pseudonym, namespace)
        if found is not None:
            found.last_used = time.time()
        return found

    # ------------------------------------------------------------------ derived reverse maps

    def derive_from(self, source: Source, shape: derive.Shape | None = None) -> None:
        """Resolve pseudonyms of the values `source()` lists even when this process never issued
        them (a second server, yesterday's notebook, a chained `cloudg-lab call`); `shape`
        tells which of its names and ids the output side pseudonymizes by their own shape (an
        id that is a host name), so those are found too."""
        self._source, self._shape = source, shape

    def prepare(self, namespace: str = "global") -> None:
        """Build the cheap tier of `namespace`'s derived index now (at load) instead of on the
        first resolution."""
        if self._source is not None:
            self._digest_index(namespace, self._source())

    def _digest_index(self, namespace: str,
                      known: Mapping[str, str]) -> derive.DigestIndex:
        built = self._digests.get(namespace)
        if built is None or built[0] is not known:
            with self._lock:
                built = self._digests.get(namespace)
                if built is None or built[0] is not known:
                    index = derive.digest_index(self._k_token, namespace, derive.candidates(known))
                    built = self._digests[namespace] = (known, index)
        return built[1]

    def _full_index(self, namespace: str, known: Mapping[str, str]) -> dict[str, derive.Candidate]:
        built = self._full.get(namespace)
        if built is None or built[0] is not known:
            with self._lock:
                index: dict[str, derive.Candidate] = {}
                pairs = chain(derive.candidates(known), () if self._shape is None else
                              derive.shaped(known, self._shape))
                for value, entity in pairs:
                    if family_of(entity) in derive.ALWAYS_LABELLED:
                        continue
                    pseudonym = self._choose(value, entity, namespace, known, [])
                    if pseudonym is not None:
                        index.setdefault(pseudonym, (value, entity))
                built = self._full[namespace] = (known, index)
        return built[1]

    def _derived(self, pseudonym: str, namespace: str) -> Entry | None:
        """The entry for a pseudonym of the data's values, made the way `tokenize` makes it; a
        candidate whose pseudonym turns out different (a digest-prefix clash) is not taken."""
        assert self._source is not None
        known = self._source()
        if not known:
            return None
        shape = derive.labelled(pseudonym)
        if shape is not None:  # `<label>-<hex>`: most likely a name's, found by its digest
            found = self._confirmed(pseudonym, namespace, known, derive.candidates_at(
                self._digest_index(namespace, known), derive.index_key(shape)))
            if found is not None:
                return found
        # any other shape, or a detector's entity, which may look labelled (`oci-ocid-<hex>`)
        hit = self._full_index(namespace, known).get(pseudonym)
        return None if hit is None else self._confirmed(pseudonym, namespace, known, [hit])

    def _confirmed(self, pseudonym: str, namespace: str, known: Mapping[str, str],
                   found: list[derive.Candidate]) -> Entry | None:
        """The entry of the first candidate whose pseudonym, made the way `tokenize` makes it,
        is `pseudonym` (a digest-prefix clash is not taken)."""
        for value, entity in found:
            with self._lock:
                if self._choose(value, entity, namespace, known, []) != pseudonym:
                    continue
            self.tokenize(value, entity, namespace, avoid=known)
            return self._reverse.get((namespace, pseudonym))
        return None

    def detokenize(self, pseudonym: str, namespace: str = "global") -> str | None:
        """The real value of a pseudonym (or alias) issued in `namespace`, else None."""
        found = self.entry(pseudonym, namespace)
        return found.real if found is not None else None

    def is_issued(self, value: str, namespace: str = "global") -> bool:
        """True when `value` is a pseudonym or alias this vault handed out in `namespace`."""
        return (namespace, value) in self._reverse or value in self._alias_reverse

    def reverse_spans(self, value: str, namespace: str = "global") -> list[tuple[int, int, Entry]]:
        """Pseudonyms and aliases of `namespace` found inside `value`, as non-overlapping spans."""
        return text.find(value, lambda token: self.entry(token, namespace))

    def detokenize_text(self, value: str, namespace: str = "global") -> str:
        """`value` with every pseudonym of `namespace` inside it replaced by its real value."""
        spans = self.reverse_spans(value, namespace)
        return text.replace(value, [(s, e, entry.real) for s, e, entry in spans])

    # ------------------------------------------------------------------ aliases

    def set_alias(self, real: str, alias: str, entity: str = "alias") -> None:
        """A fixed friendly name for `real` in every namespace, reversed like a pseudonym.

        Raises:
            VaultError: when the alias is already another value's alias or pseudonym.
        """
        with self._lock:
            other = self._alias_reverse.get(alias)
            if other is not None and other.real != real:
                raise VaultError(f"alias {alias!r} is already used for another value")
            if any(p == alias for (_, p) in self._reverse):
                raise VaultError(f"alias {alias!r} collides with a pseudonym")
            if other is None:
                now = time.time()
                self._aliases[real] = alias
                self._alias_reverse[alias] = Entry("alias", entity, real, alias, now, now)

    # ------------------------------------------------------------------ listing

    def mappings(self, *, reveal: bool = False, namespace: str | None = None) -> list[dict[str, object]]:
        """Rows for the vault widget; `real` is masked unless the viewer may reveal."""
        with self._lock:
            entries = [e for e in self._reverse.values()
                       if namespace is None or e.namespace == namespace]
        entries.sort(key=lambda e: e.created)
        return [{"pseudonym": e.pseudonym, "entity": e.entity, "namespace": e.namespace,
                 "created": e.created, "last_used": e.last_used,
                 "real": e.real if reveal else MASK} for e in entries]

    def stats(self) -> dict[str, object]:
        """Counts and settings; never a real value or the key."""
        with self._lock:
            entries = list(self._reverse.values())
        namespaces: dict[str, int] = {}
        entities: dict[str, int] = {}
        for e in entries:
            namespaces[e.namespace] = namespaces.get(e.namespace, 0) + 1
            entities[e.entity] = entities.get(e.entity, 0) + 1
        return {"entries": len(entries), "namespaces": namespaces, "entities": entities,
                "aliases": len(self._aliases), "key_id": self.key_id, "key_source": self.key_source,
                "persistent": self.path is not None, "path": str(self.path) if self.path else None,
                "encrypted": self.encrypt, "autosave": self.autosave}

    def __len__(self) -> int:
        return len(self._reverse)

    # ------------------------------------------------------------------ export, import, clear

    def export(self) -> dict[str, object]:
        """Every mapping, real values included: handle it like the key itself."""
        with self._lock:
            rows = [[e.namespace, e.entity, e.real, e.pseudonym, e.created, e.last_used]
                    for e in self._reverse.values()]
        return {"format": FORMAT, "key_id": self.key_id, "entries": rows}

    def import_(self, data: Mapping[str, object], *, allow_other_key: bool = False) -> int:
        """Add exported mappings; rows that contradict existing ones are skipped. Returns the count.

        Raises:
            VaultError: for another format, or another key unless `allow_other_key`.
        """
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise VaultError(f"not a vault export (format {FORMAT} expected)")
        if data.get("key_id") != self.key_id and not allow_other_key:
            raise VaultError(f"the export was made with another key (key id {data.get('key_id')}); "
                             f"this vault's key id is {self.key_id}")
        added = self._import_rows(data.get("entries") or [])
        self._notify({"event": "imported", "count": added})
        if added:
            self._mark_dirty()
        return added

    def _import_rows(self, rows: object) -> int:
        added = 0
        with self._lock:
            for row in rows if isinstance(rows, list) else []:
                if not (isinstance(row, list | tuple) and len(row) == 6
                        and all(isinstance(x, str) for x in row[:4])):
                    continue
                ns, entity, real, pseudonym = row[:4]
                family = family_of(entity)
                if (ns, family, real) in self._forward or (ns, pseudonym) in self._reverse:
                    continue
                created, used = (float(x) if isinstance(x, int | float) else time.time()
                                 for x in row[4:])
                self._insert(Entry(ns, entity, real, pseudonym, created, used), family)
                added += 1
            self.generation += 1
        return added

    def clear(self) -> None:
        """Forget every mapping (aliases too); pseudonyms handed out no longer resolve."""
        with self._lock:
            for table in (self._forward, self._reverse, self._names, self._aliases,
                          self._alias_reverse):
                table.clear()
            self._digests.clear()
            self._full.clear()
            self.generation += 1
        self._notify({"event": "cleared"})
        self._mark_dirty()

    # ------------------------------------------------------------------ observers

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(event)` on every change (`added`, `imported`, `cleared`, `saved`)."""
        return self._listeners.add(listener)

    def _notify(self, event: dict[str, object]) -> None:
        self._listeners.notify(event)

    def _changed(self, created: list[Entry]) -> None:
        if not created:
            return
        if self._listeners:
            for e in created:
                self._notify({"event": "added", "namespace": e.namespace, "entity": e.entity,
                              "pseudonym": e.pseudonym})
        self._mark_dirty()

    # ------------------------------------------------------------------ persistence

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the vault (encrypted unless `encrypt` is off) atomically; None without a path.

        Raises:
            OSError: when the file cannot be written; the previous file is left as it was.
        """
        target = Path(path).expanduser() if path else self.path
        if target is None:
            return None
        payload = self.export()
        data = vault_file.encode(payload, file_key=self._k_file if self.encrypt else None,
                                 key_id=self.key_id)
        vault_file.write_atomic(target, data)
        if target == self.path and self._schedule is not None:
            self._schedule.saved()
        entries = payload["entries"]
        self._notify({"event": "saved", "entries": len(entries) if isinstance(entries, list) else 0})
        return target

    def _load(self, path: Path) -> None:
        payload = vault_file.decode(path.read_bytes(), file_key=self._k_file, key_id=self.key_id,
                                    where=str(path))
        self._import_rows(payload.get("entries") or [])

    def _mark_dirty(self) -> None:
        if self._schedule is not None:
            self._schedule.changed()
