"""Tab completion for `%mcp` lines: subcommands, tool names, URIs, prompt names, options.

`candidates` is plain Python over the session (what the principal in force may see, so hidden
tools are not offered); `matcher` adapts it to IPython's completion API (matcher API v2) and is
installed and removed by the extension.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from IPython.core.completer import CompletionContext, SimpleCompletion, context_matcher

from cloudg_lab.notebook import commands
from cloudg_lab.notebook.session import Session, current_or_none
from cloudg_lab.policy.model import PROFILES

_LINE = re.compile(r"^\s*(?:[A-Za-z_]\w*\s*=\s*)?%%?mcp\s+(?P<rest>.*)$")
_TOOL_COMMANDS = frozenset({"call", "preview"})


def candidates(session: Session, words: list[str], token: str) -> list[str]:
    """Completions for `token`, given the complete words before it on a `%mcp` line."""
    if not words:
        return commands.names()
    sub, rest = words[0], words[1:]
    if rest and rest[-1] == "--policy":
        return sorted({*PROFILES, *session.policies})
    if token.startswith("-") and sub in commands.COMMANDS:
        return commands.parser_for(sub).options()
    positional = [w for w in rest if "=" not in w and not w.startswith("-")]
    return _positional(session, sub, positional)


def _positional(session: Session, sub: str, before: list[str]) -> list[str]:
    principal = session.principal
    layer = session.layer_for(session.policy_name)
    policy = layer.policy
    if sub in _TOOL_COMMANDS:
        if not before:
            return [s.name for s in layer.visible_tools(principal)]
        tool = layer.registry.tool(before[0])
        properties = tool.input_schema.get("properties") if tool is not None else None
        return [f"{name}=" for name in properties] if isinstance(properties, Mapping) else []
    if sub == "read":
        return ([s.uri for s in layer.registry.resources() if policy.is_allowed(s, principal)]
                + [s.uri_template for s in layer.registry.templates() if policy.is_allowed(s, principal)])
    if sub == "prompt":
        if not before:
            return _prompt_names(session)
        prompt = layer.registry.prompt(before[0])
        return [f"{a.name}=" for a in prompt.arguments] if prompt is not None else []
    if sub == "complete":
        if not before:
            return ["prompt", "template"]
        if len(before) == 1:
            return _prompt_names(session) if before[0] == "prompt" else [
                s.uri_template for s in layer.registry.templates() if policy.is_allowed(s, principal)]
        return []
    if sub == "help" and not before:
        return commands.names()
    if sub == "select" and not before:
        return list(layer.workspace.names())
    return []


def _prompt_names(session: Session) -> list[str]:
    layer = session.layer_for(session.policy_name)
    return [s.name for s in layer.registry.prompts() if layer.policy.is_allowed(s, session.principal)]


def split_line(text: str) -> tuple[list[str], str] | None:
    """(complete words after `%mcp`, the word being typed), or None for other lines."""
    found = _LINE.match(text)
    if found is None:
        return None
    rest = found.group("rest")
    words = rest.split()
    if rest and not rest[-1].isspace() and words:
        return words[:-1], words[-1]
    return words, ""


@context_matcher(identifier="cloudg_lab.mcp")  # type: ignore[untyped-decorator]
def matcher(context: CompletionContext) -> object:
    """IPython matcher (API v2): our candidates on `%mcp` lines, nothing elsewhere."""
    live = current_or_none()
    found = split_line(context.text_until_cursor) if live is not None else None
    if live is None or found is None:
        return {"completions": [], "suppress": False}
    words, token = found
    matches = [c for c in candidates(live, words, token) if c.startswith(token)]
    return {"completions": [SimpleCompletion(c, type="mcp") for c in matches],
            "matched_fragment": token, "suppress": bool(matches)}
