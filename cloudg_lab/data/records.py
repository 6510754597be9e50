"""The record schema: what of an asset, edge, finding or compliance result the columns need.

msgspec decodes each record straight into one of these Structs and checks the types on the way
(`$.assets[17].asset_type: expected a string, found a number`); fields not declared here are
skipped without being built, because they stay in the record's source text for the answers that
return the whole record. `metadata` is checked to be an object and skipped the same way.

Optional text fields come in two schemas: `str | None`, the common case decoded without any
Python work, and `str | int | None` for files whose ids or account ids are numbers, which the
loader tries only when the first fails and then turns the numbers into text.
"""

from __future__ import annotations

from typing import Protocol, cast

import msgspec

SEVERITIES = ("CRITICAL", "HIGH", "MEDIUM", "LOW", "INFO")
"""Highest first; `SEVERITY_RANK` gives INFO 0 up to CRITICAL 4."""
SEVERITY_RANK = {s: len(SEVERITIES) - 1 - i for i, s in enumerate(SEVERITIES)}
COMPLIANCE_STATUSES = ("PASS", "FAIL", "NOT_APPLICABLE", "MANUAL")
PROVIDERS = ("AWS", "AZURE", "GCP")

Scalar = str | int | float | bool | None
"""A tag value as files hold it; the loader turns it into text (`json_scalar`)."""
TagMap = dict[str, Scalar] | tuple[()] | None
"""Tags: an object, or an empty array or null for none (collectors write all three)."""


class AnyObject(msgspec.Struct, gc=False):
    """A JSON object whose members this side never needs (they stay in the source text)."""


class Tags(msgspec.Struct, gc=False):
    """Only the tags of an asset, for `Inventory.tags`."""

    tags: TagMap = None


class AssetRecord(Protocol):
    """What the columns read of a decoded asset (a `STRICT_ASSET` or a `TOLERANT_ASSET`: the
    Structs are built at run time, so they are described here for the type checker)."""

    @property
    def name(self) -> str: ...
    @property
    def asset_type(self) -> str: ...
    @property
    def provider(self) -> str: ...
    @property
    def id(self) -> str | int | None: ...
    @property
    def region(self) -> str | int | None: ...
    @property
    def account_id(self) -> str | int | None: ...
    @property
    def arn(self) -> str | int | None: ...
    @property
    def collected_at(self) -> str | int | None: ...
    @property
    def is_internet_exposed(self) -> bool | None: ...
    @property
    def tags(self) -> TagMap: ...


class FindingRecord(Protocol):
    """What the columns read of a decoded finding (`STRICT_FINDING` or `TOLERANT_FINDING`)."""

    @property
    def resource_id(self) -> str: ...
    @property
    def source_tool(self) -> str: ...
    @property
    def severity(self) -> str: ...
    @property
    def id(self) -> str | int | None: ...
    @property
    def cvss_score(self) -> float | None: ...
    @property
    def is_suppressed(self) -> bool | None: ...


def _record_types(text: object) -> tuple[type[AssetRecord], type[FindingRecord]]:
    """(asset, finding) Structs whose optional text fields are of type `text`, typed as the
    protocols that describe them."""
    asset = msgspec.defstruct("Asset", [
        ("name", str), ("asset_type", str), ("provider", str), ("id", text, None),
        ("region", text, None), ("account_id", text, None), ("arn", text, None),
        ("collected_at", text, None), ("is_internet_exposed", bool | None, None),
        ("metadata", AnyObject | None, None), ("tags", TagMap, None)], gc=False)
    finding = msgspec.defstruct("Finding", [
        ("resource_id", str), ("title", str), ("description", str), ("source_tool", str),
        ("severity", str), ("id", text, None), ("resource_arn", text, None),
        ("remediation", text, None), ("detected_at", text, None),
        ("cvss_score", float | None, None), ("is_suppressed", bool | None, None)], gc=False)
    return cast("type[AssetRecord]", asset), cast("type[FindingRecord]", finding)


STRICT_ASSET, STRICT_FINDING = _record_types(str | None)
"""Optional text as strings only: decoded with no Python work at all."""
TOLERANT_ASSET, TOLERANT_FINDING = _record_types(str | int | None)
"""Numbers allowed where text is expected (account ids written as numbers)."""


class Edge(msgspec.Struct, gc=False):
    source_id: str
    target_id: str
    edge_type: str


class Compliance(msgspec.Struct, gc=False):
    framework: str
    control_id: str
    status: str


def json_scalar(value: bool | int | float) -> str:
    """`true`, `3`, `2.5`: a scalar tag value as JSON writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def text_of(value: str | int | None) -> str | None:
    """An optional text field: numbers as text, empty text as None."""
    if value is None or value.__class__ is str:
        return value or None
    return str(value)
