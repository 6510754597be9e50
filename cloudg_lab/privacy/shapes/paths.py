"""Pseudonyms for structured identifiers, rebuilt component by component.

An ARN keeps its partition, service, region and resource type; its account and each resource
segment become their own pseudonyms (registered on their own), so the account inside an ARN is
the same pseudonym as the account in an `account_id` field, and the model can take an ARN
apart and pass pieces back. Azure ids, GCP resource names, `cloudg://` URIs, host names and
e-mail addresses follow the same idea.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cloudg_lab.privacy.hosts import cloud_suffix_start

Sub = Callable[[str, str], str]
"""`(component, entity) -> its pseudonym`, registered in the vault like any value."""

_KEEP_SEGMENTS = frozenset({"", "*", "root", "$LATEST", "default", "app", "net", "gwy"})
"""Segments that name a kind, not a resource (`app`/`net`/`gwy`: load balancer types)."""
_SHORT_NUMBER = re.compile(r"^\d{1,4}$")
LONGEST_KEPT = max(4, *map(len, _KEEP_SEGMENTS))
"""No longer segment is `kept`."""
_UNTYPED_SERVICES = frozenset({"s3", "sns", "sqs"})
_RESOURCE_PARTS = re.compile(r"([/:])")
"""An ARN's resource split into names and their separators."""


def kept(segment: str) -> bool:
    """Whether a path segment names a kind (`root`, `*`, a short number), not a resource."""
    return segment in _KEEP_SEGMENTS or _SHORT_NUMBER.match(segment) is not None


def _segment(value: str, sub: Sub) -> str:
    return value if kept(value) else sub(value, "resource_name")


def arn(value: str, sub: Sub) -> str | None:
    """`arn:aws:ec2:us-east-1:<account>:instance/<id>`; AWS-owned ARNs (account `aws`) are kept."""
    parts = value.split(":", 5)
    if len(parts) < 6:
        return None
    account, resource = parts[4], parts[5]
    if account == "aws":
        return None
    if account and account != "*":
        parts[4] = sub(account, "aws_account_id")
    pieces = _RESOURCE_PARTS.split(resource)
    names = pieces[0::2]
    typed = len(names) > 1 and parts[2] not in _UNTYPED_SERVICES
    for i in range(1 if typed else 0, len(names)):
        pieces[2 * i] = _segment(names[i], sub)
    parts[5] = "".join(pieces)
    return ":".join(parts)


def azure_id(value: str, sub: Sub) -> str:
    """Same path shape: subscription UUID, `rg-<hex>`, provider and types kept, names `res-<hex>`."""
    segs = value.split("/")
    i = 0
    after_provider = False
    while i < len(segs) - 1:
        key = segs[i].lower()
        nxt = segs[i + 1]
        if key == "subscriptions":
            segs[i + 1] = sub(nxt, "azure_subscription_id")
        elif key == "resourcegroups":
            segs[i + 1] = sub(nxt, "azure_resource_group")
        elif key == "providers":
            after_provider = True
            i += 2  # the namespace (Microsoft.Compute) stays
            continue
        elif key == "managementgroups" or (after_provider and segs[i]):
            segs[i + 1] = _segment(nxt, sub)
        i += 2 if segs[i] else 1
    return "/".join(segs)


_GCP_NO_ID = frozenset({"global"})
_GCP_KEEP_IDS = frozenset({"zones", "regions", "locations", "machinetypes", "disktypes"})


def gcp_name(value: str, sub: Sub) -> str:
    """`//svc.googleapis.com/projects/<p>/zones/<z>/instances/<n>`: project and names replaced."""
    start = value.find("projects/")
    head, tail = value[:start], value[start:].split("/")
    i = 0
    while i < len(tail):
        collection = tail[i]
        if collection in _GCP_NO_ID or i + 1 >= len(tail):
            i += 1
            continue
        if collection == "projects":
            tail[i + 1] = sub(tail[i + 1], "gcp_project_id")
        elif collection.lower() not in _GCP_KEEP_IDS:
            tail[i + 1] = _segment(tail[i + 1], sub)
        i += 2
    return head + "/".join(tail)


_URI_SUFFIXES = ("/neighbors", "/summary")


def _ref_entity(ref: str) -> str:
    if ref.startswith("arn:"):
        return "aws_arn"
    if ref.lower().startswith("/subscriptions/"):
        return "azure_resource_id"
    if "projects/" in ref:
        return "gcp_resource_name"
    return "resource_name"


def cloudg_uri(value: str, sub: Sub) -> str | None:
    """`cloudg://assets/<ref>`, `cloudg://findings/<id>` and `cloudg://datasets/<name>/...` get
    their reference replaced."""
    rest = value[len("cloudg://"):]
    kind, _, ref = rest.partition("/")
    if kind not in ("assets", "datasets", "findings") or not ref:
        return None
    suffix = next((s for s in _URI_SUFFIXES if ref.endswith(s)), "")
    ref = ref[: len(ref) - len(suffix)] if suffix else ref
    if kind == "datasets":
        return f"cloudg://datasets/{sub(ref, 'dataset_name')}{suffix}"
    if kind == "findings":  # finding ids quote resource names and ids
        return f"cloudg://findings/{sub(ref, 'resource_name')}{suffix}"
    return f"cloudg://assets/{sub(ref, _ref_entity(ref))}{suffix}"


def hostname(value: str, digest: bytes) -> str | None:
    """Cloud hosts keep the provider's suffix (labels become `h-<hex>`); others `host-<hex>.example`."""
    labels = value.rstrip(".").split(".")
    start = cloud_suffix_start(labels)
    if start == 0:
        return None
    hexed = digest.hex()
    if start is None:
        return f"host-{hexed[:8]}.example"
    mine = [f"h-{hexed[8 * i: 8 * i + 8] or hexed[:8]}" for i in range(start)]
    return ".".join(mine + labels[start:])


def email(value: str, digest: bytes, domain_digest: bytes) -> str:
    """`user-<8hex>@d-<10hex>.example`; one domain always maps to one `d-<hex>`."""
    return f"user-{digest.hex()[:8]}@d-{domain_digest.hex()[:10]}.example"
