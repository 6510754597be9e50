"""`%load_ext cloudg_lab` and `%unload_ext cloudg_lab`: what the extension adds, and takes back.

Loading starts the session (the layer lives in the kernel; one the async API started earlier is
kept, with any tools registered on it), registers the magics and their `%config` options, the
input transformer, the `__cloudg_mcp__` entry it awaits (and its blocking twin for the timing
magics) and the tab completer, then prints one status line. Unloading stops any HTTP endpoint
and removes each of those again, so a reload starts clean.
"""

from __future__ import annotations

from typing import Any, TypeVar

from IPython.core.error import UsageError

from cloudg_lab.notebook import completer, serving, session
from cloudg_lab.notebook.config import SessionConfig
from cloudg_lab.notebook.magics import McpMagic
from cloudg_lab.notebook.transformer import ENTRY, SYNC_ENTRY, transform_lines

_MAGICS_ATTR = "_cloudg_lab_magics"
T = TypeVar("T")


def load(shell: Any) -> None:  # IPython types `configurables` as list[InteractiveShell]
    """Start the session and wire everything into `shell` (a second load only reprints status).

    Raises:
        UsageError: when the configured policy or principal does not load (one line).
    """
    existing = getattr(shell, _MAGICS_ATTR, None)
    if existing is not None:
        print(session.current().status_line())
        return
    magics = McpMagic(shell=shell)
    try:
        live = _adopt_or_start(magics.frozen())
    except ValueError as exc:
        raise UsageError(f"cloudg_lab not loaded: {exc}") from None
    shell.register_magics(magics)
    shell.configurables.append(magics)
    shell.input_transformers_cleanup.insert(0, transform_lines)
    for name, entry in ((ENTRY, magics.run), (SYNC_ENTRY, magics.run_blocking)):
        shell.user_ns[name] = entry
        shell.user_ns_hidden[name] = entry
    shell.Completer.custom_matchers.append(completer.matcher)
    setattr(shell, _MAGICS_ATTR, magics)
    print(live.status_line())


def unload(shell: Any) -> None:
    """Stop servers, then remove the magics, options, transformer, entry and completer."""
    magics = getattr(shell, _MAGICS_ATTR, None)
    if magics is None:
        return
    live = session.end()
    if live is not None:
        serving.stop_soon(live)
    for kind in ("line", "cell"):
        shell.magics_manager.magics[kind].pop("mcp", None)
    shell.magics_manager.registry.pop(type(magics).__name__, None)
    _discard(shell.configurables, magics)
    _discard(shell.input_transformers_cleanup, transform_lines)
    for name in (ENTRY, SYNC_ENTRY):
        shell.user_ns.pop(name, None)
        shell.user_ns_hidden.pop(name, None)
    _discard(shell.Completer.custom_matchers, completer.matcher)
    delattr(shell, _MAGICS_ATTR)


def _adopt_or_start(config: SessionConfig) -> session.Session:
    """Keep a session the async API already started (and the tools registered on it)."""
    live = session.current_or_none()
    if live is None:
        return session.start(config)
    live.configure(config)
    return live


def _discard(items: list[T], item: T) -> None:
    while item in items:
        items.remove(item)
