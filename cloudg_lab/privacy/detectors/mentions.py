"""Resource and user names that prose introduces by their type: "S3 bucket ledger-exports is public".

A text that assigns one to a key naming it (`bucket = "tf-state-prod"` in HCL, `TABLE_NAME=orders`
in an env file, `LogGroupName: ...` in YAML) introduces it as surely: the key rules decide, as
they do for a dict key. So does a text that assigns a login to a key typing a person, or a bare
machine name to a host key, as flattened security events and SIEM queries do
(`requestParameters.userName=jdoe`, `user.name:jdoe`, `host="WS-0142"`).

Scanners title their findings the same way: `IAM user qvasquez has no MFA`, `Lambda function
ledger-payments-fn uses a deprecated runtime`, `Storage account ledgerstore01 allows public
access`. The dictionary finds the names the data holds; one the data does not hold (an IAM user
no asset stands for) passed `strict`. After a type that only names things (`S3 bucket`, `IAM
user`, `Key vault`), any word but a word of the sentence (`has`, `is`, `policy`) is the name;
after a type that is also an ordinary noun (`user`, `instance`, `key`), only a word shaped like an
identifier (a dash, a digit, a dot, an inner capital: `ledger-db-01`, `OpsAdminRole`) or a quoted
one is.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.accounts import PLACEHOLDERS, SYSTEM_ACCOUNTS
from cloudg_lab.privacy.detectors.base import Accept, Detector, define
from cloudg_lab.privacy.detectors.keys import key_rule

_PEOPLE = frozenset({"iam user", "azure ad user", "entra user", "entra id user", "okta user",
                     "workspace user", "guest user", "user"})
_STRONG = frozenset({
    "iam user", "azure ad user", "entra user", "entra id user", "okta user", "workspace user",
    "guest user", "iam role", "iam group", "iam policy", "s3 bucket", "gcs bucket", "storage bucket",
    "lambda function", "cloud function", "function app", "storage account", "key vault", "resource group",
    "service account", "rds instance", "rds cluster", "rds snapshot", "db instance", "db cluster",
    "eks cluster", "aks cluster", "gke cluster", "ecs cluster", "ecs service", "ecr repository",
    "sns topic", "sqs queue", "dynamodb table", "cloudtrail trail", "ssm parameter", "secrets manager secret",
    "load balancer", "target group", "network security group", "virtual network", "app service", "web app",
    "sql server", "sql database", "cosmos db account", "log analytics workspace", "bigquery dataset",
    "cloud sql instance", "compute instance", "vm instance", "virtual machine", "ec2 instance",
    "elastic ip", "auto scaling group", "launch template", "cloudfront distribution", "api gateway",
    "step function", "kinesis stream", "glue job", "sagemaker notebook", "opensearch domain",
    "elasticsearch domain", "redshift cluster", "efs file system", "key ring", "crypto key",
})
_WEAK = frozenset({"user", "role", "group", "bucket", "function", "instance", "cluster", "trail", "table",
                   "topic", "queue", "key", "repository", "repo", "project", "vm", "server", "database",
                   "workspace", "namespace", "deployment", "node", "host", "secret", "vault", "policy",
                   "hostname", "computer", "pod", "container", "subscription", "tenant", "directory"})
_TOKEN = r"[ \t]+(?P<q>['\"`‘“«]?)(?P<v>[A-Za-z0-9][A-Za-z0-9._:@+-]*[A-Za-z0-9])(?![\w-])"


_HEADS = frozenset(kind.rsplit(" ", 1)[-1] for kind in _STRONG | _WEAK)
_LONGEST = max(kind.count(" ") for kind in _STRONG)


def _pattern(head: str) -> str:
    """The head word of some types, then the name. The head's first letter is a character set
    and the rest a literal, so the regex engine skips ahead to that letter in C instead of trying
    every position; the words before the head (`S3` of `S3 bucket`) are read by `_kind`. The
    name is looked ahead at, so that a head inside a word (`CloudTrail trail <name>`) leaves the
    next head to be found."""
    return rf"[{head[0].upper()}{head[0]}](?i:{re.escape(head[1:])})(?={_TOKEN})"


def _kind(match: re.Match[str]) -> str | None:
    """The longest type the words up to the head spell (`s3 bucket`, else `bucket`), or None
    when the head is inside a longer word (`subucket`)."""
    text, start = match.string, match.start()
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-="):
        # `subucket`; a head ending a name or given to a key (`deploy-role`, `type=Role`: red team `sleet`)
        return None
    head = text[start:match.end()].lower()
    words = text[max(0, start - 48):start].lower().split()
    for n in range(min(_LONGEST, len(words)), 0, -1):
        kind = " ".join([*words[-n:], head])
        if kind in _STRONG:
            return kind
    return head


_STOP = frozenset({
    "a", "an", "the", "this", "that", "these", "those", "its", "their", "his", "her", "our", "your",
    "all", "any", "each", "every", "some", "no", "not", "none", "one", "two", "has", "have", "had",
    "is", "are", "was", "were", "be", "been", "being", "does", "do", "did", "should", "must", "can",
    "could", "may", "might", "will", "would", "shall", "with", "without", "within", "for", "from",
    "in", "on", "of", "at", "to", "by", "and", "or", "nor", "but", "if", "as", "than", "then", "via",
    "per", "into", "onto", "which", "who", "whose", "where", "when", "there", "here", "also", "only",
    "still", "already", "now", "new", "old", "more", "most", "less", "allows", "allow", "allowed",
    "lacks", "lack", "missing", "uses", "use", "using", "used", "access", "accessible", "account",
    "accounts", "policy", "policies", "permission", "permissions", "created", "configured", "enabled",
    "disabled", "exposed", "public", "publicly", "encryption", "encrypted", "unencrypted", "logging",
    "versioning", "name", "names", "id", "ids", "arn", "arns", "key", "keys", "credentials", "mfa",
    "password", "passwords", "console", "root", "default", "owner", "owners", "level", "rotation",
    "data", "details", "found", "detected", "inactive", "active", "unused", "attached", "detached",
    "open", "opened", "closed", "deleted", "exists", "exist", "existing", "login", "profile",
    "session", "sessions", "activity", "report", "type", "types", "status", "settings",
    "configuration", "count", "list", "membership", "tags", "tag", "metadata", "endpoint",
    "endpoints", "network", "traffic", "rule", "rules", "logs", "log", "lifecycle", "replication",
    "snapshot", "snapshots", "backup", "backups", "retention", "protection", "monitoring", "deletion",
    "creation", "size", "capacity", "storage", "version", "versions", "runtime", "role", "roles",
    "group", "groups", "user", "users", "resource", "resources", "service", "services", "instance",
    "instances", "bucket", "buckets", "object", "objects", "admin", "administrator",
})
"""Words of the sentence that follow a type (`IAM user has`, `S3 bucket policy`), never a name."""


_VERSION = re.compile(r"(?i)v?\d+(?:\.\d+)*")
"""`Windows Server 2019`, `table v2`, `access key 1`: a number or a version names nothing."""


def _shaped(name: str) -> bool:
    """A word shaped like an identifier, not like a word of prose."""
    return any(c in "-_.:@" or c.isdigit() for c in name) or any(c.isupper() for c in name[1:])


def _accepts(people: bool) -> Accept:
    def accept(match: re.Match[str]) -> bool:
        kind, name = _kind(match), match["v"]
        if kind is None or (kind in _PEOPLE) is not people or name.lower() in _STOP or \
                _VERSION.fullmatch(name):
            return False
        # a head only some longer type ends in (`job` of `glue job`) introduces nothing alone
        return kind in _STRONG or (kind in _WEAK and (bool(match["q"]) or _shaped(name)))

    return accept


def _typed(head: str) -> Detector:
    """The detector of the types ending in `head`: people after `user`, resources after the rest."""
    entity, category = ("person", "pii") if head == "user" else ("resource_name", "identifier")
    return define(f"typed_mention_{head}", entity, category, 0.75, _pattern(head), (f"{head} ",),
                  group="v", accept=_accepts(entity == "person"), min_len=8,
                  description=f"{entity.replace('_', ' ')}s that prose introduces by a type ending in "
                              f"`{head}` (S3 bucket <name>, IAM user <name>)")


_KEYED = (r"""(?<![\w.-])(?P<k>[A-Za-z][\w.-]{1,98}?)["']?[ \t]*(?:=|:)[ \t]*(?P<o>["']?)"""
          r"""(?P<v>[A-Za-z0-9][\w.-]{1,62}[A-Za-z0-9])(?:-\{\{[^{}\r\n]*\}\})?(?P=o)"""
          r"""(?![\w.:/@-]|[ \t]*[=:])""")
