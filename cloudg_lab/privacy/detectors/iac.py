"""Names infrastructure code and its answer files give: what the customer called their things.

Found by red team `tarn` (what Terraform, Puppet, Chef, installers and agents leave behind),
every one of them shown to `strict` callers before:
- the local names of Terraform resources and modules, in the blocks that declare them (`resource
  "aws_db_instance" "ledger" {`, `module "core_net" {`, a Nomad `job "payments" {`) and in the
  addresses that refer to them (`aws_db_instance.ledger`, `module.core_net.aws_subnet.a[0]` in
  plans, state and errors); the conventional names (`this`, `main`, `default`) name nothing;
- the object path of a Terraform state (`<bucket>/<project>/terraform.tfstate` in a backend's
  `key`, a lock's `Path` and `LockID`), its file name kept, and the login and machine holding a
  state lock (`Who: jdoe@ws-17`);
- the title of a Puppet resource of a module's defined type (`mysql::db { 'ledger':`);
- the person a Ruby DSL names as maintainer or author (Chef's `metadata.rb`: `maintainer 'Ana
  Lee'`);
- the host a Debian preseed answers with (`d-i netcfg/get_hostname string web01`), the key rules
  reading the question's name as they read a dict key;
- the project a Pulumi stack's config keys are namespaced by (`ledger:dbHost: ...`; the
  providers' namespaces, `aws:region`, stay);
- the service a key-value store files settings under (`config/<service>/db_password` of a Consul
  KV export or `consul kv put`, `secret/data/<app>/api_token` of Vault), when the setting at
  the end is one a key rule knows (a secret's or a typed key): `config/nginx/nginx.conf` stays;
- the user an SSH key file is named after (`~/.ssh/jdoe_ed25519`, `.ssh/id_rsa_jdoe`, an
  inventory's `ansible_ssh_private_key_file`); the default names (`id_rsa`, `deploy.pem`) stay;
- the name of a NetworkManager connection profile (`[connection]` then `id=<name>`, often the
  SSID it joins), which a bare `id=` elsewhere is not;
- an XML element's text where the element's name types it as a dict key of that name would
  (`<ComputerName>WEB01</ComputerName>`, `<RegisteredOwner>Ana Lee</RegisteredOwner>` of a
  Windows answer file); accounts every machine has (`<Username>Administrator</Username>`) stay.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.accounts import PLACEHOLDERS, SYSTEM_ACCOUNTS
from cloudg_lab.privacy.detectors.base import Accept, Detector, define
from cloudg_lab.privacy.detectors.keys import key_rule

_CONVENTIONAL = frozenset({"this", "main", "default", "example", "self", "exports", "these", "all"})
"""Local names a module's authors use for the one thing of a kind (`aws_vpc.this`), and
`module.exports` of JavaScript: they name nothing of the customer's."""
_PROVIDERS = ("aws", "azurerm", "azuread", "google", "kubernetes", "helm", "random", "tls", "null", "local",
              "vault", "github", "cloudflare", "datadog", "consul", "nomad", "time", "archive", "oci",
              "alicloud", "digitalocean", "vsphere", "tfe", "okta", "pagerduty", "newrelic", "grafana")
"""Terraform providers whose resource types start an address (`aws_db_instance.<name>`): a literal
head, so the regex looks for an address only where one may start."""
_NAME = r"(?P<v>[A-Za-z_][\w-]*)"
_DECLARED = (r'(?m)^[ \t]*(?:[-+~]/?[-+]?[ \t]+)?'
             rf'(?:(?:resource|data)[ \t]+"[\w-]+"[ \t]+|(?:module|job)[ \t]+)"{_NAME}"[ \t]*\{{')
"""A block declaring a resource, a data source, a module or a Nomad job, also as a plan prints it
(`~ resource "aws_db_instance" "ledger" {`)."""
_ADDRESS = (rf"(?<![\w.-])(?:module\.{_NAME}(?=[.\[])"
            rf"|(?:data\.)?(?:{'|'.join(_PROVIDERS)})_[a-z0-9_]+\.(?P<w>[A-Za-z_][\w-]*)(?![\w-]*\())")
