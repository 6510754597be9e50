"""The order of the stages, written down once (ARCHITECTURE.md, "The request's path" and "Other kinds").

tools:       lookup → CallInfo → middleware → check_call → inputs → validate → invoke → finalize
resources:   lookup → CallInfo → middleware → check_call → inputs → handler → contents
prompts:     lookup → CallInfo → middleware → check_call → required args → inputs → handler → messages
completions: lookup → CallInfo → middleware → check_call → inputs → completer → values

Each stage lives in its own module; `Lifecycle` only sequences them, with the parts it was built
with (the bound policy, the registry and workspace of the `Services`, the `Settings`, the port
and the middleware), and routes every failure through the one table, `errors.outcome`.
"""

from __future__ import annotations

import copy
import logging
import time
from collections.abc import Callable, Iterable
from typing import Literal, TypeVar, overload

from cloudg_lab.errors import HANDLER_ERROR, MCPLayerError, NotFoundError, outcome
from cloudg_lab.layer import finalize, inputs, lookup
from cloudg_lab.layer.chain import Terminal, build_chain
from cloudg_lab.layer.context import ToolContext, bound_context
from cloudg_lab.layer.invoke import run_handler, run_with_timeout
from cloudg_lab.layer.port import LayerPort
from cloudg_lab.layer.services import Services, Settings
from cloudg_lab.layer.validate import validate_arguments
from cloudg_lab.layer.visibility import visibility
from cloudg_lab.logs import log_failure
from cloudg_lab.policy import Policy
from cloudg_lab.policy.audit import AuditEntry
from cloudg_lab.privacy.pipeline import Overlay, Pipeline, TransformContext
from cloudg_lab.registry import PromptSpec, ResourceSpec, Spec, TemplateSpec, ToolSpec
from cloudg_lab.registry.signatures import call_shape
from cloudg_lab.types import (
    META_PREFIX,
    BlobResourceContents,
    CallInfo,
    Kind,
    Middleware,
    Principal,
    PromptResult,
    ResourceContents,
    TextResourceContents,
    ToolResult,
)

_log = logging.getLogger("cloudg_lab.layer")
_UNBOUND = ToolContext()
"""The context of a call whose adapter gave none: only bound from (`bind` makes each call its own
context), never bound to a call itself, so one serves them all."""
S = TypeVar("S", bound=Spec)
T = TypeVar("T")
EMPTY_COMPLETION: dict[str, object] = {"values": [], "total": 0, "hasMore": False}


