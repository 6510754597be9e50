"""The input transformer that puts `%mcp` on the kernel's running loop as top-level `await`.

IPython magics are synchronous, and a synchronous function cannot wait for a coroutine while the
kernel's loop is running (no `asyncio.run`, no nested loops). So before IPython sees the cell,
column-0 `%mcp ARGS` becomes `await __cloudg_mcp__('ARGS')`, `var = %mcp ARGS` becomes
`var = await __cloudg_mcp__('ARGS')` and a `%%mcp ARGS` cell becomes
`await __cloudg_mcp__('ARGS', 'BODY')`; ipykernel then runs the cell as a task on its own loop.
Indented lines (inside `def`, `if`, loops) are left alone: IPython turns them into a call of the
registered magic, which explains that `await cloudg_lab.acall(...)` is the way there.
"""

from __future__ import annotations

import re

ENTRY = "__cloudg_mcp__"
"""The coroutine function the extension puts in the user namespace."""

_LINE = re.compile(r"^%mcp(?:[ \t]+(?P<args>.*?))?[ \t]*$")
_ASSIGN = re.compile(r"^(?P<target>[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)[ \t]*=[ \t]*"
                     r"%mcp(?:[ \t]+(?P<args>.*?))?[ \t]*$")
_CELL = re.compile(r"^%%mcp(?:[ \t]+(?P<args>.*?))?[ \t]*$")


def call_text(args: str | None, body: str | None = None) -> str:
    """The `await __cloudg_mcp__(...)` expression for a line (and body), safely quoted."""
    inner = repr(args or "") if body is None else f"{args or ''!r}, {body!r}"
    return f"await {ENTRY}({inner})"


def transform_lines(lines: list[str]) -> list[str]:
    """Rewrite a cell's lines (each ending in a newline, as IPython passes them)."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None:
        cell = _CELL.match(lines[first].rstrip("\r\n"))
        if cell is not None:
            body = "".join(lines[first + 1:])
            return [*lines[:first], call_text(cell.group("args"), body) + "\n"]
    return [_line(line) for line in lines]


def _line(line: str) -> str:
    text = line.rstrip("\r\n")
    ending = line[len(text):]
    plain = _LINE.match(text)
    if plain is not None:
        return call_text(plain.group("args")) + ending
    assign = _ASSIGN.match(text)
    if assign is not None:
        return f"{assign.group('target')} = {call_text(assign.group('args'))}{ending}"
    return line
