"""Names that prose introduces by their type, which passed `strict` when the data held them
nowhere else: scanner titles such as `IAM user <name> has no MFA`, `S3 bucket <name> is public`,
`EC2 instance i-0abc... (<name>)`. Found by probing the title formats of common scanners; each on
generated names, sentences whose next word is no name kept as written."""

from __future__ import annotations

import json
import random
import string

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown

STRONG = ["IAM user", "IAM role", "S3 bucket", "GCS bucket", "Lambda function", "Storage account",
          "Key vault", "resource group", "service account", "RDS instance", "EKS cluster", "AKS cluster",
          "CloudTrail trail", "SNS topic", "SQS queue", "DynamoDB table", "virtual machine", "EC2 instance",
          "load balancer", "ECR repository", "Cloud SQL instance", "BigQuery dataset", "Entra ID user"]
WEAK = ["user", "role", "bucket", "function", "instance", "cluster", "project", "queue", "repository",
        "server", "database", "namespace", "VM", "hostname", "computer", "pod", "container"]
ENDINGS = [" has no MFA enabled", " is publicly readable", " allows 0.0.0.0/0", ".", ", owned by ops",
           " uses a deprecated runtime"]


def _plain(r: random.Random) -> str:
    return "".join(r.choice(string.ascii_lowercase) for _ in range(r.randrange(6, 10)))


def _shaped(r: random.Random) -> str:
    return r.choice([f"{_plain(r)}-{r.choice(WORDS)}-{r.randrange(1, 99):02d}",
                     f"{_plain(r)}_{r.randrange(10, 99)}", f"{_plain(r)}.{_plain(r)[:4]}",
                     f"{_plain(r).capitalize()}{r.choice(WORDS).capitalize()}Role"])


def _case(r: random.Random, kind: str) -> str:
    return r.choice([kind, kind.lower(), kind.upper(), kind[0].upper() + kind[1:]])


@pytest.mark.parametrize("kind", STRONG)
def test_any_name_after_a_type_that_only_names_things_is_hidden_under_strict(kind: str) -> None:
    r = random.Random(kind)
    for _ in range(VARIANTS):
        name = r.choice([_plain(r), _shaped(r)])
        text = f"{r.choice(['', 'Finding: ', 'The '])}{_case(r, kind)} {name}{r.choice(ENDINGS)}"
        for value in ({"title": text}, {"checks": [text]}):
            assert name not in json.dumps(shown("strict", value)), text
            assert name in json.dumps(shown("standard", value)), text


@pytest.mark.parametrize("kind", WEAK)
def test_an_identifier_shaped_or_quoted_name_after_a_common_noun_is_hidden(kind: str) -> None:
    r = random.Random(f"weak {kind}")
    for _ in range(VARIANTS):
        name = r.choice([_shaped(r), f"'{_plain(r)}'", f"“{_plain(r)}”"])
        text = f"the {_case(r, kind)} {name}{r.choice(ENDINGS)}"
        assert name.strip("'“”") not in shown("strict", {"title": text})["title"], text


def test_the_name_a_scanner_writes_after_a_resource_id_is_hidden() -> None:
    r = random.Random("named id")
    for _ in range(VARIANTS):
        name = r.choice([_shaped(r), f"{_plain(r)} {_plain(r)}"])
        ident = f"{r.choice(['i', 'sg', 'vol', 'subnet', 'vpc'])}-{r.randbytes(8).hex()[:17]}"
        text = f"{r.choice(['EC2 instance', 'Security group', 'Volume'])} {ident} ({name}) allows SSH"
        assert name not in shown("strict", {"title": text})["title"], text


@pytest.mark.parametrize("text", [
    "Ensure the IAM user has MFA enabled", "Enable versioning on the S3 bucket to protect data",
    "The function returned 500 errors", "Windows Server 2019 is end of life", "rotate access key 1 now",
    "IAM user login profile is missing", "the instance type t3.micro is small", "Project Alpha review",
    "Role-based access control", "the S3 bucket is encrypted", "a user with admin rights",
    "Storage account access keys should be rotated", "the cluster autoscaler is off"])
def test_sentences_whose_next_word_is_no_name_stay(text: str) -> None:
    assert shown("strict", {"title": text}) == {"title": text}
