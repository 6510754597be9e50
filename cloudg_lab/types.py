"""The contract every part of cloudg_lab shares, free of any framework.

Transports, the layer's stages, the privacy pipeline and the notebook all speak in these value
objects, so none of them needs to know the others. Nothing here imports `mcp`, IPython or
ipywidgets; adapters translate these objects to and from their framework's types.
"""

from __future__ import annotations

import base64
import getpass
import os
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol, TypeAlias, TypedDict, TypeVar

META_PREFIX = "cloudg/"
"""Every `_meta` key the layer writes starts with this (ARCHITECTURE.md, "Result anatomy")."""

Kind = Literal["tool", "resource", "prompt", "completion"]
Transport = Literal["stdio", "http", "memory", "notebook", "python"]
JSON: TypeAlias = object
"""A JSON-compatible value as it passes through (dict, list, str, int, float, bool or None).
`object`, not a recursive union: code that only passes values on needs nothing more, and code
that reads one narrows it with `isinstance` first, as it must for a caller's data anyway."""


def identifier_pattern(longest: int, shortest: int = 1) -> re.Pattern[str]:
    """`^[A-Za-z0-9_.-]{shortest,longest}$`: the one alphabet of primitive names, prefixes, roles
    and dataset names, so a name valid in one place is spelled the same way everywhere."""
    return re.compile(rf"^[A-Za-z0-9_.-]{{{shortest},{longest}}}$")


NAME_PATTERN = identifier_pattern(128)
"""Tool and prompt names."""


@dataclass(frozen=True)
class Principal:
    """Who is calling. Policies decide on `id` and `roles`; `attributes` carry auth details."""

    id: str = "anonymous"
    roles: frozenset[str] = frozenset({"default"})
    attributes: Mapping[str, object] = field(default_factory=dict, hash=False, compare=False)

    @classmethod
    def local(cls) -> Principal:
        """The person at this machine: stdio, in-memory and notebook callers."""
        return _LOCAL

    @classmethod
    def parse(cls, spec: str) -> Principal:
        """Build a principal from `alice` or `alice:analyst,lead` (role `default` is always added).

        Raises:
            ValueError: when the id is empty or a role is blank.
        """
        ident, _, roles_text = spec.strip().partition(":")
        ident = ident.strip()
        if not ident:
            raise ValueError(f"Principal needs an id before ':' (got {spec!r})")
        roles = {r.strip() for r in roles_text.split(",")} if roles_text else set()
        if "" in roles:
            raise ValueError(f"Principal {ident!r} has an empty role name")
        return cls(id=ident, roles=frozenset(roles | {"default"}))

    def label(self) -> str:
        """`id:role1,role2` without the implied `default`, for tables and status lines."""
        extra = sorted(self.roles - {"default"})
        return f"{self.id}:{','.join(extra)}" if extra else self.id


