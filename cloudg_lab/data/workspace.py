"""The workspace: named datasets, one of them active, and a version that moves on every change.

Tools read datasets from here; cursors and caches key on `version` (and each dataset's own
`version` and per-load `instance`), so a reload or an unload makes every cursor issued before it
stale. Listeners (`on_change`) let caches and widgets react without polling. A load parses the
file completely before touching the workspace, so a bad file leaves it exactly as it was.

The datasets are shared, the choice of the active one is not: every principal (an `owner`) keeps
its own, and falls back to the shared default (what the local user chose) until it picks one, so
one caller's `select_dataset` or `load_dataset` never changes what another one sees.
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Protocol, TypedDict, Unpack

from cloudg_lab.data import paths
from cloudg_lab.data.identifiers import MIN_LENGTH, identifiers, known_identifiers
from cloudg_lab.data.inventory import Inventory, Records
from cloudg_lab.data.loader import INVENTORY_FILE, LoadProgress, load_inventory
from cloudg_lab.errors import InvalidArgumentsError, NoDatasetError
from cloudg_lab.observers import Listeners
from cloudg_lab.types import Principal, identifier_pattern

NAME_PATTERN = identifier_pattern(64)
"""Dataset names."""
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")
MAX_DATASETS = 16
Listener = Callable[[str, str], None]
"""`listener(event, dataset)`; events: loaded, replaced, selected, unloaded."""



class LoadOptions(TypedDict, total=False):
    """The keyword options of `Workspace.load` a `WorkspaceView` passes on (the owner is its own)."""

    replace: bool
    activate: bool
    restricted: bool
    progress: LoadProgress | None
    commit: AbstractContextManager[object] | None


@dataclass(eq=False)
class Dataset:
    """One loaded inventory under a name; replaced whole on reload, never mutated."""

    name: str
    inventory: Inventory
    source: str
    loaded_at: str
    version: int
    """The workspace version this load created."""
    instance: str = field(default_factory=lambda: secrets.token_hex(6))
    """Differs between two loads of the same file, so cursors never cross a reload."""

    @cached_property
    def providers(self) -> list[str]:
        return sorted(set(self.inventory.providers))

    sensitive: Mapping[str, str] | None = None
    """What the workspace's classifier found at load (None: no classifier)."""

    @cached_property
    def identifiers(self) -> Mapping[str, str]:
        """Real identifiers (and, when classified, every sensitive value) → entity type."""
        return self.sensitive if self.sensitive is not None else own_identifiers(self.name,
                                                                                 self.inventory)

    def info(self) -> dict[str, object]:
        inv = self.inventory
        return {"name": self.name, "source": self.source, "loaded_at": self.loaded_at,
                "version": self.version, "providers": self.providers, "assets": inv.asset_count,
                "edges": inv.edge_count, "findings": inv.finding_count,
                "compliance_results": len(inv.compliance)}


def own_identifiers(name: str, inventory: Inventory) -> dict[str, str]:
    """Real identifiers of a dataset, its own name included → entity type."""
    return _named(name, identifiers(inventory))


def _named(name: str, known: dict[str, str]) -> dict[str, str]:
    """`known` (its own: updated, not copied) with the dataset's name."""
    if len(name) >= MIN_LENGTH:
        known[name] = "dataset_name"
    return known


class Classifier(Protocol):
    """What the privacy side makes of a dataset at load (the workspace knows no detector)."""

    def dataset(self, assets: Records, edges: Records, findings: Records,
                identifiers: Mapping[str, str],
                of_shape: Mapping[str, Collection[str]] | None = None) -> Mapping[str, str]:
        """value → entity of every sensitive value of the records (their JSON texts: msgspec.Raw
        views into the files' bytes, and the loader's columns of some members); `of_shape`:
        the ARN column's values by the entity of `identifiers` their shape gave them."""
        ...

    def combine(self, parts: Sequence[Mapping[str, str]]) -> Mapping[str, str]:
        """One mapping for several loaded datasets."""
        ...


