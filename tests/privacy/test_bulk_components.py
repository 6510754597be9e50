"""Taking composite identifiers apart in bulk gives what their composers give one by one.

Values are built from fragments of every shape the composers meet: ARNs of other partitions,
typed and untyped services, resources with `/` and `:` and kept segments, AWS-owned ARNs, too few
fields; Azure ids with management groups, nested children, keys in other cases, empty and
trailing segments, a second `providers`; GCP names with zones, regions, locations, `global`, a
nested `projects`, heads that quote `projects/`; line breaks and non-ASCII text inside values;
labels that do not fit the value. Components are drawn from one small pool, so the same
component sits in values of several shapes (an account here, a resource name there) and the
first value to hold it must decide its entity.
"""

from __future__ import annotations

from collections.abc import Container, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloudg_lab.data.identifiers import arn_entity
from cloudg_lab.privacy import derive
from cloudg_lab.privacy.shapes.bulk import new_components

POOL = ["558073021573", "acme-data-306159", "31c09181-c298-4778-b985-2e511cc427ea", "rg-ledger",
        "vm-ledger-1", "Ledger_Store", "i-0782483fd5c72eb42", "*", "", "root", "$LATEST", "12",
        "none", "N/A", "aws", "global", "x", "ünïcode-7", "name\nbroken", "s3", "default", "12345",
        "projects", "zones", "providers", "   none   ", "Undefined", "\t12"]
KEYS = ["subscriptions", "SUBSCRIPTIONS", "resourceGroups", "resourcegroups", "providers",
        "managementGroups", "Microsoft.Compute", "virtualMachines", "extensions", "", "Microsoft.Network"]
COLLECTIONS = ["zones", "ZONES", "regions", "locations", "global", "instances", "serviceAccounts",
               "projects", "buckets", "machineTypes", "diskTypes", ""]
COMPOSITE = frozenset({"aws_arn", "azure_resource_id", "gcp_resource_name", "resource_id",
                       "cloudg_uri"})
component = st.sampled_from(POOL)


@st.composite
def arns(draw: st.DrawFn) -> str:
    partition = draw(st.sampled_from(["aws", "aws-cn", "aws-us-gov", ""]))
    service = draw(st.sampled_from(["s3", "sns", "sqs", "ec2", "iam", "lambda", "S3", ""]))
    region = draw(st.sampled_from(["", "us-east-1", "cn-north-1"]))
    names = draw(st.lists(st.one_of(component, st.sampled_from(["instance", "role", "function"])),
                          min_size=1, max_size=4))
    seps = draw(st.lists(st.sampled_from(["/", ":"]), min_size=len(names) - 1,
                         max_size=len(names) - 1))
    resource = names[0] + "".join(s + n for s, n in zip(seps, names[1:], strict=True))
    fields = ["arn", partition, service, region, draw(component), resource]
    return ":".join(fields[:draw(st.sampled_from([6, 6, 6, 5, 3]))])


@st.composite
def azure_ids(draw: st.DrawFn) -> str:
    segments = draw(st.lists(st.one_of(st.sampled_from(KEYS), component), max_size=12))
    head = draw(st.sampled_from(["/", "/", ""]))
    usual = ["subscriptions", draw(component), "resourceGroups", draw(component), "providers",
             "Microsoft.Compute", "virtualMachines", draw(component)]
    body = usual + segments if draw(st.booleans()) else segments
    return head + "/".join(body) + draw(st.sampled_from(["", "", "/"]))


@st.composite
def gcp_names(draw: st.DrawFn) -> str:
    head = draw(st.sampled_from(["//compute.googleapis.com/", "", "//x/my", "//iam/"]))
    tail = draw(st.lists(st.one_of(st.sampled_from(COLLECTIONS), component), max_size=8))
    project = "projects/" + draw(component) if draw(st.integers(0, 4)) else ""
    return head + "/".join([project, *tail] if project else tail)


SHAPED = {"aws_arn", "azure_resource_id", "gcp_resource_name"}
"""What `arn_entity` says of a value shaped like a composite identifier."""
LABELS = ["aws_arn", "azure_resource_id", "gcp_resource_name", "resource_id", "cloudg_uri",
          "asset_id"]


def labelled(values: st.SearchStrategy[str], label: str) -> st.SearchStrategy[tuple[str, str]]:
    """Values of one shape, mostly with its label (now and then another, as data may have)."""
    return st.tuples(values, st.one_of(st.just(label), st.just(label), st.just(label),
                                       st.sampled_from(LABELS)))


