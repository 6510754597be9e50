"""Identifiers in the forms an outside red team found reaching `strict` callers (estates `larch`
and `tundra`): other clouds' resource ids, Kubernetes names, IPv6 forms that embed IPv4, MAC
spellings, hosts under country and other suffixes, people in other scripts, phone numbers and
quoted e-mail local parts. Each class on generated variants, never the canaries."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import HEX, VARIANTS, WORDS, covered, in_prose, rand, shown

LOWER = string.ascii_lowercase + string.digits


def _strict_hides(text: str, part: str) -> None:
    """`part` of `text` is pseudonymized under strict (whole, not a piece) and kept under standard."""
    hidden = json.dumps(shown("strict", {"note": text}), ensure_ascii=False)
    assert part not in hidden, text
    assert part in json.dumps(shown("standard", {"note": text}), ensure_ascii=False), text


CLOUD_IDS: dict[str, Callable[[random.Random], str]] = {
    "oci_ocid": lambda r: f"ocid1.{r.choice(['instance', 'vcn', 'compartment', 'tenancy', 'user'])}.oc1."
    f"{r.choice(['', 'iad', 'phx', 'eu-frankfurt-1'])}.{rand(r, 'a', 8)}{rand(r, LOWER, 52)}",
    "alibaba_arn": lambda r: f"acs:{r.choice(['ram', 'ecs', 'oss'])}:{r.choice(['', 'cn-hangzhou'])}:"
    f"{r.randrange(10**15, 10**16)}:{r.choice(['role', 'instance', 'user'])}/{r.choice(WORDS)}-x",
    "ibm_crn": lambda r: f"crn:v1:bluemix:public:{r.choice(['cloud-object-storage', 'iam-identity', 'kms'])}:"
    f"{r.choice(['global', 'us-south'])}:a/{rand(r, HEX, 32)}:{rand(r, HEX, 8)}-{rand(r, HEX, 4)}::",
    "k8s_service_account": lambda r: f"system:serviceaccount:{r.choice(WORDS)}-{r.choice(WORDS)}:"
    f"{r.choice(WORDS)}-{r.choice(['sa', 'writer', 'reader'])}",
}


@pytest.mark.parametrize("family", CLOUD_IDS)
def test_resource_ids_of_other_clouds_and_kubernetes_are_identifiers(family: str) -> None:
    r = random.Random(family)
    for _ in range(VARIANTS):
        ident = CLOUD_IDS[family](r)
        text = in_prose(r, ident)
        found = covered(text, ident, "identifier")
        assert found is not None and found.entity == family, text
        _strict_hides(text, ident)


@pytest.mark.parametrize("key", ["namespace", "k8sNamespace", "kube_namespace", "compartmentId", "tenancy",
                                 "serviceAccount"])
def test_kubernetes_and_oci_container_keys_type_their_value_as_a_name(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        name = f"{r.choice(WORDS)}-{r.choice(WORDS)}{r.randrange(9)}"
        assert name not in json.dumps(shown("strict", {"spec": {key: name}}))
