"""The one plain-text table formatter, shared by the CLI listings and notebook `text/plain`."""

from __future__ import annotations

from cloudg_lab.notebook.display.tables import Table
from cloudg_lab.text_table import MIN_LAST, format_table


def test_columns_are_left_aligned_two_spaces_apart_and_cells_stay_on_one_line() -> None:
    text = format_table([["a", "first\nline"], ["bbbb", "x"]], ["k", "description"])
    assert text.splitlines() == ["k     description", "a     first line", "bbbb  x"]


def test_rows_past_the_limit_are_counted_not_shown() -> None:
    text = format_table([[str(n)] for n in range(5)], ["n"], limit=2)
    assert text.splitlines() == ["n", "0", "1", "… 3 more rows"]


def test_the_last_column_gets_the_width_the_others_leave() -> None:
    text = format_table([["name", "d" * 50]], ["name", "description"], width=30)
    assert max(len(line) for line in text.splitlines()) <= 30
    assert text.splitlines()[1].endswith("…")


def test_a_last_column_too_narrow_to_say_anything_is_left_out() -> None:
    text = format_table([["n" * 30, "words"]], ["name", "description"], width=30 + MIN_LAST)
    assert "description" not in text and "words" not in text


def test_a_notebook_table_reads_its_values_without_python_reprs() -> None:
    plain = Table("t", [{"up": True, "left": None, "cpu": 2.0}]).plain()
    assert plain.splitlines()[1:] == ["up    left  cpu", "true  —     2"]
