"""Key rules: what a dict key says about the value under it.

A key named like a secret marks its whole subtree sensitive; keys like `account_id`, `owner` or
`arn` type their value, so a value no pattern would recognise (an account id that is really a
GCP project, a person's name) still becomes the right pseudonym. Keys are normalised first
(`accountId`, `Account-ID` and `account_id` are one key).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from cloudg_lab.privacy.detectors.lexicon import (
    foreign_email,
    foreign_person,
    foreign_secret,
)
from cloudg_lab.privacy.detectors.secret_keys import secret_word
from cloudg_lab.privacy.respell import readable_key

RuleKind = Literal["none", "sensitive", "typed", "asset", "tags", "skip"]


@dataclass(frozen=True)
class KeyRule:
    """What applies to a value under some key. Instances are interned: compare with `is`."""

    kind: RuleKind = "none"
    entity: str | None = None
    detector: str = ""
    forced: bool = True
    """Typed values become the entity even when no pattern recognises them."""
    scoped: tuple[str, ...] = ()
    """Names of policy detectors restricted to keys matching this one."""
    numbers: bool = False
    """A number under the key is an identifier at any size (`account_id`, `owner_id`, `account`);
    elsewhere a count stays a count at any size (`assets: 2500000`, `total`)."""
    item_numbers: bool = False
    """The numbers a list under the key holds are identifiers (`trusted_accounts: [...]`), while
    a number right under it is a count (`accounts: 3`)."""
    members: tuple[str, ...] = ()
    """Keys of the dict under the key that hold secrets whatever they are named: the attributes
    a Terraform state lists in the resource's `sensitive_attributes` (`records.flagged`)."""


_INTERNED: dict[KeyRule, KeyRule] = {}


def intern(rule: KeyRule) -> KeyRule:
    """The one instance equal to `rule`, so callers may key caches on `id(rule)` safely."""
    return _INTERNED.setdefault(rule, rule)


NONE = intern(KeyRule())
SKIP = intern(KeyRule("skip", detector="skip_key"))
TAGS = intern(KeyRule("tags", detector="tags_key"))
KEY = intern(KeyRule("none", detector="key"))
"""The rule a dict key itself is scanned under."""
ASSET_RESOURCE = intern(KeyRule("typed", "resource_name", "asset_key"))
DATASET_LISTING = intern(KeyRule("typed", "dataset_name", "asset_key"))

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[^A-Za-z0-9]+")
_MARKER = re.compile(r"\[REDACTED:[A-Za-z0-9_]+\]")


def normalize(key: str) -> str:
    """`accountId`, `Account-ID`, `DBPassword`, `account id` → `account_id`, `db_password`.

    Our own `[REDACTED:...]` markers are cut out first: they name a label, nothing else, so a
    key that holds one is judged by the rest of it (a look-alike cannot hide a secret's key).
    """
    key = readable_key(key)
    if "[" in key:
        key = _MARKER.sub(" ", key)
    key = _LOWERED_ACRONYM.sub(lambda m: m[1].upper(), key)
    return _SEPARATORS.sub("_", _CAMEL.sub("_", key)).strip("_").lower()


_LOWERED_ACRONYM = re.compile(r"^([a-z])(?=[A-Z]{2})")
"""CloudTrail writes a request's member names with their first letter lowered, acronyms too
(`dBInstanceIdentifier` for `DBInstanceIdentifier`): the acronym is read whole again, so the key
is `db_instance_identifier` and not `d_b_instance_identifier` (red team `sleet`)."""


# ----------------------------------------------------------------------------- typed keys

_TYPED: dict[str, str] = {}
_ACCOUNT_ROLES = ("payer", "peer", "member", "master", "management", "linked", "delegated",
                  "owner", "parent", "root", "trusted", "allowed", "source", "target", "destination")
"""`trusted_accounts`, `payer_account`: accounts by their role (not `storage_account`, a resource)."""


def _typed(entity: str, *keys: str) -> None:
    _TYPED.update(dict.fromkeys(keys, entity))


_typed("aws_account_id", "account_id", "aws_account_id", "owner_account_id", "owner_id", "account",
       "account_number", "source_account", "target_account", "peer_account_id", "accounts",
       "account_ids", "account_numbers", "acct", "acct_id", "acct_ids", "acct_no", "acct_num",
       "acct_number", "accts",
       *(f"{role}_{noun}" for role in _ACCOUNT_ROLES for noun in ("account", "accounts")))
