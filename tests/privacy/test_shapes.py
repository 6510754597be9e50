"""Pseudonym shapes per entity, stability per key and namespace, prefix preservation, collisions."""

from __future__ import annotations

import ipaddress
import re

import pytest

from cloudg_lab.privacy.vault import Vault

HEX10, UUID = "[0-9a-f]{10}", "[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"


@pytest.mark.parametrize(("entity", "real", "shape"), [
    ("aws_account_id", "123456789012", r"[1-9]\d{11}"),
    ("azure_subscription_id", "8a9a021e-a648-47dd-8683-9eb905b6e6e3", UUID),
    ("azure_tenant_id", "1a9a021e-a648-47dd-8683-9eb905b6e6e3", UUID),
    ("gcp_project_id", "acme-shared-883533", "proj-[0-9a-f]{8}"),
    ("resource_name", "payments-db", f"res-{HEX10}"),
    ("resource_name", "4a2f20aa-f3c6-4af7-b5a8-9294c2cd789a", f"res-{HEX10}"),
    ("resource_name", "i-06dfbdb0ae0755281", "i-[0-9a-f]{17}"),
    ("resource_name", "sg-0123abcd", "sg-[0-9a-f]{8}"),
    ("resource_name", "vpc-0cbf0f19c557067cb", "vpc-[0-9a-f]{17}"),
    ("resource_name", "subnet-0a1b2c3d4e5f60718", "subnet-[0-9a-f]{17}"),
    ("dataset_name", "prod", f"ds-{HEX10}"),
    ("person", "Alice Ng", f"person-{HEX10}"),
    ("email", "alice.ng@acme-corp.example.com", "user-[0-9a-f]{8}@d-[0-9a-f]{10}\\.example"),
    ("hostname", "payments.acme.com", "host-[0-9a-f]{8}\\.example"),
    ("hostname", "db-7.c9x.us-east-1.rds.amazonaws.com",
     "h-[0-9a-f]{8}\\.h-[0-9a-f]{8}\\.us-east-1\\.rds\\.amazonaws\\.com"),
    ("aws_access_key_id", "AKIAIOSFODNN7EXAMPLE", "AKIA[A-Z2-7]{16}"),
    ("aws_access_key_id", "ASIAIOSFODNN7EXAMPLE", "ASIA[A-Z2-7]{16}"),
    ("aws_unique_id", "AIDAJQABLZS4A3QDU576Q", "AIDA[A-Z2-7]{17}"),
    ("aws_org_id", "o-abcdef1234", "o-[0-9a-z]{10}"),
    ("azure_resource_group", "rg-prod", f"rg-{HEX10}"),
    ("mac_address", "00:1a:2b:3c:4d:5e", "[0-9a-f][26ae](:[0-9a-f]{2}){5}"),
    ("ipv6", "2600:1f18::1", "2001:db8:.*"),
    ("public_ip", "54.12.1.9", r"198\.1[89]\.\d+\.\d+"),
])
def test_shapes(entity: str, real: str, shape: str) -> None:
    pseudonym = Vault("k").tokenize(real, entity)
    assert pseudonym != real
    assert re.fullmatch(shape, pseudonym), pseudonym


def test_arns_keep_partition_service_region_and_type_and_reuse_component_pseudonyms() -> None:
    vault = Vault("k")
    arn = vault.tokenize("arn:aws-cn:ec2:cn-north-1:123456789012:instance/i-0abc1234def567890",
                         "aws_arn")
    account = vault.lookup("123456789012", "aws_account_id")
    instance = vault.lookup("i-0abc1234def567890", "resource_name")
    assert arn == f"arn:aws-cn:ec2:cn-north-1:{account}:instance/{instance}"
    assert vault.tokenize("123456789012", "aws_account_id") == account
    role = vault.tokenize("arn:aws:iam::123456789012:role/service-role/MyRole", "aws_arn")
    assert re.fullmatch(rf"arn:aws:iam::{account}:role/res-{HEX10}/res-{HEX10}", role)
    alb = vault.tokenize("arn:aws:elasticloadbalancing:us-west-2:123456789012:loadbalancer/app/web/50dc6c49",
                         "aws_arn")
    assert re.fullmatch(rf"arn:aws:elasticloadbalancing:us-west-2:{account}:loadbalancer/app/res-{HEX10}"
                        rf"/res-{HEX10}", alb)
    owned = "arn:aws:iam::aws:policy/AdministratorAccess"
    assert vault.tokenize(owned, "aws_arn") == owned and vault.lookup(owned, "aws_arn") is None