"""`KEY = "value"`, `KEY: value`, `KEY=value` in a text (HCL, YAML, an env file, a log line); a
value that is itself followed by `=` or `:` is the next key (`note: StackName = ...`). A flattened
path is one key (`userIdentity.sessionContext.sessionIssuer.userName=...`). A template a tool
fills in later may end the value (Packer's `ami_name = "base-{{timestamp}}"`)."""
_KEYED_HINTS = ("bucket", "cluster", "name", "_id", "id=", "id:", "id ", "identifier", "namespace", "vault",
                "host", "pod", "table", "ssid", "database")
_LOGIN_HINTS = ("user", "name", "owner", "actor", "author", "by=", "by:")


def _names_resource(match: re.Match[str]) -> bool:
    """The key names a resource by the rule a dict key of that name follows (`bucket`,
    `table_name`, `LogGroupName`, `DBClusterIdentifier`), and the value is no word of prose. A
    host key's value without a dot is a machine's bare name (`host="WS-0142"` in a SIEM query,
    `host.name:web-02` in Lucene, `hostname=db7` in a log line; red team `sleet`): no host
    detector reads it, while a dotted one is left to them."""
    rule = key_rule(match["k"])
    value = match["v"].lower()
    if rule.kind != "typed" or value in _STOP or value in PLACEHOLDERS:
        return False
    return rule.entity == "resource_name" or (rule.entity == "hostname" and "." not in value)


