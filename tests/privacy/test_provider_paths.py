"""Identifiers in provider URLs and names that no host-name rule covered: the project of a GCP
registry path, the repository of an ECR or ACR image, the namespace and bucket of an OCI object
URL, the parts of an Azure DevOps URL, hosts under AWS's `on.aws` (Lambda function URLs, VPC
Lattice services), and the names providers compose from the customer's (log groups, KMS
aliases, hosted zones, access-point aliases, kubeconfig contexts). Found by probing provider
shapes the data does not hold; each class on generated variants, provider parts kept."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, in_prose, rand, shown

Url = Callable[[random.Random, str], str]
"""(random, the customer's identifier) → a URL naming it."""


def _word(r: random.Random, n: int = 6) -> str:
    return "".join(r.choice(string.ascii_lowercase) for _ in range(n))


def _project(r: random.Random) -> str:
    return f"{_word(r, 5)}-{r.choice(WORDS)}-{r.randrange(1000, 9999)}"


def _repository(r: random.Random) -> str:
    return r.choice([f"{_word(r)}-api", f"{_word(r, 4)}/{_word(r)}-worker", f"{_word(r)}.{_word(r, 3)}"])


def _region(r: random.Random) -> str:
    return r.choice(["eu-west-1", "us-east-2", "ap-southeast-1"])


PATHS: dict[str, tuple[Callable[[random.Random], str], Url, str]] = {
    "artifact registry": (_project, lambda r, p: f"{r.choice(['europe', 'us', 'asia-east1'])}-"
                          f"{r.choice(['docker', 'python', 'npm'])}.pkg.dev/{p}/{_word(r)}/{_word(r)}:v2",
                          ".pkg.dev/"),
    "container registry": (_project, lambda r, p: f"{r.choice(['', 'eu.', 'us.'])}gcr.io/{p}/{_word(r)}",
                           "gcr.io/"),
    "ecr": (_repository, lambda r, x: f"{r.randrange(10**11, 10**12)}.dkr.ecr.{_region(r)}.amazonaws.com/"
                                      f"{x}{r.choice([':1.4', '@sha256:' + 'ab' * 32, ''])}",
            ".amazonaws.com/"),
    "acr": (_repository, lambda r, x: f"{_word(r)}reg.azurecr.io/{x}:{r.randrange(1, 9)}", ".azurecr.io/"),
    "oci namespace": (lambda r: _word(r, 10), lambda r, n: f"https://objectstorage.{_region(r)}."
                      f"oraclecloud.com/n/{n}/b/{_word(r)}-exports/o/{_word(r)}.csv", "oraclecloud.com/n/"),
    "oci bucket": (lambda r: f"{_word(r)}-{r.choice(WORDS)}", lambda r, b: f"https://objectstorage."
                   f"{_region(r)}.oraclecloud.com/n/{_word(r, 9)}/b/{b}", "/b/"),
    "lambda url": (lambda r: _word(r, 32), lambda r, u: f"https://{u}.lambda-url.{_region(r)}.on.aws/",
                   ".lambda-url."),
    "vpc lattice": (lambda r: f"{_word(r)}-svc-0{_word(r, 16)}",
                    lambda r, s: f"{s}.7d67.vpc-lattice-svcs.{_region(r)}.on.aws", ".vpc-lattice-svcs."),
    "devops organization": (lambda r: f"{_word(r)}-org", lambda r, o: f"https://dev.azure.com/{o}/"
                            f"{_word(r).capitalize()}/_git/{_word(r)}", "dev.azure.com/"),
    "devops project": (lambda r: f"{_word(r).capitalize()}-{r.choice(WORDS)}",
                       lambda r, p: f"https://dev.azure.com/{_word(r)}/{p}/_build?definitionId=7", "/_build"),
    "devops repository": (lambda r: f"{_word(r)}-{r.choice(WORDS)}",
                          lambda r, g: f"https://dev.azure.com/{_word(r)}/{_word(r)}/_git/{g}", "/_git/"),
    "log group": (lambda r: f"{_word(r)}-{r.choice(WORDS)}-fn",
                  lambda r, f: f"/aws/{r.choice(['lambda', 'eks', 'codebuild', 'rds/instance'])}/{f}",
                  "/aws/"),
    "kms alias": (lambda r: f"{_word(r)}-{r.choice(WORDS)}-key", lambda r, a: f"alias/{a}", "alias/"),
    "hosted zone": (lambda r: "Z" + rand(r, string.ascii_uppercase + string.digits, 13),
                    lambda r, z: f"{r.choice(['', '/'])}hostedzone/{z}", "hostedzone/"),
    "access point alias": (lambda r: f"{_word(r)}-ap-{_word(r, 28)}-s3alias", lambda r, a: a, ""),
    "gke context project": (_project, lambda r, p: f"gke_{p}_europe-west1-b_{_word(r)}", "gke_"),
    "gke context cluster": (lambda r: f"{_word(r)}-{r.choice(WORDS)}",
                            lambda r, c: f"gke_{_project(r)}_us-central1_{c}", "gke_"),
    "aks context group": (lambda r: f"{_word(r)}-rg", lambda r, g: f"clusterUser_{g}_{_word(r)}-aks",
                          "clusterUser_"),
    "gke node": (lambda r: f"{_word(r)}-{r.choice(WORDS)}",
                 lambda r, c: f"node gke-{c}-default-pool-{r.randbytes(4).hex()}-{_word(r, 4)} drained",
                 "node "),
    "aks context cluster": (lambda r: f"{_word(r)}-{r.choice(WORDS)}-aks",
                            lambda r, c: f"clusterAdmin_{_word(r)}-rg_{c}", "clusterAdmin_"),
}


@pytest.mark.parametrize("kind", sorted(PATHS))
def test_the_customer_s_identifier_in_a_provider_url_is_hidden_under_strict(kind: str) -> None:
    make, url, provider = PATHS[kind]
    r = random.Random(kind)
    for _ in range(VARIANTS):
        ident = make(r)
        text = in_prose(r, url(r, ident))
        for value in ({"note": text}, {"images": [text]}):
            strict = json.dumps(shown("strict", value))
            assert ident not in strict, (kind, text, strict)
            assert provider in strict, (kind, strict)  # the provider's part stays readable
            assert ident in json.dumps(shown("standard", value)), text


@pytest.mark.parametrize("text", ["alias/aws/s3", "alias/aws/ebs", "/aws/vpc/flowlogs"])
def test_what_aws_manages_keeps_its_name(text: str) -> None:
    assert shown("strict", {"key": text}) == {"key": text}


@pytest.mark.parametrize("image", ["docker.io/library/nginx:1.27", "public.ecr.aws/docker/library/redis:7",
                                   "mcr.microsoft.com/dotnet/runtime:8.0"])
def test_public_images_keep_their_repository(image: str) -> None:
    repository = image.split("/", 1)[1].split(":", maxsplit=1)[0]
    assert repository in shown("strict", {"image": image})["image"]