def test_azure_and_gcp_paths_keep_their_shape() -> None:
    vault = Vault("k")
    sub = "8a9a021e-a648-47dd-8683-9eb905b6e6e3"
    azure = vault.tokenize(f"/subscriptions/{sub}/resourceGroups/rg1/providers/Microsoft.Compute/"
                           "virtualMachines/vm1", "azure_resource_id")
    assert azure == (f"/subscriptions/{vault.lookup(sub, 'azure_subscription_id')}/resourceGroups/"
                     f"{vault.lookup('rg1', 'azure_resource_group')}/providers/Microsoft.Compute/"
                     f"virtualMachines/{vault.lookup('vm1', 'resource_name')}")
    gcp = vault.tokenize("//compute.googleapis.com/projects/acme-core-42/zones/us-east1-b/"
                         "instances/vm-9", "gcp_resource_name")
    assert re.fullmatch(rf"//compute\.googleapis\.com/projects/proj-[0-9a-f]{{8}}/zones/us-east1-b/"
                        rf"instances/res-{HEX10}", gcp)
    uri = vault.tokenize("cloudg://assets/vm1/neighbors", "cloudg_uri")
    assert uri == f"cloudg://assets/{vault.lookup('vm1', 'resource_name')}/neighbors"


def test_same_key_same_pseudonym_other_key_or_namespace_another() -> None:
    a, b, other = Vault("key-1"), Vault("key-1"), Vault("key-2")
    for entity, real in [("aws_account_id", "123456789012"), ("resource_name", "db"),
                         ("private_ip", "10.1.2.3"), ("email", "a@b.example.com")]:
        assert a.tokenize(real, entity) == b.tokenize(real, entity)
        assert a.tokenize(real, entity) != other.tokenize(real, entity)
        assert a.tokenize(real, entity, "p:alice") != a.tokenize(real, entity, "p:bob")


def test_ip_pseudonyms_preserve_prefixes_and_blocks() -> None:
    vault = Vault("k")
    one, two = vault.tokenize("10.21.222.8", "private_ip"), vault.tokenize("10.21.222.9", "private_ip")
    far = vault.tokenize("10.99.1.1", "private_ip")
    assert one.rsplit(".", 1)[0] == two.rsplit(".", 1)[0] != far.rsplit(".", 1)[0]
    assert one.split(".")[0] == far.split(".")[0] == "10"
    net = ipaddress.ip_network(vault.tokenize("10.21.0.0/16", "private_cidr"))
    assert ipaddress.ip_address(one) in net and net.prefixlen == 16
    assert ipaddress.ip_address(vault.tokenize("192.168.4.7", "private_ip")) in \
        ipaddress.ip_network("192.168.0.0/16")
    assert ipaddress.ip_address(vault.tokenize("172.20.1.1", "private_ip")) in \
        ipaddress.ip_network("172.16.0.0/12")
    for special in ("127.0.0.1", "0.0.0.0/0", "169.254.169.254", "10.0.0.0/8"):
        assert vault.tokenize(special, "ip_address" if "/" not in special else "cidr") == special


def test_a_pseudonym_does_not_depend_on_what_the_vault_met_before() -> None:
    first = Vault("k").tokenize("payments-db", "resource_name")
    vault = Vault("k")
    vault.tokenize(first, "resource_name")  # a string shaped like a pseudonym, met as a value
    assert vault.tokenize("payments-db", "resource_name") == first
    assert vault.detokenize(first) == "payments-db"


def test_a_pseudonym_never_equals_a_known_workspace_value() -> None:
    planned = Vault("k").tokenize("123456789012", "aws_account_id")
    vault = Vault("k")
    avoided = vault.tokenize("123456789012", "aws_account_id", avoid={planned: "aws_account_id"})
    assert avoided != planned and len(avoided) == 12
    assert vault.detokenize(planned) is None and vault.detokenize(avoided) == "123456789012"


def test_workspace_labels_are_refined_to_one_pseudonym_per_value() -> None:
    from cloudg_lab.privacy.shapes import refine

    assert refine("account_id", "acme-shared-883533") == "gcp_project_id"
    assert refine("aws_account_id", "8a9a021e-a648-47dd-8683-9eb905b6e6e3") == "azure_subscription_id"
    assert refine("asset_id", "i-0abc") == "resource_name"
    assert refine("arn", "not-an-arn") == "resource_name"
    assert refine("ip_address", "not an ip") is None


def test_digit_pseudonyms_never_start_with_zero() -> None:
    vault = Vault("k")
    accounts = [vault.tokenize(f"{n:012d}", "aws_account_id") for n in range(300)]
    assert all(len(a) == 12 and a[0] != "0" for a in accounts)
    assert len(set(accounts)) == 300