_typed("azure_subscription_id", "subscription_id", "subscription", "azure_subscription_id")
_typed("azure_tenant_id", "tenant_id", "tenant", "azure_tenant_id", "directory_id")
_typed("gcp_project_id", "project_id", "project", "gcp_project", "gcp_project_id", "project_name")
_typed("gcp_project_number", "project_number")
_typed("aws_arn", "arn", "arns")
_typed("azure_resource_group", "resource_group", "resource_group_name", "resource_groups")
_typed("resource_name", "resource_id", "resource_name", "asset_id", "asset_name", "resource",
       "asset", "ref", "refs", "source", "target", "source_id", "target_id", "source_name",
       "target_name", "parent_id", "parent", "parent_name", "bucket", "cluster", "alias", "aliases",
       "resources", "assets", "asset_ids", "resource_ids", "member", "members", "namespace",
       "namespaces", "k8s_namespace", "kube_namespace", "kubernetes_namespace", "service_account",
       "compartment", "compartment_id", "tenancy", "tenancy_id", "datastore", "datastores",
       "datacenter", "datacenters", "resource_pool", "port_group", "portgroup", "vswitch", "v_switch",
       "dv_switch", "distributed_switch", "vapp", "esxi_host", "vcenter", "storage_pod",
       "datastore_cluster", "uid", "object_guid", "object_sid", "serial_number", "asset_tag",
       "pod", "pods",  # Kubernetes audit events, Prometheus and Loki labels name a pod `pod`
       # a ticket's configuration item (ServiceNow `cmdb_ci`; red team `gale`)
       "cmdb_ci", "configuration_item",
       # what infrastructure code names by its noun alone (red team `tarn`): a Terraform backend's
       # lock table, a pillar's databases, a Wi-Fi network's SSID
       "dynamodb_table", "lock_table", "database", "databases", "ssid", "ssids",
       # an app's own id, reverse-DNS after its customer (iOS `CFBundleIdentifier`; red team `scree`)
       "bundle_id", "bundle_identifier", "cf_bundle_identifier")
_typed("hostname", "hostname", "host", "host_name", "fqdn", "dns_name", "public_dns",
       "computer", "machine", "record_name", "dns_record_name",
       "private_dns", "public_dns_name", "private_dns_name", "server_name", "domain",
       "domain_name",
       # how scanners and endpoint agents name a machine (Nessus `netbios-name`, EDR `ComputerName`)
       "netbios_name", "netbios", "computer_name", "computername", "machine_name", "device_name",
       "workstation_name", "workstation")
_typed("email", "email", "mail", "email_address", "emails", "upn", "user_principal_name")
_typed("resource_name", "objectidentifier")
_typed("person", "holder", "account_holder", "card_holder", "cardholder")
"""Who holds an account or a card, as API bodies name them (red team `scree`)."""
"""Entra's claims are keyed by URIs whose last member glues its words (`.../claims/objectidentifier`)."""
_typed("person", "owner", "owners", "contact", "contacts", "created_by", "updated_by",
       "modified_by", "author", "maintainer", "user", "username", "user_name", "owner_name",
       "requester", "assignee", "reporter", "manager", "creator", "users", "reviewer",
       "reviewers", "approver", "approvers", "assignees", "requesters", "reporters", "managers",
       "maintainers", "authors", "creators", "watchers", "oncall", "on_call", "responsible",
       "steward", "stewards", "admin_name", "contact_name", "contact_person", "people", "person",
       "approvals", "approved", "signoffs", "sign_offs", "reviews", "acknowledged", "display_name",
       "full_name", "real_name",
       # the principal a security event names (red team `sleet`): Okta's actor and target
       # `alternateId`, Entra sign-ins' `userDisplayName`, Entra claims' object id
       "alternate_id", "user_display_name", "actor_display_name", "sam_account_name",
       # the people a table's rows are about, as data platforms name their columns (red team `quarto`)
       "customer_name", "patient_name", "employee_name", "member_name", "subscriber_name",
       "cardholder_name", "account_holder", "holder_name", "recipient_name", "sender_name",
       "beneficiary_name", "applicant_name", "passenger_name",
       # a warehouse's users where its listings name them (SHOW GRANTS, CREATE USER ... LOGIN_NAME)
       "grantee", "grantee_name", "login_name",
       # the account a service or task runs as (`CORP\\svc_backup`, `svc-etl`)
       "run_as", "runas", "run_as_user", "logon_as", "log_on_as", "logon_user", "service_user",
       "start_name", "startname",
       # directories, audit trails and IdPs: the login or id a person has there
       "s_am_account_name", "caller", "actor", "login",
       # tickets, on-call tools and postmortems (red team `gale`): ServiceNow's reference fields,
       # responders, a timeline table's `Who` column
       "assigned_to", "caller_id", "requested_for", "responder", "responders", "who",
       "user_id", "user_ids", "userid", "employee_id", "employee_number", "invoked_by",
       "first_name", "last_name", "given_name", "family_name", "surname", "middle_name",
       "firstname", "lastname", "givenname", "familyname",
       # SSH public keys: each names its holder (`ssh-ed25519 AAAA... dev@build-42`)
       "authorized_keys", "ssh_authorized_keys", "ssh_public_key", "ssh_public_keys", "ssh_pubkey",
       "ssh_pubkeys", "public_ssh_key", "public_ssh_keys")
