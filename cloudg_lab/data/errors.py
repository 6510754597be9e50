"""The one error a bad inventory file produces: file, JSON path and what was expected.

It is an `InvalidArgumentsError` (-32602) because the fix is always the caller's: another file or
another path. The message is a single line a person can act on, never a parser dump; the full
path of the file travels in `data`, which the output pipeline transforms like any result.
"""

from __future__ import annotations

from pathlib import Path

from cloudg_lab.errors import InvalidArgumentsError


class InventoryFormatError(InvalidArgumentsError):
    """A file that is not a readable inventory: `inventory-map.json: $.assets[17].name: ...`."""

    def __init__(self, file: str | Path, where: str, problem: str) -> None:
        label = Path(file).name or str(file)
        super().__init__(f"{label}: {where}: {problem}",
                         {"file": str(file), "path": where, "problem": problem})
        self.where = where
        self.problem = problem


def describe(value: object) -> str:
    """The JSON type name of `value`, for `expected an object, found an array` messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
