"""PagedTable: one page of pandas HTML at a time, buttons that move, totals that shrink."""

from __future__ import annotations

from cloudg_lab.notebook.display.tables import plain_table
from cloudg_lab.notebook.widgets.tables import Page, PagedTable, frame_html


def source_of(rows: list[list[str]]):
    def source(offset: int, limit: int) -> Page:
        return Page(rows[offset:offset + limit], len(rows))
    return source


def test_pages_move_and_buttons_know_the_ends():
    rows = [[str(i), f"<b>{i}</b>"] for i in range(25)]
    table = PagedTable(["n", "bold"], source_of(rows), 10, css="cloudg-x")
    table.refresh()
    assert table.html.value.split("<tbody>")[1].count("<tr>") == 10
    assert 'class="dataframe cloudg-table cloudg-x"' in table.html.value
    assert "<b>0</b>" in table.html.value  # cells arrive rendered; pandas does not escape them
    assert table.buttons["previous"].disabled and not table.buttons["next"].disabled
    table.buttons["last"].click()
    assert table.page == 2 and "rows 21–25 of 25" in table.position.value
    assert table.buttons["next"].disabled
    table.turn("previous")
    assert table.page == 1 and "… 15 more rows" in table.static_html()
    del rows[5:]
    table.refresh()
    assert table.page == 0 and "rows 1–5 of 5" in table.position.value


def test_an_empty_table_keeps_its_header_and_says_so():
    table = PagedTable(["a"], source_of([]), 5, empty="nothing here")
    table.refresh()
    assert "<th>a</th>" in table.html.value and "nothing here" in table.html.value
    assert "0 of 0" in table.position.value and table.buttons["last"].disabled


def test_column_names_are_escaped_and_plain_text_pages():
    assert "&lt;x&gt;" in frame_html([["1"]], ["<x>"])
    assert plain_table([[1], [2], [3]], ["n"], 2).endswith("… 1 more rows")
    assert plain_table([], ["n"], 2) == "(none)"