_typed("phone_number", "phone", "phone_number", "phones", "mobile", "mobile_phone", "telephone",
       "tel", "msisdn", "cell_phone", "fax", "work_phone", "home_phone", "oncall_phone")
_typed("dataset_name", "dataset", "dataset_name", "active_dataset", "datasets", "active")
_typed("aws_org_id", "org_id", "organization_id", "organisation_id")
_typed("aws_ou_id", "ou_id", "organizational_unit_id", "parent_ou_id")
_typed("aws_root_id", "root_id")
_typed("org_name", "org_name", "organization_name", "organization", "organisation", "org",
       "ou_name", "organizational_unit_name")

_RESOURCE_PREFIXES = frozenset({
    "resource", "asset", "instance", "vpc", "subnet", "security_group", "sg", "volume", "bucket",
    "role", "function", "cluster", "node", "vm", "disk", "nic", "image", "snapshot",
    "network_interface", "eni", "load_balancer", "lb", "db", "db_instance", "parent", "source",
    "target", "peer", "attached", "gateway", "route_table", "nat_gateway", "key_pair",
    "repository", "registry", "queue", "topic", "table", "stream", "distribution", "vnet",
    "storage_account", "server", "database", "app", "service_account", "instance_profile",
    "datastore", "datacenter", "resource_pool", "port_group", "vcenter", "esxi_host", "vapp",
    "client", "application", "principal", "managed_identity",  # Entra ids: `client-id` annotations
    "user", "object",  # a directory's user (`userId`) and object ids (`objectId`)
    # what cloud APIs name by `<Resource>Id`, `<Resource>Name` and `<Resource>Identifier`
    "hosted_zone", "zone", "user_pool", "identity_pool", "kms_key", "key", "log_group", "log_stream",
    "stack", "stack_set", "workspace", "file_system", "vpc_endpoint", "transit_gateway",
    "internet_gateway", "vpn_gateway", "customer_gateway", "peering_connection", "vpc_peering_connection",
    "elastic_ip", "allocation", "launch_template", "auto_scaling_group", "target_group", "certificate",
    "state_machine", "trail", "web_acl", "backup_vault", "cache_cluster", "replication_group",
    "db_cluster", "db_snapshot", "db_cluster_snapshot", "db_subnet_group", "event_bus", "delivery_stream",
    "task_definition", "container", "node_group", "nodegroup", "fargate_profile", "capacity_reservation",
    "placement_group", "dedicated_host", "host", "scale_set", "vm_scale_set", "key_vault", "vault",
    "web_app", "function_app", "app_service", "sql_server", "cosmos_account", "container_registry",
    "share", "file_share", "deployment", "pod", "stateful_set", "daemon_set", "config_map",
    "persistent_volume", "persistent_volume_claim", "ingress", "crawler", "work_group", "workgroup",
    "warehouse", "notebook_instance", "domain", "broker", "schedule", "secret_manager_secret",
    "ami", "job",  # Packer's `ami_name`, a CI or scheduler's `job_name` (red team `tarn`)
})
_SUFFIX_TYPED = (("_account_id", "aws_account_id"), ("_account_ids", "aws_account_id"),
                 ("_acct", "aws_account_id"), ("_acct_id", "aws_account_id"), ("_acct_no", "aws_account_id"),
                 ("_accts", "aws_account_id"),
                 ("_account_number", "aws_account_id"),
                 ("_subscription_id", "azure_subscription_id"),
                 ("_tenant_id", "azure_tenant_id"), ("_project_id", "gcp_project_id"),
                 ("_arn", "aws_arn"), ("_arns", "aws_arn"), ("_email", "email"),
                 ("_hostname", "hostname"), ("_fqdn", "hostname"), ("_dns_name", "hostname"),
                 ("_server_name", "hostname"), ("_computer_name", "hostname"),  # Windows events
                 ("_owner", "person"), ("_contact", "person"), ("_contacts", "person"), ("_actor", "person"),
                 ("_author", "person"), ("_user_name", "person"), ("_username", "person"),
                 ("_user_login", "person"), ("_author_name", "person"), ("_committer_name", "person"),
                 ("_full_name", "person"), ("_phone", "phone_number"), ("_phone_number", "phone_number"),
                 ("_by_user", "person"), ("_by_name", "person"))