def _os_user() -> str:
    """The OS account name, for display; looked up once, since some systems make it slow."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no passwd entry in some containers
        return os.environ.get("USER", "unknown")


@dataclass(frozen=True)
class OAuthToken:
    """The part of an SDK-validated OAuth access token the default resolver needs."""

    client_id: str | None
    scopes: tuple[str, ...] = ()
    subject: str | None = None


@dataclass(frozen=True)
class RequestInfo:
    """What an adapter knows about one request before the principal is resolved (ARCHITECTURE.md, step 2)."""

    transport: Transport = "python"
    headers: Mapping[str, str] = field(default_factory=dict)
    session_id: str | None = None
    client_info: Mapping[str, object] | None = None
    access_token: OAuthToken | None = None
    principal: Principal | None = None
    """A principal an auth middleware already established (bearer tokens, host frameworks)."""

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


_LOCAL = Principal(id="local", roles=frozenset({"default", "local"}), attributes={"user": _os_user()})

PrincipalResolver = Callable[[RequestInfo], "Principal | None"]


# --------------------------------------------------------------------------- content blocks


@dataclass
class TextContent:
    text: str
    annotations: dict[str, object] | None = None
    type: Literal["text"] = "text"

    def to_wire(self) -> dict[str, object]:
        return _with_annotations({"type": "text", "text": self.text}, self.annotations)


@dataclass
class ImageContent:
    data: str
    mime_type: str
    annotations: dict[str, object] | None = None
    type: Literal["image"] = "image"

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = {"type": "image", "data": self.data, "mimeType": self.mime_type}
        return _with_annotations(wire, self.annotations)


@dataclass
class TextResourceContents:
    uri: str
    text: str
    mime_type: str | None = "text/plain"
    meta: dict[str, object] | None = None

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = {"uri": self.uri, "text": self.text}
        if self.mime_type:
            wire["mimeType"] = self.mime_type
        if self.meta:
            wire["_meta"] = self.meta
        return wire


@dataclass
class BlobResourceContents:
    uri: str
    blob: str
    """Base64 of the bytes; blobs pass the output pipeline untouched (ARCHITECTURE.md, "Other kinds")."""
    mime_type: str | None = "application/octet-stream"
    meta: dict[str, object] | None = None

    @classmethod
    def from_bytes(cls, uri: str, data: bytes, mime_type: str | None = None) -> BlobResourceContents:
        return cls(uri=uri, blob=base64.b64encode(data).decode("ascii"),
                   mime_type=mime_type or "application/octet-stream")

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = {"uri": self.uri, "blob": self.blob}
        if self.mime_type:
            wire["mimeType"] = self.mime_type
        if self.meta:
            wire["_meta"] = self.meta
        return wire


ResourceContents: TypeAlias = "TextResourceContents | BlobResourceContents"


@dataclass
class EmbeddedResource:
    resource: TextResourceContents | BlobResourceContents
    annotations: dict[str, object] | None = None
    type: Literal["resource"] = "resource"

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = {"type": "resource", "resource": self.resource.to_wire()}
        return _with_annotations(wire, self.annotations)


class _LinkRequired(TypedDict):
    type: Literal["resource_link"]
    uri: str
    name: str


class LinkFields(_LinkRequired, total=False):
    """`ResourceLink.present()`: the fields a link sends, unset ones left out."""

    title: str
    description: str
    mime_type: str


@dataclass
class ResourceLink:
    uri: str
    name: str
    title: str | None = None
    description: str | None = None
    mime_type: str | None = "application/json"
    annotations: dict[str, object] | None = None
    type: Literal["resource_link"] = "resource_link"

    def present(self) -> LinkFields:
        """The fields a link sends, by field name (unset title and description are left out);
        `to_wire` and the SDK codec both start from this."""
        fields: LinkFields = {"type": "resource_link", "uri": self.uri, "name": self.name}
        if self.title is not None:
            fields["title"] = self.title
        if self.description is not None:
            fields["description"] = self.description
        if self.mime_type:
            fields["mime_type"] = self.mime_type
        return fields

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = dict(self.present())
        if "mime_type" in wire:
            wire["mimeType"] = wire.pop("mime_type")
        return _with_annotations(wire, self.annotations)


ContentBlock: TypeAlias = "TextContent | ImageContent | EmbeddedResource | ResourceLink"


def _with_annotations(wire: dict[str, object], annotations: dict[str, object] | None) -> dict[str, object]:
    if annotations:
        wire["annotations"] = annotations
    return wire


# --------------------------------------------------------------------------- results


@dataclass
class ToolResult:
    """A tool outcome as the layer hands it to adapters; `to_wire()` is the MCP result dict."""

    content: list[ContentBlock] = field(default_factory=list)
    structured: dict[str, object] | None = None
    is_error: bool = False
    meta: dict[str, object] = field(default_factory=dict)
    marks: list[Mark] = field(default_factory=list, repr=False)
    """What the output pipeline changed (paths and entity types only); in-process, never on the wire."""

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = {"content": [c.to_wire() for c in self.content],
                                "isError": self.is_error}
        if self.structured is not None:
            wire["structuredContent"] = self.structured
        if self.meta:
            wire["_meta"] = self.meta
        return wire

    @property
    def text(self) -> str:
        """All text blocks joined: handy in tests and the notebook's plain display."""
        return "\n".join(c.text for c in self.content if isinstance(c, TextContent))

    @property
    def error_code(self) -> int | str | None:
        code = self.meta.get(META_PREFIX + "error_code") if self.is_error else None
        return code if isinstance(code, int | str) else None


@dataclass
class PromptMessage:
    role: Literal["user", "assistant"]
    content: ContentBlock

    def to_wire(self) -> dict[str, object]:
        return {"role": self.role, "content": self.content.to_wire()}


@dataclass
class PromptResult:
    messages: list[PromptMessage]
    description: str | None = None
    meta: dict[str, object] = field(default_factory=dict)
    marks: list[Mark] = field(default_factory=list, repr=False)

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = {"messages": [m.to_wire() for m in self.messages]}
        if self.description is not None:
            wire["description"] = self.description
        if self.meta:
            wire["_meta"] = self.meta
        return wire


Sensitivity = Literal["public", "internal", "confidential", "restricted"]


@dataclass(frozen=True)
class Spec:
    """Fields every primitive's spec shares (the kinds are in `cloudg_lab.registry.specs`);
    `key` is what policies match names against. It lives here so `CallInfo` can name it."""

    description: str = ""
    category: str = "general"
    sensitivity: Sensitivity = "internal"
    capabilities: frozenset[str] = frozenset({"read_state"})
    tags: tuple[str, ...] = ()
    privileged: bool = False
    """Registered by the composition root's privileged `Registrar`: its handler gets the
    `PolicyPort` (`ctx.port`); every other handler gets None there."""

    @property
    def kind(self) -> Kind:
        raise NotImplementedError

    @property
    def key(self) -> str:
        raise NotImplementedError

    @property
    def argument_names(self) -> frozenset[str]:
        """The arguments the primitive declares (the audit names only these in clear)."""
        return frozenset()

    def catalog_meta(self) -> dict[str, object]:
        """The `_meta` every listed primitive carries (ARCHITECTURE.md, "Result anatomy")."""
        return {META_PREFIX + "category": self.category,
                META_PREFIX + "sensitivity": self.sensitivity,
                META_PREFIX + "tags": list(self.tags)}


