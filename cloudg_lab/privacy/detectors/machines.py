"""The names files about machines give bare: `/etc/hosts` lines and `ssh_config` entries.

A hosts file writes an address and then the machine's short name (`10.20.30.41  ledgerdb01
ledgerdb01.corp.internal`); an SSH client's config names a machine by an alias of its own and
the login it uses (`Host bastion` / `HostName 10.0.0.9` / `User ana`); a Prometheus target
label gives the machine a scrape reached (`instance="ledgerdb01:9100"`). No host detector reads
a name without a dot, and no key types these, so under `strict` they passed. Dotted names are
left to the host detectors; `localhost`, wildcards and the ip6 names every hosts file has stay.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.accounts import SYSTEM_ACCOUNTS
from cloudg_lab.privacy.detectors.base import Detector, define

_BARE = r"(?P<v>[A-Za-z][A-Za-z0-9-]{1,62})(?![\w.*?-])"
_EVERY_HOSTS_FILE = frozenset({"localhost", "broadcasthost", "ip6-localhost", "ip6-loopback", "ip6-localnet",
                               "ip6-mcastprefix", "ip6-allnodes", "ip6-allrouters", "ip6-allhosts"})


def _machine(match: re.Match[str]) -> bool:
    return match["v"].lower() not in _EVERY_HOSTS_FILE


_NAMES_ONLY = re.compile(r"(?:[ \t]+[A-Za-z0-9][\w.-]*)*[ \t]*(?:#[^\r\n]*)?(?:\r?\n|$)")


def _hosts_line(match: re.Match[str]) -> bool:
    """A hosts file's line: names only after the address, and either an alias that is the name
    dotted (`db01 db01.corp.local`) or a text that says it is one (`/etc/hosts`, `localhost`);
    `10.0.0.5 connected to db` is a log line."""
    rest = _NAMES_ONLY.match(match.string, match.end())
    if rest is None or not _machine(match):
        return False
    name = match["v"].lower()
    if f" {name}." in rest.group().lower():
        return True
    low = match.string.lower()
    return "localhost" in low or "hosts" in low


def _login(match: re.Match[str]) -> bool:
    return match["v"].lower() not in SYSTEM_ACCOUNTS


MACHINE_FILES: tuple[Detector, ...] = (
    define("hosts_file_name", "hostname", "network", 0.8,
           rf"(?m)^[ \t]*(?:\d{{1,3}}(?:\.\d{{1,3}}){{3}}|[0-9A-Fa-f:]*:[0-9A-Fa-f:]+)[ \t]+{_BARE}",
           ("\\d",), group="v", accept=_hosts_line, min_len=10,
           description="the short name of a hosts-file line (10.0.0.5  db01 db01.corp.local)"),
    define("ssh_config_host", "hostname", "network", 0.8, rf"(?im)^[ \t]*Host[ \t]+{_BARE}[ \t]*$",
           ("hostname", "identityfile", "proxyjump"), group="v", accept=_machine, min_len=12,
           description="the alias an ssh_config Host entry gives a machine (Host bastion)"),
    define("ssh_config_user", "person", "pii", 0.8,
           r"(?im)^[ \t]*User[ \t]+(?P<v>[A-Za-z_][\w.-]{1,31})[ \t]*$",
           ("hostname", "identityfile", "proxyjump"), group="v", accept=_login, min_len=12,
           description="the login of an ssh_config entry (User ana), not root or a service account"),
    define("prometheus_instance", "hostname", "network", 0.8, rf"\binstance=\"{_BARE}:\d{{2,5}}\"",
           ('instance="',), group="v", accept=_machine, min_len=16,
           description="the machine of a Prometheus instance label (instance=\"db01:9100\")"),
)
