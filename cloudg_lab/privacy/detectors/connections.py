"""Names in connection strings, URL hosts and query fields, judged by their place like a dict key.

`Server=tcp:ledger-sql01,1433;Initial Catalog=payments;User ID=ledger_admin;Password=...`
separates each value from a key the rules would know, as a CSV table does: the password is
found by its assignment, but the user, the database, the storage account (`AccountName=`) and a
server without a public suffix passed under `strict`. Each `field=value` pair of a text holding
two or more of them (`;`-separated, or a URL's `?`/`&` query) is judged by its field: a user is a
person, a host a host name, an account, database, queue or bucket a resource name. The host of
a URL is a host name whatever its suffix (`redis://ledger-cache:6379`, `http://build-07/`): the
hostname detector, which needs a public or private suffix, misses a bare machine name there.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.accounts import SYSTEM_ACCOUNTS
from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.hosts import is_service_host

_FIELDS: dict[str, str] = {
    **dict.fromkeys(("user id", "userid", "user", "uid", "username", "user name", "login", "login id",
                     "db user", "dbuser"), "person"),
    **dict.fromkeys(("data source", "server", "host", "hostname", "address", "addr",
                     "network address", "failover partner"), "hostname"),
    **dict.fromkeys(("accountname", "account name", "account", "initial catalog", "database", "dbname",
                     "db", "entitypath", "entity path", "queue", "topic", "container", "share",
                     "bucket", "vhost", "virtual host", "schema", "warehouse", "cluster",
                     "application name", "app name"), "resource_name"),
}
"""Fields by what their value is; others (`Encrypt`, `Port`, `Timeout`) are settings."""
_SPACED = "|".join(sorted((f for f in _FIELDS if " " in f), key=len, reverse=True))
_PAIR = re.compile(rf"(?i)(?:^|(?<=[;?&\s]))[ \t]*(?P<k>{_SPACED}|[a-z][a-z0-9_-]{{0,30}})[ \t]*=[ \t]*"
                   r"(?:tcp:|np:|lpc:)?(?P<v>[^;&#\s\"'<>=,][^;&#\r\n\"'<>=,]*?)[ \t]*(?=[;&#,\s\"'<>]|$)")
"""A `field=value` pair (a server's protocol prefix `tcp:` and port after a comma left out)."""
_PAIRS = re.compile(r"(?i)[a-z][a-z0-9 _-]{0,30}=[^;&]*[;&][ \t]*[a-z][a-z0-9 _-]{0,30}=")
"""Two pairs in a row: a connection string or a query, not an assignment in prose."""


def _field(match: re.Match[str]) -> str:
    """The field as `_FIELDS` spells it (`User_ID`, `user-id`: `user id`)."""
    return " ".join(match["k"].replace("_", " ").replace("-", " ").lower().split())


def _of(entity: str, category: str) -> Detector:
    def accept(match: re.Match[str]) -> bool:
        value = match["v"]
        return _FIELDS.get(_field(match)) == entity and len(value) >= 2 and \
            (entity != "person" or value.lower() not in SYSTEM_ACCOUNTS)  # `USER=root` names nobody

    return define(f"connection_{entity}", entity, category, 0.85, _PAIR.pattern, ("=",), group="v",
                  gate=lambda text, low: (";" in text or "?" in text) and _PAIRS.search(text) is not None,
                  accept=accept, min_len=12,
                  description=f"{entity.replace('_', ' ')}s in connection strings and URL queries "
                              "(User ID=, Initial Catalog=, AccountName=, ?user=)")


_NOT_HOSTS = frozenset({"localhost", "host", "hostname", "server", "example", "your-host", "db",
                        "redis", "postgres", "mysql", "mongo", "rabbitmq", "kafka"})
"""Placeholders and the service names of local containers (`redis://redis:6379`), not hosts."""


_NOT_DATABASES = frozenset({"postgres", "mysql", "admin", "master", "test", "template1", "defaultdb",
                            "db", "database", "information_schema", "sys", "local", "config"})
"""The databases every server of its kind has, and placeholders."""


def _named_host(match: re.Match[str]) -> bool:
    host = match["v"].lower()
    return host not in _NOT_HOSTS and not host.replace(".", "").isdigit() and not is_service_host(host)


CONNECTION_FIELDS: tuple[Detector, ...] = (
    _of("person", "pii"), _of("hostname", "network"), _of("resource_name", "identifier"),
    define("url_host", "hostname", "network", 0.8,
           r"\b(?!cloudg://)[A-Za-z][A-Za-z0-9+.-]*://(?:[^\s/@\"'<>]*@)?"
           r"(?P<v>[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
           r"[A-Za-z0-9])?)*)(?=[:/?#\s\"'<>,;)\]}]|$)", ("://",), group="v", accept=_named_host,
           min_len=8, description="the host of a URL whatever its suffix (redis://ledger-cache:6379, "
                                  "http://build-07/): host names need no public suffix there; "
                                  "cloudg:// names a kind, not a host"),
    define("url_database", "resource_name", "identifier", 0.8,
           r"\b(?:jdbc:)?(?:postgres(?:ql)?|mysql|mariadb|sqlserver|mongodb(?:\+srv)?|redshift|snowflake"
           r"|clickhouse|cockroachdb|oracle:thin)://[^\s/\"'<>]+/(?P<v>[A-Za-z_][\w$-]{1,62})(?=[?;#\s\"'<>,)]|$)",
           ("://",), group="v", accept=lambda match: match["v"].lower() not in _NOT_DATABASES, min_len=12,
           description="the database a connection URL opens (postgresql://host:5432/<db>, "
                       "jdbc:mysql://host/<db>): its name is the customer's"),
    define("unc_host", "hostname", "network", 0.8,
           r"(?<![\\\w])\\\\(?P<v>[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
           r"[A-Za-z0-9])?)*)(?=\\|[\s\"'<>,;)\]}]|$)", ("\\\\",), group="v", accept=_named_host,
           min_len=5, description="the host of a Windows UNC path (\\\\fs01\\finance$), the URL host "
                                  "of SMB shares"),
)
