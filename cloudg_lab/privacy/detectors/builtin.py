"""The built-in value detectors, in priority order: secrets, credentials, identifiers, PII, addresses.

The secret families live in `secrets` and `encoded`; this module adds what identifies a cloud
asset, a person or a network endpoint, and fixes the order (when two findings overlap, the
earlier detector wins, so a precise match shadows the generic ones inside it).
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata

from cloudg_lab.privacy.detectors.accounts import ACCOUNT_PLACES, SSH_KEY_COMMENT, SSH_KEY_TRIGGERS
from cloudg_lab.privacy.detectors.base import DIGIT, Detector, define, longer_than
from cloudg_lab.privacy.detectors.connections import CONNECTION_FIELDS
from cloudg_lab.privacy.detectors.devices import NETWORK_DEVICES
from cloudg_lab.privacy.detectors.encoded import ENCODED, QUOTED
from cloudg_lab.privacy.detectors.iac import IAC_NAMES
from cloudg_lab.privacy.detectors.kubectl import KUBERNETES_COMMANDS
from cloudg_lab.privacy.detectors.languages import FOREIGN_PEOPLE, FOREIGN_SECRETS
from cloudg_lab.privacy.detectors.machines import MACHINE_FILES
from cloudg_lab.privacy.detectors.mentions import MENTIONS
from cloudg_lab.privacy.detectors.personal import PERSONAL_IDENTIFIERS, PERSONAL_SECRETS
from cloudg_lab.privacy.detectors.pipelines import PIPELINE_SECRETS
from cloudg_lab.privacy.detectors.registries import PROVIDER_PATHS
from cloudg_lab.privacy.detectors.secrets import (
    ASSIGNMENTS,
    CREDENTIALS,
    KEY_BLOCKS,
    URL_SECRETS,
)
from cloudg_lab.privacy.detectors.sections import SECTIONS
from cloudg_lab.privacy.detectors.sinks import SINKS
from cloudg_lab.privacy.detectors.statements import STATEMENTS
from cloudg_lab.privacy.detectors.tables import TABLE_IDENTIFIERS, TABLE_SECRETS
from cloudg_lab.privacy.detectors.tokens import VENDOR_TOKENS
from cloudg_lab.privacy.detectors.traffic import APP_FILE_SECRETS, TRAFFIC_NAMES
from cloudg_lab.privacy.dictionary import MARKS as _MARKS
from cloudg_lab.privacy.hosts import is_service_host

__all__ = ["BUILTIN", "Detector", "embedded_ipv4", "refine_ip"]


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries: IPv4-mapped (`::ffff:10.1.2.3`) or NAT64
    (`64:ff9b::34.1.2.3`), which `ipaddress` files as reserved whatever they carry."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def _ip_kind(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """Documentation ranges count as public: example and test data use them for real hosts, and
    `is_private` would otherwise keep them (ipaddress files them as private). An IPv6 address
    that carries an IPv4 one is what that one is."""
    if address.version == 6:
        inner = embedded_ipv4(address)
        if inner is not None:
            return _ip_kind(inner)
    if any(address in net for net in _DOCUMENTATION):
        return "public"
    if address.version == 4 and address in _BENCHMARK_NET:
        return "special"
    if (address.is_loopback or address.is_link_local or address.is_multicast
            or address.is_unspecified or address.is_reserved):
        return "special"
    if address.is_private or (address.version == 4 and address in _CGNAT):
        return "private"
    return "public"


_BENCHMARK_NET = ipaddress.ip_network("198.18.0.0/15")
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_DOCUMENTATION = tuple(ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24",
                                                         "203.0.113.0/24", "2001:db8::/32"))


def refine_ip(text: str) -> str | None:
    """`private_ip`/`public_ip`/`special_ip` (or `_cidr`), None if `text` is no address."""
    try:
        if "/" in text:
            net = ipaddress.ip_network(text, strict=False)
            kind = "special" if net.prefixlen == 0 else _ip_kind(net.network_address)
            return f"{kind}_cidr"
        return f"{_ip_kind(ipaddress.ip_address(text))}_ip"
    except ValueError:
        return None


_TLDS = ("com|net|org|io|dev|app|cloud|aws|internal|local|lan|corp|intra|int|edu|gov|mil|co|us|uk|de|"
         "fr|nl|eu|ca|au|jp|ch|se|no|es|it|biz|info|example|test|localdomain|home|arpa|goog|ai|"
         "tech|site|online|cn|svc|consul|intranet|private|priv|lab|"
         "br|pl|ru|cz|sk|hu|ro|bg|gr|pt|be|at|dk|fi|ie|il|ae|sa|tr|ua|kr|tw|hk|sg|my|th|vn|nz|za|mx|"
         "ar|cl|pe|uy|lt|lv|ee|si|hr|is|lu|kz|ng|ke|eg|pk|ph|qa|me|tv|io|gg|ly|"
         "xyz|zone|tools|network|systems|services|solutions|company|team|digital|group|works|"
         "space|host|link|page|email|cloud|software|agency|studio|finance|bank|health|shop|store|"
         "mesh|infra|prod|stage|staging|office|kube|k8s|vpn|wan|dmz|mgmt|ad|xn--[a-z0-9]{2,59}")
"""Public suffixes (the common generic ones and the country codes that are no file extension:
not `.py`, `.sh`, `.rs`, `.cc`, `.in`, `.so`) plus the private and service-discovery ones
(`.internal`, `.lan`, `.corp`, `.svc`, `.svc.cluster.local`, `.consul`, `.home.arpa`, `.mesh`,
`.prod`); a second-level suffix (`.com.br`, `.co.uk`) is a host name under its country code."""
_TLD_HINT = re.compile(rf"\.(?:{_TLDS})\b")
"""One search (sped up by its literal `.` prefix) instead of an `in` check per suffix. An IDN
top-level domain in punycode (`.xn--p1ai` of `.рф`, `.xn--qxam` of `.ελ`) is one too (red team
`dune`)."""


_GROUP = "[ .'’\u00a0\u202f\u2009]"
_LOCALE_GROUPED = (rf"(?<![\w.+'’-])(?<!\d{_GROUP})(?:\d{{4}}(?P<g>{_GROUP})\d{{4}}(?P=g)\d{{4}}"
                   rf"|\d{{3}}(?P<h>[ '’\u00a0\u202f\u2009])\d{{3}}(?P=h)\d{{3}}(?P=h)\d{{3}})"
                   rf"(?![\w'’-]|{_GROUP}\d)")
"""Twelve digits as locales group them (red team `dune`): by fours with a space, a no-break or
narrow space, a dot or an apostrophe, or by threes with a space or an apostrophe (by threes with
dots is an address's shape); not a part of a longer grouped number (a card's)."""
_IDN_TLDS = "рф|рус|бел|укр|срб|қаз|ελ|中国|中國|香港|台灣|台湾|日本|한국|ישראל|مصر|السعودية|امارات|भारत|ไทย"
_UNICODE_HOST = (rf"(?<![\w.@＠{_MARKS}-])(?=[\w.{_MARKS}-]*[^\x00-\x7f])"
                 rf"(?:[^\W_](?:[\w{_MARKS}-]{{0,61}}[\w{_MARKS}])?\.)+(?:(?i:{_TLDS})|{_IDN_TLDS})"
                 r"(?![\w-]|\.\w)")
"""A host name with a label in another script (`bücherei-kavo.de`, `почта.пример.рф`, `データ.例え.jp`),
under a known suffix or a country's own (`.рф`, `.ελ`, `.中国`); red team `dune`. ASCII names are
`hostname`'s."""


