"""Reading `inventory-map.json` (and a sibling `findings.json`) into an `Inventory`.

Each file is read once into one buffer (checked to be UTF-8 on the way, chunk by chunk, so the
progress bar moves) and decoded by msgspec: the top level into the source text of each member,
then the records into typed Structs (`records`) and into the source text of each record, which
point into the buffer instead of copying it. The columns (`columns`) come from the Structs; the
answers that return whole records decode their source text when asked. Nothing of a bad file
survives: the first problem raises one `InventoryFormatError` naming the file, the JSON path and
what was expected, and the caller's workspace never sees a half-built inventory.
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import msgspec

from cloudg_lab.data import columns
from cloudg_lab.data.errors import InventoryFormatError, describe, invalid, line_column, malformed
from cloudg_lab.data.inventory import Inventory
from cloudg_lab.data.records import (
    STRICT_ASSET,
    STRICT_FINDING,
    TOLERANT_ASSET,
    TOLERANT_FINDING,
    Compliance,
    Edge,
)
from cloudg_lab.errors import InvalidArgumentsError, NotFoundError

INVENTORY_FILE = "inventory-map.json"
FINDINGS_FILE = "findings.json"
MAX_BYTES_ENV = "CLOUDG_LAB_MAX_DATASET_BYTES"
DEFAULT_MAX_BYTES = 1 << 30
CHUNK = 1 << 22
"""Bytes read (and checked to be UTF-8) at a time."""
BATCH = 1024
"""Records decoded into Structs at a time. Each batch is copied out of the file's buffer into
one text for msgspec: 8192 records were 8 MB of copy and Structs alive at once, which the C
allocator kept resident after the batch was freed (a 10k-asset load peaked at 3x the files'
size, 2.3x with 1024); smaller batches decode no slower."""
LoadProgress = Callable[[int, int], None]
"""`(bytes read, file size in bytes)`, called after each chunk; notebooks draw a bar."""
Members = dict[str, msgspec.Raw]
T = TypeVar("T")
_TOP = msgspec.json.Decoder(Members)
_RAWS = msgspec.json.Decoder(list[msgspec.Raw])
_ANY = msgspec.json.Decoder()
_BOM = codecs.BOM_UTF8
_SHAPES = {"providers": list, "regions": dict, "unresolved_references": list, "summary": dict}
SECTIONS = frozenset({"assets", "edges", "findings", "compliance", *_SHAPES})
"""Top-level members an error path may name (other keys are the data's, never quoted)."""


def inventory_file(path: str | Path) -> Path:
    """The inventory file `path` names: the file itself, or `inventory-map.json` in a directory.

    Raises:
        NotFoundError: when nothing is there.
    """
    target = Path(path).expanduser()
    if target.is_dir():
        inner = target / INVENTORY_FILE
        if not inner.is_file():
            raise NotFoundError(f"{target.name or target}: directory holds no {INVENTORY_FILE}",
                                {"path": str(target), "expected": INVENTORY_FILE})
        return inner
    if not target.is_file():
        what = "not a regular file" if target.exists() else "no such file"
        raise NotFoundError(f"{target.name or target}: {what}", {"path": str(target)})
    return target


def max_bytes() -> int:
    """The size limit: `$CLOUDG_LAB_MAX_DATASET_BYTES`, else 1 GiB."""
    text = os.environ.get(MAX_BYTES_ENV, "")
    return int(text) if text.isdigit() and int(text) > 0 else DEFAULT_MAX_BYTES


def load_inventory(path: str | Path, *, progress: LoadProgress | None = None,
                   limit: int | None = None) -> Inventory:
    """Load an inventory file (or directory) and its sibling `findings.json`.

    Raises:
        NotFoundError: when the file does not exist.
        InvalidArgumentsError: when a file is larger than the limit or unreadable.
        InventoryFormatError: naming the file, JSON path and expectation for a malformed file.
    """
    file = inventory_file(path)
    inventory = Inventory(file=str(file))
    _read_inventory(_Document(file, read(file, progress, limit)), inventory)
    findings = file.with_name(FINDINGS_FILE)
    if findings.is_file():
        inventory.findings_file = str(findings)
        _read_findings(_Document(findings, read(findings, progress, limit)), inventory)
    return inventory


def read(file: Path, progress: LoadProgress | None = None, limit: int | None = None) -> bytearray:
    """The file's bytes, checked to be UTF-8 (a byte order mark becomes blanks).

    Raises:
        InvalidArgumentsError: over the size limit, or unreadable.
        InventoryFormatError: for bytes that are not UTF-8.
    """
    cap = limit or max_bytes()
    try:
        size = file.stat().st_size
        if size > cap:
            raise InvalidArgumentsError(
                f"{file.name}: file is {_size(size)}, over the {_size(cap)} limit "
                f"(set {MAX_BYTES_ENV} to raise it)", {"file": str(file), "bytes": size, "limit": cap})
        buf = bytearray(size)
        with file.open("rb") as fh:
            done = _fill(fh, buf, file, progress)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InvalidArgumentsError(f"{file.name}: cannot read the file ({reason})",
                                    {"file": str(file), "reason": reason}) from None
    del buf[done:]  # the file shrank while we read it
    if buf.startswith(_BOM):
        buf[:len(_BOM)] = b"   "
    return buf


def _fill(fh: io.BufferedIOBase, buf: bytearray, file: Path, progress: LoadProgress | None) -> int:
    view, done = memoryview(buf), 0
    check = codecs.getincrementaldecoder("utf-8")()
    try:
        while done < len(buf):
            got = fh.readinto(view[done:done + CHUNK])
            if not got:
                break
            check.decode(view[done:done + got], final=done + got == len(buf))
            done += got
            if progress is not None:
                progress(done, len(buf))
    except UnicodeDecodeError as exc:
        where = line_column(buf, done + exc.start)
        raise InventoryFormatError(str(file), "$", f"not UTF-8 text ({exc.reason}) at {where}") \
            from None
    finally:
        view.release()
    return done


def _size(n: int) -> str:
    return f"{n / (1 << 30):.1f} GB" if n >= 1 << 30 else f"{n / (1 << 20):.1f} MB"


class _Document:
    """One file's buffer and the decoding of its parts, every error naming the file."""

    def __init__(self, file: Path, buf: bytearray) -> None:
        self.file = str(file)
        self.buf = buf

    def fail(self, where: str, problem: str) -> InventoryFormatError:
        return InventoryFormatError(self.file, where, problem)

    def members(self) -> Members:
        if not self.buf.strip():
            raise self.fail("$", "file is empty")
        return self.decode(_TOP, self.buf, "$")

    def decode(self, decoder: msgspec.json.Decoder[T], data: bytes | bytearray | memoryview,
               where: str) -> T:
        try:
            return decoder.decode(data)
        except msgspec.ValidationError as exc:
            raise invalid(self.file, where, exc) from None
        except msgspec.DecodeError as exc:  # the first pass over the buffer meets every one
            raise malformed(self.file, self.buf, exc, SECTIONS) from None

    def batches(self, raws: list[msgspec.Raw], where: str, strict: type[T],
                tolerant: type[T] | None = None) -> Iterator[tuple[int, list[T]]]:
        """(first row, records) of `raws` decoded as `strict`, else as `tolerant` (numbers as
        text), `BATCH` at a time: the Structs of one batch are alive at once, not the file's."""
        for start in range(0, len(raws), BATCH):
            batch = raws[start:start + BATCH]
            data = b"[" + b",".join(batch) + b"]"
            try:
                yield start, msgspec.json.decode(data, type=list[strict])  # type: ignore[valid-type]
                continue
            except msgspec.ValidationError as exc:
                error = invalid(self.file, where, exc, start)
            if tolerant is not None:
                try:
                    yield start, msgspec.json.decode(data, type=list[tolerant])  # type: ignore[valid-type]
                    continue
                except msgspec.ValidationError as exc:
                    error = invalid(self.file, where, exc, start)
            raise columns.tag_error(self, raws, error) or error

    def raws(self, data: msgspec.Raw, where: str) -> list[msgspec.Raw]:
        """The source text of each element of the array `data`."""
        return self.decode(_RAWS, data, where)


def _read_inventory(doc: _Document, inv: Inventory) -> None:
    top = doc.members()
    raws = {key: doc.raws(top[key], f"$.{key}") for key in ("assets", "edges") if key in top}
    missing = [k for k in ("assets", "edges") if k not in top]
    if missing or not top.keys() & {"unresolved_references", "regions"}:
        need = ", ".join(missing + ([] if top.keys() & {"unresolved_references", "regions"}
                                    else ["unresolved_references or regions"]))
        raise doc.fail("$", f"not an inventory: missing member {need}")
    for key, raw in top.items():
        if key not in ("assets", "edges"):
            inv.top[key] = value = _ANY.decode(raw)
            kind = _SHAPES.get(key)
            if kind is not None and value is not None and not isinstance(value, kind):
                what = "an array" if kind is list else "an object"
                raise doc.fail(f"$.{key}", f"expected {what}, found {describe(value)}")
    inv.raw = raws["assets"]
    for start, assets in doc.batches(inv.raw, "$.assets", STRICT_ASSET, TOLERANT_ASSET):
        columns.add_assets(doc, inv, assets, start)
    inv.edge_raw = raws["edges"]
    for _, edges in doc.batches(inv.edge_raw, "$.edges", Edge):
        columns.add_edges(doc, inv, edges)


def _read_findings(doc: _Document, inv: Inventory) -> None:
    top = doc.members()
    if "findings" not in top:
        raise doc.fail("$", "not a findings file: missing member findings")
    inv.finding_raw = doc.raws(top["findings"], "$.findings")
    for start, findings in doc.batches(inv.finding_raw, "$.findings", STRICT_FINDING, TOLERANT_FINDING):
        columns.add_findings(doc, inv, findings, start)
    if "compliance" in top:
        results = doc.raws(top["compliance"], "$.compliance")
        for start, checked in doc.batches(results, "$.compliance", Compliance):
            columns.add_compliance(doc, inv, checked, [_ANY.decode(r) for r in results[start:start + BATCH]],
                                   start)
