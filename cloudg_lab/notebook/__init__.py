"""The notebook front end: the top of the stack, calling only the layer's public API.

`%load_ext cloudg_lab` (see `extension`) hosts one layer in the kernel's own event loop through a
`Session`, registers the `%mcp` magics and an input transformer that turns them into top-level
`await`, and shows results as display objects. The session, the async API and the display
objects import neither IPython nor ipywidgets; only `extension`, `magics`, `transformer` and
`completer` talk to IPython.
"""

from cloudg_lab.notebook.api import acall, acomplete, aprompt, aread, prompt, resource, tool

__all__ = ["acall", "acomplete", "aprompt", "aread", "prompt", "resource", "tool"]
