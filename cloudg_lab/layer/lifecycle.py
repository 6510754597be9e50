"""The order of the stages, written down once (ARCHITECTURE.md, "The request's path" and "Other kinds").

tools:       lookup → CallInfo → middleware → check_call → inputs → validate → invoke → finalize
resources:   lookup → CallInfo → middleware → check_call → inputs → handler → contents
prompts:     lookup → CallInfo → middleware → check_call → required args → inputs → handler → messages
completions: lookup → CallInfo → middleware → check_call → inputs → completer → values

Each stage lives in its own module; this one only sequences them and routes errors through the
table in `cloudg_lab.errors`.
"""

from __future__ import annotations

import copy
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeVar

from cloudg_lab.data.workspace import Workspace
from cloudg_lab.errors import HANDLER_ERROR, InvalidArgumentsError, MCPLayerError, outcome
from cloudg_lab.layer import finalize, inputs, lookup
from cloudg_lab.layer.context import ToolContext
from cloudg_lab.layer.invoke import run_handler, run_with_timeout
from cloudg_lab.layer.port import LayerPort
from cloudg_lab.layer.validate import validate_arguments
from cloudg_lab.layer.visibility import visibility
from cloudg_lab.layer.workers import WorkerSlots
from cloudg_lab.logs import log_failure
from cloudg_lab.policy import Policy
from cloudg_lab.policy.audit import AuditEntry
from cloudg_lab.privacy.pipeline import Overlay, Pipeline, TransformContext
from cloudg_lab.registry import PromptSpec, Registry, ResourceSpec, Spec, TemplateSpec, ToolSpec
from cloudg_lab.registry.signatures import call_shape
from cloudg_lab.types import META_PREFIX, CallInfo, Kind, Principal, PromptResult, ToolResult

_log = logging.getLogger("cloudg_lab.layer")
S = TypeVar("S", bound=Spec)


class Host(Protocol):
    """What the stages run with: the policy in force, the registry and workspace (from the
    layer's `Services`), the settings, the composed chains and the doors handed to handlers and
    middleware. `Layer` is the one host; the stages never see the rest of it."""

    policy: Policy
    default_timeout: float | None

    @property
    def registry(self) -> Registry: ...

    @property
    def workspace(self) -> Workspace: ...

    @property
    def port(self) -> LayerPort: ...

    @property
    def prefix(self) -> str: ...

    @property
    def workers(self) -> WorkerSlots: ...

    @property
    def max_output_chars(self) -> int: ...

    def chain(self, kind: str) -> Callable[[CallInfo], Awaitable[Any]]: ...

    def known_identifiers(self) -> Mapping[str, str] | None: ...

    def dataset_hint(self, arguments: Mapping[str, Any] | None, principal: Principal) -> str | None: ...
EMPTY_COMPLETION: dict[str, Any] = {"values": [], "total": 0, "hasMore": False}


# --------------------------------------------------------------------------- tools


async def call_tool(layer: Host, name: object, arguments: object, principal: Principal,
                    context: ToolContext | None, *, timeout_seconds: float | None = None) -> ToolResult:
    """Steps 4 to 14 of the seed; only the lookup raises (a protocol error)."""
    started = time.perf_counter()
    spec = lookup.tool(layer.registry, layer.policy, layer.prefix, name, principal, arguments=arguments)
    _, info = _begin(layer, "tool", spec, principal, name=spec.name, arguments=arguments,
                     context=context, started=started, timeout=timeout_seconds)
    try:
        result = await layer.chain("tool")(info)
    except Exception as exc:
        result = _route(layer, info, exc)  # always an error result for tools
    if not isinstance(result, ToolResult):
        _log.error("middleware returned %s instead of a ToolResult", type(result).__name__)
        result = finalize.error_result(HANDLER_ERROR, "TypeError: middleware returned a non-result",
                                       None, Pipeline(), _tctx(layer, "tool", spec.name, spec,
                                                               principal))
    result.meta.setdefault(META_PREFIX + "duration_ms", _ms(started))
    return result


