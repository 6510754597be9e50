"""Shape-keeping pseudonyms: a 12-digit account stays 12 digits, a UUID stays a UUID.

`make` turns a real value into the pseudonym of one attempt; the vault supplies the keyed
digests (so the same key always gives the same pseudonym) and retries with the next attempt
when a pseudonym collides with a real value or another pseudonym. `refine` first settles which
entity a value really is, because the vault keys pseudonyms by family: a GCP project id found
under `account_id` must become the same pseudonym as in `projects/<id>/...`.
"""

from __future__ import annotations

import base64
import re
import uuid
from collections.abc import Callable
from typing import Protocol

from cloudg_lab.privacy.detectors.builtin import refine_ip
from cloudg_lab.privacy.entities import canonical, family_of
from cloudg_lab.privacy.shapes import network, paths

_DIGITS = re.compile(r"^\d+$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_GCP_PROJECT = re.compile(r"^[a-z][a-z0-9-]{4,28}[a-z0-9]$")
_AWS_ID = re.compile(r"^([a-z]{1,9}(?:-[a-z]{1,9})?)-([0-9a-f]{8,32})$")
_AWS_ID_PREFIXES = frozenset({
    "i", "sg", "vpc", "subnet", "vol", "eni", "igw", "nat", "rtb", "acl", "ami", "snap",
    "eipalloc", "eipassoc", "lt", "tgw", "tgw-attach", "pcx", "vpce", "dopt", "sir", "fs", "fsap",
    "cvpn-endpoint", "vgw", "cgw", "vpn", "eigw", "rtbassoc", "prefix", "pl", "lb",
})
LABELS = {"resource": "res", "resource_group": "rg", "dataset": "ds", "person": "person",
           "tag": "tag", "org": "org", "gcp_project": "proj", "account": "acct"}
"""Families rendered `<label>-<hex of the value's digest>` (`derive` indexes them by that hex)."""
_NULLISH = frozenset({"", "none", "null", "n/a", "na", "-", "*", "unknown", "undefined", "global",
                      "true", "false", "nil"})
LONGEST_NULLISH = max(map(len, _NULLISH))
"""No longer value, unless blanks surround it, is `nullish`."""


COMPOSERS: dict[str, Callable[[str, paths.Sub], str | None]] = {
    "arn": paths.arn, "azure_id": paths.azure_id, "gcp_name": paths.gcp_name,
    "cloudg_uri": paths.cloudg_uri}
"""Families rebuilt from their components, each component's pseudonym made by `sub`."""


def parts(family: str, value: str) -> list[tuple[str, str]]:
    """The atomic (component, entity) pairs of a value of a composite `family` (an ARN's account
    and resource segments), entities refined, placeholders left out: what its composer hands
    the vault to register, here without making any pseudonym."""
    found: list[tuple[str, str]] = []

    def collect(component: str, entity: str) -> str:
        found.append((component, entity))
        return component

    COMPOSERS[family](value, collect)
    refined = ((part, refine(entity, part)) for part, entity in found if not nullish(part))
    return [(part, entity) for part, entity in refined if entity is not None]


def components(label: str, value: str) -> list[tuple[str, str]]:
    """`parts` of `value` if the entity `label` names (refined by the value) is composite,
    else none."""
    refined = None if nullish(value) else refine(label, value)
    family = None if refined is None else family_of(refined)
    return parts(family, value) if family in COMPOSERS else []


class Keyed(Protocol):
    """What `make` needs from the vault for one value and one attempt."""

    attempt: int

    def digest(self, label: str = "") -> bytes:
        """HMAC of the value (namespace, family, attempt and `label` mixed in)."""
        ...

    def prf(self, label: str) -> bytes:
        """Attempt-independent keyed function (prefix preservation, e-mail domains)."""
        ...

    def sub(self, value: str, entity: str) -> str:
        """The registered pseudonym of a component (an ARN's account, a path segment)."""
        ...


def nullish(value: str) -> bool:
    """Placeholders (`none`, `n/a`, `*`, `global`) name nothing and stay as they are."""
    return len(value) < 2 or value.strip().lower() in _NULLISH


_ADDRESSES = frozenset({"ip_address", "cidr", "private_ip", "public_ip", "ipv6", "private_cidr",
                        "public_cidr"})
_ACCOUNTS = frozenset({"aws_account_id", "azure_subscription_id", "azure_tenant_id",
                       "gcp_project_id"})
BY_VALUE = _ADDRESSES | _ACCOUNTS | {"email", "aws_arn"}
"""The (canonical) entities `refine` may change by the value; it keeps any other."""


_TOOLS = frozenset({
    "terraform", "opentofu", "pulumi", "cloudformation", "cdk", "aws-cdk", "cdktf", "bicep", "arm",
    "ansible", "chef", "puppet", "saltstack", "salt", "helm", "kustomize", "argocd", "argo-cd",
    "flux", "fluxcd", "crossplane", "karpenter", "kubernetes", "eks", "aks", "gke", "console",
    "manual", "manually", "automation", "automated", "jenkins", "github-actions", "gitlab-ci",
    "spacelift", "atlantis", "serverless", "sam", "packer", "nomad", "vault", "control-tower",
})
"""What `managed_by`-like keys name when they name no person: provisioning and deployment
tools (a person under such a key is pseudonymized; these stay as they are)."""


def refine(entity: str, value: str) -> str | None:
    """The entity `value` really is, given what a key or the workspace said; None: not one."""
    entity = canonical(entity)
    if entity in _ADDRESSES:
        return refine_ip(value)
    if entity in _ACCOUNTS:
        if _UUID.match(value):
            return entity if entity.startswith("azure") else "azure_subscription_id"
        if _DIGITS.match(value):
            return "aws_account_id" if len(value) == 12 or entity == "aws_account_id" else entity
        if _GCP_PROJECT.match(value):
            return "gcp_project_id"
    if entity == "email" and "@" not in value:
        return "person"
    if entity == "person" and value.strip().lower() in _TOOLS:
        return None  # `managed_by: terraform` names a tool, nobody
    if entity == "aws_arn" and not value.startswith("arn:"):
        return "resource_name"
    return entity


def _hex(keyed: Keyed, n: int) -> str:
    return keyed.digest().hex()[:n]


def _digits(keyed: Keyed, n: int) -> str:
    """Same length, never a leading zero: a model may pass it back as a number."""
    low = 10 ** (n - 1)
    return str(low + int.from_bytes(keyed.digest(), "big") % (9 * low))


def _uuid(keyed: Keyed, value: str) -> str:
    raw = bytearray(keyed.digest()[:16])
    raw[6] = (raw[6] & 0x0F) | 0x80  # version 8: custom
    raw[8] = (raw[8] & 0x3F) | 0x80
    text = str(uuid.UUID(bytes=bytes(raw)))
    return text.upper() if value.isupper() else text


def _base32(keyed: Keyed, n: int) -> str:
    return base64.b32encode(keyed.digest()).decode("ascii")[:n]


def _base36(keyed: Keyed, n: int, label: str) -> str:
    number = int.from_bytes(keyed.digest(label), "big")
    out = []
    for _ in range(n):
        number, r = divmod(number, 36)
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[r])
    return "".join(out)


