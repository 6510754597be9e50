"""Writing a file so that a crash leaves the old file or the new one, never half of either.

One writer for every file the package replaces (generated estates, exports, the vault file):
the data goes to a temporary file in the same directory, is flushed to disk, and is renamed
over the target; on any failure the temporary file is removed and the target is untouched.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def atomic_path(path: Path, *, mode: int | None = None) -> Iterator[Path]:
    """A fresh temporary path to write; it replaces `path` when the block ends without an error.

    Args:
        mode: permission bits for the new file (0o600 for secrets); default as `open` makes it.

    Raises:
        OSError: when the directory cannot be written (the old file is then untouched).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    try:
        temp.touch(exist_ok=False)
        if mode is not None:
            os.chmod(temp, mode)  # before any byte is written
        yield temp
        with temp.open("rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
