"""Mounting: a whole MCP server behind the layer, its primitives as ordinary specs.

`mount(layer, "gh", upstream)` lists the upstream's tools, resources, templates and prompts
through the `mcp` client and registers each as a spec whose handler forwards the call: tools and
prompts as `gh_NAME`, resources and templates as `gh+URI`. Because they are ordinary specs, the
whole lifecycle applies to them as to the layer's own: lookup and visibility, middleware, policy
and rate limits, the input pipeline (pseudonyms go upstream as the real values), validation
against the upstream's `inputSchema` (`arguments`), the timeout (a cancel of the forwarded
request, which the client passes upstream), the output pipeline over everything that comes back,
and the audit. The policy classifies them (`policy.mounts`), so it can hide a whole upstream.

Upstream failures become layer errors (`upstream.UpstreamError` and the table in `errors`): an
`isError` result, a JSON-RPC error, a crash, a timeout all reach the caller as the layer's own
clean error result or protocol error, their text through the output pipeline.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeAlias, TypedDict
from urllib.parse import quote

from mcp import ClientSession
from mcp import types as sdk

from cloudg_lab.adapters import convert
from cloudg_lab.adapters.arguments import SchemaArguments
from cloudg_lab.adapters.described import Describer, DescribingPolicy
from cloudg_lab.adapters.upstream import Connection, Source, UpstreamError, describe, opener
from cloudg_lab.policy.mounts import Classification, MountedKind, MountRule, classify
from cloudg_lab.ports import HandlerContext
from cloudg_lab.registry import (
    PromptArgument,
    PromptSpec,
    Registry,
    ResourceSpec,
    Spec,
    TemplateSpec,
    ToolSpec,
)
from cloudg_lab.registry.specs import Completer, check_sensitivity
from cloudg_lab.types import PromptResult, ResourceContents, Sensitivity, ToolResult

MOUNT_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9-]{0,31}$")
_SPEC_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,128}$")
_EXPRESSION = re.compile(r"\{([^}]*)\}")
_SIMPLE = re.compile(r"^\+?[A-Za-z_][A-Za-z0-9_]*$")
_MAX_PAGES = 100
_MOUNTS: weakref.WeakKeyDictionary[Registry, dict[str, Mounted]] = weakref.WeakKeyDictionary()


class _PolicyModel(Protocol):
    @property
    def mounts(self) -> list[MountRule]: ...


class _Policy(DescribingPolicy, Protocol):
    @property
    def model(self) -> _PolicyModel: ...


Upstream: TypeAlias = Source
"""What `mount` connects to, named here for `Layer.mount` (which imports only this module)."""


class _Classified(TypedDict):
    """What the mount rules decide for one primitive: the spec fields they set."""

    category: str
    sensitivity: Sensitivity
    capabilities: frozenset[str]
    tags: tuple[str, ...]


class MountOptions(TypedDict, total=False):
    """The keyword options of `mount`, for the doors that pass them on (`Layer.mount`)."""

    headers: Mapping[str, str] | None
    token: str | None
    env: Mapping[str, str] | None
    cwd: str | Path | None
    timeout_seconds: float | None
    connect_timeout: float


class MountHost(Protocol):
    """What mounting needs of a layer: where specs go and the policy that classifies them."""

    @property
    def registry(self) -> Registry: ...

    @property
    def policy(self) -> _Policy: ...


class MountSummary(TypedDict):
    """`Mounted.summary()`: what one upstream added, counted by kind."""

    name: str
    transport: str
    primitives: dict[str, int]
    skipped: list[str]


@dataclass
class Mounted:
    """One mounted upstream: its connection, the specs it added and what could not be mounted."""

    name: str
    transport: str
    connection: Connection
    specs: list[Spec] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """`kind name: why` for primitives left out (a name clash, an invalid schema, ...)."""

    def summary(self) -> MountSummary:
        counts: dict[str, int] = {}
        for spec in self.specs:
            kind = "template" if isinstance(spec, TemplateSpec) else spec.kind
            counts[kind] = counts.get(kind, 0) + 1
        return {"name": self.name, "transport": self.transport, "primitives": counts,
                "skipped": list(self.skipped)}


def mounts(layer: MountHost) -> dict[str, Mounted]:
    """The upstreams mounted into `layer`'s registry (shared with its `with_policy` siblings)."""
    return _MOUNTS.setdefault(layer.registry, {})