_TYPED_SUFFIXES = tuple(suffix for suffix, _ in _SUFFIX_TYPED)
_RESOURCE_SUFFIXES = ("_id", "_ids", "_name", "_names", "_identifier", "_identifiers")
"""After a resource's noun (`_RESOURCE_PREFIXES`): `HostedZoneId`, `LogGroupName`,
`DBClusterIdentifier` (AWS), `vault_name`, `pod_name` name the resource."""
_NETWORK_KEYS = re.compile(r"^(?:.*_)?(?:ip|ips|ip_address|ip_addresses|cidr|cidr_block|cidrs)$")

ASSET_KEYS = frozenset({"id", "name"})
ASSET_SIBLINGS = frozenset({
    "type", "asset_type", "resource_type", "provider", "region", "arn", "account_id",
    "subscription_id", "project_id", "resource_group", "location", "zone", "kind", "tags",
    "internet_exposed", "is_internet_exposed", "open_findings", "max_severity",
})
"""Keys that make a dict describe an asset. `uri` is not one: findings carry it too, and a
finding id is not a cloud identifier (its `cloudg://findings/...` URI keeps it as well)."""
DATASET_SIBLINGS = frozenset({"path", "loaded_at", "active", "assets_count", "asset_count"})
SECRET_FLAGS = ("sensitive", "Sensitive", "NoEcho", "noEcho", "is_secret", "isSecret", "secret")
"""Keys whose `true` marks the record's `value` secret, whatever it is named: Terraform outputs
and variables (`"sensitive": true`), CloudFormation parameters (`NoEcho`), secret variables."""
TAG_PARENTS = frozenset({"tags", "labels", "tag_map", "resource_tags", "tag_set"})
_SKIP_KEYS = frozenset({"cursor", "next_cursor", "prev_cursor", "previous_cursor"})


def _typed_entity(norm: str) -> str | None:
    found = _TYPED.get(norm)
    if found:
        return found
    if norm.endswith(_TYPED_SUFFIXES):  # one call for the many keys that end in none
        for suffix, entity in _SUFFIX_TYPED:
            if norm.endswith(suffix):
                return entity
    if norm.endswith(_RESOURCE_SUFFIXES):
        for suffix in _RESOURCE_SUFFIXES:
            if norm.endswith(suffix) and norm[: -len(suffix)] in _RESOURCE_PREFIXES:
                return "resource_name"
    if norm.endswith("_by") and norm[:-3].rsplit("_", 1)[-1] not in _ARRANGING and \
            (norm.count("_") == 1 or norm[:-3].endswith("ed")):
        return "person"  # approved_by, owned_by, requested_by, last_modified_by
    return None


_ARRANGING = frozenset({"group", "sort", "order", "partition", "split", "filter", "aggregate",
                        "rank", "cluster", "bucket", "index", "pivot", "facet", "count", "sum",
                        "break", "key", "sorted", "grouped", "ordered", "partitioned"})
"""`group_by`, `sort_by`...: the value names a field to arrange by, never a person."""


@lru_cache(maxsize=8192)
def key_rule(key: str) -> KeyRule:
    """The built-in rule for a dict key (user-scoped detectors are added by the detector set)."""
    if key.startswith("cloudg/"):
        return SKIP
    norm = normalize(key)
    if norm in _SKIP_KEYS:
        return SKIP
    words = norm.split("_") if norm else []
    secret = secret_word(words) or foreign_secret(key)
    if secret:
        return intern(KeyRule("sensitive", secret, "sensitive_key"))
    if norm in TAG_PARENTS:
        return TAGS
    if norm in ASSET_KEYS:
        return intern(KeyRule("asset", "resource_name", "asset_key"))
    if _NETWORK_KEYS.match(norm):
        return intern(KeyRule("typed", "ip_address", "typed_keys", forced=False))
    entity = _typed_entity(norm)
    if entity:
        numbers, items = _numbers(words, entity)
        return intern(KeyRule("typed", entity, "person_key" if entity == "person" else "typed_keys",
                              numbers=numbers, item_numbers=items))
    if foreign_person(key):  # `Besitzer`, `propriétaire`, `负责人` (red team `dune`)
        return intern(KeyRule("typed", "person", "person_key"))
    if foreign_email(key):  # `E-Mail`, `courriel`, `メール`
        return intern(KeyRule("typed", "email", "typed_keys"))
    return _flattened(key)


