"""The vault on disk: AES-GCM encrypted, written atomically, readable only by its owner.

A save writes a temporary file in the same directory (created 0600), fsyncs it, renames it over
the old file and fsyncs the directory, so a crash at any moment leaves either the previous vault
or the new one, never half of one. A file written with another key is refused with one clear
error and left untouched.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import json
import logging
import os
import threading
import weakref
from collections.abc import Callable
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from cloudg_lab.files import atomic_path

FORMAT = "cloudg-lab-vault/1"
AUTOSAVE_DELAY = 0.5
"""Seconds after a change before an autosaving vault writes (changes in between share a write)."""
_log = logging.getLogger("cloudg_lab.privacy")


class VaultError(ValueError):
    """A vault file that cannot be used: another key, tampered, or not a vault file."""


def _aad(key_id: str) -> bytes:
    return f"{FORMAT}:{key_id}".encode()


def encode(payload: dict[str, object], *, file_key: bytes | None, key_id: str) -> bytes:
    """The file's bytes: the payload encrypted with `file_key`, or plain JSON when it is None."""
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8",
                                                                                 "surrogatepass")
    if file_key is None:
        doc: dict[str, object] = {"format": FORMAT, "key_id": key_id, "encrypted": False,
                               "payload": payload}
        return json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")
    nonce = os.urandom(12)
    sealed = AESGCM(file_key).encrypt(nonce, body, _aad(key_id))
    doc = {"format": FORMAT, "key_id": key_id, "encrypted": True,
           "nonce": base64.b64encode(nonce).decode("ascii"),
           "data": base64.b64encode(sealed).decode("ascii")}
    return json.dumps(doc).encode("ascii")


def decode(raw: bytes, *, file_key: bytes, key_id: str, where: str) -> dict[str, object]:
    """The payload of a vault file.

    Raises:
        VaultError: when the file is not a vault, was written with another key, or fails
            authentication.
    """
    try:
        doc = json.loads(raw.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError):
        raise VaultError(f"Vault file {where} is not a cloudg_lab vault (not JSON)") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise VaultError(f"Vault file {where} is not a cloudg_lab vault (format {FORMAT} expected)")
    if doc.get("key_id") != key_id:
        raise VaultError(f"Vault file {where} was written with another key (key id "
                         f"{doc.get('key_id')}); the current key has id {key_id}. Use the same "
                         "vault key, or move the file away to start a new vault.")
    if not doc.get("encrypted"):
        payload = doc.get("payload")
        if not isinstance(payload, dict):
            raise VaultError(f"Vault file {where} has no payload")
        return payload
    try:
        nonce = base64.b64decode(doc["nonce"])
        sealed = base64.b64decode(doc["data"])
        body = AESGCM(file_key).decrypt(nonce, sealed, _aad(key_id))
    except (KeyError, TypeError, ValueError, InvalidTag):
        raise VaultError(f"Vault file {where} failed authentication: it was changed after it was "
                         "written, or is damaged") from None
    payload = json.loads(body.decode("utf-8", "surrogatepass"))
    if not isinstance(payload, dict):
        raise VaultError(f"Vault file {where} has no payload")
    return payload


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash leaves the old or the new file, mode 0600.

    Raises:
        OSError: when the directory cannot be written (the old file is then untouched).
    """
    with atomic_path(path, mode=0o600) as temp:
        temp.write_bytes(data)
    with contextlib.suppress(OSError):  # the rename itself survives a crash only once the
        dir_fd = os.open(path.parent, os.O_RDONLY)  # directory is on disk too
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


class SaveSchedule:
    """When a persistent vault writes itself: soon after changes (autosave) and at exit.

    It holds the vault's `save` weakly, so neither the timer nor `atexit` keeps a vault alive.
    """

    def __init__(self, save: Callable[[], object], *, autosave: bool, where: str) -> None:
        self._save = weakref.WeakMethod(save)
        self.autosave, self.where = autosave, where
        self.dirty = False
        self._timer: threading.Timer | None = None
        atexit.register(_flush_at_exit, weakref.ref(self))

    def changed(self) -> None:
        self.dirty = True
        if self.autosave and self._timer is None:
            self._timer = threading.Timer(AUTOSAVE_DELAY, self.flush)
            self._timer.daemon = True
            self._timer.start()

    def saved(self) -> None:
        self.dirty = False

    def flush(self) -> None:
        """Write now if anything changed since the last save; failures are logged."""
        self._timer = None
        save = self._save()
        if self.dirty and save is not None:
            try:
                save()
            except OSError:
                _log.exception("saving the vault to %s failed", self.where)


def _flush_at_exit(ref: weakref.ref[SaveSchedule]) -> None:
    schedule = ref()
    if schedule is not None:
        schedule.flush()