async def mount(layer: MountHost, name: str, upstream: Source, *,
                headers: Mapping[str, str] | None = None, token: str | None = None,
                env: Mapping[str, str] | None = None, cwd: str | Path | None = None,
                timeout_seconds: float | None = None, connect_timeout: float = 30.0) -> Mounted:
    """Connect to `upstream` and register its primitives under `name`.

    Args:
        upstream: a stdio command (list or string), an `http(s)://` URL, an SDK `Server` /
            `MCPServer`, or an opener of a `ClientSession` (`adapters.fastmcp`).
        headers, token: sent with every HTTP request (`Authorization: Bearer TOKEN`).
        env, cwd: the stdio command's environment (default: the SDK's minimal one) and directory.
        timeout_seconds: each mounted tool's timeout (default: the layer's).

    Raises:
        ValueError: for a bad or taken name, or an unusable upstream description.
        UpstreamError: when the upstream cannot be reached or listed.
    """
    if not MOUNT_NAME.match(name):
        raise ValueError(f"mount name {name!r} must be a letter, then up to 31 of A-Z a-z 0-9 -")
    table = mounts(layer)
    if name in table:
        raise ValueError(f"an upstream is already mounted as {name!r}")
    connection = Connection(name, opener(upstream, headers=headers, token=token, env=env, cwd=cwd),
                            connect_timeout=connect_timeout)
    mounted = Mounted(name=name, transport=describe(upstream), connection=connection)
    try:
        session = await connection.open()
        for spec in await _specs(mounted, session, layer.policy, timeout_seconds):
            _register(layer.registry, mounted, spec)
    except BaseException:
        await _withdraw(layer.registry, mounted)
        raise
    table[name] = mounted
    return mounted


async def unmount(layer: MountHost, name: str) -> None:
    """Remove an upstream's primitives and close its connection.

    Raises:
        KeyError: when nothing is mounted as `name`.
    """
    mounted = mounts(layer).pop(name, None)
    if mounted is None:
        raise KeyError(f"nothing is mounted as {name!r}")
    await _withdraw(layer.registry, mounted)


async def _withdraw(registry: Registry, mounted: Mounted) -> None:
    for spec in mounted.specs:
        registry.remove(spec)
    await mounted.connection.close()


def _register(registry: Registry, mounted: Mounted, spec: Spec) -> None:
    """Add `spec` unless it would replace a primitive someone else registered."""
    taken: Callable[[str], Spec | None] = (
        registry.tool if isinstance(spec, ToolSpec) else registry.prompt if isinstance(spec, PromptSpec)
        else registry.template if isinstance(spec, TemplateSpec) else registry.resource)
    if taken(spec.key) is not None:
        mounted.skipped.append(f"{spec.kind} {spec.key}: the name is taken")
        return
    registry.add(spec)
    mounted.specs.append(spec)


# --------------------------------------------------------------------------- listing


async def _specs(mounted: Mounted, session: ClientSession, policy: _Policy,
                 tool_timeout: float | None) -> list[Spec]:
    caps = session.server_capabilities
    built = _Builder(mounted, policy.model.mounts, Describer(policy), tool_timeout,
                     completes=bool(caps and caps.completions))
    out: list[Spec | None] = []
    if caps is None or caps.tools is not None:
        out += [built.tool(t) for t in await _pages(session, ClientSession.list_tools, "tools")]
    if caps is None or caps.resources is not None:
        out += [built.resource(r) for r in
                await _pages(session, ClientSession.list_resources, "resources")]
        out += [built.template(t) for t in
                await _pages(session, ClientSession.list_resource_templates, "resource_templates")]
    if caps is None or caps.prompts is not None:
        out += [built.prompt(p) for p in await _pages(session, ClientSession.list_prompts, "prompts")]
    return [s for s in out if s is not None]


async def _pages(session: ClientSession, method: Callable[..., Awaitable[Any]],
                 items: str) -> list[Any]:
    """Every page of a listing (at most 100, so an upstream's endless cursor cannot hang us)."""
    found: list[Any] = []
    cursor: str | None = None
    for _ in range(_MAX_PAGES):
        page = await method(session, params=sdk.PaginatedRequestParams(cursor=cursor))
        found.extend(getattr(page, items))
        cursor = page.next_cursor
        if not cursor:
            break
    return found