async def tool_terminal(layer: Host, info: CallInfo) -> ToolResult:
    spec = _spec_of(info, ToolSpec)
    policy, principal, ctx = layer.policy, info.principal, info.context
    ticket = policy.check_call(spec, principal, info.arguments, kind="tool", name=info.name,
                               request_id=info.request_id)
    arguments = _inputs(layer, info, ticket)
    kwargs = validate_arguments(spec.arguments_model, spec.single_model, arguments, spec.name)
    timeout = (spec.timeout_seconds if spec.timeout_seconds is not None
               else info.timeout if info.timeout is not None else layer.default_timeout)
    value = await run_with_timeout(spec.handler, is_async=spec.is_async, takes_ctx=spec.takes_ctx,
                                   ctx=ctx, kwargs=kwargs, workers=layer.workers, seconds=timeout,
                                   label=spec.name)
    tctx = _tctx(layer, "tool", spec.name, spec, principal, arguments=arguments, call=ctx)
    result = finalize.tool_result(value, policy.output_pipeline(spec, principal), tctx, ctx.links,
                                  layer.max_output_chars, page_cursor=ctx.page_cursor)
    result.meta[META_PREFIX + "duration_ms"] = _ms(info.started)
    if ticket is not None:
        policy.audit.rewrite(ticket, duration_ms=result.meta[META_PREFIX + "duration_ms"])
    return result


# --------------------------------------------------------------------------- resources


async def read_resource(layer: Host, uri: object, principal: Principal,
                        context: ToolContext | None) -> list[Any]:
    started = time.perf_counter()
    try:
        spec, variables = lookup.resource(layer.registry, layer.policy, uri, principal)
    except MCPLayerError as exc:
        raise _scrubbed(layer, exc, "resource", str(uri), spec=None, principal=principal) from None
    _, info = _begin(layer, "resource", spec, principal, name=str(uri), arguments=variables,
                     context=context, started=started)
    try:
        return list(await layer.chain("resource")(info))
    except Exception as exc:
        _route(layer, info, exc)  # the table makes every resource failure a protocol error
        raise


async def resource_terminal(layer: Host, info: CallInfo) -> list[Any]:
    spec = info.spec
    if not isinstance(spec, ResourceSpec | TemplateSpec):
        raise _wrong_kind(info)
    ticket = layer.policy.check_call(spec, info.principal, info.arguments, kind="resource",
                                     name=info.name, request_id=info.request_id)
    variables = _inputs(layer, info, ticket)
    value = await run_handler(spec.handler, is_async=spec.is_async, takes_ctx=spec.takes_ctx,
                              ctx=info.context, kwargs=variables, workers=layer.workers)
    tctx = _tctx(layer, "resource", info.name, spec, info.principal, arguments=variables,
                 call=info.context)
    return finalize.resource_contents(value, info.name, spec.mime_type,
                                      layer.policy.output_pipeline(spec, info.principal), tctx)


# --------------------------------------------------------------------------- prompts


async def get_prompt(layer: Host, name: object, arguments: object, principal: Principal,
                     context: ToolContext | None) -> PromptResult:
    started = time.perf_counter()
    try:
        spec = lookup.prompt(layer.registry, layer.policy, layer.prefix, name, principal,
                               arguments=arguments)
    except MCPLayerError as exc:
        raise _scrubbed(layer, exc, "prompt", str(name), spec=None, principal=principal) from None
    _, info = _begin(layer, "prompt", spec, principal, name=spec.name, arguments=arguments,
                     context=context, started=started)
    try:
        result: PromptResult = await layer.chain("prompt")(info)
        return result
    except Exception as exc:
        _route(layer, info, exc)  # the table makes every prompt failure a protocol error
        raise


async def prompt_terminal(layer: Host, info: CallInfo) -> PromptResult:
    spec = _spec_of(info, PromptSpec)
    ticket = layer.policy.check_call(spec, info.principal, info.arguments, kind="prompt",
                                     name=info.name, request_id=info.request_id)
    arguments = _inputs(layer, info, ticket, required=spec)
    value = await run_handler(spec.handler, is_async=spec.is_async, takes_ctx=spec.takes_ctx,
                              ctx=info.context, kwargs=arguments, workers=layer.workers)
    tctx = _tctx(layer, "prompt", spec.name, spec, info.principal, arguments=arguments,
                 call=info.context)
    return finalize.prompt_result(value, layer.policy.output_pipeline(spec, info.principal), tctx)


