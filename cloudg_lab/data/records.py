"""Checking one asset, edge, finding or compliance record: strict on required fields, tolerant of
the rest.

Each function takes the decoded JSON object and its JSON path, returns the canonical values the
inventory keeps in its columns, and raises `InventoryFormatError` naming the field and what was
expected. Unknown fields pass untouched (they stay in the record's source text).
"""

from __future__ import annotations

import sys
from typing import Any

from cloudg_lab.data.errors import InventoryFormatError, describe

SEVERITIES = ("CRITICAL", "HIGH", "MEDIUM", "LOW", "INFO")
"""Highest first; `SEVERITY_RANK` gives INFO 0 up to CRITICAL 4."""
SEVERITY_RANK = {s: len(SEVERITIES) - 1 - i for i, s in enumerate(SEVERITIES)}
COMPLIANCE_STATUSES = ("PASS", "FAIL", "NOT_APPLICABLE", "MANUAL")
PROVIDERS = ("AWS", "AZURE", "GCP")

AssetRow = tuple[str | None, str, str, str, str, str | None, str | None, bool, str | None,
                 dict[str, str]]
"""(id or None, name, type, provider, region, account_id, arn, internet_exposed, collected_at, tags)."""
EdgeRow = tuple[str, str, str]
"""(source_id, target_id, edge_type)."""


