"""The policy schema, `extends` merging, and loading from names, files, text and dicts.

A policy is data: a YAML profile, a user's file or a notebook cell all become the same validated
`PolicyModel`. Errors name the field path and, for YAML text, the line, because a policy author
fixes a file, not a stack trace.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cloudg_lab.errors import PolicyError
from cloudg_lab.policy.mounts import MountRule
from cloudg_lab.registry.specs import CAPABILITIES, SENSITIVITIES

Capability = Literal["read_state", "write_state", "read_fs", "write_fs", "cloud_access", "exec", "reveal",
                     "manage_data", "upstream"]
SensitivityName = Literal["public", "internal", "confidential", "restricted"]
KindName = Literal["tool", "resource", "prompt", "completion"]
PROFILES = ("open", "standard", "strict", "read_only", "audit")
_MAX_EXTENDS_DEPTH = 8

assert set(Capability.__args__) == set(CAPABILITIES)  # type: ignore[attr-defined]
assert set(SensitivityName.__args__) == set(SENSITIVITIES)  # type: ignore[attr-defined]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RateLimit(_Strict):
    rate: float = Field(gt=0)
    per: Literal["second", "minute", "hour", "day"] = "minute"
    burst: int | None = Field(default=None, ge=1)
    scope: Literal["principal", "tool", "principal_tool", "global"] = "principal_tool"
    tools: list[str] = ["*"]
    kinds: list[KindName] = ["tool", "resource", "prompt", "completion"]


class Match(_Strict):
    """Conditions a rule applies under; every condition given must hold, `*` matches all."""

    roles: list[str] | None = None
    principals: list[str] | None = None
    names: list[str] | None = None
    categories: list[str] | None = None
    kinds: list[KindName] | None = None
    sensitivity: list[SensitivityName] | None = None
    capabilities: list[Capability] | None = None
    tags: list[str] | None = None


class AccessRules(_Strict):
    allow_tools: list[str] | None = None
    deny_tools: list[str] = []
    allow_resources: list[str] | None = None
    deny_resources: list[str] = []
    allow_prompts: list[str] | None = None
    deny_prompts: list[str] = []
    allow_categories: list[str] | None = None
    deny_categories: list[str] = []
    allow_capabilities: list[Capability] = []
    deny_capabilities: list[Capability] = []
    max_sensitivity: SensitivityName | None = None


class Rule(AccessRules):
    """Grants (allow lists), explicit denies, a ceiling, extra transforms and limits for a match."""

    name: str = "rule"
    description: str = ""
    match: Match = Match()
    transforms: list[dict[str, object]] = []
    transforms_mode: Literal["append", "prepend", "replace"] = "append"
    input_transforms: list[dict[str, object]] = []
    rate_limits: list[RateLimit] = []


class VaultConfig(_Strict):
    key: str | None = None
    key_env: str = "CLOUDG_LAB_VAULT_KEY"
    scope: Literal["global", "principal"] = "global"
    path: str | None = None
    autosave: bool = False
    encrypt: bool = True


class DetectorSpec(_Strict):
    name: str
    entity: str
    category: Literal["secret", "credential", "identifier", "pii", "network", "free_text"]
    pattern: str
    confidence: float = Field(default=0.9, ge=0, le=1)
    keys: list[str] | None = None
    """Only look at values under these keys (globs); None means every value."""

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, value: str) -> str:
        try:
            re.compile(value)
        except re.error as exc:
            raise ValueError(f"not a valid regular expression: {exc}") from None
        return value


class PolicyModel(AccessRules):
    name: str = "custom"
    description: str = ""
    extends: str | None = None
    hide_denied: bool = True
    show_denied: list[str] = []
    """Names (globs) that stay listed although denied, so a caller learns why (-31001) instead
    of meeting an unknown tool: for what some roles may do and others may not."""
    audit: bool = False
    audit_capabilities: list[Capability] = []
    """Allowed calls of primitives holding one of these are recorded even when `audit` is false."""
    audit_size: int = Field(default=1000, ge=1, le=10_000_000)
    roles: dict[str, Rule] = {}
    rules: list[Rule] = []
    rate_limits: list[RateLimit] = []
    transforms: list[dict[str, object]] = []
    input_transforms: list[dict[str, object]] = []
    vault: VaultConfig = VaultConfig()
    detectors: list[DetectorSpec] = []
    disabled_detectors: list[str] = []
    mounts: list[MountRule] = []
    """How primitives of mounted upstream servers are classified (`policy.mounts`)."""


# --------------------------------------------------------------------------- merging

_UNION_KEYS = frozenset({"deny_tools", "deny_resources", "deny_prompts", "deny_categories",
                         "deny_capabilities", "audit_capabilities"})
_CONCAT_KEYS = frozenset({"rules", "rate_limits", "detectors", "disabled_detectors", "mounts"})
_REPLACE_KEYS = frozenset({"transforms", "input_transforms", "allow_tools", "allow_resources",
                           "allow_prompts", "allow_categories", "allow_capabilities", "show_denied"})


def merge(base: Mapping[str, object], child: Mapping[str, object]) -> dict[str, object]:
    """Apply `child` over `base`: scalars replace, maps deep-merge, deny lists union,
    rule-like lists concatenate, transform and allow lists replace."""
    out = dict(base)
    for key, value in child.items():
        old = out.get(key)
        if key in _UNION_KEYS and isinstance(old, list) and isinstance(value, list):
            out[key] = old + [v for v in value if v not in old]
        elif key in _CONCAT_KEYS and isinstance(old, list) and isinstance(value, list):
            out[key] = old + value
        elif key not in _REPLACE_KEYS and isinstance(old, Mapping) and isinstance(value, Mapping):
            out[key] = merge(old, value)
        else:
            out[key] = value
    return out


# --------------------------------------------------------------------------- loading


def profile_text(name: str) -> str:
    """The YAML of a shipped profile (`read-only` and `read_only` both work).

    Raises:
        PolicyError: for a name that is not a shipped profile.
    """
    normal = name.strip().replace("-", "_")
    if normal not in PROFILES:
        raise PolicyError(f"Unknown policy profile {name!r}; shipped profiles: {', '.join(PROFILES)}")
    return (resources.files("cloudg_lab.policy") / "profiles" / f"{normal}.yaml").read_text("utf-8")


def parse_text(text: str, origin: str = "<policy>") -> dict[str, object]:
    """YAML (JSON is YAML) text to a dict, with the line of a syntax error.

    Raises:
        PolicyError: for invalid YAML or a document that is not a mapping.
    """
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise PolicyError(f"Invalid policy {origin}{where}: {problem}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise PolicyError(f"Invalid policy {origin}: the document must be a mapping, "
                          f"got {type(data).__name__}")
    return data


def resolve(source: str | Path | Mapping[str, object], *, origin: str | None = None,
            text: str | None = None, _depth: int = 0) -> tuple[PolicyModel, str]:
    """Load `source` (profile name, file path, YAML/JSON text or dict), following `extends`.

    Returns the validated model and a description of where it came from.

    Raises:
        PolicyError: for unknown profiles, missing files, bad YAML, cycles or invalid fields.
    """
    if _depth > _MAX_EXTENDS_DEPTH:
        raise PolicyError(f"Invalid policy: 'extends' nests deeper than {_MAX_EXTENDS_DEPTH} levels "
                          "(a cycle?)")
    raw, origin, text = _raw(source, origin, text)
    data = dict(raw)
    parent = data.get("extends")
    if parent is not None:
        if not isinstance(parent, str):
            raise PolicyError(f"Invalid policy {origin}: extends: expected a profile name or path")
        base_model, _ = resolve(parent, _depth=_depth + 1)
        base = base_model.model_dump(exclude_unset=True, exclude={"name", "description", "extends"})
        data = merge(base, {k: v for k, v in data.items() if k != "extends"})
        data["extends"] = parent
    try:
        return PolicyModel.model_validate(data), origin
    except ValidationError as exc:
        raise PolicyError(_describe(exc, origin, text)) from None


def _raw(source: str | Path | Mapping[str, object], origin: str | None,
         text: str | None) -> tuple[Mapping[str, object], str, str | None]:
    if isinstance(source, Mapping):
        return source, origin or "<dict>", text
    form = "path" if isinstance(source, Path) else _form_of(source)
    if form == "path":
        path = Path(source).expanduser()
        try:
            content = path.read_text("utf-8")
        except FileNotFoundError:
            raise PolicyError(f"Policy file not found: {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise PolicyError(f"Cannot read policy file {path}: {exc}") from None
        return parse_text(content, str(path)), str(path), content
    assert isinstance(source, str)
    if form == "text":
        return parse_text(source, origin or "<text>"), origin or "<text>", source
    profile = profile_text(source)
    return parse_text(profile, f"profile {source.strip()}"), f"profile {source.strip()}", profile


_PROFILE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def _form_of(source: str) -> str:
    """Whether a string names a profile, a file, or is the policy text itself."""
    stripped = source.strip()
    if "\n" in stripped or stripped.startswith("{"):
        return "text"
    if stripped.endswith((".yaml", ".yml", ".json")) or stripped.startswith(("/", "./", "../", "~")):
        return "path"
    return "profile" if _PROFILE_NAME.match(stripped) else "text"


def _describe(exc: ValidationError, origin: str, text: str | None) -> str:
    first = exc.errors(include_url=False)[0]
    loc = ".".join(str(p) for p in first["loc"]) or "<root>"
    line = _line_of(text, first["loc"]) if text else None
    where = f" (line {line})" if line else ""
    more = len(exc.errors()) - 1
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    msg = first["msg"]
    if first["type"] == "extra_forbidden":
        msg = "unknown field"
    return f"Invalid policy {origin}: {loc}{where}: {msg}{tail}"


def _line_of(text: str, loc: tuple[object, ...]) -> int | None:
    """The 1-based YAML line of the node at `loc`, found by walking the composed node tree."""
    try:
        node = yaml.compose(text)
    except yaml.YAMLError:
        return None
    line = None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            found = next(((k, v) for k, v in node.value if k.value == str(part)), None)
            if found is None:
                break
            line = found[0].start_mark.line + 1
            node = found[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line if line is not None else (node.start_mark.line + 1 if node is not None else None)
