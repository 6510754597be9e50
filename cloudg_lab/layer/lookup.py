"""Finding the spec a request names, as the policy lets this principal see it.

ARCHITECTURE.md, step 4 and "Other kinds".

Hidden and unknown primitives are indistinguishable: both are recorded as `not_found` and raise
the same `NotFoundError`, so a caller cannot probe for what a policy hides. The name the error
quotes is what the caller typed, so it is scrubbed like any output: a secret or a real identifier
pasted into a tool name or URI does not come back in the message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from cloudg_lab.errors import NotFoundError
from cloudg_lab.policy import Policy
from cloudg_lab.registry import PromptSpec, Registry, ResourceSpec, TemplateSpec, ToolSpec
from cloudg_lab.types import Kind, Principal, Spec

S = TypeVar("S", bound=Spec)


def strip_prefix(name: str, prefix: str) -> str | None:
    """The registered name behind an exposed one; None when a prefix is set and missing."""
    if not prefix:
        return name
    return name[len(prefix):] if name.startswith(prefix) else None


def tool(registry: Registry, policy: Policy, prefix: str, name: object, principal: Principal, *,
         arguments: object = None) -> ToolSpec:
    """Raises:
        NotFoundError: `Unknown tool: NAME` (the name left out where identifiers are hidden),
            for unknown, hidden or unprefixed names.
    """
    return _by_name("tool", registry.tool, policy, prefix, name, principal=principal,
                    arguments=arguments)


def prompt(registry: Registry, policy: Policy, prefix: str, name: object, principal: Principal, *,
           arguments: object = None) -> PromptSpec:
    """Raises:
        NotFoundError: `Unknown prompt: NAME`, for unknown, hidden or unprefixed names.
    """
    return _by_name("prompt", registry.prompt, policy, prefix, name, principal=principal,
                    arguments=arguments)


def _by_name(kind: Kind, find: Callable[[str], S | None], policy: Policy, prefix: str, name: object,
             *, principal: Principal, arguments: object) -> S:
    label = name if isinstance(name, str) else repr(name)
    bare = strip_prefix(name, prefix) if isinstance(name, str) else None
    spec = find(bare) if bare is not None else None
    if spec is None or not policy.is_allowed(spec, principal):
        policy.record_hidden(kind, label, principal, arguments)
        raise NotFoundError(_unknown(kind, policy.echo(label, principal)))
    return spec


def _unknown(kind: str, echoed: str) -> str:
    return f"Unknown {kind}: {echoed}" if echoed else f"Unknown {kind}"


def resource(registry: Registry, policy: Policy, uri: object,
             principal: Principal) -> tuple[ResourceSpec | TemplateSpec, dict[str, str]]:
    """Exact URI first, then templates longest first; the first visible match wins.

    Raises:
        NotFoundError: `Unknown resource: URI`.
    """
    label = uri if isinstance(uri, str) else repr(uri)
    if isinstance(uri, str):
        exact = registry.resource(uri)
        if exact is not None and policy.is_allowed(exact, principal):
            return exact, {}
        for spec, variables in registry.match_template(uri):
            if policy.is_allowed(spec, principal):
                return spec, variables
    policy.record_hidden("resource", label, principal)
    raise NotFoundError(_unknown("resource", policy.echo(label, principal)))


def completion_target(registry: Registry, policy: Policy, prefix: str, ref: object,
                      principal: Principal) -> tuple[PromptSpec | TemplateSpec, str]:
    """The prompt or template a completion ref names, with the name to report. Not recorded
    as hidden: an unknown ref is an ordinary answer (the empty completion), as the seed says.

    Raises:
        NotFoundError: `Unknown completion target`, for unknown, hidden or malformed refs.
    """
    target = _completion_ref(registry, prefix, ref) if isinstance(ref, dict) else None
    if target is None or not policy.is_allowed(target, principal):
        raise NotFoundError("Unknown completion target")
    return target, target.key


def _completion_ref(registry: Registry, prefix: str,
                    ref: dict[str, object]) -> PromptSpec | TemplateSpec | None:
    name, uri = ref.get("name"), ref.get("uri")
    if ref.get("type") == "ref/prompt" and isinstance(name, str):
        bare = strip_prefix(name, prefix)
        return registry.prompt(bare) if bare is not None else None
    if ref.get("type") == "ref/resource" and isinstance(uri, str):
        return registry.template(uri)
    return None
