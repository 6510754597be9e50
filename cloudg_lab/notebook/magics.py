"""`McpMagic`: the `%config McpMagic.*` options and the `%mcp` / `%%mcp` magic (the fallback).

The magic class is a thin dispatcher and a traitlets `Configurable`: its traits become the
frozen `SessionConfig` the session understands, and every change made with `%config` is checked
first and then applied to the live session. The real work runs through `run`, the coroutine the
input transformer awaits on the kernel's loop. The registered magic only answers where the
transformer cannot reach (inside `def` or indented code) and says what to do there instead.
"""

from __future__ import annotations

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class
from IPython.utils.text import DollarFormatter
from traitlets import Bool, Float, Int, TraitError, Unicode, observe, validate
from traitlets.utils.bunch import Bunch

from cloudg_lab.notebook import blocking, commands, session
from cloudg_lab.notebook.config import SessionConfig
from cloudg_lab.types import Principal

FALLBACK = ("%mcp runs only as a top-level line or cell (it awaits on the kernel's loop); inside "
            "def or indented code use `await cloudg_lab.acall(...)` (also aread, aprompt, acomplete)")
_FORMATTER = DollarFormatter()


@magics_class
class McpMagic(Magics):
    """`%mcp` / `%%mcp`: the cloudg_lab layer in this kernel (see `%mcp help`)."""

    policy = Unicode("", help="Policy profile, YAML/JSON file or user policy in force; empty means "
                              "$CLOUDG_LAB_POLICY, else 'standard'.").tag(config=True)
    principal = Unicode("", help="Who calls: 'alice' or 'alice:analyst,lead'; empty means the "
                                 "local user.").tag(config=True)
    display_limit = Int(50, help="Rows shown in tables before they page.").tag(config=True)
    timeout = Float(300.0, help="Seconds a tool may run (a tool's own timeout wins).").tag(config=True)
    autoload_sample = Bool(True, help="Load the bundled sample estate as dataset 'sample'."
                           ).tag(config=True)

    def frozen(self) -> SessionConfig:
        """The traits as the frozen config the session understands.

        Raises:
            ValueError: for values the session cannot use.
        """
        return SessionConfig(policy=self.policy, principal=self.principal,
                             display_limit=self.display_limit, timeout=self.timeout,
                             autoload_sample=self.autoload_sample)

    # ------------------------------------------------------------------ checks and changes

    @validate("principal")
    def _check_principal(self, proposal: Bunch) -> str:
        value = str(proposal["value"]).strip()
        if value:
            try:
                Principal.parse(value)
            except ValueError as exc:
                raise TraitError(str(exc)) from None
        return value

    @validate("display_limit")
    def _check_limit(self, proposal: Bunch) -> int:
        if proposal["value"] < 1:
            raise TraitError("display_limit must be at least 1")
        return int(proposal["value"])

    @validate("timeout")
    def _check_timeout(self, proposal: Bunch) -> float:
        if proposal["value"] <= 0:
            raise TraitError("timeout must be positive")
        return float(proposal["value"])

    @validate("policy")
    def _check_policy(self, proposal: Bunch) -> str:
        value = str(proposal["value"]).strip()
        live = session.current_or_none()
        if value and live is not None:
            try:
                live.layer_for(value)
            except ValueError as exc:
                raise TraitError(str(exc)) from None
        return value

    @observe("policy", "principal", "display_limit", "timeout", "autoload_sample")
    def _apply(self, change: Bunch) -> None:
        live = session.current_or_none()
        if live is not None:
            live.configure(self.frozen())

    # ------------------------------------------------------------------ running

    async def run(self, line: str, body: str | None = None) -> object:
        """What `%mcp LINE` / `%%mcp LINE` + body become: expand `{var}`, then dispatch.

        Raises:
            UsageError: one line for any mistake (see `commands.dispatch`).
        """
        namespace = self.shell.user_ns if self.shell is not None else {}
        return await commands.dispatch(session.current(), expand(line, namespace), body, namespace)

    def run_blocking(self, line: str, body: str | None = None) -> object:
        """`run` to the end on this thread: what `%time`/`%timeit`/`%prun` lines call.

        Raises:
            UsageError: as `run` does.
        """
        return blocking.run(self.run(line, body))

    @line_cell_magic
    def mcp(self, line: str, cell: str | None = None) -> None:
        """Explain, in one line, why `%mcp` cannot run here and what to use instead.

        Raises:
            UsageError: always.
        """
        raise UsageError(FALLBACK)


def expand(line: str, namespace: dict[str, object]) -> str:
    """`{var}` and `$var` expanded from the user namespace, as IPython does for magics.

    Like IPython, a line that does not format (say, JSON braces) is used as typed.
    """
    try:
        return str(_FORMATTER.vformat(line, args=[], kwargs=namespace))
    except Exception:
        return line