def _resource(keyed: Keyed, value: str) -> str:
    m = _AWS_ID.match(value)
    if m and m.group(1) in _AWS_ID_PREFIXES:
        return f"{m.group(1)}-{keyed.digest().hex()[: len(m.group(2))]}"
    return f"res-{_hex(keyed, 10)}"


def _aws_org(keyed: Keyed, value: str) -> str:
    head, _, rest = value.partition("-")
    return head + "-" + "-".join(_base36(keyed, len(p), str(i)) for i, p in enumerate(rest.split("-")))


def _account(keyed: Keyed, value: str) -> str:
    if _DIGITS.match(value):
        return _digits(keyed, len(value))
    return f"acct-{_hex(keyed, 10)}"


def make(entity: str, value: str, keyed: Keyed) -> str | None:
    """The pseudonym of `value` for this attempt; None when the value identifies nothing."""
    family = family_of(entity)
    if keyed.attempt >= 48 and family not in ("arn", "azure_id", "gcp_name", "cloudg_uri"):
        return f"{LABELS.get(family, 'tok')}-{_hex(keyed, 16)}"  # a crowded shape: stop keeping it
    if family == "account":
        return _account(keyed, value)
    if family == "uuid":
        return _uuid(keyed, value) if _UUID.match(value) else f"sub-{_hex(keyed, 10)}"
    if family == "digits":
        return _digits(keyed, len(value)) if _DIGITS.match(value) else f"num-{_hex(keyed, 10)}"
    if family == "resource":
        return _resource(keyed, value)
    if family in LABELS:
        return f"{LABELS[family]}-{_hex(keyed, 8 if family == 'gcp_project' else 10)}"
    if family == "ip":
        return network.ip(value, keyed.prf, keyed.attempt, keyed.digest())
    if family == "cidr":
        return network.ip(value, keyed.prf, keyed.attempt, keyed.digest())
    if family == "mac":
        return network.mac(value, keyed.digest())
    if family == "email":
        domain = value.rpartition("@")[2].lower()
        return paths.email(value, keyed.digest(), keyed.prf(f"domain:{domain}"))
    if family == "hostname":
        return paths.hostname(value, keyed.digest())
    if family == "access_key":
        return value[:4] + _base32(keyed, 16)
    if family == "unique_id":
        return value[:4] + _base32(keyed, len(value) - 4)
    if family == "aws_org":
        return _aws_org(keyed, value)
    composer = COMPOSERS.get(family)
    if composer is not None:
        return composer(value, keyed.sub)
    return f"{re.sub(r'[^a-z0-9]+', '-', entity.lower())[:16].strip('-') or 'tok'}-{_hex(keyed, 10)}"
