"""Assembling the MIME bundle every display object returns, around the typed payload.

The payload model (`cloudg_lab.notebook.payload`) is the contract with the JupyterLab renderer;
building it in one place keeps every result kind honest to that contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cloudg_lab import pointer
from cloudg_lab.notebook.payload import MIME_TYPE, PayloadMark, PayloadPrincipal, ResultPayload
from cloudg_lab.types import Mark, Principal

PayloadKind = Literal["tool", "resource", "prompt", "listing"]
RealValues = Literal["", "policy", "reveal"]
"""Why an output may show real values: `policy` (the policy in force transforms nothing, so every
value is real), `reveal` (the tool exists to reveal, so its answers are real), or `""` (neither)."""


@dataclass(frozen=True)
class Origin:
    """Where a displayed value came from: the head line of every display and its payload."""

    kind: PayloadKind
    name: str
    policy: str
    principal: Principal
    arguments: Mapping[str, object] = field(default_factory=dict)
    display_limit: int = 50
    real_values: RealValues = ""

    def head(self, *extra: str) -> str:
        parts = [self.name, f"policy {self.policy}", self.principal.label(), *extra]
        return " · ".join(p for p in parts if p)


def payload(origin: Origin, wire: object, *, duration_ms: float | None = None,
            report: Mapping[str, object] | None = None, marks: Iterable[Mark] = (),
            real_values: bool = False) -> dict[str, object]:
    """The custom MIME payload as JSON-ready data (validated by the pydantic model); `real_values`
    puts the banner on it (the display object decides, see `shows_real_values`).

    Raises:
        pydantic.ValidationError: if a caller breaks the contract (a bug, not user input).
    """
    model = ResultPayload(
        kind=origin.kind, name=origin.name, policy=origin.policy,
        principal=PayloadPrincipal(id=origin.principal.id, roles=sorted(origin.principal.roles)),
        duration_ms=duration_ms, wire=wire, report=dict(report) if report else None,
        marks=[PayloadMark(path=m.path, kind=m.kind, entity=m.entity) for m in marks],
        real_values=real_values, order=key_orders(wire))
    return model.model_dump(mode="json")


MAX_ORDERS = 200
"""Objects whose key order a payload keeps; past it, the rest show alphabetically once saved."""


def key_orders(wire: object) -> dict[str, list[str]]:
    """Pointer → key order for every object of `wire` whose keys are not already sorted.

    A list of records counts once (its columns in first-seen order), and its records are not
    entered: a 500-item page costs one entry, not 500.
    """
    out: dict[str, list[str]] = {}

    def note(at: str, keys: list[str]) -> None:
        if keys != sorted(keys) and len(out) < MAX_ORDERS:
            out[at] = keys

    def walk(value: object, at: str) -> None:
        if isinstance(value, dict):
            note(at, list(value))
            for key, child in value.items():
                walk(child, pointer.join(at, str(key)))
        elif isinstance(value, list):
            if value and all(isinstance(item, dict) for item in value):
                note(at, list(dict.fromkeys(key for item in value for key in item)))
                return
            for i, item in enumerate(value):
                walk(item, pointer.join(at, str(i)))

    walk(wire, "")
    return out


def shows_real_values(origin: Origin, revealed: bool) -> bool:
    """The banner rule: every output under a policy that transforms nothing shows real values
    (errors too, whose messages echo what was asked); a reveal tool's output only when it did
    reveal something (`revealed`); nothing else does, whatever its report says, because the
    report only ever counts values that were hidden."""
    return origin.real_values == "policy" or (origin.real_values == "reveal" and revealed)


def mimebundle(data: Mapping[str, object] | None, html: str, plain: str,
               include: Sequence[str] | None = None,
               exclude: Sequence[str] | None = None) -> dict[str, object]:
    """`{MIME_TYPE: payload, text/html, text/plain}`, honouring IPython's include/exclude."""
    bundle: dict[str, object] = {}
    if data is not None:
        bundle[MIME_TYPE] = data
    bundle["text/html"] = html
    bundle["text/plain"] = plain
    if include:
        bundle = {k: v for k, v in bundle.items() if k in include}
    if exclude:
        bundle = {k: v for k, v in bundle.items() if k not in exclude}
    return bundle