class _Builder:
    """Specs for one upstream's primitives, each with a handler forwarding over its connection."""

    def __init__(self, mounted: Mounted, rules: list[MountRule], describer: Describer,
                 timeout: float | None, *, completes: bool) -> None:
        self.m, self.rules, self.timeout, self.completes = mounted, rules, timeout, completes
        self.said = describer.text
        self.conn = mounted.connection

    def route(self, uri: str) -> str:
        return f"{self.m.name}+{uri}"

    def _classified(self, key: str, kind: MountedKind) -> _Classified:
        c: Classification = classify(self.rules, key, kind, self.m.name)
        return {"category": c.category, "sensitivity": check_sensitivity(c.sensitivity),
                "capabilities": c.capabilities, "tags": c.tags}

    def _named(self, kind: str, name: str) -> str | None:
        key = f"{self.m.name}_{name}"
        if _SPEC_NAME.match(key):
            return key
        self.m.skipped.append(f"{kind} {name}: not a valid name here")
        return None

    def tool(self, tool: sdk.Tool) -> ToolSpec | None:
        key = self._named("tool", tool.name)
        if key is None:
            return None
        try:
            model = SchemaArguments(tool.input_schema, key)
        except ValueError as exc:
            self.m.skipped.append(f"tool {tool.name}: {exc}")
            return None
        hints = tool.annotations or sdk.ToolAnnotations()
        return ToolSpec(
            name=key, handler=self._forward_tool(tool.name),
            description=self.said(tool.description, "tool", key) or "",
            input_schema=dict(tool.input_schema), output_schema=tool.output_schema,
            arguments_model=model, takes_ctx=True, single_model=True, is_async=True,
            timeout_seconds=self.timeout, title=self.said(tool.title, "tool", key),
            # the protocol's defaults for a tool that gives no hints: it may write, destroy and
            # reach the open world, and repeating it may not be harmless
            read_only=bool(hints.read_only_hint), destructive=_hint(hints.destructive_hint, True),
            idempotent=_hint(hints.idempotent_hint, False), open_world=_hint(hints.open_world_hint, True),
            **self._classified(key, "tool"))

    def _forward_tool(self,
                      name: str) -> Callable[[HandlerContext, dict[str, object]], Awaitable[ToolResult]]:
        async def forward(ctx: HandlerContext, args: dict[str, object]) -> ToolResult:
            result = await self.conn.call(lambda s: s.call_tool(
                name, args, progress_callback=ctx.report_progress))
            if result.is_error:
                raise UpstreamError(convert.error_text(result), {"upstream": self.m.name})
            return convert.tool_result(result, self.route)

        return forward

    def resource(self, resource: sdk.Resource) -> ResourceSpec:
        uri = str(resource.uri)

        async def read() -> list[ResourceContents]:
            return await self._read(uri)

        return ResourceSpec(uri=self.route(uri), name=f"{self.m.name}_{resource.name}", handler=read,
                            description=self.said(resource.description, "resource", uri) or "",
                            mime_type=resource.mime_type or "text/plain", is_async=True,
                            **self._classified(self.route(uri), "resource"))

    def template(self, template: sdk.ResourceTemplate) -> TemplateSpec | None:
        pattern = template.uri_template
        if not all(_SIMPLE.match(e) for e in _EXPRESSION.findall(pattern)):
            self.m.skipped.append(f"template {pattern}: only {{var}} and {{+var}} expressions route")
            return None

        async def read(**variables: str) -> list[ResourceContents]:
            return await self._read(expand(pattern, variables))

        variables = [e.lstrip("+") for e in _EXPRESSION.findall(pattern)]
        return TemplateSpec(uri_template=self.route(pattern), name=f"{self.m.name}_{template.name}",
                            handler=read,
                            description=self.said(template.description, "resource", pattern) or "",
                            mime_type=template.mime_type or "text/plain", is_async=True,
                            completions=self._completers(
                                sdk.ResourceTemplateReference(type="ref/resource", uri=pattern),
                                variables),
                            **self._classified(self.route(pattern), "resource"))

    async def _read(self, uri: str) -> list[ResourceContents]:
        result = await self.conn.call(lambda s: s.read_resource(uri))
        return [convert.contents(c, self.route) for c in result.contents]

    def prompt(self, prompt: sdk.Prompt) -> PromptSpec | None:
        key = self._named("prompt", prompt.name)
        if key is None:
            return None
        name = prompt.name

        async def get(**arguments: str) -> PromptResult:
            result = await self.conn.call(lambda s: s.get_prompt(name, arguments))
            return convert.prompt_result(result, self.route)

        declared = prompt.arguments or []
        return PromptSpec(
            name=key, handler=get, description=self.said(prompt.description, "prompt", key) or "",
            is_async=True,
            arguments=tuple(PromptArgument(name=a.name,
                                           description=self.said(a.description, "prompt", key) or "",
                                           required=bool(a.required)) for a in declared),
            completions=self._completers(sdk.PromptReference(type="ref/prompt", name=name),
                                         [a.name for a in declared]),
            title=self.said(prompt.title, "prompt", key), **self._classified(key, "prompt"))

    def _completers(self, ref: sdk.PromptReference | sdk.ResourceTemplateReference,
                    names: list[str]) -> dict[str, Completer]:
        """Completion forwarders, when the upstream offers completions at all."""
        if not self.completes:
            return {}
        return {name: self._completer(ref, name) for name in names}

    def _completer(self, ref: sdk.PromptReference | sdk.ResourceTemplateReference,
                   argument: str) -> Completer:
        async def complete(ctx: HandlerContext, value: str,
                           context_arguments: dict[str, object]) -> list[str]:
            context = {k: v for k, v in (context_arguments or {}).items() if isinstance(v, str)}
            result = await self.conn.call(lambda s: s.complete(
                ref, {"name": argument, "value": value}, context or None))
            return list(result.completion.values)

        return complete


def expand(template: str, variables: Mapping[str, str]) -> str:
    """`{var}` and `{+var}` of an upstream template filled in (RFC 6570 levels 1 and 2)."""
    def fill(m: re.Match[str]) -> str:
        expression = m.group(1)
        value = str(variables.get(expression.lstrip("+"), ""))
        return quote(value, safe=":/?#[]@!$&'()*+,;=" if expression.startswith("+") else "")

    return _EXPRESSION.sub(fill, template)


def _hint(value: bool | None, default: bool) -> bool:
    return default if value is None else value
