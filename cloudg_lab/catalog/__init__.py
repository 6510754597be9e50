"""The catalog: the tools, resources, prompts and completions cloudg_lab ships.

It sits at the handler step of the lifecycle: the layer has already looked the primitive up,
checked the policy and reversed pseudonyms in the arguments; these handlers read the workspace
(`cloudg_lab.data`) and return plain data for the output pipeline. One module per category; each
primitive carries the category, sensitivity and capabilities the policies decide on.
"""

from __future__ import annotations

from cloudg_lab.catalog import findings, graph, inventory, meta, privacy, prompts, resources, workspace
from cloudg_lab.registry.registrar import Registrar


def register_catalog(into: Registrar, trusted: Registrar) -> None:
    """Register every shipped tool, resource, template, prompt and completion.

    `trusted` is the privileged registrar: what a module registers through it gets the
    `PolicyPort` at call time (the policy, vault and audit inspectors); everything else `into`.
    """
    for module in (workspace, inventory, graph, findings, privacy, meta, resources, prompts):
        module.register(into, trusted)


__all__ = ["register_catalog"]
