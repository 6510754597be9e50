"""Did-you-mean for resources and prompts in a real kernel, offered only from what the principal
may list (a hidden one is never suggested), and one line without a traceback."""

from __future__ import annotations

import pytest
from notebook_kernel import Kernel

pytestmark = pytest.mark.kernel

SHY = """%%mcp policy shy
extends: standard
deny_prompts: [policy_review]
deny_resources: ["cloudg://policy"]
"""


def one_line(cell) -> str:
    assert cell.reply["status"] == "error" and not cell.errors, cell.describe()
    assert cell.stderr.count("\n") == 1 and "Traceback" not in cell.stderr, cell.describe()
    return cell.stderr.strip()


def test_a_mistyped_resource_gets_the_closest_uri(kernel: Kernel) -> None:
    line = one_line(kernel.run("%mcp read cloudg://workspac"))
    assert line.startswith("UsageError: ") and line.endswith("did you mean cloudg://workspace?"), line


def test_a_mistyped_templated_uri_gets_the_template(kernel: Kernel) -> None:
    line = one_line(kernel.run("%mcp read cloudg://findings/severty/HIGH"))
    assert "did you mean cloudg://findings/severity/{severity}" in line, line


def test_a_mistyped_prompt_gets_the_closest_name(kernel: Kernel) -> None:
    line = one_line(kernel.run("%mcp prompt incident_triag"))
    assert line.endswith("did you mean incident_triage?"), line


def test_nothing_close_means_no_suggestion(kernel: Kernel) -> None:
    assert "did you mean" not in one_line(kernel.run("%mcp prompt qqqq_zzzz"))
    assert "did you mean" not in one_line(kernel.run("%mcp read zz://nothing/like/it"))


def test_what_the_policy_hides_is_never_suggested(kernel: Kernel) -> None:
    kernel.ok(SHY)
    prompt = one_line(kernel.run("%mcp prompt policy_revie --policy shy"))
    assert "policy_review" not in prompt.split(";")[-1] and "did you mean policy_review" not in prompt
    seen = one_line(kernel.run("%mcp prompt policy_revie"))
    assert seen.endswith("did you mean policy_review?"), seen
    resource = one_line(kernel.run("%mcp read cloudg://polic --policy shy"))
    assert "did you mean cloudg://policy?" not in resource and "did you mean cloudg://policy " not in resource
