"""The layer core: the request lifecycle of the seed, one module per stage.

Transports and the notebook call `Layer`; `lifecycle` sequences lookup, middleware, policy
check, inputs, validation, invocation and finalization; each of those is a module here.
"""

from cloudg_lab.layer.context import ToolContext
from cloudg_lab.layer.facade import Layer

__all__ = ["Layer", "ToolContext"]
