"""The small part of RFC 6570 that resource templates use: `{var}` and `{+var}`.

`{var}` stops at `/`, `{+var}` does not; matched values are percent-decoded. Templates are tried
longest first (ARCHITECTURE.md, "Other kinds"), so `cloudg://assets/{+ref}/neighbors` wins over `cloudg://assets/{+ref}`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import unquote

_VAR = re.compile(r"\{(\+?)([A-Za-z_][A-Za-z0-9_]*)\}")


@lru_cache(maxsize=256)
def compile_template(template: str) -> re.Pattern[str]:
    """A regex for `template` with one named group per variable."""
    parts: list[str] = []
    pos = 0
    for m in _VAR.finditer(template):
        parts.append(re.escape(template[pos:m.start()]))
        parts.append(f"(?P<{m.group(2)}>.+?)" if m.group(1) else f"(?P<{m.group(2)}>[^/]+?)")
        pos = m.end()
    parts.append(re.escape(template[pos:]))
    return re.compile("".join(parts) + r"\Z", re.DOTALL)


def variables(template: str) -> list[str]:
    return [m.group(2) for m in _VAR.finditer(template)]


def match(template: str, uri: str) -> dict[str, str] | None:
    """The template variables of `uri`, decoded, or None when it does not match."""
    m = compile_template(template).match(uri)
    if m is None:
        return None
    return {k: unquote(v) for k, v in m.groupdict().items()}
