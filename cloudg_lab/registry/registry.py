"""Where specs live, keyed by name or URI; look-ups here know nothing about policies."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from cloudg_lab.registry import uritemplate
from cloudg_lab.registry.specs import PromptSpec, ResourceSpec, TemplateSpec, ToolSpec
from cloudg_lab.types import Spec

_Table = dict[str, ToolSpec] | dict[str, ResourceSpec] | dict[str, TemplateSpec] | dict[str, PromptSpec]
"""One of the registry's four tables, by kind."""


class Registry:
    """Tools, resources, templates and prompts, each in registration order."""

    def __init__(self) -> None:
        self._tools: dict[str, ToolSpec] = {}
        self._resources: dict[str, ResourceSpec] = {}
        self._templates: dict[str, TemplateSpec] = {}
        self._prompts: dict[str, PromptSpec] = {}
        self._by_length: list[TemplateSpec] = []
        self._lock = threading.Lock()
        self.version = 0
        """Bumped on every change so caches of listings know when to drop."""

    def add(self, spec: Spec) -> Spec:
        """Register `spec`, replacing one with the same name or URI.

        Raises:
            TypeError: for an object that is not one of the four spec types.
        """
        with self._lock:
            if isinstance(spec, ToolSpec):
                self._tools[spec.name] = spec
            elif isinstance(spec, ResourceSpec):
                self._resources[spec.uri] = spec
            elif isinstance(spec, TemplateSpec):
                self._templates[spec.uri_template] = spec
                self._by_length = sorted(self._templates.values(),
                                         key=lambda t: len(t.uri_template), reverse=True)
            elif isinstance(spec, PromptSpec):
                self._prompts[spec.name] = spec
            else:
                raise TypeError(f"Not a spec: {type(spec).__name__}")
            self.version += 1
        return spec

    def remove(self, spec: Spec) -> bool:
        """Unregister `spec` if it is the one registered under its name or URI (a spec that
        replaced it since stays); whether anything was removed."""
        with self._lock:
            table: _Table = (self._tools if isinstance(spec, ToolSpec)
                                     else self._resources if isinstance(spec, ResourceSpec)
                                     else self._templates if isinstance(spec, TemplateSpec)
                                     else self._prompts)
            if table.get(spec.key) is not spec:
                return False
            del table[spec.key]
            if isinstance(spec, TemplateSpec):
                self._by_length = [t for t in self._by_length if t is not spec]
            self.version += 1
        return True

    def tool(self, name: str) -> ToolSpec | None:
        return self._tools.get(name)

    def prompt(self, name: str) -> PromptSpec | None:
        return self._prompts.get(name)

    def resource(self, uri: str) -> ResourceSpec | None:
        return self._resources.get(uri)

    def template(self, uri_template: str) -> TemplateSpec | None:
        return self._templates.get(uri_template)

    def match_template(self, uri: str) -> Iterator[tuple[TemplateSpec, dict[str, str]]]:
        """Templates matching `uri`, longest template string first, with their variables."""
        for spec in self._by_length:
            found = uritemplate.match(spec.uri_template, uri)
            if found is not None:
                yield spec, found

    def tools(self) -> list[ToolSpec]:
        return list(self._tools.values())

    def resources(self) -> list[ResourceSpec]:
        return list(self._resources.values())

    def templates(self) -> list[TemplateSpec]:
        return list(self._templates.values())

    def prompts(self) -> list[PromptSpec]:
        return list(self._prompts.values())
