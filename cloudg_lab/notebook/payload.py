"""The custom MIME payload: the one contract between Python and the JupyterLab renderer.

`labextension/src/payload.ts` declares the same shape in TypeScript; a test compares the two, and
`v` is bumped on any incompatible change. The payload carries the wire result exactly as sent plus
marks (paths and entity types), so the renderer never guesses and never sees a real value.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

MIME_TYPE = "application/vnd.cloudg-lab.result+json"
PAYLOAD_VERSION = 1


class PayloadPrincipal(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    roles: list[str]


class PayloadMark(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str
    """JSON pointer into `wire`, e.g. `/structuredContent/items/0/arn`."""
    kind: Literal["pseudonym", "redacted", "masked", "hashed", "fenced"]
    entity: str


class ResultPayload(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: Literal[1] = 1
    """Always `PAYLOAD_VERSION`; the literal lets the renderer refuse payloads it does not know."""
    kind: Literal["tool", "resource", "prompt", "listing"]
    name: str
    policy: str
    principal: PayloadPrincipal
    duration_ms: float | None = None
    wire: object
    """The MCP result as sent (tool result, resource contents, prompt messages or listing)."""
    report: dict[str, object] | None = None
    """`_meta["cloudg/transforms"]`, or null when nothing was transformed."""
    marks: list[PayloadMark] = []
    real_values: bool = False
    """The output shows real values (a policy that transforms nothing, or a reveal): a banner says so."""
    order: dict[str, list[str]] = {}
    """JSON pointer into `wire` → the keys of the object there (or the columns of the list of
    records there) in the order the server wrote them, where that is not alphabetical. A saved
    notebook's JSON has its keys sorted (nbformat writes it so), and a reopened table would
    otherwise lead with `account_id` instead of `id`."""
