"""Entries of a config text whose section or parent key names a secret, the entries neutral.

As a dict, `{"secrets": {"stripe": ...}}` is a sensitive subtree: the key rule of `secrets`
holds for everything under it. Written as text (a Helm `values.yaml`, a TOML or INI file held in
a value), the same tree is one string, and an entry `stripe: ...` names nothing secret itself.
This detector gives text the dict's rule: an entry line is a secret when a line above it that
contains it (a YAML parent `secrets:` indented less, an INI or TOML `[credentials]` header) is
a key the key rules call sensitive, unless the entry's own key is exempt there (`secrets_name`,
`credentials_id`) or its value is a flag or a number. A Kubernetes manifest of `kind: Secret`
says so of its top-level `data:` and `stringData:` (the dict's rule: `records.secret_members`),
whatever its entries are named; another document of the same text (after `---`) keeps its own.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.keys import key_rule
from cloudg_lab.privacy.detectors.records import SECRET_DATA, SECRET_KIND

_ENTRY = (r"(?m)^(?P<i>[ \t]*)(?:-[ \t]+)?(?:(?P<e>[\w.-]+)[ \t]*[=:][ \t]*)?"
          r"(?:\"(?P<q>[^\"\n]{4,})\"|'(?P<s>[^'\n]{4,})'|(?P<v>[^\s\"'#;|>&*!{\[][^\n]*?))[ \t]*\r?$")
_HEADER = re.compile(r"^\[{1,2}\s*[\"']?(?P<n>[^\]\"'\n]+?)[\"']?\s*\]{1,2}$")
_PARENT = re.compile(r"^(?:-[ \t]+)?[\"']?(?P<n>[\w .-]+?)[\"']?[ \t]*:[ \t]*(?:#.*)?$")
_FLAGS = frozenset({"true", "false", "yes", "no", "on", "off", "null", "none", "~"})
_LOOK_UP = 60
"""Lines looked at above an entry for its parent: a config section is rarely longer."""
_WORDS = ("secret", "key", "token", "credential", "auth", "pass", "pw", "cookie", "private")
_SECRET_MANIFEST = re.compile(rf"(?m)^[ \t]*kind:[ \t]*[\"']?{SECRET_KIND}[\"']?[ \t]*\r?$")
_DOCUMENT = "\n---"


def _ancestors(text: str, start: int, indent: int) -> list[str]:
    """The names of the YAML parents (less indented `name:` lines) and the INI or TOML section
    above the line starting at `start`, nearest first."""
    names: list[str] = []
    end = start - 1
    for _ in range(_LOOK_UP):
        if end <= 0:
            break
        begin = text.rfind("\n", 0, end) + 1
        line, end = text[begin:end].rstrip("\r"), begin - 1
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            continue
        header = _HEADER.match(stripped)
        if header is not None:
            names.append(header["n"])
            break
        depth = len(line) - len(line.lstrip(" \t"))
        if depth < indent:
            parent = _PARENT.match(stripped)
            if parent is None:
                break
            names.append(parent["n"])
            indent = depth
        if indent == 0 and names:
            break
    return names


def _under_secret(match: re.Match[str]) -> bool:
    value = next((match[g] for g in ("q", "s", "v") if match[g] is not None), "")
    if value.casefold() in _FLAGS or value.replace(".", "").isdigit():
        return False
    entry = match["e"]
    names = _ancestors(match.string, match.start(), len(match["i"]))
    for name in names:
        if key_rule(name).kind == "sensitive":
            return entry is None or key_rule(f"{name}_{entry}").kind == "sensitive"
    return bool(names) and names[-1] in SECRET_DATA and _in_secret_manifest(match.string, match.start())


def _in_secret_manifest(text: str, at: int) -> bool:
    """Whether the YAML document around position `at` of `text` is a manifest of `kind: Secret`."""
    start = text.rfind(_DOCUMENT, 0, at) + 1
    end = text.find(_DOCUMENT, at)
    return _SECRET_MANIFEST.search(text, start, len(text) if end < 0 else end) is not None


SECTIONS: tuple[Detector, ...] = (
    define("section_secret", "secret", "secret", 0.85, _ENTRY, _WORDS, group=("q", "s", "v"),
           accept=_under_secret, gate=lambda text, low: "\n" in text, min_len=16,
           description="entries of YAML, TOML and INI texts under a section or parent key named like "
                       "a secret (secrets:, [credentials], [api_keys])"),
)
