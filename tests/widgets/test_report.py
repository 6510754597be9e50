"""TransformReport: the report as tables, from a real strict result, a full report, or none."""

from __future__ import annotations

from cloudg_lab.notebook.widgets import TransformReport
from cloudg_lab.notebook.widgets.base import VIEW_MIME
from cloudg_lab.notebook.widgets.report import NO_REPORT, sections

FULL = {
    "pseudonymized": {"aws_arn": 2, "resource_name": 5},
    "redacted": {"aws_secret_key": 1, "aws_arn": 1},
    "untrusted": {"suspicious": 2, "stripped_chars": 7, "action": "fence"},
    "projection": {"excluded": 3, "lists_truncated": 1},
    "truncated_chars": 120,
    "redacted_arguments": {"jwt": 1},
    "annotations": {"classification": {"sensitivity": "confidential",
                                       "pseudonymized_entities": ["aws_arn", "resource_name"]},
                    "provenance": {"kind": "tool", "name": "find_assets", "policy": "strict"},
                    "transformed": {"pseudonymized": 7}},
    "content_annotations": {"audience": ["user", "assistant"], "priority": 0.6},
    "novel": {"thing": 1},
}


def test_counts_by_action_and_entity_form_one_table_with_totals():
    counts = sections(FULL)[0]
    assert counts.title == "changes by entity type"
    assert counts.columns == ["entity", "redacted", "pseudonymized", "redacted_arguments", "total"]
    assert counts.rows == [["resource_name", "", 5, "", 5], ["aws_arn", 1, 2, "", 3],
                           ["aws_secret_key", 1, "", "", 1], ["jwt", "", "", 1, 1],
                           ["total", 2, 7, 1, 10]]


def test_every_part_of_the_report_has_its_table():
    by_title = {s.title: {r[0]: r[1] for r in s.rows} for s in sections(FULL)[1:]}
    assert by_title["untrusted text"] == {"suspicious": 2, "stripped_chars": 7, "action": "fence"}
    assert by_title["projection and truncation"] == {"excluded": 3, "lists_truncated": 1,
                                                     "text truncated (chars)": 120}
    assert by_title["classification"]["pseudonymized_entities"] == "aws_arn, resource_name"
    assert by_title["provenance"]["policy"] == "strict"
    assert by_title["values transformed"] == {"pseudonymized": 7}
    assert by_title["content annotations"] == {"audience": "user, assistant", "priority": 0.6}
    assert by_title["other"] == {"novel.thing": 1}


async def test_a_strict_result_shows_tables_not_json(session):
    result = await session.call("find_assets", {"limit": 3}, policy="strict")
    shown = TransformReport(result)
    assert shown.title == "transform report · find_assets · policy strict · local:local"
    bundle = shown._repr_mimebundle_()
    assert {VIEW_MIME, "text/html", "text/plain"} <= set(bundle)
    html = bundle["text/html"]
    assert html.count("<table") == len(shown.sections) >= 4 and '{"' not in html
    assert "pseudonymized" in bundle["text/plain"]
    assert shown.html.value == html


async def test_no_report_and_errors_say_so(session):
    plain = await session.call("list_capabilities", {}, policy="open")
    assert plain.report is None
    shown = TransformReport(plain)
    assert shown.sections == [] and NO_REPORT in shown.static_text() and NO_REPORT in shown.html.value
    assert TransformReport(None).static_text() == f"transform report\n{NO_REPORT}"
    failed = await session.call("get_asset", {"ref": "no-such-asset"}, policy="strict")
    assert failed.is_error and "error -32602" in TransformReport(failed).title
    shown.show({"masked": {"aws_access_key_id": 1}})
    assert shown.sections[0].rows[0] == ["aws_access_key_id", 1, 1]
    shown.close()
    assert VIEW_MIME not in shown._repr_mimebundle_() and shown.html.comm is None
