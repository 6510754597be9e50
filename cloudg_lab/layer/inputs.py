"""The input stage (ARCHITECTURE.md, step 7): the shape every argument set must have, then the input pipeline.

The shape check comes first because transforms walk arguments: a 100,000-level nest or a
non-JSON object must be refused with a clear message before anything recurses into it.
"""

from __future__ import annotations

import math

from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.privacy.pipeline import Pipeline, TransformContext
from cloudg_lab.registry import PromptSpec

MAX_DEPTH = 64
MAX_ITEMS = 1_000_000


def check_shape(arguments: object, what: str = "Arguments") -> dict[str, object]:
    """`arguments` as a dict of JSON values (`None` means no arguments).

    Raises:
        InvalidArgumentsError: for a non-object, non-string keys, non-JSON values, NaN or
            infinity, nesting deeper than 64 levels, or more than a million values.
    """
    if arguments is None:
        return {}
    if not isinstance(arguments, dict):
        raise InvalidArgumentsError(f"{what} must be a JSON object, got {_type(arguments)}",
                                    {"expected": "object", "got": _type(arguments)})
    stack: list[tuple[object, int, str]] = [(v, 1, str(k)) for k, v in arguments.items()]
    for key in arguments:
        if not isinstance(key, str):
            raise InvalidArgumentsError(f"{what} keys must be strings, got {_type(key)}")
    seen = 0
    while stack:
        value, depth, top = stack.pop()
        seen += 1
        if seen > MAX_ITEMS:
            raise InvalidArgumentsError(f"{what} hold more than {MAX_ITEMS:,} values")
        if depth > MAX_DEPTH:
            raise InvalidArgumentsError(f"Argument '{top}' is nested deeper than {MAX_DEPTH} levels",
                                        {"argument": top, "max_depth": MAX_DEPTH})
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise InvalidArgumentsError(f"Argument '{top}' has a non-string key "
                                                f"({_type(k)})", {"argument": top})
                stack.append((v, depth + 1, top))
        elif isinstance(value, list | tuple):
            stack.extend((v, depth + 1, top) for v in value)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InvalidArgumentsError(f"Argument '{top}' holds {value}, which JSON cannot carry",
                                            {"argument": top})
        elif not (value is None or isinstance(value, str | int | bool)):
            raise InvalidArgumentsError(f"Argument '{top}' is not a JSON value (got {_type(value)})",
                                        {"argument": top, "got": _type(value)})
    return arguments


def required(spec: PromptSpec, arguments: dict[str, object]) -> dict[str, object]:
    """A prompt's arguments, checked before its input pipeline runs over them.

    Raises:
        InvalidArgumentsError: for missing required (an empty string counts) or unknown arguments.
    """
    known = {a.name for a in spec.arguments}
    unknown = sorted(set(arguments) - known)
    if unknown:
        raise InvalidArgumentsError(f"Unknown prompt arguments: {', '.join(unknown)}",
                                    {"unknown": unknown, "valid": sorted(known)})
    missing = [a.name for a in spec.arguments if a.required and arguments.get(a.name) in (None, "")]
    if missing:
        raise InvalidArgumentsError(f"Missing required prompt arguments: {', '.join(missing)}",
                                    {"missing": missing})
    wrong = sorted(k for k, v in arguments.items() if not isinstance(v, str))
    if wrong:
        raise InvalidArgumentsError(f"Prompt arguments must be strings: {', '.join(wrong)}",
                                    {"not_strings": wrong})
    return arguments


def prepare(arguments: dict[str, object], pipeline: Pipeline, ctx: TransformContext) -> dict[str, object]:
    """Run the input pipeline; its transforms raise `InvalidArgumentsError` to refuse."""
    if not pipeline or not arguments:
        return arguments
    out = pipeline.apply(arguments, ctx)
    return out if isinstance(out, dict) else arguments


def _type(value: object) -> str:
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__
