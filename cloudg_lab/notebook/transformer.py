"""The input transformer that puts `%mcp` on the kernel's running loop as top-level `await`.

IPython magics are synchronous, and a synchronous function cannot wait for a coroutine while the
kernel's loop is running (no `asyncio.run`, no nested loops). So before IPython sees the cell,
column-0 `%mcp ARGS` becomes `await __cloudg_mcp__('ARGS')`, `var = %mcp ARGS` becomes
`var = await __cloudg_mcp__('ARGS')` and a `%%mcp ARGS` cell becomes
`await __cloudg_mcp__('ARGS', 'BODY')`; ipykernel then runs the cell as a task on its own loop.
Indented lines (inside `def`, `if`, loops) are left alone: IPython turns them into a call of the
registered magic, which explains that `await cloudg_lab.acall(...)` is the way there.

`%time`, `%timeit` and `%prun` (and their cell forms) compile what they measure as plain,
synchronous code, where `await` is a SyntaxError. On their lines, and in the bodies of their
cells, `%mcp ARGS` becomes `__cloudg_mcp_sync__('ARGS')` instead: the same command, run to the
end on the calling thread (see `blocking.run`), so the magic times and profiles the real work.
"""

from __future__ import annotations

import re

ENTRY = "__cloudg_mcp__"
"""The coroutine function the extension puts in the user namespace."""
SYNC_ENTRY = "__cloudg_mcp_sync__"
"""Its blocking twin, for code the timing magics compile (no top-level `await` there)."""

_ARGS = r"%mcp(?:[ \t]+(?P<args>.*?))?[ \t]*$"
_LINE = re.compile(r"^" + _ARGS)
_ASSIGN = re.compile(r"^(?P<target>[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)[ \t]*=[ \t]*" + _ARGS)
_CELL = re.compile(r"^%%mcp(?:[ \t]+(?P<args>.*?))?[ \t]*$")
_TIMED = r"%(?:time|timeit|prun)\b"
_TIMED_LINE = re.compile(r"^(?P<head>(?:[A-Za-z_]\w*[ \t]*=[ \t]*)?" + _TIMED + r"[^%\n]*?[ \t])"
                         + _ARGS)
_TIMED_CELL = re.compile(r"^%" + _TIMED)


def call_text(args: str | None, body: str | None = None, *, entry: str = ENTRY) -> str:
    """The `await __cloudg_mcp__(...)` expression for a line (and body), safely quoted; with
    `entry=SYNC_ENTRY`, the plain call of the blocking twin."""
    inner = repr(args or "") if body is None else f"{args or ''!r}, {body!r}"
    awaiting = "await " if entry == ENTRY else ""
    return f"{awaiting}{entry}({inner})"


def transform_lines(lines: list[str]) -> list[str]:
    """Rewrite a cell's lines (each ending in a newline, as IPython passes them)."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None:
        head = lines[first].rstrip("\r\n")
        cell = _CELL.match(head)
        if cell is not None:
            body = "".join(lines[first + 1:])
            return [*lines[:first], call_text(cell.group("args"), body) + "\n"]
        if _TIMED_CELL.match(head):
            return [*lines[:first + 1], *(_line(line, SYNC_ENTRY) for line in lines[first + 1:])]
    return [_line(line, ENTRY) for line in lines]


def _line(line: str, entry: str) -> str:
    text = line.rstrip("\r\n")
    ending = line[len(text):]
    plain = _LINE.match(text)
    if plain is not None:
        return call_text(plain.group("args"), entry=entry) + ending
    assign = _ASSIGN.match(text)
    if assign is not None:
        return f"{assign.group('target')} = {call_text(assign.group('args'), entry=entry)}{ending}"
    timed = _TIMED_LINE.match(text)
    if timed is not None:
        return timed.group("head") + call_text(timed.group("args"), entry=SYNC_ENTRY) + ending
    return line
