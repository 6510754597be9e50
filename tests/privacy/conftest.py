"""Canaries and layers for the privacy tests.

A canary is a unique, realistic value of one detector type. Secret canaries must never reach a
caller under `standard`; under `strict` identifier canaries must not either. The canary dataset
is a real inventory file loaded into a real `Workspace`, because under `strict` names inside
free text are caught through the workspace's known identifiers, as in production.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer
from cloudg_lab.privacy.detectors import DEFAULT
from cloudg_lab.privacy.pipeline import TransformContext
from cloudg_lab.privacy.vault import Vault
from cloudg_lab.types import Principal


@dataclass(frozen=True)
class Canaries:
    """Every canary by name; `secrets` hold what must never leak, `identifiers` what strict hides."""

    secrets: dict[str, str] = field(default_factory=lambda: {
        "aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYCANARY1KEY",
        "private_key_body": "MIIEcanaryPEMbody0123456789abcdefXYZ",
        "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJjYW5hcnkiOiJqd3QifQ.c2lnbmF0dXJlY2FuYXJ5",
        "github_token": "ghp_CanaryGithubToken0123456789abcdefABCD",
        "slack_token": "xoxb-1234567890-canaryslacktoken",
        "google_api_key": "AIzaSyCanaryGoogleKey0123456789abcdefgh",
        "stripe_key": "sk_live_canarystripekey0123456789",
        "url_password": "CanaryUrlPass99",
        "connection_password": "CanaryConnPw77",
        "bearer": "CanaryBearerTokenValue0123456789",
        "sas_signature": "CanarySasSignature0123456789abcd",
        "keyed_password": "CanaryKeyedPassword",
        "assigned_password": "CanaryAssignedPw1",
        "aws_access_key_id": "AKIACANARYKEY0000001",
    })
    identifiers: dict[str, str] = field(default_factory=lambda: {
        "account": "210987654321",
        "arn": "arn:aws:ec2:us-east-1:210987654321:instance/i-0cafe1234beef5678",
        "bucket_arn": "arn:aws:s3:::canary-bucket-zx81",
        "instance_id": "i-0cafe1234beef5678",
        "subscription": "c0ffee00-1234-4abc-9def-0123456789ab",
        "resource_group": "canary-rg-77",
        "vm_name": "canary-vm-77",
        "gcp_project": "canary-proj-4242",
        "resource_name": "canary-db-4242",
        "asset_id": "asset-canary-0001",
        "dataset": "canary-ds-31",
        "private_ip": "10.77.12.34",
        "public_ip": "54.201.77.12",
        "email": "carol.canary@example-corp.com",
        "hostname": "canary-host-9.corp.example.com",
        "person": "Carol Canary",
    })

    @property
    def azure_id(self) -> str:
        i = self.identifiers
        return (f"/subscriptions/{i['subscription']}/resourceGroups/{i['resource_group']}"
                f"/providers/Microsoft.Compute/virtualMachines/{i['vm_name']}")

    @property
    def pem(self) -> str:
        return ("-----BEGIN RSA PRIVATE KEY-----\n" + self.secrets["private_key_body"]
                + "\n-----END RSA PRIVATE KEY-----")

    def secret_text(self) -> str:
        """Free text holding every secret canary, each the way it shows up in real data."""
        s = self.secrets
        return (f"key {s['aws_access_key_id']} secret {s['aws_secret_access_key']}; "
                f"db postgres://app:{s['url_password']}@db.example.com/x and "
                f"Server=x;Password={s['connection_password']}; Authorization: Bearer {s['bearer']} "
                f"sas ?sv=1&sig={s['sas_signature']} token {s['jwt']} gh {s['github_token']} "
                f"slack {s['slack_token']} google {s['google_api_key']} stripe {s['stripe_key']} "
                f"password={s['assigned_password']} pem {self.pem}")

    def identifier_text(self) -> str:
        """Free text holding the identifier canaries that text alone can reveal."""
        i = self.identifiers
        return (f"{i['resource_name']} in account {i['account']} ({i['arn']}) talks to "
                f"{i['private_ip']} and {i['public_ip']} at {i['hostname']}; mail "
                f"{i['email']}; bucket {i['bucket_arn']}; vm {self.azure_id}; project "
                f"projects/{i['gcp_project']}/zones/us-east1-b/instances/x; id {i['asset_id']}; "
                f"dataset {i['dataset']}")

    def payload(self) -> dict[str, Any]:
        """A structured result with canaries in keys, values, nested lists and free text."""
        i, s = self.identifiers, self.secrets
        return {
            "dataset": i["dataset"],
            "items": [{
                "id": i["asset_id"], "name": i["resource_name"], "type": "EC2", "provider": "AWS",
                "region": "us-east-1", "account_id": i["account"], "arn": i["arn"],
                "tags": {"owner": i["person"], "contact": i["email"], "db_password":
                         s["keyed_password"], "Name": i["resource_name"]},
                "metadata": {"private_ip": i["private_ip"], "public_ip": i["public_ip"],
                             "hostname": i["hostname"], "subscription_id": i["subscription"],
                             "project_id": i["gcp_project"], "credentials": {
                                 "aws_access_key_id": s["aws_access_key_id"],
                                 "aws_secret_access_key": s["aws_secret_access_key"]}},
                "description": self.identifier_text(),
            }],
            "by_account": {i["account"]: 3, s["aws_access_key_id"]: 1, i["email"]: 2},
            "nested": [[[self.secret_text()], {"deep": [i["arn"], self.azure_id]}]],
            "notes": self.secret_text() + " " + self.identifier_text(),
        }

    def leaked(self, wire: str, *, identifiers: bool) -> list[str]:
        values = dict(self.secrets)
        if identifiers:
            values.update(self.identifiers)
        return sorted(name for name, value in values.items() if value in wire)


CANARIES = Canaries()


@pytest.fixture
def canaries() -> Canaries:
    return CANARIES


def inventory(c: Canaries) -> dict[str, Any]:
    """An inventory whose assets carry the identifier canaries (the workspace knows them)."""
    i = c.identifiers
    return {
        "providers": ["aws", "azure", "gcp"], "regions": {"aws": ["us-east-1"]},
        "unresolved_references": [], "edges": [],
        "assets": [
            {"id": i["asset_id"], "name": i["resource_name"], "asset_type": "EC2",
             "provider": "AWS", "account_id": i["account"], "region": "us-east-1",
             "arn": i["arn"], "tags": {"owner": i["email"]}},
            {"id": "vm-canary", "name": i["vm_name"], "asset_type": "VIRTUAL_MACHINE",
             "provider": "AZURE", "account_id": i["subscription"], "region": "eastus",
             "arn": c.azure_id},
            {"id": "bucket-canary", "name": "canary-bucket-zx81", "asset_type": "S3_BUCKET",
             "provider": "AWS", "account_id": i["account"], "arn": i["bucket_arn"]},
            {"id": "proj-canary", "name": i["gcp_project"], "asset_type": "CLOUD_ACCOUNT",
             "provider": "GCP", "account_id": i["gcp_project"],
             "arn": f"//cloudresourcemanager.googleapis.com/projects/{i['gcp_project']}"},
        ],
    }


@pytest.fixture
def canary_file(tmp_path: Path, canaries: Canaries) -> Path:
    path = tmp_path / "inventory-map.json"
    path.write_text(json.dumps(inventory(canaries)))
    return path


@pytest.fixture
def make_layer(canary_file: Path, canaries: Canaries) -> Callable[..., Layer]:
    """`make_layer(policy, **kw)`: a real Layer without the catalog, the canary dataset loaded."""
    def build(policy: Any, **kwargs: Any) -> Layer:
        return Layer(policy=policy, catalog=False,
                     datasets={canaries.identifiers["dataset"]: str(canary_file)}, **kwargs)

    return build


@pytest.fixture
def make_ctx() -> Callable[..., TransformContext]:
    """`make_ctx(**fields)`: a TransformContext with a fixed-key vault and the built-in detectors."""
    def build(**fields: Any) -> TransformContext:
        defaults: dict[str, Any] = {"principal": Principal.local(), "kind": "tool", "name": "t",
                                    "policy_name": "test", "vault": Vault("test-key"),
                                    "detectors": DEFAULT}
        defaults.update(fields)
        return TransformContext(**defaults)

    return build