def _whole_label(match: re.Match[str]) -> bool:
    """A host name starts a label: not after a letter or a mark of another script (`çiçek-
    hafa.com.tr` decomposed, `ilgın.öztürk@…`), where ASCII boundaries would cut the label in
    two and shadow the e-mail address or IDN name it belongs to (red team `dune`)."""
    text, start = match.string, match.start()
    while (start > 0 and text[start - 1] == "-") or (start > 0 and text[start - 1].isascii() and \
            text[start - 1].isalnum()):
        start -= 1
    if start == 0:
        return True
    before = text[start - 1]
    return before.isascii() or not (before.isalnum() or unicodedata.category(before)[0] == "M")


def _has_tld(text: str, low: str) -> bool:
    return "." in low and _TLD_HINT.search(low) is not None


_HEX_COLONS = re.compile(r"[0-9a-f]{1,4}:[0-9a-f]{1,4}:")
_HEX_PAIRS = re.compile(r"[0-9a-f]{2}([:-])[0-9a-f]{2}\1[0-9a-f]{2}")
_EC2_PREFIXES = ("i|vol|snap|eni|ami|sg|vpc|subnet|igw|nat|rtb|acl|pcx|tgw|tgw-attach|vpce|eipalloc"
                 "|eipassoc|lt|fs|fsap|vgw|cgw|vpn|eigw|dopt|rtbassoc|cvpn-endpoint")
