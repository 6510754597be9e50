"""The catalog: the tools, resources, prompts and completions cloudg_lab ships.

It sits at the handler step of the lifecycle: the layer has already looked the primitive up,
checked the policy and reversed pseudonyms in the arguments; these handlers read the workspace
(`cloudg_lab.data`) and return plain data for the output pipeline. One module per category; each
primitive carries the category, sensitivity and capabilities the policies decide on.
"""

from __future__ import annotations

from typing import Any

from cloudg_lab.catalog import findings, graph, inventory, meta, privacy, prompts, resources, workspace


def register_catalog(layer: Any) -> None:
    """Register every shipped tool, resource, template, prompt and completion on `layer`."""
    for module in (workspace, inventory, graph, findings, privacy, meta, resources, prompts):
        module.register(layer)


__all__ = ["register_catalog"]
