"""Assembling the MIME bundle every display object returns, around the typed payload.

The payload model (`cloudg_lab.notebook.payload`) is the contract with the JupyterLab renderer;
building it in one place keeps every result kind honest to that contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from cloudg_lab.notebook.payload import MIME_TYPE, PayloadMark, PayloadPrincipal, ResultPayload
from cloudg_lab.types import Mark, Principal

PayloadKind = Literal["tool", "resource", "prompt", "listing"]


@dataclass(frozen=True)
class Origin:
    """Where a displayed value came from: the head line of every display and its payload."""

    kind: PayloadKind
    name: str
    policy: str
    principal: Principal
    arguments: Mapping[str, Any] = field(default_factory=dict)
    display_limit: int = 50

    def head(self, *extra: str) -> str:
        parts = [self.name, f"policy {self.policy}", self.principal.label(), *extra]
        return " · ".join(p for p in parts if p)


def payload(origin: Origin, wire: Any, *, duration_ms: float | None = None,
            report: Mapping[str, Any] | None = None, marks: Iterable[Mark] = ()) -> dict[str, Any]:
    """The custom MIME payload as JSON-ready data (validated by the pydantic model).

    Raises:
        pydantic.ValidationError: if a caller breaks the contract (a bug, not user input).
    """
    model = ResultPayload(
        kind=origin.kind, name=origin.name, policy=origin.policy,
        principal=PayloadPrincipal(id=origin.principal.id, roles=sorted(origin.principal.roles)),
        duration_ms=duration_ms, wire=wire, report=dict(report) if report else None,
        marks=[PayloadMark(path=m.path, kind=m.kind, entity=m.entity) for m in marks])
    return model.model_dump(mode="json")


def mimebundle(data: Mapping[str, Any] | None, html: str, plain: str,
               include: Sequence[str] | None = None,
               exclude: Sequence[str] | None = None) -> dict[str, Any]:
    """`{MIME_TYPE: payload, text/html, text/plain}`, honouring IPython's include/exclude."""
    bundle: dict[str, Any] = {}
    if data is not None:
        bundle[MIME_TYPE] = data
    bundle["text/html"] = html
    bundle["text/plain"] = plain
    if include:
        bundle = {k: v for k, v in bundle.items() if k in include}
    if exclude:
        bundle = {k: v for k, v in bundle.items() if k not in exclude}
    return bundle
