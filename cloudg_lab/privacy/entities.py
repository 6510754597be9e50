"""The entity vocabulary: every label a detector emits, its category, its parent and its family.

Policies name entities, parents or categories in `redact.rules`, reports count entities, and the
vault keys pseudonyms by *family* (the shape an entity takes), so an account id found under an
`account_id` key, inside an ARN or in free text always gets the same pseudonym.
"""

from __future__ import annotations

from typing import Literal

Category = Literal["secret", "credential", "identifier", "pii", "network", "free_text"]
CATEGORIES: tuple[Category, ...] = ("secret", "credential", "identifier", "pii", "network", "free_text")

_SECRET = ("private_key", "jwt", "password", "aws_secret_access_key", "api_token",
           "authorization_header", "azure_sas_signature", "azure_storage_key", "secret",
           "high_entropy_secret", "user_data", "cookie", "credentials", "connection_string",
           "webhook_url", "payment_card", "national_id")
_IDENTIFIER = ("aws_arn", "aws_account_id", "aws_unique_id", "aws_org_id", "aws_ou_id",
               "aws_root_id", "azure_resource_id", "azure_subscription_id", "azure_tenant_id",
               "azure_resource_group", "gcp_resource_name", "gcp_project_id", "gcp_project_number",
               "cloudg_uri", "dataset_name", "resource_name", "org_name", "uuid", "encoded_id",
               "oci_ocid", "alibaba_arn", "ibm_crn", "k8s_service_account", "ldap_dn",
               "windows_sid", "device_id")
_PII = ("email", "person", "url_userinfo", "phone_number", "bank_account")
_NETWORK = ("ip_address", "private_ip", "public_ip", "special_ip", "cidr", "private_cidr",
            "public_cidr", "special_cidr", "ipv6", "mac_address", "hostname")

CATEGORY_OF: dict[str, Category] = {
    **dict.fromkeys(_SECRET, "secret"), "aws_access_key_id": "credential",
    "cloud_access_key_id": "credential",
    **dict.fromkeys(_IDENTIFIER, "identifier"), **dict.fromkeys(_PII, "pii"),
    **dict.fromkeys(_NETWORK, "network"), "tag_value": "free_text",
}

PARENT: dict[str, str] = {
    "private_ip": "ip_address", "public_ip": "ip_address", "special_ip": "ip_address",
    "ipv6": "ip_address", "private_cidr": "cidr", "public_cidr": "cidr", "special_cidr": "cidr",
    "azure_tenant_id": "azure_subscription_id", "aws_ou_id": "aws_org_id",
    "aws_root_id": "aws_org_id", "url_userinfo": "person",
}

FAMILY: dict[str, str] = {
    "aws_account_id": "account", "azure_subscription_id": "uuid", "azure_tenant_id": "uuid",
    "uuid": "uuid", "aws_arn": "arn", "azure_resource_id": "azure_id",
    "gcp_resource_name": "gcp_name", "gcp_project_id": "gcp_project",
    "gcp_project_number": "digits", "resource_name": "resource",
    "azure_resource_group": "resource_group", "dataset_name": "dataset", "person": "person",
    "url_userinfo": "person", "email": "email", "private_ip": "ip", "public_ip": "ip",
    "special_ip": "ip", "ip_address": "ip", "ipv6": "ip", "private_cidr": "cidr",
    "public_cidr": "cidr", "special_cidr": "cidr", "cidr": "cidr", "mac_address": "mac",
    "hostname": "hostname", "aws_access_key_id": "access_key",
    "cloud_access_key_id": "access_key", "aws_unique_id": "unique_id",
    "aws_org_id": "aws_org", "aws_ou_id": "aws_org", "aws_root_id": "aws_org",
    "cloudg_uri": "cloudg_uri", "tag_value": "tag", "org_name": "org",
}
"""Entities not listed here (user detectors' entities) share the generic `token` family."""

NAME_FAMILIES = frozenset({"resource", "resource_group", "dataset", "person", "tag", "org",
                           "gcp_project", "account"})
"""Families whose reals are remembered as *names*: found again inside free text, they are
rewritten to the same pseudonym (name-mention rewriting)."""

SYNONYMS: dict[str, str] = {
    "asset_id": "resource_name", "asset_name": "resource_name", "asset": "resource_name",
    "resource": "resource_name", "resource_id": "resource_name", "name": "resource_name",
    "arn": "aws_arn",
    "account_id": "aws_account_id", "aws_account": "aws_account_id",
    "subscription_id": "azure_subscription_id", "azure_subscription": "azure_subscription_id",
    "tenant_id": "azure_tenant_id", "gcp_project": "gcp_project_id", "project_id": "gcp_project_id",
    "project": "gcp_project_id", "dataset": "dataset_name", "resource_group": "azure_resource_group",
    "ip": "ip_address", "ipv4": "ip_address", "owner": "person", "user": "person",
    "host": "hostname", "gcp_resource": "gcp_resource_name",
}
"""Labels other parts of cloudg_lab (the workspace's known identifiers) may use, mapped to ours."""


def canonical(entity: str) -> str:
    """Our label for `entity` (workspace labels like `asset_id` become `resource_name`)."""
    return SYNONYMS.get(entity, entity)


def category_of(entity: str, default: Category = "identifier") -> Category:
    return CATEGORY_OF.get(entity, default)


def family_of(entity: str) -> str:
    return FAMILY.get(entity, "token")