"""`module.<name>.` and `<provider>_<type>.<name>`; a call (`aws_cdk.App()`) is code, no address."""
_STATE_PATH = r"(?:(?<=//)|(?<![\w./:-]))(?P<v>[\w.-]+:?(?:/[\w.-]+)*)/[\w.-]*\.tfstate\b"
_GENERIC_SEGMENTS = frozenset({"env:", "env", "prod", "production", "dev", "stage", "staging", "test", "qa",
                               "global", "states", "state", "terraform", "tfstate", "infra", "default"})
_LOCK_HOLDER = (r"""(?i)\bwho["']?[ \t]*[:=][ \t]*["']?"""
                r"""(?P<v>[A-Za-z0-9][\w.$\\-]*@[A-Za-z0-9][\w.-]*[A-Za-z0-9])""")
_TITLE = (r"""(?m)^[ \t]*[a-z]\w*(?:::[a-z]\w*)+[ \t]*\{[ \t]*(?P<o>['"])(?P<v>[^'"\r\n$]{2,64})(?P=o)"""
          r"""[ \t]*:""")
_DSL_PERSON = (r"""(?m)^[ \t]*(?:maintainer|author|owner)[ \t]+"""
               r"""(?:"(?P<d>[^"\r\n@]{2,80})"|'(?P<s>[^'\r\n@]{2,80})')[ \t]*\r?$""")
"""`maintainer 'Ana Lee'`, or in double quotes a name with an apostrophe (`"Ana d'Arc"`)."""
_DEBCONF = (r"(?m)^[ \t]*[\w-]+[ \t]+(?P<k>[\w-]+/[\w/-]+)[ \t]+string[ \t]+"
            r"(?P<v>[A-Za-z0-9][\w-]*[A-Za-z0-9])[ \t]*\r?$")
"""A debconf answer (`owner question type value`) of type string, a bare name: a dotted host is
left to the host detectors."""
_STACK_NAMESPACE = r"(?m)^[ \t]+(?P<v>[a-z][\w-]*):[A-Za-z][\w-]*:(?:[ \t]|\r?$)"
_PROVIDER_NAMESPACES = frozenset({*_PROVIDERS, "azure", "azure-native", "gcp", "google-native", "pulumi",
                                  "aws-native", "eks", "awsx", "docker", "command"})
_KV_PATH = (r"(?<![\w./-])(?:config|configs|service|services|apps?|kv|env|secrets?(?:/data)?)/"
            r"(?P<v>[A-Za-z0-9][\w.-]*)/(?:[\w.-]+/)*(?P<k>[A-Za-z][\w-]*)(?![\w./-])")
_KEY_FILE = (r"\.ssh/(?:id_(?:rsa|ed25519|ecdsa|dsa)[_-])?(?P<v>[A-Za-z][\w.-]*?)"
             r"(?:[_-](?:id_)?(?:rsa|ed25519|ecdsa|dsa|key))?(?:\.pem|\.key)?(?![\w.-])")
_KEY_FILE_NAMES = frozenset({"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "id", "authorized_keys",
                             "known_hosts", "config", "deploy", "ci", "key", "default", "github", "gitlab",
                             "bitbucket", "ansible", "terraform"})
"""Key files named for what they are or a machine account, not for a person."""
_PROFILE_ID = r"(?m)^\[connection\][ \t]*\r?\n(?:[^\[\r\n][^\r\n]*\r?\n)*?id=(?P<v>[^\r\n]{2,64}?)[ \t]*\r?$"
_ELEMENT = r"<(?P<k>[A-Za-z][\w.:-]{1,60})(?:[ \t][^<>]*)?>(?P<v>[^<>\r\n]{2,100}?)</(?P=k)[ \t]*>"


def _named(match: re.Match[str]) -> bool:
    name = match["v"] or match.groupdict().get("w")
    return name is not None and name.lower() not in _CONVENTIONAL


def _project_path(match: re.Match[str]) -> bool:
    """Some segment of the state's path names something (`env:/prod/terraform.tfstate` does not)."""
    return any(part.lower() not in _GENERIC_SEGMENTS for part in match["v"].split("/") if part)


def _own_namespace(match: re.Match[str]) -> bool:
    return match["v"] not in _PROVIDER_NAMESPACES


def _settles_a_key(match: re.Match[str]) -> bool:
    """The path ends in a setting a key rule knows, so the segment after its root names a service."""
    return key_rule(match["k"]).kind in ("sensitive", "typed")