MarkKind = Literal["pseudonym", "redacted", "masked", "hashed", "fenced"]


class Mark(NamedTuple):
    """One value the output pipeline changed: a JSON pointer into the wire result and the entity.

    A tuple, not a dataclass: a page of 500 records makes thousands, on the hot path."""

    path: str
    kind: MarkKind
    entity: str


# --------------------------------------------------------------------------- calls


class CallContext(Protocol):
    """What middleware may read of a call's context: who calls, which request, and whether it
    was cancelled. The layer binds its own context (the handler's `ports.HandlerContext`); the
    stages refuse any other in its place."""

    principal: Principal
    request_id: str | int | None
    kind: Kind
    name: str

    @property
    def cancelled(self) -> bool: ...


@dataclass
class CallInfo:
    """One request as middleware sees it (ARCHITECTURE.md, step 5).

    `arguments` are the caller's, before the input pipeline reverses pseudonyms: middleware
    (the cache among them) must key on what the caller sent. They are not checked yet (step 7
    runs after the middleware), so they may be anything a caller sent, not only an object.
    """

    kind: Kind
    name: str
    spec: Spec
    arguments: object
    principal: Principal
    context: CallContext
    started: float
    request_id: str | int | None = None
    gate: CallGate | None = None
    """What middleware may ask of the layer serving this call (set by the layer)."""
    timeout: float | None = None
    """This call's timeout in place of the layer's default (tools only; None: the default)."""


class Observable(Protocol):
    """State whose `version` changes on every change, and that says so to its listeners."""

    @property
    def version(self) -> int: ...

    def on_change(self, listener: Callable[[str, str], None]) -> Callable[[], None]: ...


class CallGate(Protocol):
    """The layer as middleware sees it: the policy check the terminal runs (the cache runs it before
    it serves a hit), the scrubbing of names for records, and what a cached result depends on."""

    @property
    def policy(self) -> object:
        """The policy in force, as an identity (a new policy means new results)."""
        ...

    @property
    def workspace(self) -> Observable: ...

    @property
    def registry_version(self) -> int: ...

    async def check(self, info: CallInfo) -> None:
        """Raises:
            AccessDeniedError, RateLimitedError: as the terminal's policy check would.
        """
        ...

    def scrub(self, text: str, principal: Principal) -> str: ...


CallNext = Callable[["CallInfo"], Awaitable[object]]
Middleware = Callable[["CallInfo", CallNext], Awaitable[object]]
"""`async (info, call_next) -> result`; refuse by raising a typed error, answer by returning."""


C_contra = TypeVar("C_contra", contravariant=True)


class Transform(Protocol[C_contra]):
    """A step of an input or output pipeline. It never raises on odd data. Generic in the
    context it reads (`privacy.pipeline.TransformContext`), which lives above this module."""

    name: str

    def apply(self, value: JSON, ctx: C_contra) -> JSON: ...


class PageCursor(Protocol):
    """How a paged result continues, as the tool that paged it says (see `privacy.pages`).

    The output budget may deliver fewer items than the tool put on a page; the cursor binds the
    dataset and the query, which only the tool knows, so the budget asks it for the cursor of the
    page that starts right after the last item delivered.
    """

    def after(self, end: int) -> str | None:
        """The `next_cursor` for a page that ends before match number `end` (None: no more)."""
        ...


class Visibility(Protocol):
    """What the caller of one request can see of a value: the seam search, completion, sorting
    and suggestions use so that none of them answers from real values the caller was not shown.

    `active` is False when the policy shows identifiers as they are (then `show` is the
    identity); `key` changes whenever what `show` returns may change (policy, namespace, vault),
    so callers can cache what they derive from it.
    """

    @property
    def active(self) -> bool: ...

    @property
    def key(self) -> str: ...

    def show(self, value: JSON) -> JSON:
        """`value` as the output pipeline would hand it to this caller."""
        ...

    def shown(self, pairs: Sequence[tuple[str, str]]) -> list[str]:
        """Each `(value, key)` of an asset record (`name`, `id`, `arn`, `account_id`) as this
        caller reads it; cheaper than `show` over whole records, for every row of an estate."""
        ...

    def real_of(self, value: str) -> str | None:
        """The real value behind `value` when it is a pseudonym issued to this caller (a value
        shown in one view may be typed into another), else None."""
        ...
