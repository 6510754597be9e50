"""Logging a failure without its message.

An exception's message can carry the very values the policy hides (a handler's
`KeyError('arn:aws:...')`, a parser quoting its input), and the server log must never hold them.
What helps an operator is where it failed: the exception type and the frames (file, line, code).
"""

from __future__ import annotations

import logging
import traceback


def log_failure(logger: logging.Logger, what: str, exc: BaseException,
                level: int = logging.ERROR) -> None:
    """Log `what` failed with `exc`'s type and traceback frames, never `str(exc)`."""
    if not logger.isEnabledFor(level):
        return
    frames = "".join(traceback.format_tb(exc.__traceback__))
    logger.log(level, "%s failed with %s\n%s", what, type(exc).__name__, frames.rstrip())