class Lifecycle:
    """The four request kinds, run with explicit parts; `Layer` owns one per policy.

    The parts the stages read on every call are plain attributes (not lookups through
    `services` or `settings`): the per-call overhead is measured (`benchmarks/bench_layer.py`).
    """

    def __init__(self, policy: Policy, services: Services, settings: Settings, port: LayerPort, *,
                 middleware: list[Middleware], default_timeout: float | None) -> None:
        self.policy = policy
        self.registry = services.registry
        self.workspace = services.workspace
        self.prefix = settings.prefix
        self.max_output_chars = settings.max_output_chars
        self.workers = settings.workers
        self.port = port
        self.default_timeout = default_timeout
        """Seconds a tool runs unless its spec or the call says otherwise (None: no limit)."""
        self._middleware = middleware
        self._chains: dict[str, Terminal] = {}
        self._terminals: dict[str, Terminal] = {
            "tool": self._tool_terminal, "resource": self._resource_terminal,
            "prompt": self._prompt_terminal, "completion": self._completion_terminal}

    @property
    def middleware(self) -> tuple[Middleware, ...]:
        return tuple(self._middleware)

    def use(self, middleware: Middleware) -> None:
        """Append `middleware` innermost (closest to the policy check)."""
        self._middleware.append(middleware)
        self._chains.clear()

    def chain(self, kind: str) -> Terminal:
        """The composed middleware chain ending in `kind`'s terminal stage (built once)."""
        found = self._chains.get(kind)
        if found is None:
            found = self._chains[kind] = build_chain(self._middleware, self._terminals[kind])
        return found

    # ----------------------------------------------------------------------- tools

    async def call_tool(self, name: object, arguments: object, principal: Principal,
                        context: ToolContext | None, *,
                        timeout_seconds: float | None = None) -> ToolResult:
        """Steps 4 to 14 of the seed; only the lookup raises (a protocol error)."""
        started = time.perf_counter()
        spec = _found("tool", lambda: lookup.tool(self.registry, self.policy, self.prefix, name,
                                                  principal, arguments=arguments))
        info = self._begin("tool", spec, principal, name=spec.name, arguments=arguments,
                           context=context, started=started, timeout=timeout_seconds)
        try:
            result = await self.chain("tool")(info)
        except Exception as exc:
            result = self._route(info, exc)  # always an error result for tools
        if not isinstance(result, ToolResult):
            _log.error("middleware returned %s instead of a ToolResult", type(result).__name__)
            result = finalize.error_result(
                HANDLER_ERROR, "TypeError: middleware returned a non-result", None, Pipeline(),
                self._tctx("tool", spec.name, spec, principal))
        result.meta.setdefault(META_PREFIX + "duration_ms", _ms(started))
        return result

    async def _tool_terminal(self, info: CallInfo) -> ToolResult:
        spec, ctx = _spec_of(info, ToolSpec), bound_context(info)
        policy, principal = self.policy, info.principal
        ticket = await self._admit(info, spec, "tool")
        arguments = self._inputs(info, ctx, ticket)
        kwargs = validate_arguments(spec.arguments_model, spec.single_model, arguments, spec.name)
        timeout = (spec.timeout_seconds if spec.timeout_seconds is not None
                   else info.timeout if info.timeout is not None else self.default_timeout)
        value = await run_with_timeout(spec.handler, is_async=spec.is_async,
                                       takes_ctx=spec.takes_ctx, ctx=ctx, kwargs=kwargs,
                                       workers=self.workers, seconds=timeout, label=spec.name)
        tctx = self._tctx("tool", spec.name, spec, principal, arguments=arguments, call=ctx)
        result = finalize.tool_result(value, policy.output_pipeline(spec, principal), tctx,
                                      ctx.links, self.max_output_chars, page_cursor=ctx.page_cursor)
        duration = result.meta[META_PREFIX + "duration_ms"] = _ms(info.started)
        if ticket is not None:
            policy.audit.rewrite(ticket, duration_ms=duration)
        return result

    # ----------------------------------------------------------------------- resources

    async def read_resource(self, uri: object, principal: Principal,
                            context: ToolContext | None) -> list[ResourceContents]:
        started = time.perf_counter()
        spec, variables = _found("resource", lambda: lookup.resource(self.registry, self.policy,
                                                                     uri, principal))
        info = self._begin("resource", spec, principal, name=str(uri), arguments=variables,
                           context=context, started=started)
        try:
            return _contents(await self.chain("resource")(info))
        except Exception as exc:
            self._route(info, exc)  # the table makes every resource failure a protocol error
            raise

    async def _resource_terminal(self, info: CallInfo) -> list[ResourceContents]:
        spec, ctx = info.spec, bound_context(info)
        if not isinstance(spec, ResourceSpec | TemplateSpec):
            raise _wrong_kind(info)
        ticket = await self._admit(info, spec, "resource")
        variables = self._inputs(info, ctx, ticket)
        value = await run_handler(spec.handler, is_async=spec.is_async, takes_ctx=spec.takes_ctx,
                                  ctx=ctx, kwargs=variables, workers=self.workers)
        tctx = self._tctx("resource", info.name, spec, info.principal, arguments=variables,
                          call=ctx)
        return finalize.resource_contents(value, info.name, spec.mime_type,
                                          self.policy.output_pipeline(spec, info.principal), tctx)

    # ----------------------------------------------------------------------- prompts

    async def get_prompt(self, name: object, arguments: object, principal: Principal,
                         context: ToolContext | None) -> PromptResult:
        started = time.perf_counter()
        spec = _found("prompt", lambda: lookup.prompt(self.registry, self.policy, self.prefix, name,
                                                      principal, arguments=arguments))
        info = self._begin("prompt", spec, principal, name=spec.name, arguments=arguments,
                           context=context, started=started)
        try:
            result = await self.chain("prompt")(info)
            if not isinstance(result, PromptResult):
                raise _not_a_result(result, "a PromptResult")
            return result
        except Exception as exc:
            self._route(info, exc)  # the table makes every prompt failure a protocol error
            raise

    async def _prompt_terminal(self, info: CallInfo) -> PromptResult:
        spec, ctx = _spec_of(info, PromptSpec), bound_context(info)
        ticket = await self._admit(info, spec, "prompt")
        arguments = self._inputs(info, ctx, ticket, required=spec)
        value = await run_handler(spec.handler, is_async=spec.is_async, takes_ctx=spec.takes_ctx,
                                  ctx=ctx, kwargs=arguments, workers=self.workers)
        tctx = self._tctx("prompt", spec.name, spec, info.principal, arguments=arguments, call=ctx)
        return finalize.prompt_result(value, self.policy.output_pipeline(spec, info.principal),
                                      tctx)

    # ----------------------------------------------------------------------- completions

    async def complete(self, ref: object, argument: object, principal: Principal,
                       context_arguments: object) -> dict[str, object]:
        """Unknown refs and handler errors give the empty result; policy refusals raise."""
        started = time.perf_counter()
        if not isinstance(argument, dict) or not isinstance(argument.get("name"), str):
            return dict(EMPTY_COMPLETION)
        found = _found("completion", lambda: lookup.completion_target(
            self.registry, self.policy, self.prefix, ref, principal))
        if found is None:
            return dict(EMPTY_COMPLETION)
        spec, name = found
        arguments = {"argument": argument["name"], "value": argument.get("value") or "",
                     "context": context_arguments if isinstance(context_arguments, dict) else {}}
        info = self._begin("completion", spec, principal, name=name, arguments=arguments,
                           context=None, started=started)
        try:
            values = await self.chain("completion")(info)
            if not isinstance(values, dict):
                raise _not_a_result(values, "a completion")
            return values
        except Exception as exc:
            empty = self._route(info, exc)  # only a policy refusal raises
            assert isinstance(empty, dict)
            return dict(empty)

    async def _completion_terminal(self, info: CallInfo) -> dict[str, object]:
        spec, ctx = info.spec, bound_context(info)
        if not isinstance(spec, PromptSpec | TemplateSpec):
            raise _wrong_kind(info)
        policy, principal = self.policy, info.principal
        ticket = await self._admit(info, spec, "completion")
        arg_name = str(_completion_request(info).get("argument", ""))
        completer = spec.completions.get(arg_name)
        if completer is None:
            return dict(EMPTY_COMPLETION)
        value, context_args = self._completion_inputs(info, ctx, ticket, arg_name)
        takes_ctx, is_async = call_shape(completer)
        raw = await run_handler(completer, is_async=is_async, takes_ctx=takes_ctx, ctx=ctx,
                                kwargs={"value": value if isinstance(value, str) else "",
                                        "context_arguments": context_args}, workers=self.workers)
        values = [v for v in (raw if isinstance(raw, Iterable) else ()) if isinstance(v, str)]
        tctx = self._tctx("completion", info.name, spec, principal, arguments=context_args,
                          call=ctx)
        return finalize.completion_values(values, arg_name, policy.output_pipeline(spec, principal),
                                          tctx)

    def _completion_inputs(self, info: CallInfo, ctx: ToolContext, ticket: AuditEntry | None,
                           arg_name: str) -> tuple[object, dict[str, object]]:
        """The partial value and context arguments after the input pipeline; a refusal is
        audited (the caller then gets the empty completion)."""
        spec, principal = info.spec, info.principal
        pipeline = self.policy.input_pipeline(spec, principal)
        ictx = self._tctx("completion", info.name, spec, principal)
        # the context holds whole arguments of the prompt or template: checked as its own call's
        cctx = self._tctx("prompt" if isinstance(spec, PromptSpec) else "resource", info.name, spec,
                          principal)
        request = _completion_request(info)
        typed = request.get("value", "")
        try:
            value = inputs.prepare({arg_name: typed}, pipeline, ictx).get(arg_name, "")
            context_args = inputs.prepare(inputs.check_shape(request.get("context", {}),
                                                             "Context arguments"), pipeline, cctx)
        except MCPLayerError as exc:
            self._rejected(info, ticket, exc)
            raise
        ctx.reversed.update(ictx.reversed)
        ctx.reversed.update(cctx.reversed)
        if ctx.visible.active:
            value = typed  # accepted by the input pipeline; matched against what the caller sees
        return value, context_args

    # ----------------------------------------------------------------------- shared steps

    async def _admit(self, info: CallInfo, spec: Spec, kind: Kind) -> AuditEntry | None:
        """Step 6, the policy check (access, then rate limits); the allowed entry is the ticket.
        Awaited: a shared rate-limit store waits on the network without holding the loop.

        Raises:
            AccessDeniedError, RateLimitedError: when the policy refuses.
        """
        return await self.policy.check_call_async(spec, info.principal, info.arguments, kind=kind,
                                                  name=info.name, request_id=info.request_id)

    def _begin(self, kind: Kind, spec: Spec, principal: Principal, *, name: str, arguments: object,
               context: ToolContext | None, started: float,
               timeout: float | None = None) -> CallInfo:
        base = context or _UNBOUND
        out = self.policy.output_pipeline(spec, principal)
        channel_filter = None
        visible = visibility(out, lambda: self._tctx(kind, name, spec, principal))
        bound: list[ToolContext] = []
        if out:  # progress and log messages are filtered like results, echoes of reversals included
            channel_filter = lambda v: out.apply(v, self._tctx(  # noqa: E731
                kind, name, spec, principal, call=bound[0] if bound else None).at("/notification"))
        ctx = base.bind(self.workspace, kind, name, principal, channel_filter, visible=visible,
                        port=self.port if spec.privileged else None)
        bound.append(ctx)
        return CallInfo(kind=kind, name=name, spec=spec, arguments=arguments, principal=principal,
                        context=ctx, started=started, request_id=base.request_id, gate=self.port,
                        timeout=timeout)

    def _inputs(self, info: CallInfo, ctx: ToolContext, ticket: AuditEntry | None,
                required: PromptSpec | None = None) -> dict[str, object]:
        """Shape check, required prompt arguments and input pipeline; a refusal rewrites the audit."""
        try:
            arguments = inputs.check_shape(info.arguments)
            if required is not None:
                arguments = inputs.required(required, arguments)
            pipeline = self.policy.input_pipeline(info.spec, info.principal)
            if not pipeline or not arguments:
                return arguments
            ictx = self._tctx(info.kind, info.name, info.spec, info.principal)
            prepared = inputs.prepare(arguments, pipeline, ictx)
            ctx.reversed.update(ictx.reversed)
            return prepared
        except MCPLayerError as exc:
            self._rejected(info, ticket, exc)
            raise

    def _rejected(self, info: CallInfo, ticket: AuditEntry | None, exc: MCPLayerError) -> None:
        self.policy.record_rejection(ticket, exc.message, kind=info.kind, name=info.name,
                                     principal=info.principal, arguments=info.arguments,
                                     request_id=info.request_id)

    def _tctx(self, kind: Kind, name: str, spec: Spec | None, principal: Principal, *,
              arguments: dict[str, object] | None = None,
              call: ToolContext | None = None) -> TransformContext:
        """A transform context; with `call`, the real values its input side reversed count as
        known identifiers, so the output never echoes them in clear."""
        policy = self.policy
        known = self.workspace.known_identifiers() if policy.transforms_anything else None
        if call is not None and call.reversed and known is not None:
            known = Overlay(call.reversed, known)
        return policy.transform_context(
            kind=kind, name=name, principal=principal,
            sensitivity=spec.sensitivity if spec is not None else "internal",
            dataset=self._dataset(arguments, principal), known=known)

    def _dataset(self, arguments: dict[str, object] | None, principal: Principal) -> str | None:
        """The dataset a call concerns (the caller's active one by default), for provenance."""
        if arguments:
            named = arguments.get("dataset")
            if isinstance(named, str) and named:
                return named
        return self.workspace.view(principal).active_name

    def _scrubbed(self, exc: MCPLayerError, kind: Kind, name: str, *, spec: Spec | None,
                  principal: Principal, call: ToolContext | None = None) -> MCPLayerError:
        """A copy of `exc` whose message and data passed the output pipeline."""
        pipeline = self.policy.output_pipeline(spec, principal)
        message, data = finalize.transform_message(
            exc.message, exc.data, pipeline, self._tctx(kind, name, spec, principal, call=call))
        out = copy.copy(exc)
        out.message, out.data, out.args = message, data, (message,)
        return out

    def _route(self, info: CallInfo, exc: BaseException) -> ToolResult | dict[str, object]:
        """The one place a failure after lookup goes where `errors.outcome` says: an `isError`
        tool result, the empty completion, or a protocol error (raised) whose message and data
        passed the output pipeline. Unexpected exceptions are logged with their frames first.

        Raises:
            MCPLayerError: for a protocol error.
        """
        kind, spec, principal = info.kind, info.spec, info.principal
        call = info.context if isinstance(info.context, ToolContext) else None
        route = outcome(kind, exc)
        if route == "empty_result":
            log_failure(_log, f"completion for {info.name} (answered empty)", exc, logging.DEBUG)
            return EMPTY_COMPLETION
        if route == "error_result":
            code, message, data = _as_error(exc, kind, info.name)
            return finalize.error_result(code, message, data,
                                         self.policy.output_pipeline(spec, principal),
                                         self._tctx(kind, info.name, spec, principal, call=call))
        if not isinstance(exc, MCPLayerError):
            _as_error(exc, kind, spec.key)  # the registered name: a resource URI is what a caller typed
            exc = MCPLayerError(f"{type(exc).__name__}: {exc}")
        raise self._scrubbed(exc, kind, info.name, spec=spec, principal=principal,
                             call=None if kind == "completion" else call) from None