pairs = st.one_of(labelled(arns(), "aws_arn"), labelled(azure_ids(), "azure_resource_id"),
                  labelled(gcp_names(), "gcp_resource_name"),
                  labelled(st.builds(lambda v: f"cloudg://assets/{v}", arns()), "cloudg_uri"))


def reference(identifiers: Mapping[str, str], known: Container[str]) -> dict[str, str]:
    """The composers' components, value by value, the first value's entity kept: of the values
    labelled composite, and of those shaped like one whatever their label (an asset id that is
    an ARN)."""
    out: dict[str, str] = {}
    composite = {v: e if e in COMPOSITE else arn_entity(v) for v, e in identifiers.items()
                 if e in COMPOSITE or arn_entity(v) in SHAPED}
    for value, entity in derive.candidates(composite):
        if value not in known:
            out.setdefault(value, entity)
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(pairs, max_size=40), st.lists(component, max_size=4))
def test_bulk_components_are_the_composers_components(pairs: list[tuple[str, str]],
                                                       more_known: list[str]) -> None:
    identifiers = dict(pairs)
    known = {**identifiers, **dict.fromkeys(more_known, "resource_name")}
    assert new_components(identifiers, COMPOSITE, known) == reference(identifiers, known)


@pytest.mark.parametrize("value", [
    "arn:aws:ec2:us-east-1:aws:instance/vm-ledger-1",  # AWS-owned: nothing of it is ours
    "arn:aws-cn:sqs:cn-north-1:558073021573:queue:Ledger_Store",  # untyped: every name
    "arn:aws:lambda:us-east-1:558073021573:function:vm-ledger-1:$LATEST",
    "//compute.googleapis.com/projects/acme-data-306159/diskTypes/vm-ledger-1/instances/x-ray",
    "//compute.googleapis.com/projects/acme-data-306159/global/networks/vm-ledger-1/zones",
    "//x/projects/pa-1/zz/b-1/projects/pb-1/cc/d-1",  # the first `projects/` decides
    "//compute.googleapis.com/projects/p-1/DIS\u212aTYPES/d-1/instances/x-ray",  # Kelvin: `k`
    "/subscriptions/s-1/resourceGroups/rg-1/providers/Microsoft.Network/vnets/v-1/providers/"
    "Microsoft.Insights/diagnosticSettings/d-1",  # a second provider namespace is no name
    "/providers/Microsoft.Management/managementGroups/mg-1",
    "/SUBSCRIPTIONS/s-1/RESOURCEGROUPS/rg-1/PROVIDERS/Microsoft.Compute/disks/disk-1/",
    "/subscriptions/s-1/resourceGroups/r\u00e9-1/providers/Microsoft.Web/sites/s\u0131te-1"])
def test_each_shape_is_taken_apart_as_its_composer_does(value: str) -> None:
    label = "aws_arn" if value.startswith("arn:") else \
        "gcp_resource_name" if "projects/" in value else "azure_resource_id"
    identifiers = {value: label}
    found = new_components(identifiers, COMPOSITE, identifiers)
    assert found == reference(identifiers, identifiers)
    assert found or "aws:instance" in value


def test_the_first_value_holding_a_component_decides_its_entity() -> None:
    """`acme-data-306159` is an account in the first ARN and a resource in the second; the GCP
    project `31c...` is an Azure subscription's UUID elsewhere."""
    identifiers = {"arn:aws:ec2:us-east-1:acme-data-306159:instance/i-1": "aws_arn",
                   "arn:aws:s3:::acme-data-306159": "aws_arn",
                   "//iam/projects/31c09181-c298-4778-b985-2e511cc427ea/x/y": "gcp_resource_name",
                   "/subscriptions/31c09181-c298-4778-b985-2e511cc427ea": "azure_resource_id"}
    found = new_components(identifiers, COMPOSITE, identifiers)
    assert found == reference(identifiers, identifiers)
    assert found["acme-data-306159"] == "gcp_project_id"  # an account's shape refines it
    assert found["31c09181-c298-4778-b985-2e511cc427ea"] == "azure_subscription_id"
    later_first = dict(reversed(identifiers.items()))
    assert new_components(later_first, COMPOSITE, identifiers) == reference(later_first, identifiers)