_EC2_TRIGGERS = tuple(f"{p}-" for p in ("i", "vol", "snap", "eni", "ami", "sg", "vpc", "subnet", "igw",
                                         "nat", "rtb", "acl", "pcx", "tgw", "vpce", "eip", "lt", "fs",
                                         "vgw", "cgw", "vpn", "eigw", "dopt", "cvpn"))
_HEX_QUADS = re.compile(r"[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}")
_O = re.ASCII


def _phone(text: str) -> str | None:
    """8 to 15 digits (E.164; 10 when written without a separator: `+123456789` is a signed
    number), and not a date or a time."""
    digits = sum(c.isdigit() for c in text)
    least = 10 if text.startswith("+") and text[1:].isdigit() else 8
    return "phone_number" if least <= digits <= 15 and not _DATE.search(text) else None


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}")
_PHONE_CUES = ("+", "(", "tel", "phone", "call", "mobile", "cell", "fax", "sms", "whatsapp", "电话",
               "телефон")


def _mac(text: str) -> str | None:
    """Dotted quads of digits only are a version or a date (`2024.0611.1200`), not a MAC."""
    return "mac_address" if "." not in text or any(c in "abcdefABCDEF" for c in text) else None


_RDN = (r"(?:(?:CN|OU|O|L|UID|STREET)=(?:\\.|[^,=+\"\\\r\n<>;. \t]|[. \t](?=[^\s,=]))+"
        r"|(?:DC|C|ST)=[\w-]+)")
_DN = rf"(?i)\b{_RDN}(?:[ \t]*,[ \t]*{_RDN})+"
"""Two or more relative names: a common name or unit may hold spaces and dots (`CN=Ana Lee`,
`OU=Service Accounts`), a domain component no more than a label (a DN ends before `. Next`)."""


