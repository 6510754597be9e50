"""The validate stage (ARCHITECTURE.md, step 8): a call's arguments through the model built at registration.

Unknown keys are refused, defaults filled and values coerced (`"5"` → 5); the model comes from
`registry.signatures`, so both handler forms (flat or one model) validate alike.
"""

from __future__ import annotations

from pydantic import BaseModel, ValidationError

from cloudg_lab.errors import InvalidArgumentsError
from cloudg_lab.registry.specs import ArgumentsModel

UNDECLARED = "(undeclared)"
"""What an error says for an argument the tool does not declare."""


def validate_arguments(shape_model: ArgumentsModel | None, single_model: bool,
                       arguments: dict[str, object], tool: str) -> dict[str, object]:
    """Validated keyword arguments for the handler.

    Raises:
        InvalidArgumentsError: -32602 with pydantic's `loc`/`msg`/`type` list (never the input).
        TypeError: for a spec built without an arguments model (registration always sets one).
    """
    if shape_model is None:
        raise TypeError(f"tool {tool} has no arguments model")
    try:
        instance = shape_model.model_validate(arguments)
    except ValidationError as exc:
        errors = [{"loc": _where(e["loc"], e["type"]), "msg": e["msg"], "type": e["type"]}
                  for e in exc.errors(include_url=False, include_input=False, include_context=False)]
        first = errors[0]
        where = ".".join(str(p) for p in first["loc"]) or "arguments"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise InvalidArgumentsError(f"Invalid arguments for tool '{tool}': {where}: "
                                    f"{first['msg']}{more}", errors) from None
    if single_model or not isinstance(instance, BaseModel):  # a validator that hands back the value
        return {"args": instance}
    return {name: getattr(instance, name) for name in type(instance).model_fields}


def _where(loc: tuple[int | str, ...], kind: str) -> list[int | str]:
    """An error's location without the caller's own words: an unknown argument's name is what
    the caller typed (`{"billing-db-07": 1}`), and repeated through the output pipeline a real
    name would come back as its pseudonym and an invented one as typed."""
    return [*loc[:-1], UNDECLARED] if kind == "extra_forbidden" and loc else list(loc)
