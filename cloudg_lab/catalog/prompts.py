"""The five prompts: a task in words, the data as one JSON message, and embedded resources.

Task texts never contain workspace values: every identifier travels in the JSON context message
or an embedded resource, which the output pipeline transforms like any result. With no dataset
loaded a prompt is one message asking to load data first.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from cloudg_lab.catalog.common import asset_row, asset_uri, brief, choose, dataset_of
from cloudg_lab.catalog.completions import complete_dataset, complete_finding, complete_policy, complete_ref
from cloudg_lab.catalog.findings import finding_index, findings_matching
from cloudg_lab.catalog.records import asset_detail, finding_brief, finding_detail
from cloudg_lab.catalog.workspace import dataset_summary_of, summary_uri
from cloudg_lab.data.graph import exposure_reasons
from cloudg_lab.data.workspace import Dataset
from cloudg_lab.errors import NoDatasetError
from cloudg_lab.policy import PROFILES, Policy
from cloudg_lab.ports import HandlerContext, PrivilegedContext
from cloudg_lab.registry import PromptArgument
from cloudg_lab.registry.registrar import Registrar
from cloudg_lab.types import EmbeddedResource, PromptMessage, PromptResult, TextContent, TextResourceContents

CATEGORY = "prompts"
TOP = 25
LOAD_FIRST = ("No dataset is loaded yet. Load an inventory first with the load_dataset tool (a "
              "directory holding inventory-map.json), then ask again.")
DATASET_ARG = PromptArgument("dataset", "Dataset name; default the active dataset.")
ATTACK_SURFACE_TASK = (
    "Write an attack surface report for the inventory in the context: which assets the internet "
    "can reach and why, the open findings on them, and the paths an attacker could take inward. "
    "Rank by risk and end with remediation priorities. Use internet_exposure, neighbors and "
    "find_paths for more detail.")
POSTURE_TASK = (
    "Review the security posture of the inventory in the context: the shape of the estate, "
    "exposure, the worst open findings and compliance. Name the three most important weaknesses "
    "and a remediation plan for each.")


def _user(text: str) -> PromptMessage:
    return PromptMessage(role="user", content=TextContent(text=text))


def _context(data: dict[str, object]) -> PromptMessage:
    """The context as bare JSON text: the output pipeline parses JSON text and transforms it as
    structure, so key rules (tags, owners, secret-named keys) apply here as they do in results."""
    return _user(json.dumps(data, indent=2, ensure_ascii=False))


def _embedded(uri: str, data: dict[str, object]) -> PromptMessage:
    contents = TextResourceContents(uri=uri, text=json.dumps(data, indent=2, ensure_ascii=False),
                                    mime_type="application/json")
    return PromptMessage(role="user", content=EmbeddedResource(resource=contents))


def _dataset_or_none(ctx: HandlerContext, name: str) -> Dataset | None:
    try:
        return dataset_of(ctx, name)
    except NoDatasetError:
        if name:
            raise
        return None


def _load_first(description: str) -> PromptResult:
    return PromptResult(messages=[_user(LOAD_FIRST)], description=description)


def _exposure(ds: Dataset) -> list[dict[str, object]]:
    reasons = exposure_reasons(ds.inventory)
    return [{**brief(ds, r), "via": reasons[r]} for r in list(reasons)[:TOP]]


def _summary_prompt(ctx: HandlerContext, dataset: str, description: str, task: str,
                    context: Callable[[Dataset, dict[str, object]], dict[str, object]]) -> PromptResult:
    """A prompt over a whole dataset: the task, `context` of it and its summary as JSON, and
    the summary resource embedded."""
    ds = _dataset_or_none(ctx, dataset)
    if ds is None:
        return _load_first(description)
    summary = dataset_summary_of(ds)
    return PromptResult(description=description, messages=[
        _user(task), _context({"dataset": ds.name, **context(ds, summary)}),
        _embedded(summary_uri(ds.name), summary)])


def register(into: Registrar, trusted: Registrar) -> None:
    """Add the prompts; inspectors of the policy, vault or audit go through `trusted`."""

    @into.prompt(category=CATEGORY, sensitivity="confidential",
                 arguments=[PromptArgument("ref", "Asset id, ARN or name.", required=True), DATASET_ARG],
                 completions={"ref": complete_ref, "dataset": complete_dataset})
    def investigate_asset(ctx: HandlerContext, ref: str, dataset: str = "") -> PromptResult:
        """Investigate one asset: exposure, relations, findings and what to do next."""
        ds = _dataset_or_none(ctx, dataset)
        if ds is None:
            return _load_first("Investigate an asset")
        row = asset_row(ctx, ds, ref)
        detail = asset_detail(ds, row, include_findings=True, max_relations=20)
        return PromptResult(description="Investigate an asset", messages=[
            _user("Investigate the asset described in the context below. Explain what it is, how it "
                  "is reachable (internet exposure, relations), which findings affect it and how "
                  "severe they are, and recommend concrete next steps in priority order. Use the "
                  "get_asset, neighbors and list_findings tools for more detail."),
            _context({"dataset": ds.name, "asset": detail}),
            _embedded(asset_uri(ds.inventory.ids[row]), detail)])

    over_a_dataset = into.prompt(category=CATEGORY, sensitivity="confidential",
                                 arguments=[DATASET_ARG], completions={"dataset": complete_dataset})

    @over_a_dataset
    def attack_surface_report(ctx: HandlerContext, dataset: str = "") -> PromptResult:
        """Report the internet-facing attack surface of a dataset, riskiest first."""
        return _summary_prompt(ctx, dataset, "Attack surface report", ATTACK_SURFACE_TASK,
                               lambda ds, summary: {
                                   "internet_exposed": _exposure(ds),
                                   "severity_breakdown": summary["severity_breakdown"]})

    @into.prompt(category=CATEGORY, sensitivity="confidential",
                 arguments=[PromptArgument("finding_id", "A finding id from list_findings.",
                                           required=True)],
                 completions={"finding_id": complete_finding})
    def incident_triage(ctx: HandlerContext, finding_id: str) -> PromptResult:
        """Triage one finding: impact, affected asset, urgency and remediation."""
        ds = _dataset_or_none(ctx, "")
        if ds is None:
            return _load_first("Incident triage")
        detail = finding_detail(ds, finding_index(ctx, ds, finding_id))
        asset = detail.get("asset")
        ident = asset.get("id") if isinstance(asset, dict) else None
        messages = [
            _user("Triage the finding in the context: assess its real impact given the affected "
                  "asset's exposure and relations, decide how urgent it is, and give remediation "
                  "steps. Say what further evidence would change the assessment."),
            _context({"dataset": ds.name, "finding": detail})]
        if isinstance(ident, str):
            full = asset_detail(ds, ds.inventory.row_of[ident], include_findings=True, max_relations=10)
            messages.append(_embedded(asset_uri(ident), full))
        return PromptResult(description="Incident triage", messages=messages)

    @over_a_dataset
    def security_posture_review(ctx: HandlerContext, dataset: str = "") -> PromptResult:
        """Review the overall security posture of a dataset."""
        return _summary_prompt(ctx, dataset, "Security posture review", POSTURE_TASK,
                               lambda ds, summary: {
                                   "summary": summary,
                                   "worst_findings": [finding_brief(ds, i) for i in findings_matching(
                                       ctx, ds, None, None, "open")[:TOP]],
                                   "internet_exposed": _exposure(ds)[:10]})

    @trusted.prompt(category=CATEGORY, sensitivity="internal",
                    arguments=[PromptArgument("policy", "A profile name; default the policy in force.")],
                    completions={"policy": complete_policy})
    def policy_review(ctx: PrivilegedContext, policy: str = "") -> PromptResult:
        """Explain what a policy profile hides, denies and transforms."""
        chosen = Policy.load(choose(policy, PROFILES, "policy")) if policy else ctx.port.policy
        summary = chosen.summary()
        messages = [
            _user("Explain the policy in the context to someone deciding whether to use it: which "
                  "tools and capabilities it hides or denies, for whom, which transforms it applies "
                  "to results and arguments, and its rate limits. Point out anything surprising."),
            _context({"policy": summary})]
        if chosen is ctx.port.policy:
            messages.append(_embedded("cloudg://policy", summary))
        return PromptResult(description="Policy review", messages=messages)
