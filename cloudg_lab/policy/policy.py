"""The policy in force: a validated model compiled once, and immutable after that.

The layer asks it four questions: may this principal see this primitive (`is_allowed`), may it
call it now (`check_call`), which transforms apply (`output_pipeline`, `input_pipeline`), and in
which vault namespace (`transform_context`). The answers need state the policy does not own (the
audit ring buffer, the rate-limit buckets, the vault, the data's identifiers): the layer's
composition root builds those and binds them with `bound`, which returns a new policy sharing the
compiled parts. A policy loaded on its own (`Policy.load`) gets fresh state of its own.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

from cloudg_lab.errors import AccessDeniedError, PolicyError, RateLimitedError
from cloudg_lab.policy import engine
from cloudg_lab.policy.audit import ArgumentHasher, AuditEntry, AuditLog, Decision, declared_arguments
from cloudg_lab.policy.model import PolicyModel, RateLimit, Rule, resolve
from cloudg_lab.policy.ratelimit import RateLimiter, Refusal
from cloudg_lab.privacy.detectors import DetectorSet, compile_detectors
from cloudg_lab.privacy.pipeline import Pipeline, TransformContext, build_pipeline
from cloudg_lab.privacy.vault import Vault
from cloudg_lab.types import Kind, Principal, Spec

PolicySource: TypeAlias = "Policy | PolicyModel | str | Path | Mapping[str, object]"
"""What `Policy.load` and `Layer(policy=...)` accept."""
_CACHE_LIMIT = 20_000


@dataclass
class _Compiled:
    """What compiling a model produces, shared by every binding of the same rules (memo only)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    rules: dict[tuple[object, ...], tuple[Spec, tuple[Rule, ...], engine.Decision]] = field(
        default_factory=dict)
    pipelines: dict[tuple[str, tuple[int, ...]], Pipeline] = field(default_factory=dict)
    detectors: DetectorSet | None = None


