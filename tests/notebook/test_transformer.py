"""The input transformer: which lines become top-level `await`, and that the result compiles."""

from __future__ import annotations

import ast

import pytest

from cloudg_lab.notebook.transformer import ENTRY, SYNC_ENTRY, call_text, transform_lines


def lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def awaited(source: str) -> ast.Await:
    """The single awaited call in a rewritten line, parsed as Python."""
    tree = ast.parse(source.strip(), mode="exec")
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Await)]
    assert len(found) == 1, source
    return found[0]


def test_a_column_zero_line_becomes_an_awaited_call_with_its_arguments():
    out = transform_lines(lines("%mcp call add a=2 b=40\n"))
    call = awaited(out[0]).value
    assert isinstance(call, ast.Call) and ast.unparse(call.func) == ENTRY
    assert [ast.literal_eval(a) for a in call.args] == ["call add a=2 b=40"]


def test_an_assignment_keeps_its_target():
    out = transform_lines(lines("r = %mcp call add a=2\n"))
    assert out[0].startswith("r = await ")
    assert ast.literal_eval(awaited(out[0]).value.args[0]) == "call add a=2"  # type: ignore[attr-defined]


def test_a_cell_magic_passes_line_and_body():
    out = transform_lines(lines('%%mcp call add\n{"a": 1,\n "b": 2}\n'))
    assert len(out) == 1
    args = [ast.literal_eval(a) for a in awaited(out[0]).value.args]  # type: ignore[attr-defined]
    assert args == ["call add", '{"a": 1,\n "b": 2}\n']


def test_quotes_backslashes_and_braces_survive_quoting():
    tricky = """call t q='it''s' p="a\\\\b" j='{"k": [1, "x"]}'"""
    out = transform_lines([f"%mcp {tricky}\n"])
    assert ast.literal_eval(awaited(out[0]).value.args[0]) == tricky  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", [
    "    %mcp tools\n",          # indented: inside a block, left to the fallback magic
    "%mcpx tools\n",             # another magic
    "# %mcp tools\n",            # a comment
    "x = 1  # %mcp\n",
    "%mcp? \n",                  # IPython help syntax
])
def test_other_lines_are_untouched(text):
    assert transform_lines([text]) == [text]


def test_lines_in_a_loop_body_are_untouched_but_top_level_lines_around_them_change():
    cell = lines("for i in range(2):\n    %mcp tools\n%mcp tools\n")
    out = transform_lines(cell)
    assert out[:2] == cell[:2]
    assert out[2].startswith("await ")


def test_a_bare_mcp_line_calls_with_an_empty_line():
    assert transform_lines(["%mcp\n"]) == [call_text("") + "\n"]


def test_blank_lines_before_a_cell_magic_are_kept():
    out = transform_lines(lines("\n%%mcp policy p\nextends: open\n"))
    assert out[0] == "\n"
    assert ast.literal_eval(awaited(out[1]).value.args[1]) == "extends: open\n"  # type: ignore[attr-defined]


def test_the_rewritten_cell_compiles_as_top_level_await():
    source = "".join(transform_lines(lines("x = 1\nr = %mcp call add a={x}\n%mcp tools\n")))
    compile(source, "<cell>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)


@pytest.mark.parametrize("line", ["%time %mcp call add a=1", "%timeit -n 3 -r 2 %mcp call add a=1",
                                  "%prun -q -s cumulative %mcp call add a=1",
                                  "t = %time %mcp call add a=1"])
def test_a_timing_magic_line_gets_the_blocking_entry(line: str) -> None:
    out = transform_lines(lines(line + "\n"))[0]
    head = line.split("%mcp", maxsplit=1)[0]
    assert out.startswith(head) and "await" not in out, out
    call = ast.parse(out[len(head):].strip(), mode="eval").body
    assert isinstance(call, ast.Call) and ast.unparse(call.func) == SYNC_ENTRY
    assert ast.literal_eval(call.args[0]) == "call add a=1"


def test_a_timing_cell_body_gets_the_blocking_entry_and_compiles() -> None:
    out = transform_lines(lines("%%time\nr = %mcp call add a=1\n%mcp tools\nx = 2\n"))
    assert out[0] == "%%time\n" and out[3] == "x = 2\n"
    body = "".join(out[1:])
    assert "await" not in body and body.count(SYNC_ENTRY) == 2
    compile(body, "<cell>", "exec")
