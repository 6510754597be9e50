"""The real identifiers in an inventory, by entity type, for the privacy engineer's free-text check.

Under `strict` a real asset name must not survive inside a description any more than in a `name`
field; patterns alone cannot know that `billing-db-01` is a name. This map can.
"""

from __future__ import annotations

import ipaddress
from itertools import compress

from cloudg_lab.data.inventory import Inventory

MIN_LENGTH = 3
"""Shorter strings (`db`, `a`) are left out: they would match inside ordinary words."""
ACCOUNT_ENTITY = {"AWS": "aws_account_id", "AZURE": "azure_subscription_id", "GCP": "gcp_project"}


def arn_entity(arn: str) -> str:
    """The entity type of a resource identifier by its shape."""
    if arn.startswith("arn:"):
        return "aws_arn"
    if arn.lower().startswith("/subscriptions/"):
        return "azure_resource_id"
    if arn.startswith(("//", "projects/")):
        return "gcp_resource_name"
    return "resource_id"


def identifiers(inv: Inventory) -> dict[str, str]:
    """value → entity for every asset id, name, ARN and account id, every finding's id and
    resource id and every edge endpoint (built column by column: an estate has millions)."""
    return identifiers_by_shape(inv)[0]


def identifiers_by_shape(inv: Inventory) -> tuple[dict[str, str], dict[str, set[str]]]:
    """`identifiers`, and the ARN column's values by the entity their shape gave them, those
    that kept it: a reader taking the composite ones apart (the classifier) need not look for
    them among all identifiers. (A plain dict: `set.difference` of a dict subclass iterates
    the whole mapping.)"""
    known = dict.fromkeys(inv.names, "resource_name")
    shapes: dict[str, set[str]] = {}
    for arn in {arn for arn in inv.arns if arn}:
        shapes.setdefault(arn_entity(arn), set()).add(arn)
    for entity, arns in shapes.items():
        known.update(dict.fromkeys(arns, entity))
    provider_of = {a: p for p, a in zip(inv.providers, inv.accounts, strict=True) if a}
    known.update({a: ACCOUNT_ENTITY.get(p, "account_id") for a, p in provider_of.items()})
    known.update(dict.fromkeys(inv.ids, "asset_id"))
    for column in (inv.finding_resources, inv.edge_src, inv.edge_dst, inv.finding_ids):
        fresh = set(column).difference(known)
        if column is inv.edge_src or column is inv.edge_dst:
            # an endpoint that is no asset names one all the same, unless it is an address
            fresh = {e for e in fresh if not _address(e)}
        known.update(dict.fromkeys(fresh, "asset_id"))  # finding ids quote resource names and ids
    # deleted, not copied: a few short values among hundreds of thousands (`compress` keeps
    # the keys whose length is below the minimum without a Python step per key)
    shorts = list(compress(known, map(MIN_LENGTH.__gt__, map(len, known))))
    for short in shorts:
        del known[short]
    # an ARN that is an account or an asset id too took that entity (set after the ARNs)
    return known, {entity: arns.difference(provider_of, inv.row_of, shorts)
                   for entity, arns in shapes.items()}


def _address(text: str) -> bool:
    """An IP or CIDR endpoint (`0.0.0.0/0`, the internet): its own shape says what it is."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True