def _required(spec: PromptSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    """Raises:
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


# --------------------------------------------------------------------------- completions


async def complete(layer: Host, ref: object, argument: object, principal: Principal,
                   context_arguments: object) -> dict[str, Any]:
    """Unknown refs and handler errors give the empty result; policy refusals raise."""
    started = time.perf_counter()
    if not isinstance(argument, dict) or not isinstance(argument.get("name"), str):
        return dict(EMPTY_COMPLETION)
    found = lookup.completion_target(layer.registry, layer.policy, layer.prefix, ref, principal)
    if found is None:
        return dict(EMPTY_COMPLETION)
    spec, name = found
    arguments = {"argument": argument["name"], "value": argument.get("value") or "",
                 "context": context_arguments if isinstance(context_arguments, dict) else {}}
    _, info = _begin(layer, "completion", spec, principal, name=name, arguments=arguments,
                     context=None, started=started)
    try:
        values: dict[str, Any] = await layer.chain("completion")(info)
        return values
    except Exception as exc:
        empty = _route(layer, info, exc)  # only a policy refusal raises
        assert isinstance(empty, dict)
        return dict(empty)


async def completion_terminal(layer: Host, info: CallInfo) -> dict[str, Any]:
    spec = info.spec
    if not isinstance(spec, PromptSpec | TemplateSpec):
        raise _wrong_kind(info)
    policy, principal = layer.policy, info.principal
    ticket = policy.check_call(spec, principal, info.arguments, kind="completion", name=info.name,
                               request_id=info.request_id)
    arg_name: str = info.arguments["argument"]
    completer = spec.completions.get(arg_name)
    if completer is None:
        return dict(EMPTY_COMPLETION)
    value, context_args = _completion_inputs(layer, info, ticket, arg_name)
    takes_ctx, is_async = call_shape(completer)
    raw = await run_handler(completer, is_async=is_async, takes_ctx=takes_ctx, ctx=info.context,
                            kwargs={"value": value if isinstance(value, str) else "",
                                    "context_arguments": context_args}, workers=layer.workers)
    values = [v for v in (raw or []) if isinstance(v, str)]
    tctx = _tctx(layer, "completion", info.name, spec, principal, arguments=context_args,
                 call=info.context)
    return finalize.completion_values(values, arg_name, policy.output_pipeline(spec, principal), tctx)


def _completion_inputs(layer: Host, info: CallInfo, ticket: AuditEntry | None,
                       arg_name: str) -> tuple[Any, dict[str, Any]]:
    """The partial value and context arguments after the input pipeline; a refusal is audited
    (the caller then gets the empty completion)."""
    spec, principal = info.spec, info.principal
    pipeline = layer.policy.input_pipeline(spec, principal)
    ictx = _tctx(layer, "completion", info.name, spec, principal)
    typed = info.arguments["value"]
    try:
        value = inputs.prepare({arg_name: typed}, pipeline, ictx).get(arg_name, "")
        context_args = inputs.prepare(inputs.check_shape(info.arguments["context"],
                                                         "Context arguments"), pipeline, ictx)
    except MCPLayerError as exc:
        layer.policy.record_rejection(ticket, exc.message, kind="completion", name=info.name,
                                      principal=principal, arguments=info.arguments,
                                      request_id=info.request_id)
        raise
    info.context.reversed.update(ictx.reversed)
    if info.context.visible.active:
        value = typed  # accepted by the input pipeline; matched against what the caller sees
    return value, context_args


# --------------------------------------------------------------------------- shared steps


def _begin(layer: Host, kind: Kind, spec: Spec, principal: Principal, *, name: str, arguments: Any,
           context: ToolContext | None, started: float,
           timeout: float | None = None) -> tuple[ToolContext, CallInfo]:
    base = context or ToolContext(principal=principal)
    out = layer.policy.output_pipeline(spec, principal)
    channel_filter = None
    visible = visibility(out, lambda: _tctx(layer, kind, name, spec, principal))
    bound: list[ToolContext] = []
    if out:  # progress and log messages are filtered like results, echoes of reversals included
        channel_filter = lambda v: out.apply(v, _tctx(  # noqa: E731
            layer, kind, name, spec, principal, call=bound[0] if bound else None).at("/notification"))
    ctx = base.bind(layer.workspace, kind, name, principal, channel_filter, visible=visible,
                    port=layer.port if spec.privileged else None)
    bound.append(ctx)
    info = CallInfo(kind=kind, name=name, spec=spec, arguments=arguments, principal=principal,
                    context=ctx, started=started, request_id=base.request_id, gate=layer.port,
                    timeout=timeout)
    return ctx, info


def _inputs(layer: Host, info: CallInfo, ticket: AuditEntry | None,
            required: PromptSpec | None = None) -> dict[str, Any]:
    """Shape check, required prompt arguments and input pipeline; a refusal rewrites the audit."""
    try:
        arguments = inputs.check_shape(info.arguments)
        if required is not None:
            arguments = _required(required, arguments)
        pipeline = layer.policy.input_pipeline(info.spec, info.principal)
        if not pipeline or not arguments:
            return arguments
        ictx = _tctx(layer, info.kind, info.name, info.spec, info.principal)
        prepared = inputs.prepare(arguments, pipeline, ictx)
        info.context.reversed.update(ictx.reversed)
        return prepared
    except MCPLayerError as exc:
        layer.policy.record_rejection(ticket, exc.message, kind=info.kind, name=info.name,
                                      principal=info.principal, arguments=info.arguments,
                                      request_id=info.request_id)
        raise


def _tctx(layer: Host, kind: Kind, name: str, spec: Spec | None, principal: Principal, *,
          arguments: dict[str, Any] | None = None,
          call: ToolContext | None = None) -> TransformContext:
    """A transform context; with `call`, the real values its input side reversed count as
    known identifiers, so the output never echoes them in clear."""
    policy = layer.policy
    known = layer.known_identifiers() if policy.transforms_anything else None
    if call is not None and call.reversed and known is not None:
        known = Overlay(call.reversed, known)
    return policy.transform_context(
        kind=kind, name=name, principal=principal,
        sensitivity=spec.sensitivity if spec is not None else "internal",
        dataset=layer.dataset_hint(arguments, principal), known=known)


def _as_error(exc: BaseException, kind: Kind, name: str) -> tuple[int | str, str, Any]:
    """(code, message, data) for any exception; unexpected ones are logged with their frames."""
    if isinstance(exc, MCPLayerError):
        return exc.code, exc.message, exc.data
    log_failure(_log, f"{kind} {name}", exc)
    return HANDLER_ERROR, f"{type(exc).__name__}: {exc}", None


def _scrubbed(layer: Host, exc: MCPLayerError, kind: Kind, name: str, *, spec: Spec | None,
              principal: Principal, call: ToolContext | None = None) -> MCPLayerError:
    """A copy of `exc` whose message and data passed the output pipeline."""
    pipeline = layer.policy.output_pipeline(spec, principal)
    message, data = finalize.transform_message(exc.message, exc.data, pipeline,
                                               _tctx(layer, kind, name, spec, principal, call=call))
    out = copy.copy(exc)
    out.message, out.data, out.args = message, data, (message,)
    return out


def _route(layer: Host, info: CallInfo, exc: BaseException) -> ToolResult | dict[str, Any]:
    """The one place a failure after lookup goes where `errors.outcome` says: an `isError` tool
    result, the empty completion, or a protocol error (raised) whose message and data passed the
    output pipeline. Unexpected exceptions are logged with their frames first.

    Raises:
        MCPLayerError: for a protocol error.
    """
    kind, spec, principal = info.kind, info.spec, info.principal
    route = outcome(kind, exc)
    if route == "empty_result":
        log_failure(_log, f"completion for {info.name} (answered empty)", exc, logging.DEBUG)
        return EMPTY_COMPLETION
    if route == "error_result":
        code, message, data = _as_error(exc, kind, info.name)
        return finalize.error_result(code, message, data, layer.policy.output_pipeline(spec, principal),
                                     _tctx(layer, kind, info.name, spec, principal, call=info.context))
    if not isinstance(exc, MCPLayerError):
        _as_error(exc, kind, spec.key)  # the registered name: a resource URI is what a caller typed
        exc = MCPLayerError(f"{type(exc).__name__}: {exc}")
    call = None if kind == "completion" else info.context
    raise _scrubbed(layer, exc, kind, info.name, spec=spec, principal=principal, call=call) from None


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