BUILTIN: tuple[Detector, ...] = (
    *KEY_BLOCKS,
    *VENDOR_TOKENS,
    *URL_SECRETS,
    *QUOTED,
    *NETWORK_DEVICES,
    *ASSIGNMENTS,
    *STATEMENTS,
    *FOREIGN_SECRETS,
    *PERSONAL_SECRETS,
    *PIPELINE_SECRETS,
    *SINKS,
    *TABLE_SECRETS,
    *APP_FILE_SECRETS,
    *SECTIONS,
    *ENCODED,
    define("high_entropy_secret", "high_entropy_secret", "secret", 0.5,
           r"(?<![A-Za-z0-9/+=_-])[A-Za-z0-9/+=_-]{32,}(?![A-Za-z0-9/+=_-])", (DIGIT,),
           gate=longer_than(32), enabled=False, min_len=32,
           description="long random-looking strings (off by default)"),
    *CREDENTIALS,
    # ---------------------------------------------------------------- identifiers
    define("cloudg_uri", "cloudg_uri", "identifier", 0.99,
           r"cloudg://(?:assets|datasets|findings)/[^\s\"'<>`]+", ("cloudg://",), min_len=10,
           description="cloudg:// resource URIs (the reference inside is pseudonymized); other "
                       "cloudg:// URIs are text like any other, scanned to their end"),
    define("aws_arn", "aws_arn", "identifier", 0.99,
           r"\barn:aws[a-z-]*:[a-z0-9-]*:[a-z0-9-]*:[^:\s\"']*:[^\s\"'<>,;)\]}]+", ("arn:",),
           min_len=12, description="AWS ARNs"),
    define("azure_resource_id", "azure_resource_id", "identifier", 0.99,
           r"(?i)/subscriptions/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
           r"(?:/[^\s\"'<>,;/]+)*", ("/subscriptions/",),
           min_len=51, description="Azure resource ids and subscription paths"),
    define("azure_tenant_in_url", "azure_tenant_id", "identifier", 0.95,
           r"(?i)\b(?:login\.microsoftonline\.(?:com|us|de)|login\.windows\.net|sts\.windows\.net"
           r"|login\.chinacloudapi\.cn|login\.partner\.microsoftonline\.cn|[\w-]+\.b2clogin\.com)/"
           r"(?P<v>\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?)",
           ("login.microsoftonline", "login.windows.net", "sts.windows.net", "login.chinacloudapi",
            "login.partner.microsoftonline", "b2clogin.com"), group="v", min_len=40,
           description="Entra ID (Azure AD) tenant ids in sign-in and token-issuer URLs"),
    define("cluster_oidc_issuer", "resource_name", "identifier", 0.95,
           r"(?i)\boidc\.eks\.[a-z0-9-]+\.amazonaws\.com(?:\.cn)?/id/(?P<v>[0-9A-F]{32})\b"
           r"|\b[a-z0-9-]+\.oic\.prod-aks\.azure\.com/(?P<w>[0-9a-f-]{36}/[0-9a-f-]{36})",
           ("oidc.eks.", ".oic.prod-aks."), group=("v", "w"), min_len=50,
           description="the issuer ids of EKS and AKS clusters' OIDC providers, whether or not the "
                       "dataset holds them (oidc.eks.<region>.amazonaws.com/id/<id>)"),
    define("gcp_resource_name", "gcp_resource_name", "identifier", 0.95,
           r"(?://[a-z0-9.-]+\.googleapis\.com/)?\bprojects/[a-z][a-z0-9-]{4,28}[a-z0-9]"
           r"(?:/[A-Za-z0-9._~%-]+)*", ("projects/",), min_len=15, description="GCP resource names"),
    define("oci_ocid", "oci_ocid", "identifier", 0.99,
           r"\bocid1\.[a-z0-9]+\.oc\d+\.[a-z0-9-]*\.[a-z0-9]{16,}(?:\.[a-z0-9]+)?", ("ocid1.",), flags=_O,
           min_len=30, description="Oracle Cloud (OCI) resource ids (ocid1.instance.oc1.iad....)"),
    define("alibaba_arn", "alibaba_arn", "identifier", 0.95,
           r"\bacs:[a-z0-9-]+:[a-z0-9-]*:\d*:[^\s\"'<>,;)\]}]+", ("acs:",), flags=_O, min_len=12,
           description="Alibaba Cloud resource names (acs:ram::<uid>:role/...)"),
    define("ibm_crn", "ibm_crn", "identifier", 0.95,
           r"\bcrn:v1:[a-z0-9-]+:[a-z0-9-]+:[a-z0-9-]*:[a-z0-9-]*:[^\s\"'<>,;)\]}]*", ("crn:v1:",),
           flags=_O, min_len=16, description="IBM Cloud resource names (crn:v1:bluemix:...)"),
    define("k8s_service_account", "k8s_service_account", "identifier", 0.95,
           r"\bsystem:serviceaccounts?:[a-z0-9-]+(?::[a-z0-9.-]+)?", ("system:serviceaccount",),
           flags=_O, min_len=24, description="Kubernetes service-account user names "
                                             "(system:serviceaccount:<namespace>:<name>)"),
    define("ldap_dn", "ldap_dn", "identifier", 0.9, _DN, ("cn=", "ou=", "dc=", "uid="), min_len=9,
           description="LDAP and Active Directory distinguished names (CN=...,OU=...,DC=corp,DC=example)"),
    define("windows_sid", "windows_sid", "identifier", 0.95, r"\bS-1-(?:5-21|12-1)(?:-\d{1,10}){3,4}\b",
           ("s-1-5-21-", "s-1-12-1-"), flags=_O, min_len=20,
           description="Windows security identifiers of domain and Entra principals (S-1-5-21-...)"),
    define("aws_resource_id", "resource_name", "identifier", 0.9,
           rf"\b(?:{_EC2_PREFIXES})-(?:[0-9a-f]{{17}}|[0-9a-f]{{8}})\b", _EC2_TRIGGERS,
           flags=_O, min_len=10, validate=lambda t: "resource_name" if any(c.isdigit() for c in t) else None,
           description="EC2 and VPC resource ids (i-, vol-, snap-, sg-, vpc-, subnet-, eni-, ami-...)"),
    define("bucket_url", "resource_name", "identifier", 0.9,
           r"(?:\b(?:s3|s3a|s3n|gs|gcs)://|\bhttps?://(?:storage\.googleapis\.com|storage\.cloud\.google\.com"
           r"|s3(?:[.-][a-z0-9-]+)?\.amazonaws\.com(?:\.cn)?)/)"
           r"(?P<v>[a-z0-9][a-z0-9._-]{1,61}[a-z0-9])(?=[/?#\s\"'<>,;)]|$)",
           ("s3://", "s3a://", "s3n://", "gs://", "gcs://", "storage.googleapis.com",
            "storage.cloud.google.com", "amazonaws.com/"), group="v", flags=_O, min_len=8,
           description="bucket names in s3:// and gs:// URLs and in path-style storage URLs "
                       "(storage.googleapis.com/<bucket>/, s3.<region>.amazonaws.com/<bucket>/)"),
    *PROVIDER_PATHS,
    *KUBERNETES_COMMANDS,
    define("aws_unique_id", "aws_unique_id", "identifier", 0.95,
           r"\b(?:AIDA|AROA|AIPA|ANPA|ANVA|ASCA|AGPA|APKA)[A-Z0-9]{12,20}\b",
           ("aida", "aroa", "aipa", "anpa", "anva", "asca", "agpa", "apka"), flags=_O,
           min_len=16, description="AWS unique ids of users, roles and groups"),
    define("aws_org_id", "aws_org_id", "identifier", 0.95, r"\bo-[a-z0-9]{10,32}\b", ("o-",),
           flags=_O, min_len=12, description="AWS organization ids"),
    define("aws_ou_id", "aws_ou_id", "identifier", 0.95, r"\bou-[a-z0-9]{4,32}-[a-z0-9]{8,32}\b",
           ("ou-",), flags=_O, min_len=16, description="AWS organizational unit ids"),
    define("aws_root_id", "aws_root_id", "identifier", 0.8, r"\br-[a-z0-9]{4,32}\b", ("r-",),
           flags=_O, validate=lambda t: "aws_root_id" if any(c.isdigit() for c in t) else None,
           min_len=6, description="AWS organization root ids"),
    # ---------------------------------------------------------------- pii
    *PERSONAL_IDENTIFIERS,
    define("email", "email", "pii", 0.95,
           rf"(?:(?<![\w.%+-])[\w.%+{_MARKS}-]+|\"[^\"\r\n@\\]{{1,64}}\")(?:@|%40)(?:[\w{_MARKS}-]+\.)+"
           rf"(?:[^\W\d_]{{2,}}|xn--[a-z0-9-]{{2,}})\b",
           ("@", "%40"), min_len=6,
           description="e-mail addresses: unicode and quoted local parts, IDN domains, the `%40` of "
                       "a URL's query (`?email=ana%40corp.io`, `mailto:`)"),
    define("ssh_key_comment", "person", "pii", 0.9, SSH_KEY_COMMENT.pattern, SSH_KEY_TRIGGERS, group="v",
           flags=SSH_KEY_COMMENT.flags, min_len=40, description="the user@host comment of an SSH public "
                                                                "key line (authorized_keys, a key pasted "
                                                                "into a ticket)"),
    define("url_userinfo", "url_userinfo", "pii", 0.9,
           r"\b[A-Za-z][A-Za-z0-9+.-]*://(?P<v>[^\s/:@\"']+)(?::[^\s/@\"']*)?@", ("://",), group="v",
           gate=lambda text, low: "@" in text, min_len=8,
           description="user names in URLs (scheme://user@host, scheme://user:password@host)"),
    define("phone_number", "phone_number", "pii", 0.8,
           r"(?<![\w+])(?P<i>\+\d{1,3}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]?\d{1,5}){2,6})(?![\w-])"
           r"|(?<![\w)])(?P<n>\(\d{3}\)[ .-]?\d{3}[ .-]\d{4})(?![\w-])"
           r"|(?i:\b(?:tel|phone|call|mobile|cell|fax|sms|whatsapp)\b|电话|телефон)[.:]?[ \t]*"
           r"(?P<v>\d[\d .-]{6,16}\d)(?![\w-])", _PHONE_CUES, group=("i", "n", "v"), validate=_phone,
           min_len=9, description="phone numbers: international (+44 20 ...), (415) 555-0187, or "
                                  "after tel, phone, call"),
    # ---------------------------------------------------------------- network
    define("ipv4", "ip_address", "network", 0.9,
           r"(?<!\w)(?<!\w\.)\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?(?!\w|\.\w|/\d)", (DIGIT,), flags=_O,
           validate=refine_ip, gate=lambda text, low: "." in low,
           min_len=7, description="IPv4 addresses and CIDRs (refined private, public, special)"),
    define("ipv6", "ipv6", "network", 0.9,
           r"(?<![\w:])(?:[0-9A-Fa-f]{1,4}:){1,7}(?::|(?::[0-9A-Fa-f]{1,4}){1,7}|[0-9A-Fa-f]{1,4})"
           r"(?:/\d{1,3})?(?![\w:])", (), flags=_O, validate=refine_ip,
           gate=lambda text, low: "::" in low or _HEX_COLONS.search(low) is not None,
           min_len=6, description="IPv6 addresses and CIDRs"),
    define("mac_address", "mac_address", "network", 0.8,
           r"\b[0-9A-Fa-f]{2}(?:([:-])[0-9A-Fa-f]{2})(?:\1[0-9A-Fa-f]{2}){4}\b"
           r"|(?<![\w.])[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}(?![\w]|\.\w)", (), flags=_O,
           gate=lambda text, low: _HEX_PAIRS.search(low) is not None or _HEX_QUADS.search(low) is not None,
           validate=_mac, min_len=14,
           description="MAC addresses (colons, dashes, or Cisco's dotted quads with a hex letter)"),
    define("idn_hostname", "hostname", "network", 0.75,
           r"(?<![\w.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*xn--[a-z0-9-]{1,59}"
           r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.(?:[a-z]{2,24}|xn--[a-z0-9]{2,59})\b(?![.-]\w)",
           ("xn--",), flags=_O | re.IGNORECASE, accept=_whole_label, min_len=8,
           description="host names with a label in punycode, whatever their top-level domain "
                       "(xn--80ak6aa92e.in, db.xn--p1ai)"),
    define("unicode_hostname", "hostname", "network", 0.7, _UNICODE_HOST, (), flags=re.IGNORECASE,
           gate=lambda text, low: "." in text and not text.isascii(),
           validate=lambda t: None if is_service_host(t) else "hostname", min_len=5,
           description="host names with a label in another script (bücherei-kavo.de, почта.пример.рф)"),
    define("hostname", "hostname", "network", 0.7,
           rf"\b(?:[A-Za-z0-9](?:[A-Za-z0-9-]{{0,61}}[A-Za-z0-9])?\.)+(?i:{_TLDS})\b(?![.-]\w)",
           (), flags=_O, gate=_has_tld, accept=_whole_label,
           validate=lambda t: None if is_service_host(t) else "hostname",
           min_len=4, description="host names with a known top-level domain (provider endpoints excepted)"),
    define("aws_account_id", "aws_account_id", "identifier", 0.7,
           r"(?<![\w.+])\d{4}(?:\d{8}(?!\w|\.\d)|(?<!-\d{4})-\d{4}-\d{4}(?![\w-]|\.\d))"
           rf"|{_LOCALE_GROUPED}",
           (DIGIT,), flags=_O, min_len=12,
           description="bare 12-digit AWS account ids, also as the console writes them (1234-5678-9012) "
                       "and as locales group digits (1234 5678 9012, 1234.5678.9012, 123'456'789'012)"),
    define("uuid", "uuid", "identifier", 0.6,
           r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b",
           ("-",), enabled=False, min_len=36, description="any UUID (off by default)"),
    *TABLE_IDENTIFIERS,
    *FOREIGN_PEOPLE,
    *CONNECTION_FIELDS,
    *MACHINE_FILES,
    *ACCOUNT_PLACES,
    *IAC_NAMES,
    *TRAFFIC_NAMES,
    *MENTIONS,
)
"""In priority order: when two findings overlap, the earlier detector wins."""