@overload
def _found(kind: Literal["completion"], find: Callable[[], T]) -> T | None: ...
@overload
def _found(kind: Literal["tool", "resource", "prompt"], find: Callable[[], T]) -> T: ...
def _found(kind: Kind, find: Callable[[], T]) -> T | None:
    """What a lookup found, or None where `errors.outcome` answers its failure with the empty
    result (a completion's unknown ref); the other kinds raise the lookup's protocol error,
    whose message `lookup` scrubbed already.

    Raises:
        NotFoundError: for an unknown or hidden tool, prompt or resource.
    """
    try:
        return find()
    except NotFoundError as exc:
        if outcome(kind, exc, stage="lookup") == "empty_result":
            return None
        raise


def _as_error(exc: BaseException, kind: Kind, name: str) -> tuple[int | str, str, object]:
    """(code, message, data) for any exception; unexpected ones are logged with their frames."""
    if isinstance(exc, MCPLayerError):
        return exc.code, exc.message, exc.data
    log_failure(_log, f"{kind} {name}", exc)
    return HANDLER_ERROR, f"{type(exc).__name__}: {exc}", None


def _completion_request(info: CallInfo) -> dict[str, object]:
    """`argument`, `value` and `context`, as `complete` put them in the call's arguments."""
    return info.arguments if isinstance(info.arguments, dict) else {}


def _contents(found: object) -> list[ResourceContents]:
    """What the resource chain returned, checked to be contents.

    Raises:
        TypeError: when a middleware returned something else.
    """
    items = list(found) if isinstance(found, Iterable) else None
    contents = [c for c in items or () if isinstance(c, TextResourceContents | BlobResourceContents)]
    if items is None or len(contents) != len(items):
        raise _not_a_result(found, "resource contents")
    return contents


def _not_a_result(found: object, expected: str) -> TypeError:
    return TypeError(f"middleware returned {type(found).__name__} instead of {expected}")


def _spec_of(info: CallInfo, kind: type[S]) -> S:
    """The call's spec as the kind its terminal runs.

    Raises:
        TypeError: when a middleware replaced the spec with one of another kind.
    """
    if not isinstance(info.spec, kind):
        raise _wrong_kind(info)
    return info.spec


def _wrong_kind(info: CallInfo) -> TypeError:
    return TypeError(f"a {info.kind} call cannot run a {type(info.spec).__name__}")


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