class RecordChecker:
    """Field checks bound to one file, so every error names it."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, problem: str) -> InventoryFormatError:
        return InventoryFormatError(self.file, where, problem)

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, found {describe(value)}")
        return value

    def required(self, record: dict[str, Any], key: str, where: str) -> str:
        value = record.get(key)
        if value is None:
            raise self.fail(f"{where}.{key}", "required field missing")
        if not isinstance(value, str):
            raise self.fail(f"{where}.{key}", f"expected a string, found {describe(value)}")
        if not value.strip():
            raise self.fail(f"{where}.{key}", "required field is empty")
        return value

    def optional(self, record: dict[str, Any], key: str, where: str) -> str | None:
        """A string, a number turned into text (account ids are sometimes numbers), or None."""
        value = record.get(key)
        if value is None or isinstance(value, str):
            return value or None
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        raise self.fail(f"{where}.{key}", f"expected a string, found {describe(value)}")

    def flag(self, record: dict[str, Any], key: str, where: str) -> bool:
        value = record.get(key, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(f"{where}.{key}", f"expected true or false, found {describe(value)}")
        return value

    def choice(self, record: dict[str, Any], key: str, where: str, valid: tuple[str, ...]) -> str:
        value = self.required(record, key, where).upper()
        if value not in valid:
            raise self.fail(f"{where}.{key}", f"expected one of {', '.join(valid)}")
        return sys.intern(value)

    def tags(self, record: dict[str, Any], where: str) -> dict[str, str]:
        """Tags as str → str; scalar values become text, anything nested is an error."""
        value = record.get("tags")
        if not value:
            return {}
        if not isinstance(value, dict):
            raise self.fail(f"{where}.tags", f"expected an object, found {describe(value)}")
        out: dict[str, str] = {}
        for n, (key, tag) in enumerate(value.items(), 1):
            if isinstance(tag, str):
                out[key] = tag
            elif tag is None or isinstance(tag, bool | int | float):
                out[key] = "" if tag is None else json_scalar(tag)
            else:  # by position: a tag key can be a person's or a host's name
                raise self.fail(f"{where}.tags", f"tag #{n}: expected a string value, "
                                                 f"found {describe(tag)}")
        return out

    # ------------------------------------------------------------------ records

    def asset(self, value: Any, where: str) -> AssetRow:
        """Raises:
            InventoryFormatError: for a non-object, a missing or non-string `name`, `asset_type`
                or `provider`, or a wrongly typed optional field.
        """
        if type(value) is dict:
            fast = _fast_asset(value)
            if fast is not None:
                return fast
        record = self.obj(value, where)
        name = self.required(record, "name", where)
        asset_type = sys.intern(self.required(record, "asset_type", where))
        provider = sys.intern(self.required(record, "provider", where).upper())
        metadata = record.get("metadata")
        if metadata is not None and not isinstance(metadata, dict):
            raise self.fail(f"{where}.metadata", f"expected an object, found {describe(metadata)}")
        account = self.optional(record, "account_id", where)
        return (self.optional(record, "id", where), name, asset_type, provider,
                sys.intern(self.optional(record, "region", where) or "global"),
                sys.intern(account) if account else None, self.optional(record, "arn", where),
                self.flag(record, "is_internet_exposed", where),
                self.optional(record, "collected_at", where), self.tags(record, where))

    def edge(self, value: Any, where: str) -> EdgeRow:
        """Raises:
            InventoryFormatError: for a non-object or a missing `source_id`, `target_id` or
                `edge_type`.
        """
        if type(value) is dict:
            source, target, kind = value.get("source_id"), value.get("target_id"), value.get("edge_type")
            if type(source) is str and type(target) is str and type(kind) is str and source.strip() \
                    and target.strip() and kind.strip():
                return source, target, sys.intern(kind)
        record = self.obj(value, where)
        return (self.required(record, "source_id", where), self.required(record, "target_id", where),
                sys.intern(self.required(record, "edge_type", where)))

    def finding(self, value: Any, where: str) -> dict[str, Any]:
        """The finding with `severity` upper-cased; `cvss_score` and `is_suppressed` type-checked.

        Raises:
            InventoryFormatError: for a missing required field or an unknown severity.
        """
        record = dict(self.obj(value, where))
        for key in ("resource_id", "title", "description", "source_tool"):
            self.required(record, key, where)
        record["severity"] = self.choice(record, "severity", where, SEVERITIES)
        score = record.get("cvss_score")
        if score is not None and (isinstance(score, bool) or not isinstance(score, int | float)):
            raise self.fail(f"{where}.cvss_score", f"expected a number, found {describe(score)}")
        record["is_suppressed"] = self.flag(record, "is_suppressed", where)
        for key in ("id", "resource_arn", "remediation", "detected_at"):
            record[key] = self.optional(record, key, where)
        return record

    def compliance(self, value: Any, where: str) -> dict[str, Any]:
        """Raises:
            InventoryFormatError: for a missing `framework`/`control_id` or an unknown `status`.
        """
        record = dict(self.obj(value, where))
        self.required(record, "framework", where)
        self.required(record, "control_id", where)
        record["status"] = self.choice(record, "status", where, COMPLIANCE_STATUSES)
        return record


_OPTIONAL_TEXT = ("id", "region", "account_id", "arn", "collected_at")


def _fast_asset(record: dict[str, Any]) -> AssetRow | None:
    """The common case of a well-formed asset, checked inline; None sends it through the field
    by field checks, which raise the precise error (or accept a tolerated variation)."""
    get = record.get
    name, kind, provider = get("name"), get("asset_type"), get("provider")
    if not (type(name) is str and type(kind) is str and type(provider) is str
            and name.strip() and kind.strip() and provider.strip()):
        return None
    ident, region, account, arn, collected = (get(k) for k in _OPTIONAL_TEXT)
    for text in (ident, region, account, arn, collected):
        if text is not None and type(text) is not str:
            return None
    exposed, metadata, tags = get("is_internet_exposed", False), get("metadata"), get("tags")
    if type(exposed) is not bool or not (metadata is None or type(metadata) is dict):
        return None
    if tags and (type(tags) is not dict or any(type(v) is not str for v in tags.values())):
        return None
    return (ident or None, name, sys.intern(kind), sys.intern(provider.upper()),
            sys.intern(region or "global"), sys.intern(account) if account else None, arn or None,
            exposed, collected or None, tags or {})


def json_scalar(value: bool | int | float) -> str:
    """`true`, `3`, `2.5`: a scalar tag value as JSON writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
