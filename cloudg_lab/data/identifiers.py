"""The real identifiers in an inventory, by entity type, for the privacy engineer's free-text check.

Under `strict` a real asset name must not survive inside a description any more than in a `name`
field; patterns alone cannot know that `billing-db-01` is a name. This map can.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Container
from dataclasses import dataclass
from itertools import compress
from typing import cast

from cloudg_lab.data.inventory import Inventory

MIN_LENGTH = 3
"""Shorter strings (`db`, `a`) are left out: they would match inside ordinary words."""
ACCOUNT_ENTITY = {"AWS": "aws_account_id", "AZURE": "azure_subscription_id", "GCP": "gcp_project"}


_SHAPED = ("aws_arn", "azure_resource_id", "gcp_resource_name", "resource_id")
"""What `arn_entity` may say."""


COMPOSITE_HEADS = ("arn:", "/", "projects/")
"""How every value `arn_entity` calls composite starts: a cheap test before asking it."""


def composite_shape(value: str) -> str | None:
    """The composite entity (`aws_arn`, `azure_resource_id`, `gcp_resource_name`) the shape of
    `value` gives it, whatever the data calls it (an asset id that is an ARN), or None."""
    if not value.startswith(COMPOSITE_HEADS):
        return None
    shape = arn_entity(value)
    return None if shape == "resource_id" else shape


def arn_entity(arn: str) -> str:
    """The entity type of a resource identifier by its shape."""
    if arn.startswith("arn:"):
        return "aws_arn"
    if arn[:15].lower() == "/subscriptions/":  # only the head lowered, not the whole id
        return "azure_resource_id"
    if arn.startswith(("//", "projects/")):
        return "gcp_resource_name"
    return "resource_id"


@dataclass(frozen=True)
class Known:
    """A dataset's identifiers, and what a reader of its records (the classifier) would
    otherwise look for among them again."""

    values: dict[str, str]
    """value → entity (`identifiers`)."""
    of_shape: dict[str, set[str]]
    """The ARN column's values by the entity their shape gave them, those that kept it (an ARN
    that is an account or an asset id too took that entity)."""
    outside: dict[str, set[str]]
    """By column of the inventory (`names`, `edge_src`, ...), its values that are no
    identifiers: too short, or addresses at an edge's end."""


def identifiers(inv: Inventory) -> dict[str, str]:
    """value → entity for every asset id, name, ARN and account id, every finding's id and
    resource id and every edge endpoint (built column by column: an estate has millions)."""
    return known_identifiers(inv).values


def known_identifiers(inv: Inventory) -> Known:
    """`identifiers` with the ARNs by shape and the columns' values left out. Each column is
    read once: its distinct values are kept to tell afterwards which of them were left out."""
    names = dict.fromkeys(inv.names, "resource_name")
    known = names.copy()
    shapes: dict[str, set[str]] = {entity: set() for entity in _SHAPED}
    arns = cast("set[str]", set(inv.arns).difference((None, "")))
    for arn in arns:
        shapes[arn_entity(arn)].add(arn)
    for entity, of_entity in shapes.items():
        known.update(dict.fromkeys(of_entity, entity))
    accounts: dict[str | None, str] = dict(zip(inv.accounts, inv.providers, strict=True))
    accounts.pop(None, None)
    accounts.pop("", None)
    provider_of = cast("dict[str, str]", accounts)  # the last provider of each account
    known.update({a: ACCOUNT_ENTITY.get(p, "account_id") for a, p in provider_of.items()})
    known.update(dict.fromkeys(inv.row_of, "asset_id"))  # the ids, all distinct
    ends = {"finding_resources": set(inv.finding_resources), "edge_src": set(inv.edge_src),
            "edge_dst": set(inv.edge_dst), "finding_ids": set(inv.finding_ids)}
    addresses: dict[str, set[str]] = {}
    for column, values in ends.items():
        fresh = values.difference(known)
        if column.startswith("edge"):
            # an endpoint that is no asset names one all the same, unless it is an address
            addresses[column] = {e for e in fresh if _address(e)}
            fresh.difference_update(addresses[column])
        known.update(dict.fromkeys(fresh, "asset_id"))  # finding ids quote resource names and ids
    # deleted, not copied: a few short values among hundreds of thousands (`compress` keeps
    # the keys whose length is below the minimum without a Python step per key)
    shorts = list(compress(known, map(MIN_LENGTH.__gt__, map(len, known))))
    for short in shorts:
        del known[short]
    held: dict[str, Container[str]] = {"names": names, "arns": arns, "accounts": provider_of,
                                       "ids": inv.row_of, **ends}
    outside = {column: {s for s in shorts if s in values} | addresses.get(column, set())
               for column, values in held.items()}
    return Known(known, {entity: of_entity.difference(provider_of, inv.row_of, shorts)
                         for entity, of_entity in shapes.items()}, outside)


def _address(text: str) -> bool:
    """An IP or CIDR endpoint (`0.0.0.0/0`, the internet): its own shape says what it is."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True
