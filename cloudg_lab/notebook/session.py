"""The notebook session: one layer living in the kernel, its defaults, history and servers.

`%mcp` commands and the async API (`await cloudg_lab.acall(...)`) both go through the session, so
they share the layer, the policy and principal in force, user-defined policies and the call
history. It never imports IPython: scripts and tests can drive it directly, and `current()`
starts a default session on first use outside a notebook.
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from cloudg_lab._version import __version__
from cloudg_lab.errors import PolicyError
from cloudg_lab.layer import Layer, ToolContext
from cloudg_lab.notebook import listings
from cloudg_lab.notebook.config import SessionConfig
from cloudg_lab.notebook.display import CallResult, Listing, Origin, PromptView, ReadResult
from cloudg_lab.notebook.display.bundle import PayloadKind, RealValues
from cloudg_lab.observers import Listeners
from cloudg_lab.policy import Policy
from cloudg_lab.policy.audit import AuditLog
from cloudg_lab.policy.model import parse_text
from cloudg_lab.types import Principal, RequestInfo

SAMPLE_NAME = "sample"
HISTORY_SIZE = 1000
ListingKind = Literal["tools", "resources", "templates", "prompts"]
PrincipalLike = Principal | str | None
Shown = CallResult | ReadResult | PromptView
V = TypeVar("V", ReadResult, PromptView)
R = TypeVar("R")


class Server(Protocol):
    """A server the session started (`notebook.serving.Served`); the session only stops it."""

    async def stop(self) -> None: ...


@dataclass(frozen=True)
class Scope:
    """Who calls under which policy: the session defaults with one call's overrides applied."""

    layer: Layer
    policy: str
    principal: Principal
    timeout: float | None = None
    """Seconds this call's tool may run in place of the layer's default (None: the default)."""

    def shown(self, text: str) -> str:
        """`text` as this principal may see it: a URI typed with a real id is shown scrubbed."""
        return self.layer.policy.scrub(text, self.principal)

    def origin(self, kind: PayloadKind, name: str, arguments: Mapping[str, object] | None,
               display_limit: int) -> Origin:
        return Origin(kind=kind, name=self.shown(name), policy=self.policy,
                      principal=self.principal, arguments=dict(arguments or {}),
                      display_limit=display_limit, real_values=self.real_values(kind, name))

    def real_values(self, kind: PayloadKind, name: str) -> RealValues:
        """Whether this scope's outputs may show real values (the display's banner rule)."""
        if kind == "listing":
            return ""
        if not self.layer.policy.transforms_anything:
            return "policy"
        spec = self.layer.registry.tool(name) if kind == "tool" else None
        return "reveal" if spec is not None and "reveal" in spec.capabilities else ""