def _key_owner(match: re.Match[str]) -> bool:
    return match["v"].lower() not in _KEY_FILE_NAMES and match["v"].lower() not in SYSTEM_ACCOUNTS


def _answered_host(match: re.Match[str]) -> bool:
    """The question names a host as a dict key of its name would (`get_hostname`)."""
    rule = key_rule(match["k"].rsplit("/", 1)[-1])
    return rule.kind == "typed" and rule.entity == "hostname" and match["v"].lower() not in PLACEHOLDERS


def typed_element(entity: str) -> Accept:
    """Accept an element whose name types `entity`, unless it holds an account every machine has."""

    def accept(match: re.Match[str]) -> bool:
        rule, value = key_rule(match["k"].rsplit(":", 1)[-1]), match["v"].strip().lower()
        return (rule.kind == "typed" and rule.entity == entity and value not in SYSTEM_ACCOUNTS
                and value not in PLACEHOLDERS)

    return accept


IAC_NAMES: tuple[Detector, ...] = (
    define("iac_declared_name", "resource_name", "identifier", 0.8, _DECLARED,
           ('resource "', 'data "', 'module "', 'job "'), group="v", accept=_named, min_len=10,
           description="the names HCL blocks declare (resource \"type\" \"<name>\", module \"<name>\", "
                       "a Nomad job \"<name>\"; this, main, default stay)"),
    define("iac_address", "resource_name", "identifier", 0.8, _ADDRESS,
           ("module.", *(f"{p}_" for p in _PROVIDERS)), group=("v", "w"), accept=_named, min_len=8,
           description="the local names Terraform addresses give (aws_db_instance.<name>, "
                       "module.<name>.aws_subnet.a)"),
    define("state_path", "resource_name", "identifier", 0.8, _STATE_PATH, (".tfstate",), group="v",
           accept=_project_path, min_len=12,
           description="the object path of a Terraform state (<bucket>/<project>/terraform.tfstate), "
                       "its file name kept"),
    define("lock_holder", "person", "pii", 0.85, _LOCK_HOLDER, ("who",), group="v", min_len=8,
           description="the login and machine holding a Terraform state lock (Who: <user>@<host>)"),
    define("puppet_title", "resource_name", "identifier", 0.8, _TITLE, ("::",), group="v", min_len=8,
           description="the title of a Puppet resource of a module's defined type (mysql::db { '<name>':)"),
    define("dsl_person", "person", "pii", 0.8, _DSL_PERSON, ("maintainer ", "author ", "owner "),
           group=("d", "s"), min_len=12,
           description="the person a Ruby DSL names as maintainer or author (metadata.rb)"),
    define("kv_path_service", "resource_name", "identifier", 0.75, _KV_PATH,
           ("config", "service", "app", "kv/", "env/", "secret"), group="v", accept=_settles_a_key,
           min_len=10,
           description="the service a key-value path files a known setting under "
                       "(config/<service>/db_password)"),
    define("key_file_owner", "person", "pii", 0.75, _KEY_FILE, (".ssh/",), group="v", accept=_key_owner,
           min_len=8,
           description="the user an SSH key file is named after (~/.ssh/<user>_ed25519; id_rsa stays)"),
    define("debconf_host", "hostname", "network", 0.8, _DEBCONF, ("string ",), group="v",
           accept=_answered_host, min_len=20,
           description="the host a Debian preseed answers with (d-i netcfg/get_hostname string <host>)"),
    define("stack_namespace", "resource_name", "identifier", 0.75, _STACK_NAMESPACE, (":",), group="v",
           accept=_own_namespace, gate=lambda text, low: "config:" in low, min_len=6,
           description="the project a Pulumi stack config namespaces its keys by (<project>:dbHost; "
                       "aws:region stays)"),
    define("connection_profile", "resource_name", "identifier", 0.8, _PROFILE_ID, ("[connection]",),
           group="v", min_len=16,
           description="the name of a NetworkManager connection profile ([connection] id=<name>)"),
    define("markup_person", "person", "pii", 0.75, _ELEMENT, ("</",), group="v",
           accept=typed_element("person"), min_len=8,
           description="XML elements whose name types a person (<RegisteredOwner>...)"),
    define("markup_host", "hostname", "network", 0.75, _ELEMENT, ("</",), group="v",
           accept=typed_element("hostname"), min_len=8,
           description="XML elements whose name types a host (<ComputerName>...)"),
)
