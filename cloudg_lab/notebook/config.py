"""The notebook session's settings as one frozen value, free of traitlets.

`%config McpMagic.*` traits live on the magics class (IPython's world); the session only ever sees
this dataclass, so the core and the async API can be used and tested without IPython.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from cloudg_lab.types import Principal

POLICY_ENV = "CLOUDG_LAB_POLICY"
DEFAULT_POLICY = "standard"


@dataclass(frozen=True)
class SessionConfig:
    """What `%load_ext cloudg_lab` starts with; `%mcp use` changes the live defaults later."""

    policy: str = ""
    """Profile name or policy file; empty means `$CLOUDG_LAB_POLICY`, else `standard`."""
    principal: str = ""
    """`alice` or `alice:analyst,lead`; empty means the local user (`Principal.local()`)."""
    display_limit: int = 50
    """Rows shown in tables before they page; the data itself is never cut."""
    timeout: float = 300.0
    """Seconds a tool may run (the layer's default; a tool's own timeout wins)."""
    autoload_sample: bool = True
    """Load the bundled sample estate as dataset `sample` on start."""

    def __post_init__(self) -> None:
        if self.display_limit < 1:
            raise ValueError(f"display_limit must be at least 1 (got {self.display_limit})")
        if self.timeout <= 0:
            raise ValueError(f"timeout must be positive (got {self.timeout})")
        if self.principal:
            Principal.parse(self.principal)

    @property
    def policy_source(self) -> str:
        """The policy to start with, after the environment default."""
        return self.policy or os.environ.get(POLICY_ENV, "") or DEFAULT_POLICY

    def default_principal(self) -> Principal:
        """Raises:
            ValueError: for a malformed principal spec (checked at construction already).
        """
        return Principal.parse(self.principal) if self.principal else Principal.local()
