"""Cloud identifiers a text writes in the provider's own shapes, hidden under `strict` only.

Route 53 zone ids, KMS key ids, Cognito pools, log groups named for a resource, and a resource's
name assigned to a key that names it (`bucket = "..."`, `TABLE_NAME=...`). Each is drawn with
generated values and surroundings; `standard` keeps them, and the look-alikes stay under both.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown
from tests.privacy.test_value_encodings import _chars, _word

Shape = Callable[[random.Random], tuple[str, str]]
"""(text, the identifier it holds)."""


def _uuid(r: random.Random) -> str:
    h = "0123456789abcdef"
    return "-".join(_chars(r, h, n) for n in (8, 4, 4, 4, 12))


def _zone(r: random.Random) -> tuple[str, str]:
    zone = "Z" + _chars(r, string.ascii_uppercase + string.digits, r.randrange(10, 21))
    return r.choice([f"hosted zone {zone} updated", f"HostedZoneId: {zone}", f"hosted_zone_id={zone}",
                     f"UPSERT in hostedzone/{zone}"]), zone


def _kms(r: random.Random) -> tuple[str, str]:
    key = r.choice([_uuid(r), "mrk-" + _chars(r, "0123456789abcdef", 32)])
    return r.choice([f"key/{key} is pending deletion", f"encrypted with {key}" if key.startswith("mrk-")
                     else f"kms key/{key} disabled"]), key


def _cognito(r: random.Random) -> tuple[str, str]:
    region = r.choice(["us-east-1", "eu-west-2", "ap-southeast-1", "us-gov-west-1"])
    pool = r.choice([f"{region}_{_chars(r, string.ascii_letters + string.digits, 9)}",
                     f"{region}:{_uuid(r)}"])
    kind = r.choice(["user pool", "identity pool", "pool"])
    return f"{kind} {pool} {r.choice(['created', 'rotated'])}", pool


def _log_group(r: random.Random) -> tuple[str, str]:
    name = f"{_word(r)}-{_word(r)}"
    service = r.choice(["ecs", "msk", "elasticbeanstalk", "mwaa/environment", "opensearchservice/domains"])
    return f"log group /aws/{service}/{name}{r.choice(['', '/app', '/logs'])} retention 30 days", name


def _keyed(r: random.Random) -> tuple[str, str]:
    name = f"{_word(r)}-{_word(r)}-{r.choice(['prod', 'state', 'eu'])}"
    key = r.choice(["bucket", "table_name", "BUCKET_NAME", "LogGroupName", "DBClusterIdentifier",
                    "cluster_name", "StackName", "vault_name"])
    return r.choice([f'{key} = "{name}"', f"{key}: {name}", f"export {key}={name}",
                     f"backend \"s3\" {{ {key} = \"{name}\" }}"]), name


SHAPES: dict[str, Shape] = {"zone": _zone, "kms": _kms, "cognito": _cognito, "log group": _log_group,
                            "keyed": _keyed}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_cloud_identifier_in_its_provider_s_shape_is_hidden_under_strict(shape: str) -> None:
    r = random.Random(shape)
    for _ in range(VARIANTS):
        text, ident = SHAPES[shape](r)
        note = f"{r.choice(WORDS)}: {text}"
        assert ident not in shown("strict", {"note": note})["note"], note
        assert ident in shown("standard", {"note": note})["note"], note


LOOKALIKES = ["sort_key: created_at", "group_by=type", "region: us-east-1", "resource_type: EC2",
              "name: web", "zone: us-east-1a", "key/value store", "timeout: 12:30:01", "bucket: none",
              "log group /aws/ecs/containerinsights is AWS's", "us-east-1_ is a prefix",
              "ZONE IDENTIFIER MISSING"]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_what_names_no_customer_resource_keeps_its_text_under_strict(text: str) -> None:
    assert shown("strict", {"note": text})["note"] == text