class Session:
    """One layer, the defaults `%mcp use` sets, user policies, history and running servers."""

    def __init__(self, config: SessionConfig | None = None, *, layer: Layer | None = None) -> None:
        """Build the layer (unless given) and load the sample estate when configured.

        Raises:
            PolicyError: when the configured policy does not load.
            ValueError: for a malformed configured principal.
        """
        self.config = config or SessionConfig()
        self.layer = layer or Layer(policy=self.config.policy_source,
                                    default_timeout=self.config.timeout)
        self.policy_name = self.config.policy_source
        self.principal = self.config.default_principal()
        self.policies: dict[str, Policy] = {}
        self._layers: dict[str, Layer] = {self.policy_name: self.layer}
        self.history: deque[dict[str, object]] = deque(maxlen=HISTORY_SIZE)
        self._last: Shown | None = None
        self._result_listeners: Listeners[[Shown | None]] = Listeners("result")
        self.servers: dict[str, Server] = {}
        self.sample_loaded = False
        if self.config.autoload_sample:
            self.load_sample()

    # ------------------------------------------------------------------ configuration

    def configure(self, config: SessionConfig) -> None:
        """Apply new `%config McpMagic.*` settings to the live session.

        Raises:
            PolicyError: when a new policy does not load (nothing changes then).
        """
        old = self.config
        if config.policy_source != old.policy_source:
            self.use(policy=config.policy_source)
        if config.principal != old.principal:
            self.principal = config.default_principal()
        if config.timeout != old.timeout:
            for layer in self._layers.values():
                layer.default_timeout = config.timeout
        if config.autoload_sample and not self.sample_loaded:
            self.load_sample()
        elif not config.autoload_sample and self.sample_loaded:
            self.layer.workspace.unload(SAMPLE_NAME)
            self.sample_loaded = False
        self.config = config

    def load_sample(self) -> None:
        from cloudg_lab.data import SAMPLE_PATH

        self.layer.workspace.load(SAMPLE_PATH, name=SAMPLE_NAME, replace=True)
        self.sample_loaded = True

    def use(self, *, policy: str | None = None, principal: PrincipalLike = None) -> Scope:
        """Change the session defaults; both are checked before either changes.

        Raises:
            PolicyError: for a policy that does not load.
            ValueError: for a malformed principal.
        """
        scope = self.scope(policy=policy, principal=principal)
        self.policy_name, self.principal = scope.policy, scope.principal
        return scope

    def scope(self, policy: str | None = None, principal: PrincipalLike = None,
              timeout: float | None = None) -> Scope:
        """The layer and principal one call runs with.

        Raises:
            PolicyError: for a policy that does not load.
            ValueError: for a malformed principal or a non-positive timeout.
        """
        name = policy or self.policy_name
        if timeout is not None and timeout <= 0:
            raise ValueError(f"timeout must be positive (got {timeout})")
        return Scope(layer=self.layer_for(name), policy=name,
                     principal=self.principal_for(principal), timeout=timeout)

    def layer_for(self, policy: str) -> Layer:
        """The layer for a policy name: a user policy, a profile or a file; built once.

        Raises:
            PolicyError: for a policy that does not load.
        """
        found = self._layers.get(policy)
        if found is None:
            source: Policy | str = self.policies.get(policy, policy)
            found = self._layers[policy] = self.layer.with_policy(source)
        return found

    def principal_for(self, principal: PrincipalLike) -> Principal:
        """Raises:
            ValueError: for a malformed principal spec.
        """
        if principal is None or principal == "":
            return self.principal
        return principal if isinstance(principal, Principal) else Principal.parse(principal)

    def define_policy(self, name: str, text: str) -> Policy:
        """Define (or redefine) a policy from YAML text, usable as `--policy NAME` at once.

        Raises:
            PolicyError: naming the field and YAML line of the first problem.
        """
        if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", name):
            raise PolicyError(f"Policy names are 1-64 characters of A-Z a-z 0-9 _ . - (got {name!r})")
        origin = f"cell {name}"
        data = {**parse_text(text, origin), "name": name}
        policy = Policy.load(data, origin=origin, text=text)
        self.policies[name] = policy
        self._layers.pop(name, None)
        return policy

    @property
    def last(self) -> Shown | None:
        """The last result shown; widgets follow it through `on_result` instead of polling."""
        return self._last

    @last.setter
    def last(self, value: Shown | None) -> None:
        self._last = value
        self._result_listeners.notify(value)

    def on_result(self, listener: Callable[[Shown | None], None]) -> Callable[[], None]:
        """Call `listener` whenever `last` changes; returns the unsubscribe function."""
        return self._result_listeners.add(listener)

    # ------------------------------------------------------------------ requests

    async def call(self, tool: str, arguments: Mapping[str, object] | None = None, *,
                   policy: str | None = None, principal: PrincipalLike = None,
                   timeout: float | None = None,  # noqa: ASYNC109 (the tool's deadline)
                   raw: bool = False) -> CallResult:
        """Call a tool; failures other than an unknown tool come back as error results.

        Raises:
            NotFoundError: for a tool that is unknown or hidden from this principal.
            PolicyError, ValueError: for a bad `policy`, `principal` or `timeout`.
        """
        scope = self.scope(policy, principal, timeout)
        args = dict(arguments or {})
        result = await scope.layer.call_tool(tool, args, principal=scope.principal,
                                             context=_context(scope.principal),
                                             timeout_seconds=scope.timeout)

        async def follow(next_args: dict[str, object]) -> CallResult:
            return await self.call(tool, next_args, policy=scope.policy, principal=scope.principal,
                                   timeout=timeout, raw=raw)

        out = CallResult(result, scope.origin("tool", tool, args, self.config.display_limit),
                         follow, raw=raw)
        self.last = out
        self._record("tool", tool, scope, "error" if result.is_error else "ok", out.duration_ms)
        return out

    async def read(self, uri: str, *, policy: str | None = None,
                   principal: PrincipalLike = None) -> ReadResult:
        """Read a resource or a templated URI.

        Raises:
            MCPLayerError: unknown, hidden, denied or failing reads (protocol errors).
            PolicyError, ValueError: for a bad `policy` or `principal`.
        """
        return await self._shown(ReadResult, self.scope(policy, principal), "resource", uri,
                                 lambda layer, who: layer.read_resource(
                                     uri, principal=who, context=_context(who)))

    async def prompt(self, name: str, arguments: Mapping[str, object] | None = None, *,
                     policy: str | None = None, principal: PrincipalLike = None) -> PromptView:
        """Render a prompt.

        Raises:
            MCPLayerError: unknown, hidden, denied or failing prompts (protocol errors).
            PolicyError, ValueError: for a bad `policy` or `principal`.
        """
        return await self._shown(PromptView, self.scope(policy, principal), "prompt", name,
                                 lambda layer, who: layer.get_prompt(
                                     name, dict(arguments or {}), principal=who,
                                     context=_context(who)), arguments=arguments)

    async def _shown(self, view: Callable[[R, Origin, float], V], scope: Scope,
                     kind: Literal["resource", "prompt"], name: str,
                     request: Callable[[Layer, Principal], Awaitable[R]], *,
                     arguments: Mapping[str, object] | None = None) -> V:
        """Run `request` in `scope`, show its answer as `view` (timed, the new `last`), record it."""
        started = time.perf_counter()
        answer = await request(scope.layer, scope.principal)
        out = view(answer, scope.origin(kind, name, arguments, self.config.display_limit),
                   _ms(started))
        self.last = out
        self._record(kind, name, scope, "ok", out.duration_ms)
        return out

    async def complete(self, ref_kind: Literal["prompt", "template"], ref: str, argument: str,
                       partial: str = "", *, context: Mapping[str, object] | None = None,
                       policy: str | None = None, principal: PrincipalLike = None) -> dict[str, object]:
        """Complete a prompt argument or a template variable: `{"values", "total", "hasMore"}`.

        Raises:
            AccessDeniedError, RateLimitedError: when the policy refuses.
            PolicyError, ValueError: for a bad `policy` or `principal`.
        """
        scope = self.scope(policy, principal)
        wire_ref = ({"type": "ref/prompt", "name": ref} if ref_kind == "prompt"
                    else {"type": "ref/resource", "uri": ref})
        started = time.perf_counter()
        values = await scope.layer.complete(wire_ref, {"name": argument, "value": partial},
                                            principal=scope.principal, context_arguments=context)
        self._record("completion", f"{ref}:{argument}", scope, "ok", _ms(started))
        return values

    async def listing(self, kind: ListingKind, *, grep: str | None = None,
                      category: str | None = None, policy: str | None = None,
                      principal: PrincipalLike = None) -> Listing:
        """What the principal may see, as a table (`--grep` is a case-insensitive regex).

        Raises:
            re.error: for an invalid `grep` pattern.
            PolicyError, ValueError: for a bad `policy` or `principal`.
        """
        scope = self.scope(policy, principal)
        wire = await listings.fetch(scope.layer, kind, scope.principal)
        wire = listings.filtered(wire, grep=grep, category=category)
        rows, columns = listings.rows(kind, wire)
        return Listing(scope.origin("listing", kind, None, self.config.display_limit), wire, rows,
                       columns)

    # ------------------------------------------------------------------ state

    def audit_log(self, policy: str | None = None) -> AuditLog:
        """The audit ring buffer of the policy in force (or of `policy`).

        Raises:
            PolicyError: for a policy that does not load.
        """
        return self.layer_for(policy or self.policy_name).audit_log

    def vault_key_source(self) -> str:
        """Where the pseudonym key came from, in words (random keys change every restart)."""
        source = str(self.layer.vault.key_source)
        if source == "env":
            return f"from ${self.layer.policy.model.vault.key_env}"
        if source == "random":
            return (f"random for this process (set ${self.layer.policy.model.vault.key_env} "
                    "for stable pseudonyms)")
        return {"config": "from the policy", "argument": "given to the layer"}.get(source, source)

    def status_line(self) -> str:
        """The one line `%load_ext` prints: version, policy, principal, datasets, vault key."""
        datasets = ", ".join(self.layer.workspace.names()) or "none"
        return (f"cloudg_lab {__version__} · policy {self.policy_name} · principal "
                f"{self.principal.label()} · datasets: {datasets} · vault key: {self.vault_key_source()}")

    def _record(self, kind: str, name: str, scope: Scope, status: str,
                duration_ms: float | None) -> None:
        self.history.append({"time": time.strftime("%H:%M:%S"), "kind": kind,
                             "name": scope.shown(name),
                             "policy": scope.policy, "principal": scope.principal.label(),
                             "status": status, "duration_ms": duration_ms})

    def record_failure(self, kind: str, name: str, error: BaseException, *,
                       policy: str | None = None, principal: PrincipalLike = None) -> None:
        """Note a request that ended in a protocol error (unknown tool, denied read)."""
        try:
            scope = self.scope(policy, principal)
        except (PolicyError, ValueError):
            return
        code = getattr(error, "code", "error")
        self._record(kind, name, scope, f"error {code}", None)

    async def close(self) -> None:
        """Stop every server this session started (`%unload_ext`, kernel shutdown)."""
        for key in list(self.servers):
            await self.servers.pop(key).stop()


def _context(principal: Principal) -> ToolContext:
    return ToolContext(principal=principal, request=RequestInfo(transport="notebook"))


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)


class _Slot:
    """Holds this process's one session (a kernel hosts one layer)."""

    session: Session | None = None


def current() -> Session:
    """The session `%load_ext` started, or a default one started now (scripts, plain Python).

    Raises:
        PolicyError: when `$CLOUDG_LAB_POLICY` names a policy that does not load.
    """
    if _Slot.session is None:
        _Slot.session = Session()
    return _Slot.session


def current_or_none() -> Session | None:
    """The running session, without starting one (traits check against it when it exists)."""
    return _Slot.session


def start(config: SessionConfig, *, layer: Layer | None = None) -> Session:
    """Start the session for this process, replacing any earlier one.

    Raises:
        PolicyError, ValueError: for a configuration that does not load.
    """
    _Slot.session = Session(config, layer=layer)
    return _Slot.session


def end() -> Session | None:
    """Forget the current session (its servers must be stopped first) and return it."""
    ended, _Slot.session = _Slot.session, None
    return ended

