"""What every transform shares: failing closed, a vault when none was given, skipped keys and
arguments.

A transform never raises on odd data; if one fails anyway (a bug), the piece it was given is
replaced by a marker and the failure is counted and logged, because passing the piece through
untransformed could leak exactly what the transform exists to hide.
"""

from __future__ import annotations

import fnmatch
import logging
import sys
from functools import cache
from typing import TYPE_CHECKING

from cloudg_lab.logs import log_failure
from cloudg_lab.privacy.pipeline import TransformContext

if TYPE_CHECKING:  # for the annotation only
    from cloudg_lab.privacy.vault import Vault

_log = logging.getLogger("cloudg_lab.privacy")

FAILED = "[REDACTED:transform_error]"


def fail_closed(name: str, value: object, ctx: TransformContext) -> object:
    """Log the current exception, count it, and return a marker instead of `value`."""
    failure = sys.exc_info()[1]
    if failure is not None:
        log_failure(_log, f"transform {name} on {ctx.kind} {ctx.name} at {ctx.path or '/'}", failure)
    ctx.report.count("errors", name)
    ctx.state["failed"] = True  # what later transforms would have learned from this one is missing
    return FAILED


class FailsClosed:
    """A transform that fails closed: `_apply` does its work, and whatever it raises becomes
    the marker (`fail_closed`) instead of the piece it was given."""

    name: str

    def apply(self, value: object, ctx: TransformContext) -> object:
        try:
            return self._apply(value, ctx)
        except Exception:
            return fail_closed(self.name, value, ctx)

    def _apply(self, value: object, ctx: TransformContext) -> object:
        raise NotImplementedError


@cache
def fallback_vault() -> Vault:
    """A per-process vault with a random key, for contexts built without one (tests, previews)."""
    from cloudg_lab.privacy.vault import Vault

    return Vault()


def skipped_key(key: object) -> bool:
    """The layer's own `_meta` bookkeeping and cursors are never rewritten."""
    return isinstance(key, str) and (key.startswith("cloudg/") or key in ("cursor", "next_cursor"))


def argument_skipped(globs: list[str], tool: str, argument: object) -> bool:
    """Whether `tool.argument` matches one of an input transform's `skip_arguments` globs."""
    label = f"{tool}.{argument}"
    return any(fnmatch.fnmatchcase(label, glob) for glob in globs)
