"""Secrets in the configuration of network devices: routers, switches, firewalls, VPN gateways.

Their configs are text that no key rule sees: `username ops privilege 15 password 7 <hex>`,
`snmp-server community <c> RO`, `tacacs-server key <k>`, `crypto isakmp key <psk> address ...`,
Junos `pre-shared-key ascii-text "<psk>"` and `encrypted-password "$9$..."`. Cisco type 7 and
Junos `$9$` values are reversible by anyone, so they are secrets like the plain ones. A line is
read only when it begins with a device command (or, indented under one, with the keyword
itself and a value that is no plain word), so prose about keys and passwords keeps its text.
"""

from __future__ import annotations

from cloudg_lab.privacy.detectors.base import Detector, define

_COMMANDS = (r"enable|username|snmp-server|radius-server|radius|tacacs-server|tacacs|crypto|ntp|ip"
             r"|ipv6|aaa|wpa-psk|server-private|neighbor|local-user|authentication-key")
_KEYWORDS = (r"secret|password|encrypted-password|passwd|key|key-string|authentication-key"
             r"|message-digest-key|community|pre-shared-key|psksecret|psk|md5|sha")
_MODIFIERS = (r"(?:[ \t]+(?:ascii-text|ascii|hex|encrypted|unencrypted|ENC|cipher|irreversible-cipher"
              r"|simple|local|remote|md5|sha\d*|\d{1,3}))*")
_NOT_A_WORD = r"(?=[^\s\"]*[^a-z\s\"])"
"""A value with something besides lower-case letters: `set the password expiry` names no secret."""
_CONFIG_LINE = (rf"(?m)^[ \t]*(?:no[ \t]+)?(?:{_COMMANDS})\b(?:[^\n]*?[ \t])?(?:{_KEYWORDS}){_MODIFIERS}"
                r"[ \t]+\"?(?P<v>[^\s\"]{4,})"
                rf"|^[ \t]*set\b[^\n]*?[ \t](?:{_KEYWORDS}){_MODIFIERS}[ \t]+"
                rf"(?:\"(?P<q>[^\"\n]{{4,}})\"|(?P<u>{_NOT_A_WORD}[^\s\"]{{4,}}))"
                rf"|^[ \t]+(?:{_KEYWORDS}){_MODIFIERS}[ \t]+\"?(?P<w>{_NOT_A_WORD}[^\s\"]{{4,}})"
                r"|^[^\n#:]*:[ \t]*(?:PSK|XAUTH|EAP)[ \t]+\"(?P<s>[^\"\n]{4,})\"")
_SNMP_PRIV = (r"(?m)^[ \t]*snmp-server[ \t]+user\b[^\n]*?[ \t]priv[ \t]+(?:aes|des|3des)(?:[ \t]+\d+)?[ \t]+"
              r"(?P<v>[^\s\"]{4,})")
"""Cisco-style commands are lower case, so prose that begins `Enable password...` is none;
Junos `set` lines and keywords indented under a command need a quoted or non-word value. An
SNMPv3 user line holds two secrets (auth, then priv); a match ends at the first, so the priv
one has its own detector. strongSwan's ipsec.secrets lines (`<ids> : PSK "<secret>"`) too."""

NETWORK_DEVICES: tuple[Detector, ...] = (
    define("device_config_secret", "password", "secret", 0.85, _CONFIG_LINE,
           ("secret", "password", "key", "community", "psk", "md5", "sha", "xauth", "eap"),
           group=("v", "q", "u", "w", "s"),
           min_len=12,
           description="passwords, keys and communities in router, switch and firewall configs "
                       "(Cisco enable/username/snmp-server/tacacs/radius/isakmp, Junos set lines)"),
    define("snmpv3_priv_secret", "password", "secret", 0.85, _SNMP_PRIV, ("snmp-server",), group="v",
           min_len=30, description="the privacy passphrase of an SNMPv3 user line (after its auth one)"),
    define("junos_secret", "password", "secret", 0.9, r"\$9\$[A-Za-z0-9./-]{8,}", ("$9$",),
           min_len=11, description="Junos $9$ secrets (reversible: the plain text to anyone)"),
)
