"""The built-in value detectors: what a secret, an identifier or an address looks like in text.

Each detector carries *triggers*, lower-case literals one of which must occur in the text before
its regular expression runs. Python's `re` tries every alternative at every position, so a
combined pattern costs about a quarter of a microsecond per character; a handful of `in` checks
costs almost nothing and rules out most strings.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from cloudg_lab.privacy.hosts import is_service_host

DIGIT = "\\d"
"""A trigger meaning "the text holds a digit"."""

Validator = Callable[[str], "str | None"]
Gate = Callable[[str, str], bool]
"""`(text, lower-cased text) -> may this detector match?`, checked before the triggers."""


@dataclass(frozen=True)
class Detector:
    """A value detector. `group` names the capture holding the sensitive part, if not all."""

    name: str
    entity: str
    category: str
    confidence: float
    regex: re.Pattern[str]
    triggers: tuple[str, ...] = ()
    group: str | None = None
    validate: Validator | None = None
    gate: Gate | None = None
    enabled: bool = True
    keys: tuple[str, ...] | None = None
    description: str = ""
    builtin: bool = True
    min_len: int = 0
    """Shorter texts are not looked at (most values are short: types, regions, severities)."""
    literals: tuple[str, ...] = field(init=False)
    digit: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "literals", tuple(t for t in self.triggers if t != DIGIT))
        object.__setattr__(self, "digit", DIGIT in self.triggers)


def _ip_kind(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """Documentation ranges count as public: example and test data use them for real hosts, and
    `is_private` would otherwise keep them (ipaddress files them as private)."""
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


def _aws_secret(text: str) -> str | None:
    has = (any(c.isupper() for c in text), any(c.islower() for c in text),
           any(c.isdigit() for c in text))
    return "aws_secret_access_key" if all(has) else None


_TLDS = ("com|net|org|io|dev|app|cloud|internal|local|lan|corp|intra|int|edu|gov|mil|co|us|uk|de|"
         "fr|nl|eu|ca|au|jp|ch|se|no|es|it|biz|info|example|test|localdomain|home|arpa|goog|ai|"
         "tech|site|online")
_DOT_TLDS = tuple(f".{tld}" for tld in _TLDS.split("|"))


def _has_tld(text: str, low: str) -> bool:
    return "." in low and any(tld in low for tld in _DOT_TLDS)


_HEX_COLONS = re.compile(r"[0-9a-f]{1,4}:[0-9a-f]{1,4}:")
_HEX_PAIRS = re.compile(r"[0-9a-f]{2}([:-])[0-9a-f]{2}\1[0-9a-f]{2}")


def _long(n: int) -> Gate:
    return lambda text, low: len(text) >= n

_O = re.ASCII


def _d(name: str, entity: str, category: str, confidence: float, pattern: str,  # noqa: PLR0917
       triggers: tuple[str, ...] = (), *, group: str | None = None,
       validate: Validator | None = None, gate: Gate | None = None, enabled: bool = True,
       flags: int = 0, min_len: int = 0, description: str = "") -> Detector:
    return Detector(name=name, entity=entity, category=category, confidence=confidence,
                    regex=re.compile(pattern, flags), triggers=triggers, group=group,
                    validate=validate, gate=gate, enabled=enabled, description=description,
                    min_len=min_len)


BUILTIN: tuple[Detector, ...] = (
    # ---------------------------------------------------------------- secrets
    _d("private_key", "private_key", "secret", 1.0,
       r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?"
       r"(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
       ("private key",), flags=re.DOTALL, min_len=40, description="PEM or PGP private key blocks"),
    _d("jwt", "jwt", "secret", 0.95,
       r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*", ("eyj",),
       min_len=30, description="JSON web tokens"),
    _d("url_credentials", "password", "secret", 0.95,
       r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/:@\"']+:(?P<v>[^\s/@\"']+)@", ("://",),
       group="v", min_len=10, description="passwords in URLs (scheme://user:password@host)"),
    _d("connection_string_secret", "password", "secret", 0.95,
       r"(?i)\b(?:password|pwd)\s*=\s*(?P<v>[^;\"'\s]+)", ("password", "pwd"), group="v",
       min_len=8, description="passwords in connection strings (Password=...;)"),
    _d("azure_storage_key", "azure_storage_key", "secret", 0.9,
       r"(?i)\bAccountKey\s*=\s*(?P<v>[A-Za-z0-9+/=]{20,})", ("accountkey",), group="v",
       min_len=30, description="Azure storage account keys in connection strings"),
    _d("azure_sas_signature", "azure_sas_signature", "secret", 0.95,
       r"(?i)\bsig=(?P<v>[A-Za-z0-9%+/=]{20,})", ("sig=",), group="v",
       min_len=24, description="Azure SAS token signatures"),
    _d("github_token", "api_token", "secret", 0.99,
       r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})",
       ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), min_len=34, description="GitHub tokens"),
    _d("slack_token", "api_token", "secret", 0.99, r"\bxox[abprs]-[A-Za-z0-9-]{10,}", ("xox",),
       min_len=15, description="Slack tokens"),
    _d("google_api_key", "api_token", "secret", 0.99, r"\bAIza[0-9A-Za-z_-]{35}", ("aiza",),
       min_len=39, description="Google API keys"),
    _d("stripe_key", "api_token", "secret", 0.99, r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}",
       ("sk_live", "sk_test", "rk_live", "rk_test"), min_len=24, description="Stripe secret keys"),
    _d("authorization_header", "authorization_header", "secret", 0.9,
       r"(?i)\b(?:bearer|basic|token)\s+(?P<v>[A-Za-z0-9._~+/=-]{16,})",
       ("bearer", "basic", "token"), group="v", min_len=22, description="Authorization header values"),
    _d("aws_secret_access_key", "aws_secret_access_key", "secret", 0.95,
       r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])", (DIGIT,),
       validate=_aws_secret, gate=_long(40), min_len=40, description="40-character AWS secret access keys"),
    _d("secret_assignment", "secret", "secret", 0.85,
       r"(?i)(?<![A-Za-z0-9_-])(?:[A-Za-z0-9]+[_-])*(?:password|passwd|pwd|passphrase|secret|"
       r"client_secret|api[_-]?key|access[_-]?token|auth[_-]?token|token)\b[\"']?\s*[:=]\s*[\"']?"
       r"(?P<v>[^\s\"',;}{]{4,})",
       ("pass", "pwd", "secret", "key", "token"), group="v",
       min_len=8, description="assignments like password=..., DB_PASSWORD: ... or \"token\": \"...\""),
    _d("high_entropy_secret", "high_entropy_secret", "secret", 0.5,
       r"(?<![A-Za-z0-9/+=_-])[A-Za-z0-9/+=_-]{32,}(?![A-Za-z0-9/+=_-])", (DIGIT,),
       gate=_long(32), enabled=False, min_len=32, description="long random-looking strings (off by default)"),
    # ---------------------------------------------------------------- credentials
    _d("aws_access_key_id", "aws_access_key_id", "credential", 0.99,
       r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b", ("akia", "asia", "abia", "acca"), flags=_O,
       min_len=20, description="AWS access key ids"),
    # ---------------------------------------------------------------- identifiers
    _d("cloudg_uri", "cloudg_uri", "identifier", 0.99, r"cloudg://[^\s\"'<>`]+", ("cloudg://",),
       min_len=10, description="cloudg:// resource URIs (the reference inside is pseudonymized)"),
    _d("aws_arn", "aws_arn", "identifier", 0.99,
       r"\barn:aws[a-z-]*:[a-z0-9-]*:[a-z0-9-]*:[^:\s\"']*:[^\s\"'<>,;)\]}]+", ("arn:",),
       min_len=12, description="AWS ARNs"),
    _d("azure_resource_id", "azure_resource_id", "identifier", 0.99,
       r"(?i)/subscriptions/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
       r"(?:/[^\s\"'<>,;/]+)*", ("/subscriptions/",),
       min_len=51, description="Azure resource ids and subscription paths"),
    _d("gcp_resource_name", "gcp_resource_name", "identifier", 0.95,
       r"(?://[a-z0-9.-]+\.googleapis\.com/)?\bprojects/[a-z][a-z0-9-]{4,28}[a-z0-9]"
       r"(?:/[A-Za-z0-9._~%-]+)*", ("projects/",), min_len=15, description="GCP resource names"),
    _d("aws_unique_id", "aws_unique_id", "identifier", 0.95,
       r"\b(?:AIDA|AROA|AIPA|ANPA|ANVA|ASCA|AGPA|APKA)[A-Z0-9]{12,20}\b",
       ("aida", "aroa", "aipa", "anpa", "anva", "asca", "agpa", "apka"), flags=_O,
       min_len=16, description="AWS unique ids of users, roles and groups"),
    _d("aws_org_id", "aws_org_id", "identifier", 0.95, r"\bo-[a-z0-9]{10,32}\b", ("o-",),
       flags=_O, min_len=12, description="AWS organization ids"),
    _d("aws_ou_id", "aws_ou_id", "identifier", 0.95, r"\bou-[a-z0-9]{4,32}-[a-z0-9]{8,32}\b",
       ("ou-",), flags=_O, min_len=16, description="AWS organizational unit ids"),
    _d("aws_root_id", "aws_root_id", "identifier", 0.8, r"\br-[a-z0-9]{4,32}\b", ("r-",),
       flags=_O, validate=lambda t: "aws_root_id" if any(c.isdigit() for c in t) else None,
       min_len=6, description="AWS organization root ids"),
    # ---------------------------------------------------------------- pii
    _d("email", "email", "pii", 0.95, r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b",
       ("@",), flags=_O, min_len=6, description="e-mail addresses"),
    _d("url_userinfo", "url_userinfo", "pii", 0.9,
       r"\b[A-Za-z][A-Za-z0-9+.-]*://(?P<v>[^\s/:@\"']+)@", ("://",), group="v",
       min_len=8, description="user names in URLs (scheme://user@host)"),
    # ---------------------------------------------------------------- network
    _d("ipv4", "ip_address", "network", 0.9,
       r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?(?![\w.]|/\d)", (DIGIT,), flags=_O,
       validate=refine_ip, gate=lambda text, low: "." in low,
       min_len=7, description="IPv4 addresses and CIDRs (refined private, public, special)"),
    _d("ipv6", "ipv6", "network", 0.9,
       r"(?<![\w:])(?:[0-9A-Fa-f]{1,4}:){1,7}(?::|(?::[0-9A-Fa-f]{1,4}){1,7}|[0-9A-Fa-f]{1,4})"
       r"(?:/\d{1,3})?(?![\w:])", (), flags=_O, validate=refine_ip,
       gate=lambda text, low: "::" in low or _HEX_COLONS.search(low) is not None,
       min_len=6, description="IPv6 addresses and CIDRs"),
    _d("mac_address", "mac_address", "network", 0.8,
       r"\b[0-9A-Fa-f]{2}(?:([:-])[0-9A-Fa-f]{2})(?:\1[0-9A-Fa-f]{2}){4}\b", (),
       flags=_O, gate=lambda text, low: _HEX_PAIRS.search(low) is not None,
       min_len=17, description="MAC addresses"),
    _d("hostname", "hostname", "network", 0.7,
       rf"\b(?:[A-Za-z0-9](?:[A-Za-z0-9-]{{0,61}}[A-Za-z0-9])?\.)+(?i:{_TLDS})\b(?![.-]\w)",
       (), flags=_O, gate=_has_tld,
       validate=lambda t: None if is_service_host(t) else "hostname",
       min_len=4, description="host names with a known top-level domain (provider endpoints excepted)"),
    _d("aws_account_id", "aws_account_id", "identifier", 0.7, r"(?<![\w.+])\d{12}(?![\w.])",
       (DIGIT,), flags=_O, min_len=12, description="bare 12-digit AWS account ids"),
    _d("uuid", "uuid", "identifier", 0.6,
       r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b",
       ("-",), enabled=False, min_len=36, description="any UUID (off by default)"),
)
"""In priority order: when two findings overlap, the earlier detector wins."""