def _names_login(match: re.Match[str]) -> bool:
    """The key types a person (`userName`, `user.name`, `requestParameters.userName` of a
    flattened CloudTrail record, `actor=`), and the value is a login, not an account every
    machine has, a placeholder or a word of prose (red team `sleet`)."""
    rule = key_rule(match["k"])
    value = match["v"].lower()
    return (rule.kind == "typed" and rule.entity == "person" and value not in SYSTEM_ACCOUNTS
            and value not in _STOP and value not in PLACEHOLDERS and not _VERSION.fullmatch(value))


_ROLES = ("db", "api", "web", "app", "www", "cache", "redis", "pg", "sql", "mysql", "mongo", "mq", "kafka",
          "es", "search", "lb", "proxy", "worker", "node", "bastion", "jump", "vpn", "dc", "mail", "smtp",
          "ns", "build", "runner", "gw", "etcd", "vm", "srv", "host")
_ROLE_NUMBERED = (rf"(?<![\w.@/-])(?P<v>[a-z][a-z0-9]*(?:-[a-z0-9]+)*-(?:{'|'.join(_ROLES)})-?\d{{1,3}})"
                  r"(?![\w-]|\.\w)")
"""A machine named by the convention `<service>-<role><number>` (`ledger-db-05`, `checkout-api3`,
`k8s-node-12`): chat, tickets and postmortems name hosts so without a key or a type word
(`restarted ledger-db-05`; red team `gale`). A word must come before the role (`web-01` alone is
left), the number is short (`sql-2019` is a product), and a dotted name is the host detectors'."""


MENTIONS: tuple[Detector, ...] = (
    define("keyed_resource", "resource_name", "identifier", 0.75, _KEYED, _KEYED_HINTS, group="v",
           accept=_names_resource, min_len=8,
           description="resource names a text assigns to a key that names them (bucket = \"...\", "
                       "table_name=..., LogGroupName: ... in HCL, YAML, env files and logs)"),
    define("keyed_login", "person", "pii", 0.75, _KEYED, _LOGIN_HINTS, group="v", accept=_names_login,
           min_len=4, description="logins a text assigns to a key that types a person (userName=..., "
                                  "user.name:..., a flattened event's requestParameters.userName=...)"),
    define("named_resource_id", "resource_name", "identifier", 0.8,
           r"\b[a-z]{1,12}(?:-[a-z]{1,8})?-[0-9a-f]{8,17}[ \t]+\((?P<v>[A-Za-z0-9][A-Za-z0-9._ -]{0,80}"
           r"[A-Za-z0-9])\)", (" (",), group="v", min_len=14,
           description="the name a scanner writes after a resource id (i-0abc... (ledger-bastion))"),
    define("role_numbered_host", "resource_name", "identifier", 0.7, _ROLE_NUMBERED,
           tuple(f"-{role}" for role in _ROLES), group="v", min_len=6,
           description="machines named <service>-<role><number> in prose (ledger-db-05, checkout-api3)"),
    *map(_typed, sorted(_HEADS)),
)