class Policy:
    """One policy in force. Build with `Policy.load(...)`; bind a layer's state with `bound`.

    Immutable: attributes cannot be set after construction (the compiled caches only memoise).
    """

    model: PolicyModel
    origin: str
    audit: AuditLog
    rate_limiter: RateLimiter
    hasher: ArgumentHasher
    known_source: Callable[[], Mapping[str, str]] | None
    """The workspace's dictionary, so `scrub` knows the data's values."""
    transforms_anything: bool
    _vault: Vault | None
    _memo: _Compiled

    def __init__(self, model: PolicyModel, *, origin: str = "<model>",
                 hasher: ArgumentHasher | None = None, audit: AuditLog | None = None,
                 rate_limiter: RateLimiter | None = None, vault: Vault | None = None,
                 known_source: Callable[[], Mapping[str, str]] | None = None,
                 compiled: _Compiled | None = None) -> None:
        init = functools.partial(object.__setattr__, self)
        init("model", model)
        init("origin", origin)
        init("audit", AuditLog(model.audit_size, record_allowed=model.audit) if audit is None else audit)
        init("rate_limiter", RateLimiter() if rate_limiter is None else rate_limiter)
        init("hasher", hasher or ArgumentHasher())
        init("_vault", vault)
        init("known_source", known_source)
        init("_memo", compiled or _Compiled())
        if compiled is None:
            self._validate_pipelines()
        init("transforms_anything", bool(model.transforms or model.input_transforms or any(
            r.transforms or r.input_transforms for _, r in self._all_rules())))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Policy is immutable; cannot set {name!r} (bind state with `bound`)")

    def bound(self, *, audit: AuditLog | None = None, rate_limiter: RateLimiter | None = None,
              vault: Vault | None = None,
              known_source: Callable[[], Mapping[str, str]] | None = None) -> Policy:
        """The same rules enforced with the given state (the rest kept); compiled parts are shared."""
        return Policy(self.model, origin=self.origin, hasher=self.hasher,
                      audit=self.audit if audit is None else audit,
                      rate_limiter=self.rate_limiter if rate_limiter is None else rate_limiter,
                      vault=self._vault if vault is None else vault,
                      known_source=self.known_source if known_source is None else known_source,
                      compiled=self._memo)

    # ------------------------------------------------------------------ loading

    @classmethod
    def load(cls, source: object, *, origin: str | None = None, text: str | None = None) -> Policy:
        """A policy from a `Policy` (returned as is), model, profile name, path, YAML text or dict.

        Raises:
            PolicyError: with the field path (and YAML line) of the first problem.
        """
        if isinstance(source, Policy):
            return source
        if isinstance(source, PolicyModel):
            return cls(source, origin=origin or "<model>")
        if not isinstance(source, str | Path | Mapping):
            raise PolicyError(f"Cannot load a policy from {type(source).__name__}; pass a profile "
                              "name, a YAML/JSON path or text, a dict or a Policy")
        model, where = resolve(source, origin=origin, text=text)
        return cls(model, origin=where)

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def description(self) -> str:
        return self.model.description

    def _validate_pipelines(self) -> None:
        """Compile every transform list now, so a bad option fails at load with its path."""
        self._compiled(self.model.transforms, "transforms")
        self._compiled(self.model.input_transforms, "input_transforms")
        for where, rule in self._all_rules():
            self._compiled(rule.transforms, f"{where}.transforms")
            self._compiled(rule.input_transforms, f"{where}.input_transforms")
        if self.model.detectors or self.model.disabled_detectors:
            self.detectors  # noqa: B018  (compiles custom detectors, raising PolicyError early)

    def _all_rules(self) -> list[tuple[str, Rule]]:
        return [(f"roles.{k}", r) for k, r in self.model.roles.items()] + [
            (f"rules[{i}]", r) for i, r in enumerate(self.model.rules)]

    def _compiled(self, steps: list[dict[str, object]], where: str) -> Pipeline:
        key = (where, tuple(id(s) for s in steps))
        found = self._memo.pipelines.get(key)
        if found is None:
            try:
                found = build_pipeline(steps, where)
            except PolicyError as exc:
                raise PolicyError(f"Invalid policy {self.origin}: {exc}") from None
            self._memo.pipelines[key] = found
        return found

    # ------------------------------------------------------------------ vault and detectors

    @property
    def vault(self) -> Vault:
        """The pseudonym vault: the bound one, else built from the `vault` settings on first use."""
        if self._vault is None:
            with self._memo.lock:
                if self._vault is None:
                    object.__setattr__(self, "_vault", Vault.from_config(self.model.vault))
        assert self._vault is not None
        return self._vault

    @property
    def detectors(self) -> DetectorSet:
        if self._memo.detectors is None:
            try:
                self._memo.detectors = compile_detectors(self.model.detectors,
                                                             self.model.disabled_detectors)
            except (ValueError, TypeError) as exc:
                raise PolicyError(f"Invalid policy {self.origin}: detectors: {exc}") from None
        return self._memo.detectors

    def namespace(self, principal: Principal) -> str:
        return f"p:{principal.id}" if self.model.vault.scope == "principal" else "global"

    # ------------------------------------------------------------------ decisions

    def _lookup(self, spec: Spec, principal: Principal) -> tuple[tuple[Rule, ...], engine.Decision]:
        key = (id(spec), spec.key, principal)
        hit = self._memo.rules.get(key)
        if hit is not None:
            return hit[1], hit[2]
        rules = engine.matching_rules(self.model, spec, principal)
        decision = engine.decide(self.model, spec, principal, rules)
        if len(self._memo.rules) > _CACHE_LIMIT:
            self._memo.rules.clear()
        self._memo.rules[key] = (spec, rules, decision)
        return rules, decision

    def decide(self, spec: Spec, principal: Principal) -> engine.Decision:
        return self._lookup(spec, principal)[1]

    def is_allowed(self, spec: Spec, principal: Principal) -> bool:
        """Visibility: denied primitives are hidden unless `hide_denied` is false or the policy
        names them in `show_denied`."""
        return (self._lookup(spec, principal)[1].allowed or not self.model.hide_denied
                or engine.globs_match(self.model.show_denied, spec.key))

    def may(self, principal: Principal, capability: str) -> bool:
        return engine.may(self.model, principal, capability)

    def check_call(self, spec: Spec, principal: Principal, arguments: object, *, kind: Kind,
                   name: str, request_id: str | int | None = None) -> AuditEntry | None:
        """Access, then rate limits; records the decision and returns the entry (the ticket).

        Raises:
            AccessDeniedError: -31001, when the policy denies the call.
            RateLimitedError: -31029, when a bucket is empty; data has `retry_after`.
        """
        limits, hashed = self._access(spec, principal, arguments, kind=kind, name=name,
                                     request_id=request_id)
        refusal = self.rate_limiter.take(limits, kind=kind, name=spec.key,
                                         principal_id=principal.id) if limits else None
        return self._admit(refusal, spec, principal, hashed=hashed, kind=kind, name=name,
                           request_id=request_id)

    async def check_call_async(self, spec: Spec, principal: Principal, arguments: object, *, kind: Kind,
                               name: str, request_id: str | int | None = None) -> AuditEntry | None:
        """`check_call` for a caller on an event loop: a shared rate-limit store is awaited, so
        the loop serves other calls meanwhile.

        Raises:
            AccessDeniedError, RateLimitedError: as `check_call`.
        """
        limits, hashed = self._access(spec, principal, arguments, kind=kind, name=name,
                                     request_id=request_id)
        refusal = await self.rate_limiter.take_async(limits, kind=kind, name=spec.key,
                                                     principal_id=principal.id) if limits else None
        return self._admit(refusal, spec, principal, hashed=hashed, kind=kind, name=name,
                           request_id=request_id)

    def _access(self, spec: Spec, principal: Principal, arguments: object, *, kind: Kind, name: str,
                request_id: str | int | None) -> tuple[list[RateLimit], dict[str, str]]:
        """The limits that apply and the hashed arguments, once access is granted.

        Raises:
            AccessDeniedError: recorded first.
        """
        rules, decision = self._lookup(spec, principal)
        hashed = self.hasher.arguments(arguments, declared_arguments(spec, kind))
        if not decision.allowed:
            self._record("denied", kind, name, principal, hashed=hashed, reason=decision.reason,
                         request_id=request_id)
            noun = "tool" if kind == "tool" else kind
            raise AccessDeniedError(f"Access to {noun} '{name}' denied: {decision.reason}",
                                    {"policy": self.name, "reason": decision.reason})
        return self._limits(rules), hashed

    def _admit(self, refusal: Refusal | None, spec: Spec, principal: Principal, *,
               hashed: dict[str, str], kind: Kind, name: str,
               request_id: str | int | None) -> AuditEntry | None:
        """Record the decision the rate limits left: refused (raised) or allowed (the ticket).

        Raises:
            RateLimitedError: recorded first.
        """
        if refusal is not None:
            reason = f"rate limit {refusal.label} ({refusal.limit.scope})"
            self._record("rate_limited", kind, name, principal, hashed=hashed, reason=reason,
                         request_id=request_id)
            raise RateLimitedError(
                f"Rate limit exceeded for {kind} '{name}' ({refusal.label}); "
                f"retry in {refusal.retry_after:.1f}s",
                {"retry_after": refusal.retry_after, "limit": refusal.label,
                 "scope": refusal.limit.scope})
        always = bool(spec.capabilities & set(self.model.audit_capabilities))
        return self._record("allowed", kind, name, principal, hashed=hashed, reason="",
                            request_id=request_id, always=always)

    def record_hidden(self, kind: Kind, name: str, principal: Principal, arguments: object = None,
                      request_id: str | int | None = None) -> AuditEntry | None:
        """An unknown or hidden primitive was asked for: decision `not_found`."""
        return self._record("not_found", kind, name, principal, hashed=self.hasher.arguments(arguments),
                            reason="unknown or hidden by policy", request_id=request_id)

    def record_rejection(self, ticket: AuditEntry | None, reason: str, *, kind: Kind, name: str,
                         principal: Principal, arguments: object = None,
                         request_id: str | int | None = None) -> AuditEntry | None:
        """The input stage refused a call `check_call` allowed: the `allowed` entry does not stand.

        The reason is an error message that may quote what the caller sent (an argument's name), so
        it is scrubbed like names are.
        """
        reason = self.scrub(reason, principal)
        if ticket is not None:  # its arguments were hashed against what the primitive declares
            return self.audit.rewrite(ticket, decision="rejected", reason=reason)
        return self._record("rejected", kind, name, principal, hashed=self.hasher.arguments(arguments),
                            reason=reason, request_id=request_id)

    def _record(self, decision: Decision, kind: Kind, name: str, principal: Principal, *,
                hashed: dict[str, str], reason: str, request_id: str | int | None,
                always: bool = False) -> AuditEntry | None:
        if decision == "allowed" and not (self.audit.record_allowed or always):
            self.audit.record(decision, kind=kind, name=name, principal_id=principal.id,
                              roles=principal.roles, arguments={})
            return None
        return self.audit.record(decision, kind=kind, name=self.scrub(name, principal),
                                 principal_id=principal.id, roles=principal.roles,
                                 arguments=hashed, reason=reason, request_id=request_id,
                                 keep=always)

    def _limits(self, rules: tuple[Rule, ...]) -> list[RateLimit]:
        if not rules:
            return self.model.rate_limits
        return self.model.rate_limits + [lim for r in rules for lim in r.rate_limits]

    def reset_rate_limits(self) -> None:
        self.rate_limiter.reset()

    # ------------------------------------------------------------------ pipelines

    def output_pipeline(self, spec: Spec | None, principal: Principal) -> Pipeline:
        """Base transforms, changed by each matching rule (append, prepend or replace)."""
        base = self._compiled(self.model.transforms, "transforms")
        if spec is None:
            return base
        rules = [r for r in self._lookup(spec, principal)[0] if r.transforms]
        for rule in rules:
            extra = self._compiled(rule.transforms, f"rule {rule.name}.transforms")
            base = {"append": base + extra, "prepend": extra + base,
                    "replace": extra}[rule.transforms_mode]
        return base

    def input_pipeline(self, spec: Spec | None, principal: Principal) -> Pipeline:
        base = self._compiled(self.model.input_transforms, "input_transforms")
        if spec is None:
            return base
        for rule in self._lookup(spec, principal)[0]:
            if rule.input_transforms:
                base = base + self._compiled(rule.input_transforms,
                                             f"rule {rule.name}.input_transforms")
        return base

    def transform_context(self, *, kind: Kind, name: str, principal: Principal,
                          sensitivity: str = "internal", dataset: str | None = None,
                          path: str = "", known: Mapping[str, str] | None = None) -> TransformContext:
        """A context for one request; policies that transform nothing never build a vault."""
        if not self.transforms_anything:
            return TransformContext(principal=principal, kind=kind, name=name,
                                    policy_name=self.name, vault=None, path=path,
                                    sensitivity=sensitivity, dataset=dataset)
        return TransformContext(principal=principal, kind=kind, name=name,
                                policy_name=self.name, vault=self.vault,
                                namespace=self.namespace(principal), path=path,
                                sensitivity=sensitivity, dataset=dataset,
                                detectors=self.detectors, known=known)

    def echo(self, text: str, principal: Principal) -> str:
        """What an error may repeat of a name the caller typed (`Unknown resource: NAME`).
        Where the output hides identifiers, nothing: the pipeline would hand a real value back
        as the pseudonym results show and an invented one as typed, so the echo would confirm
        a guess. Elsewhere the name, scrubbed."""
        pipeline = self.output_pipeline(None, principal)
        return "" if pipeline and pipeline.hides_identifiers else self.scrub(text, principal)

    def scrub(self, text: str, principal: Principal) -> str:
        """`text` as this principal may see it (audit names can carry what a caller typed)."""
        pipeline = self.output_pipeline(None, principal)
        if not pipeline or not text:
            return text
        known = self.known_source() if self.known_source is not None else None
        ctx = self.transform_context(kind="tool", name="audit", principal=principal, known=known)
        out = pipeline.apply(text, ctx)
        return out if isinstance(out, str) else text

    def summary(self) -> dict[str, object]:
        """What the policy hides, denies and transforms, for `%%mcp policy` and `policy_review`."""
        m = self.model
        return {"name": m.name, "description": m.description, "extends": m.extends,
                "origin": self.origin, "hide_denied": m.hide_denied, "audit": m.audit,
                "max_sensitivity": m.max_sensitivity, "deny_capabilities": list(m.deny_capabilities),
                "deny_tools": list(m.deny_tools), "deny_categories": list(m.deny_categories),
                "roles": sorted(m.roles), "rules": [r.name for r in m.rules],
                "rate_limits": [lim.model_dump() for lim in m.rate_limits],
                "transforms": [s.get("type") for s in m.transforms],
                "input_transforms": [s.get("type") for s in m.input_transforms]}
