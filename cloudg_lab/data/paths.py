"""Where the `load_dataset` tool may read: the allowed roots, symlinks resolved.

Paths the local user types (the constructor, `--dataset`, `%mcp load`) are trusted and skip this
check; a path a client or a model sends is confined to the roots, so a symlink planted inside a
root cannot lead outside it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from cloudg_lab.errors import AccessDeniedError, InvalidArgumentsError

ROOTS_ENV = "CLOUDG_LAB_ALLOWED_ROOTS"


def allowed_roots(explicit: Sequence[str | Path] | None = None) -> tuple[Path, ...]:
    """The constructor's roots, else `$CLOUDG_LAB_ALLOWED_ROOTS` (os.pathsep separated), else the
    working directory; each resolved, so a symlinked root is compared by where it points."""
    if explicit is not None:
        raw: list[str | Path] = list(explicit)
    else:
        env = os.environ.get(ROOTS_ENV, "")
        raw = [p for p in env.split(os.pathsep) if p.strip()] or [Path.cwd()]
    return tuple(dict.fromkeys(Path(p).expanduser().resolve() for p in raw))


def check_path(path: str, roots: Sequence[Path]) -> Path:
    """`path` resolved (relative paths against the first root) if it lies inside a root.

    Raises:
        InvalidArgumentsError: for an empty path or one with a NUL byte.
        AccessDeniedError: -31001 when the resolved path is outside every root.
    """
    if not path or not path.strip() or "\x00" in path:
        raise InvalidArgumentsError("Path must be a non-empty file or directory path",
                                    {"allowed_roots": [str(r) for r in roots]})
    candidate = Path(path).expanduser()
    if not candidate.is_absolute():
        if not roots:
            raise AccessDeniedError("No allowed roots are configured for loading files", {"path": path})
        candidate = roots[0] / candidate
    resolved = candidate.resolve()
    if not any(resolved.is_relative_to(root) for root in roots):
        raise AccessDeniedError("Path is outside the allowed roots",
                                {"path": path, "allowed_roots": [str(r) for r in roots]})
    return resolved