_PATH = re.compile(r"[./:\[\]]+|__")


def _flattened(key: str) -> KeyRule:
    """The rule of a flattened path's last member (`tags.Owner`, `Tags[Technical-Contact]`,
    `spec/containers/0/env/DB_PASSWORD`, `data__admin__api_token`): exporters flatten records
    into such keys, and the member's rule may not depend on that. A Kubernetes annotation whose
    name says nothing may have a prefix that names a person's role (`oncall.corp.io/primary`)."""
    parts = [p for p in _PATH.split(_MARKER.sub(" ", key)) if p.strip()]
    if len(parts) < 2 or normalize(parts[-1]) in ASSET_KEYS:
        return NONE
    rule = key_rule(parts[-1])
    prefix = key_rule(parts[0]) if rule is NONE and "/" in key else NONE
    return prefix if prefix.entity == "person" else rule


_ID_WORDS = frozenset({"id", "ids", "number", "numbers", "no", "num", "nr", "sid"})
_NAMES_ONLY = frozenset({"dataset_name", "org_name", "azure_resource_group", "ip_address"})
"""Entities no number can be: a number under `dataset` or `resource_group` is something else."""


def _numbers(words: list[str], entity: str | None) -> tuple[bool, bool]:
    """(numbers right under the key, numbers in its lists) are identifiers: both under an
    id-like key, only the listed ones under a plural noun, neither under other keys."""
    if not words or entity in _NAMES_ONLY:
        return False, False
    last = words[-1]
    if last in _ID_WORDS:
        return True, True
    if entity is None:
        return False, False
    plural = last.endswith("s") and not last.endswith("ss")
    return not plural, True


def items_rule(rule: KeyRule) -> KeyRule:
    """The rule for the items of a list under `rule`: the ids a plural key lists are ids."""
    if rule.numbers or not rule.item_numbers:
        return rule
    return intern(KeyRule(rule.kind, rule.entity, rule.detector, rule.forced, rule.scoped,
                          numbers=True, item_numbers=True))


_PERSON_TAG_WORDS = frozenset({"owner", "contact", "email", "author", "maintainer", "manager",
                               "requester", "creator", "user", "created", "steward", "oncall",
                               "approver", "reviewer", "assignee", "responsible", "by",
                               "managedby", "ownedby", "createdby"})
"""`ManagedBy` too: it holds a tool (`terraform`, kept: `shapes.refine`) or a person."""
_BENIGN_TAGS = frozenset({
    "env", "environment", "stage", "tier", "cost_center", "costcenter", "cost_centre",
    "terraform", "compliance", "criticality", "classification",
    "data_classification", "backup", "schedule", "version", "lifecycle", "purpose",
    "confidentiality", "severity", "state", "status",
})


@lru_cache(maxsize=8192)
def tag_rule(tag_key: str) -> KeyRule:
    """The rule for the value of tag `tag_key`: people, names, secrets, benign or a tag value."""
    norm = normalize(tag_key)
    words = norm.split("_") if norm else []
    secret = secret_word(words) or foreign_secret(tag_key)
    if secret:
        return intern(KeyRule("sensitive", secret, "sensitive_key"))
    if norm in _BENIGN_TAGS or norm in ("key", "value"):
        return NONE
    if norm == "name":
        return intern(KeyRule("typed", "resource_name", "tags_key"))
    if _PERSON_TAG_WORDS.intersection(words) or foreign_person(tag_key):
        return intern(KeyRule("typed", "person", "tags_key"))
    numbers, items = _numbers(words, _typed_entity(norm))
    return intern(KeyRule("typed", "tag_value", "tags_key", numbers=numbers, item_numbers=items))


KEY_RULES_DESCRIPTION: tuple[tuple[str, str, str], ...] = (
    ("sensitive_key", "secret", "keys named like password, secret, token, api_key, credentials, "
     "user_data, cookie mark their whole subtree sensitive (suffixes _id, _arn, _name, _type exempt)"),
    ("asset_key", "identifier", "id and name beside asset-like keys (type, provider, region, arn)"),
    ("typed_keys", "identifier", "account_id, subscription_id, project_id, arn, resource_id, "
     "source/target, parent_id, hostname, dataset, org_id/ou_id type their value"),
    ("person_key", "pii", "owner, contact, created_by, user, author type their value as a person"),
    ("tags_key", "free_text", "tag values: people, the Name tag, secrets; other values are tag "
     "values except benign keys (env, stage, tier, cost_center)"),
    ("skip_key", "identifier", "cursor, next_cursor and the layer's cloudg/ keys are left as they "
     "are (only secret patterns apply)"),
)
