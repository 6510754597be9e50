"""Comparing results across columns: pointers, JSON equality, changed cells, tool sets."""

from __future__ import annotations

from cloudg_lab.notebook.widgets.comparison import (
    MISSING,
    View,
    compare,
    display_path,
    flatten,
    leaves_of,
    same,
)


def test_flatten_uses_the_pointers_marks_use():
    leaves = flatten({"a/b": {"c~d": [1, {}]}, "e": []}, "/structuredContent")
    assert leaves == {"/structuredContent/a~1b/c~0d/0": 1, "/structuredContent/a~1b/c~0d/1": {},
                      "/structuredContent/e": []}
    assert leaves_of({"content": [{"type": "text", "text": "hi"}]}) == \
        {"/content/0/type": "text", "/content/0/text": "hi"}
    assert display_path("/structuredContent/items/0/id") == "/items/0/id"
    assert display_path("/structuredContent") == "/"


def test_same_is_json_equality():
    assert not same(True, 1) and not same(0, False) and not same("1", 1)
    assert same({"a": [1, 2]}, {"a": [1, 2]}) and same(None, None)
    assert same(MISSING, MISSING) and not same(MISSING, None)


def test_changed_cells_are_the_values_unlike_the_first_columns():
    first = View("open", "alice", "ok", {"/a": 1, "/b": "x", "/c": True}, tools=frozenset({"t", "u"}))
    second = View("strict", "alice", "ok", {"/a": 1, "/b": "res-1", "/c": 1, "/d": 0},
                  tools=frozenset({"t", "v"}))
    hidden = View("lockdown", "alice", "hidden")
    c = compare([first, second, hidden])
    assert c.paths == ["/a", "/b", "/c", "/d"]
    assert c.changed == {"open · alice": frozenset(), "strict · alice": frozenset({"/b", "/c", "/d"}),
                         "lockdown · alice": frozenset()}
    assert c.value(hidden, "/a") is MISSING and c.value(second, "/a") == 1
    assert c.differs("/b") and not c.differs("/a")
    assert c.status_differs(hidden) and not c.status_differs(second)
    assert c.hidden_tools(second) == ["u"] and c.extra_tools(second) == ["v"]
    assert c.hidden_tools(hidden) == ["t", "u"]


def test_when_the_first_column_could_not_call_every_value_is_a_change():
    c = compare([View("p", "a", "denied"), View("q", "a", "ok", {"/x": 1})])
    assert c.changed["q · a"] == frozenset({"/x"})
    assert compare([]).paths == []
