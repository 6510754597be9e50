"""cloudg_lab: a privacy-guarded MCP layer over cloud inventories, and its notebook home.

Import order follows the lifecycle: value objects and errors (`types`, `errors`), the layer
core (`Layer`), and at the top the notebook front end, which IPython loads lazily through
`load_ipython_extension` so that importing the core never imports IPython or ipywidgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cloudg_lab._version import __version__
from cloudg_lab.errors import (
    AccessDeniedError,
    InvalidArgumentsError,
    MCPLayerError,
    NotFoundError,
    PolicyError,
    RateLimitedError,
    ToolTimeoutError,
)
from cloudg_lab.layer import Layer, ToolContext
from cloudg_lab.policy import Policy
from cloudg_lab.registry import PromptArgument
from cloudg_lab.types import (
    META_PREFIX,
    BlobResourceContents,
    CallInfo,
    EmbeddedResource,
    ImageContent,
    Principal,
    PromptMessage,
    PromptResult,
    RequestInfo,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolResult,
)

__all__ = [
    "META_PREFIX", "AccessDeniedError", "BlobResourceContents", "CallInfo", "EmbeddedResource",
    "ImageContent", "InvalidArgumentsError", "Layer", "MCPLayerError", "NotFoundError", "Policy",
    "PolicyError", "Principal", "PromptArgument", "PromptMessage", "PromptResult",
    "RateLimitedError", "RequestInfo", "ResourceLink", "TextContent", "TextResourceContents",
    "ToolContext", "ToolResult", "ToolTimeoutError", "__version__", "acall", "acomplete",
    "aprompt", "aread", "load_ipython_extension", "unload_ipython_extension",
]

if TYPE_CHECKING:  # for type checkers only: the notebook and IPython are imported on use below
    from IPython.core.interactiveshell import InteractiveShell

    from cloudg_lab.notebook.api import acall, acomplete, aprompt, aread

_ASYNC_API = frozenset({"acall", "aread", "aprompt", "acomplete"})


def __getattr__(name: str) -> object:
    """The notebook's async API (`await cloudg_lab.acall(...)`), imported on first use."""
    if name in _ASYNC_API:
        from cloudg_lab.notebook import api

        return getattr(api, name)
    raise AttributeError(f"module 'cloudg_lab' has no attribute {name!r}")


def load_ipython_extension(ipython: InteractiveShell) -> None:
    """`%load_ext cloudg_lab`: imports the notebook front end only now."""
    from cloudg_lab.notebook.extension import load

    load(ipython)


def unload_ipython_extension(ipython: InteractiveShell) -> None:
    """`%unload_ext cloudg_lab`: stops servers and removes everything `load` added."""
    from cloudg_lab.notebook.extension import unload

    unload(ipython)