class Workspace:
    """Datasets by name (`^[A-Za-z0-9_.-]{1,64}$`), at most `max_datasets`, one active."""

    def __init__(self, allowed_roots: Sequence[str | Path] | None = None, *,
                 max_datasets: int = MAX_DATASETS, classifier: Classifier | None = None) -> None:
        self.allowed_roots = paths.allowed_roots(allowed_roots)
        self.max_datasets = max_datasets
        self.classifier = classifier
        self._datasets: dict[str, Dataset] = {}
        self._active: str | None = None
        self._chosen: dict[str, str] = {}
        self._version = 0
        self._lock = threading.RLock()
        self._listeners: Listeners[[str, str]] = Listeners("workspace")
        self._known: tuple[tuple[int, ...], Mapping[str, str]] = ((-1,), MappingProxyType({}))

    # ------------------------------------------------------------------ reading

    @property
    def version(self) -> int:
        return self._version

    @property
    def active_name(self) -> str | None:
        """The shared default: the local user's choice, and every other owner's until it picks."""
        return self._active

    def active_for(self, owner: str | None) -> str | None:
        """`owner`'s own active dataset, else the shared default (`owner` None: the default)."""
        if owner is not None:
            chosen = self._chosen.get(owner)
            if chosen is not None:
                return chosen
        return self._active

    def view(self, principal: Principal) -> WorkspaceView:
        """This workspace as `principal` sees and changes it; the local user owns the default."""
        return WorkspaceView(self, None if principal == Principal.local() else principal.id)

    def names(self) -> list[str]:
        return list(self._datasets)

    def datasets(self) -> list[Dataset]:
        return list(self._datasets.values())

    def get(self, name: str | None = None, *, owner: str | None = None) -> Dataset:
        """The named dataset, or `owner`'s active one for None or "".

        Raises:
            NoDatasetError: when nothing is loaded or the name is unknown (data: `datasets`).
        """
        with self._lock:
            key = name or self.active_for(owner)
            if key is None:
                raise NoDatasetError("No dataset is loaded; load one with load_dataset first",
                                     {"datasets": []})
            found = self._datasets.get(key)
            if found is None:
                raise NoDatasetError("Unknown dataset; see list_datasets for the loaded names",
                                     {"dataset": key, "datasets": self.names()})
            return found

    def status(self, owner: str | None = None) -> dict[str, object]:
        """Loaded datasets, `owner`'s active one and the roots `load_dataset` may read from."""
        with self._lock:
            active = self.active_for(owner)
            return {"active_dataset": active, "version": self._version,
                    "datasets": [dict(d.info(), active=d.name == active)
                                 for d in self._datasets.values()],
                    "allowed_roots": [str(r) for r in self.allowed_roots]}

    def known_identifiers(self) -> Mapping[str, str]:
        """Every real identifier of the loaded datasets → entity type; the same object until the
        loaded data changes (selecting another dataset keeps it), so derived indexes keyed on it
        are rebuilt only when they must be."""
        stamp, known = self._known
        if stamp == self._data_stamp():
            return known
        with self._lock:
            stamp = self._data_stamp()
            loaded = list(self._datasets.values())
            if len(loaded) == 1:
                known = _read_only(loaded[0].identifiers)  # no copy for the common case
            elif self.classifier is not None:
                known = self.classifier.combine([d.identifiers for d in loaded])
            else:
                merged: dict[str, str] = {}
                for dataset in loaded:
                    merged.update(dataset.identifiers)
                known = MappingProxyType(merged)
            self._known = (stamp, known)
            return known

    def _data_stamp(self) -> tuple[int, ...]:
        return tuple(d.version for d in self._datasets.values())

    # ------------------------------------------------------------------ changing

    def check_path(self, path: str) -> Path:
        """`path` resolved inside the allowed roots (for paths a client sends).

        Raises:
            AccessDeniedError: -31001 when it lies outside every root.
        """
        return paths.check_path(path, self.allowed_roots)

    def load(self, path: str | Path, name: str | None = None, *, replace: bool = False,
             activate: bool = True, restricted: bool = False, owner: str | None = None,
             progress: LoadProgress | None = None,
             commit: AbstractContextManager[object] | None = None) -> Dataset:
        """Load an inventory file or directory under `name` (default: derived from the path).

        `restricted=True` is for paths a client sent: they must lie inside the allowed roots.
        `activate` makes it `owner`'s active dataset (the default's for None, which also takes
        the first dataset ever loaded). `commit` is entered around the registration and may
        raise to stop it: a cancelled call's guard, so a cancelled load never becomes a dataset.

        Raises:
            AccessDeniedError: a restricted path outside the allowed roots.
            InvalidArgumentsError: a bad name, a taken name without `replace` (data `existing`,
                `suggested`), a full workspace, or a malformed file (`InventoryFormatError`).
            NotFoundError: when the file does not exist.
        """
        target = self.check_path(str(path)) if restricted else Path(path).expanduser()
        chosen = self._check_name(name) if name else derive_name(Path(path), fallback=target)
        self._check_free(chosen, replace)
        inventory = load_inventory(target, progress=progress)
        sensitive = self._classify(chosen, inventory)
        with self._lock, commit or nullcontext():
            self._check_free(chosen, replace)
            replaced = chosen in self._datasets
            self._version += 1
            dataset = Dataset(name=chosen, inventory=inventory, source=inventory.file,
                              loaded_at=_now(), version=self._version, sensitive=sensitive)
            self._datasets[chosen] = dataset
            if activate:
                self._activate(chosen, owner)
            elif self._active is None and owner is None:
                self._active = chosen
        self._notify("replaced" if replaced else "loaded", chosen)
        return dataset

    def _classify(self, name: str, inventory: Inventory) -> Mapping[str, str] | None:
        """Classified once, before the dataset is registered: a failure registers nothing."""
        if self.classifier is None:
            return None
        known = known_identifiers(inventory)  # the columns' values it holds are not handed over
        return self.classifier.dataset(*inventory.records(known.outside), _named(name, known.values),
                                       known.of_shape)

    def select(self, name: str, *, owner: str | None = None) -> Dataset:
        """Make `name` `owner`'s active dataset (the shared default's for None).

        Raises:
            NoDatasetError: for an unknown name.
        """
        with self._lock:
            dataset = self.get(self._check_name(name))
            if self.active_for(owner) == dataset.name and (owner is None or owner in self._chosen):
                return dataset
            self._activate(dataset.name, owner)
            self._version += 1
        self._notify("selected", dataset.name)
        return dataset

    def unload(self, name: str) -> Dataset:
        """Drop `name`. Owners that had chosen it fall back to the default; when it was the
        default, the most recently loaded remaining one becomes the default.

        Raises:
            NoDatasetError: for an unknown name.
        """
        with self._lock:
            dataset = self.get(self._check_name(name))
            del self._datasets[dataset.name]
            self._chosen = {o: n for o, n in self._chosen.items() if n != dataset.name}
            if self._active == dataset.name:
                self._active = next(reversed(self._datasets), None)
            self._version += 1
        self._notify("unloaded", dataset.name)
        return dataset

    def unique_name(self, base: str) -> str:
        """`base`, or `base-2`, `base-3`, ... whichever is free."""
        if base not in self._datasets:
            return base
        n = 2
        while f"{base[:60]}-{n}" in self._datasets:
            n += 1
        return f"{base[:60]}-{n}"

    def _activate(self, name: str, owner: str | None) -> None:
        if owner is None:
            self._active = name
        else:
            self._chosen[owner] = name

    # ------------------------------------------------------------------ listeners

    def on_change(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(event, dataset)` after every change; returns the unsubscribe function."""
        return self._listeners.add(listener)

    def _notify(self, event: str, name: str) -> None:
        self._listeners.notify(event, name)  # a broken listener cannot undo a completed change

    # ------------------------------------------------------------------ checks

    def _check_name(self, name: str) -> str:
        if not isinstance(name, str) or not NAME_PATTERN.match(name):
            raise InvalidArgumentsError("Dataset names are 1-64 characters of A-Z a-z 0-9 _ . -",
                                        {"pattern": NAME_PATTERN.pattern,
                                         "suggested": derive_name(Path(str(name)))})
        return name

    def _check_free(self, name: str, replace: bool) -> None:
        if name in self._datasets and not replace:
            raise InvalidArgumentsError("A dataset with this name is loaded; pass replace=true or "
                                        "choose another name",
                                        {"existing": name, "suggested": self.unique_name(name)})
        if name not in self._datasets and len(self._datasets) >= self.max_datasets:
            raise InvalidArgumentsError(f"The workspace holds {self.max_datasets} datasets; "
                                        "unload one first", {"datasets": self.names()})


def _read_only(mapping: Mapping[str, str]) -> Mapping[str, str]:
    return mapping if not isinstance(mapping, dict) else MappingProxyType(mapping)


class WorkspaceView:
    """The workspace as one owner (a principal id) sees it: what `ctx.workspace` hands tools.

    Reads and `select` use the owner's active dataset; loading and unloading change the shared
    datasets (the policy decides who may), activating a load for this owner only.
    """

    def __init__(self, workspace: Workspace, owner: str | None) -> None:
        self.workspace = workspace
        self.owner = owner

    @property
    def active_name(self) -> str | None:
        return self.workspace.active_for(self.owner)

    @property
    def version(self) -> int:
        return self.workspace.version

    def names(self) -> list[str]:
        return self.workspace.names()

    def get(self, name: str | None = None) -> Dataset:
        """As `Workspace.get` for this owner."""
        return self.workspace.get(name, owner=self.owner)

    def status(self) -> dict[str, object]:
        return self.workspace.status(self.owner)

    def select(self, name: str) -> Dataset:
        """As `Workspace.select` for this owner."""
        return self.workspace.select(name, owner=self.owner)

    def load(self, path: str | Path, name: str | None = None, **options: Unpack[LoadOptions]) -> Dataset:
        """As `Workspace.load`, activated for this owner."""
        return self.workspace.load(path, name, owner=self.owner, **options)

    def unload(self, name: str) -> Dataset:
        return self.workspace.unload(name)


def derive_name(path: Path, fallback: Path | None = None) -> str:
    """A dataset name from a path as the user wrote it (a symlink keeps its own name): the
    directory of an `inventory-map.json`, else the file stem; `fallback` (the resolved path) when
    that leaves nothing, as for `.` or a bare `inventory-map.json`."""
    base = path.parent.name if path.name == INVENTORY_FILE else (path.stem or path.name)
    cleaned = _UNSAFE.sub("-", base).strip("-.")[:64]
    if not cleaned and fallback is not None:
        return derive_name(fallback)
    return cleaned or "dataset"


def _now() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
