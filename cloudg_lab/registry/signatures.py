"""Handler signatures at registration (ARCHITECTURE.md, step 8): the arguments model and the published schema.

A handler declares its arguments either flat (`def f(ctx, limit: int = 50)`) or as one model
(`def f(ctx, args: FindArgs)`). Both give the same `inputSchema` and the same validation: unknown
keys refused, defaults filled, lax coercion (`"5"` → 5). Models are built once, here, when a spec
is made; the layer's validate stage only runs them.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from pydantic import BaseModel, ConfigDict, create_model

_CTX_NAMES = frozenset({"ctx", "context"})
_CTX_TYPES = frozenset({"ToolContext", "HandlerContext"})
_FORBID = ConfigDict(extra="forbid", arbitrary_types_allowed=True)


@dataclass(frozen=True)
class HandlerShape:
    model: type[BaseModel]
    takes_ctx: bool
    single_model: bool
    is_async: bool
    input_schema: dict[str, object]


def inspect_handler(fn: Callable[..., object], name: str) -> HandlerShape:
    """Build the arguments model and schema of a tool handler.

    Raises:
        TypeError: for `*args`/`**kwargs`, or positional-only parameters, which no caller can name.
    """
    signature = inspect.signature(fn)
    hints = _hints(fn)
    params = list(signature.parameters.values())
    takes_ctx = bool(params) and _is_ctx(params[0], hints)
    if takes_ctx:
        params = params[1:]
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.POSITIONAL_ONLY):
            raise TypeError(f"Handler {name!r}: parameter {p.name!r} cannot be passed by name")
    one_args = len(params) == 1 and params[0].name == "args"
    base = hints.get("args", params[0].annotation) if one_args else None
    single = _is_model(base)
    if _is_model(base):
        model = type(base.__name__, (base,), {"model_config": {**base.model_config, **_FORBID},
                                              "__module__": base.__module__})
    else:
        fields: dict[str, Any] = {}  # pydantic's field definitions: (annotation, default)
        for p in params:
            annotation = hints.get(p.name, p.annotation)
            annotation = Any if annotation is inspect.Parameter.empty else annotation
            default = ... if p.default is inspect.Parameter.empty else p.default
            fields[p.name] = (annotation, default)
        model = create_model(f"{name}_arguments", __config__=_FORBID, **fields)
    return HandlerShape(model=model, takes_ctx=takes_ctx, single_model=single,
                        is_async=inspect.iscoroutinefunction(fn), input_schema=schema_of(model))


def schema_of(model: type[BaseModel]) -> dict[str, object]:
    """The published `inputSchema`: the model's JSON schema without the model's own title.

    Titles and docstrings differ between the flat and the model form; dropping them is what
    makes both forms publish byte-identical schemas.
    """
    schema = model.model_json_schema()
    schema.pop("title", None)
    schema.pop("description", None)
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})
    schema["additionalProperties"] = False
    return schema


def _hints(fn: Callable[..., object]) -> dict[str, object]:
    try:
        return typing.get_type_hints(fn, include_extras=True)
    except Exception:  # unresolvable forward refs: fall back to raw annotations
        return dict(getattr(fn, "__annotations__", {}))


def _is_ctx(param: inspect.Parameter, hints: dict[str, object]) -> bool:
    if param.name in _CTX_NAMES:
        return True
    annotation = hints.get(param.name, param.annotation)
    return getattr(annotation, "__name__", None) in _CTX_TYPES


def _is_model(annotation: object) -> TypeGuard[type[BaseModel]]:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def call_shape(fn: Callable[..., object]) -> tuple[bool, bool]:
    """(takes_ctx, is_async) for resource, prompt and completion handlers."""
    params = list(inspect.signature(fn).parameters.values())
    return (bool(params) and _is_ctx(params[0], _hints(fn)), inspect.iscoroutinefunction(fn))
