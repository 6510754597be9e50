"""Validating a mounted tool's arguments against the upstream's own `inputSchema` (jsonschema).

A mounted tool has no Python signature to build a pydantic model from, only the JSON Schema the
upstream published. `SchemaArguments` stands where the validate stage expects the model (its
`model_validate`), so mounted and local tools pass the same stage at the same point: after the
input pipeline, on the real values the upstream will receive. Messages name the place and the
rule, never the value, like every error text of the layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema.exceptions import SchemaError

from cloudg_lab.errors import InvalidArgumentsError


class SchemaArguments:
    """One upstream tool's argument validator, checked and compiled when the tool is mounted."""

    def __init__(self, schema: Mapping[str, object], tool: str) -> None:
        """Raises:
            ValueError: when the upstream's schema is not a valid JSON Schema.
        """
        cls = validators.validator_for(schema, default=Draft202012Validator)
        try:
            cls.check_schema(schema)
        except SchemaError as exc:
            raise ValueError(f"tool {tool!r} publishes an invalid inputSchema "
                             f"({exc.validator} at {_where(list(exc.absolute_path))})") from None
        self._validator = cls(dict(schema))
        self._tool = tool

    def model_validate(self, arguments: dict[str, object]) -> dict[str, object]:
        """The arguments unchanged when they satisfy the schema.

        Raises:
            InvalidArgumentsError: -32602 with one `{loc, msg, type}` per violation.
        """
        found = sorted(self._validator.iter_errors(arguments), key=lambda e: list(map(str, e.path)))
        if not found:
            return arguments
        errors: list[dict[str, object]] = []
        for e in found:
            loc: list[str | int] = list(e.absolute_path)
            error: dict[str, object] = {"loc": loc, "msg": _describe(e), "type": str(e.validator)}
            if error not in errors:  # a rule reached through two schema paths reports once
                errors.append(error)
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise InvalidArgumentsError(f"Invalid arguments for tool '{self._tool}': "
                                    f"{_where(found[0].absolute_path)}: {first['msg']}{more}", errors)


def _describe(error: ValidationError) -> str:
    rule, expected = error.validator, error.validator_value
    if rule == "type":
        return f"expected {expected if isinstance(expected, str) else ' or '.join(expected)}"
    if rule == "required" and isinstance(error.instance, dict):
        missing = [k for k in expected if k not in error.instance]
        return f"missing required {', '.join(map(str, missing))}"
    if rule == "additionalProperties":
        return "properties the schema does not declare are not allowed"
    if rule in ("enum", "const"):
        return "not one of the allowed values"
    return f"fails the schema's '{rule}' rule"


def _where(path: Iterable[object]) -> str:
    return ".".join(str(p) for p in path) or "arguments"
