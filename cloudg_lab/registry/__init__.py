"""Specs of everything the layer can serve: tools, resources, templates, prompts, completions.

The registry sits under the layer's lookup stage. It stores specs (data about a primitive and the
callable that answers it) and finds them by name or URI; running them is the layer's job.
"""

from cloudg_lab.registry.registry import Registry
from cloudg_lab.registry.specs import (
    CAPABILITIES,
    SENSITIVITIES,
    PromptArgument,
    PromptSpec,
    ResourceSpec,
    TemplateSpec,
    ToolSpec,
    sensitivity_rank,
)
from cloudg_lab.types import Spec

__all__ = ["CAPABILITIES", "SENSITIVITIES", "PromptArgument", "PromptSpec", "Registry",
           "ResourceSpec", "Spec", "TemplateSpec", "ToolSpec", "sensitivity_rank"]
