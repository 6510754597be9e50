"""Secrets that code, SQL, CLI flags and prose set apart from their key by more than `=` or `:`.

The assignment detectors (`secrets`) read `KEY=value` and `"key": "value"`. Runbooks, scripts
and tickets also write a secret as a call's second argument (`define('DB_PASSWORD', '...')`,
`os.environ["API_TOKEN"] = "..."`, `'password' => '...'`), as an SQL clause (`CREATE USER app
IDENTIFIED BY '...'`, `ALTER ROLE app WITH PASSWORD '...'`, `CREATE DATABASE LINK l CONNECT TO u
IDENTIFIED BY "..."`, an `OPTIONS (password '...')` item), after a compound flag
(`--master-user-password ...`), as a Java properties entry (`<entry key="db.password">`) or a
Hadoop configuration property (`<name>fs.s3a.secret.key</name><value>...</value>`),
in a sentence (`the password is ...`, `set the password to ...`) or as a user/password pair
after a cue (`credentials admin/...`, `login is admin / ...`). Where a key is written, its key
rule decides (`--password-file` and `passwordless` name no secret); where only prose says so,
the value must look like a secret (letters with digits or symbols, not a word, no `=`, `/`, `@`
or `:` of a name, a path or an address), so
"the password is expired" and "the token is CN=svc,OU=..." stay as written.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.keys import key_rule

_NAMED = r"password|passwd|passphrase|pass|pw|pwd|secret|token|key|credential|psk"
_CALLED = (rf"""(?i)(?:["']|(?<![\w:]):)(?P<k>[\w.-]*(?:{_NAMED})[\w.-]*)["']?\s*(?:,|\]\s*=|\)\s*=|=>)"""
           r"""\s*["'](?P<v>[^"'\r\n]{4,})["']""")
"""A quoted key name (or a Ruby symbol), then `,` (a call's arguments), `] =` or `) =` (an item
set), or `=>` (a PHP or Ruby hash), then the quoted value."""
_SQL = (r"""(?i)\b(?:create|alter)\s+(?:user|role|login|(?:public\s+|shared\s+)*database\s+link)\b"""
        r"""[^;\r\n]*?\b(?:identified\s+(?:with\s+\w+\s+)?by"""
        r"""|password\s*=?)\s*(?:(?P<o>["'])(?P<q>[^"'\r\n]{4,})(?P=o)|(?P<v>[^\s;"']{4,}))""")
_OPTIONS = r"""(?i)(?<=[(,])\s*(?P<k>[a-z_]\w*)\s+'(?P<v>[^'\r\n]{4,})'(?=\s*[,)])"""
"""An item of an SQL/MED `OPTIONS (...)` list, the option's name then its quoted value
(`CREATE SERVER ... OPTIONS (USER 'etl', PASSWORD '...')`, `CREATE USER MAPPING ... OPTIONS
(user 'etl', password '...')`): the name rules the value, as a dict key would."""
_FLAG = (r"""(?i)(?<![\w-])--(?P<k>[a-z][\w-]*?-(?:password|passwd|passphrase|secret|token|api-key|key))"""
         r"""(?:=|\s+)["']?(?P<v>(?![/~]|\.\.?/)[^\s"'`]{4,})""")
"""A compound long flag ending in a secret's word (`--master-user-password`, `--db-password`,
`--webhook-secret`): the flag, read as a key, must name a secret (`--public-key` does not), and
its value is no path (`--kubelet-client-key /etc/kubernetes/pki/...` names a file)."""
_ENTRY = (r"""(?i)<(?P<t>[\w.:-]+)\s[^<>]*?\b(?:key|name)\s*=\s*["'](?P<k>[^"'<>]{2,80})["'][^<>]*>"""
          r"""(?P<v>[^<>\r\n]{4,})</(?P=t)\s*>""")
_PROPERTY = (r"""(?i)<name>[ \t]*(?P<k>[^<>\s]{2,120})[ \t]*</name>\s*"""
             r"""(?:<description>[^<>]*</description>\s*)?"""
             r"""<value>[ \t]*(?P<v>[^<>\s][^<>\r\n]{3,}?)[ \t]*</value>""")
"""A Hadoop-style configuration property (core-site.xml, hive-site.xml, hdfs-site.xml): the name
in its own element, the value in the next (`<name>fs.s3a.secret.key</name><value>...</value>`)."""
_SAID = (r"""(?i)\b(?P<k>password|passphrase|passcode|pin|api key|secret)\s+(?:is|was|=|set to"""
         r"""|changed to|reset to)\s*:?\s*["'`]?(?P<v>[^\s"'`,;=/@:]{5,}[^\s"'`,;.!?)=/@:])(?![=/@:\w])""")
_SET = (r"""(?i)\b(?:set|reset|changed?|updated?|rotated?)\s+(?:(?:the|my|your|its|their|his|her|a|an)\s+)?"""
        r"""(?:[\w-]+\s+){0,2}?(?:password|passphrase|passcode|pin)\s+to\s*:?\s*["'`]?"""
        r"""(?P<v>[^\s"'`,;=/@:]{5,}[^\s"'`,;.!?)=/@:])(?![=/@:\w])""")
"""A sentence that sets a password to a value (`I set the password to ...`, `reset the admin
password to ...`; red team `gale`): the verb comes first, so `_SAID` does not read it."""
_PAIRED = (r"""(?i)\b(?:credentials?|creds|login|user\s*/\s*pass(?:word)?)(?:\s+(?:is|are|was))?"""
           r"""(?:\s*[:=]\s*|\s+)"""
           r"""[\w@\\-][\w.@\\-]*\s*/\s*(?P<v>[^\s"'/,;=@:]{6,})(?![/=@:])""")


def names_secret(key: str) -> bool:
    """Whether `key` (a dict key, a flag, a variable, a lookup) names a secret by the key rules."""
    return key_rule(key.replace("-", "_")).kind == "sensitive"


def _named(match: re.Match[str]) -> bool:
    """The key the value sits beside names a secret by the rule a dict key would."""
    return names_secret(match.group("k"))


def secret_shaped(value: str) -> str | None:
    """A value prose calls a secret is one when it is no word: letters with digits or symbols,
    or mixed case past the first letter (`Zq7pLm2x`, `hunter2!`, not `expired` or `Required`)."""
    letters = any(c.isalpha() for c in value)
    others = any(not c.isalpha() for c in value)
    mixed = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    return "password" if letters and (others or mixed) else None


STATEMENTS: tuple[Detector, ...] = (
    define("called_secret", "secret", "secret", 0.85, _CALLED, ("pass", "pw", "secret", "token", "key",
                                                              "credential", "psk"),
           group="v", accept=_named, min_len=10,
           description="a quoted secret name, then its quoted value as the next argument, item or hash "
                       "value (define('DB_PASSWORD', '...'), os.environ[\"TOKEN\"] = '...', 'pw' => '...')"),
    define("sql_password", "password", "secret", 0.9, _SQL, ("identified", "password"),
           group=("q", "v"), min_len=16,
           description="passwords in SQL user, role and database link statements (IDENTIFIED BY, "
                       "WITH PASSWORD)"),
    define("options_secret", "secret", "secret", 0.85, _OPTIONS, ("options",), group="v", accept=_named,
           min_len=14, description="items of an SQL/MED OPTIONS list whose name names a secret "
                                   "(OPTIONS (USER 'etl', PASSWORD '...'))"),
    define("compound_flag_secret", "secret", "secret", 0.85, _FLAG, ("--",), group="v", accept=_named,
           min_len=12, description="values of long flags whose name ends in a secret's word "
                                   "(--master-user-password, --webhook-secret)"),
    define("entry_secret", "secret", "secret", 0.85, _ENTRY, ("key=", "name="), group="v", accept=_named,
           min_len=14, description="XML elements whose key or name attribute names a secret "
                                   "(<entry key=\"db.password\">...</entry>)"),
    define("property_secret", "secret", "secret", 0.85, _PROPERTY, ("<name>",), group="v", accept=_named,
           min_len=30, description="Hadoop-style XML properties whose <name> names a secret "
                                   "(<name>javax.jdo.option.ConnectionPassword</name><value>...</value>)"),
    # not `token is`: prose says so of identifiers too (`the token is S-1-5-21-...`)
    define("said_secret", "password", "secret", 0.8, _SAID, ("password", "passphrase", "passcode", "pin",
                                                             "api key", "secret"),
           group="v", validate=secret_shaped, min_len=14,
           description="secrets that a sentence gives (the password is ..., token set to ...)"),
    define("set_secret", "password", "secret", 0.8, _SET, ("password", "passphrase", "passcode", "pin"),
           group="v", validate=secret_shaped, min_len=16,
           description="secrets a sentence sets a password to (I set the password to ...)"),
    define("paired_secret", "password", "secret", 0.8, _PAIRED, ("cred", "login", "pass"), group="v",
           validate=secret_shaped, min_len=12,
           description="the password of a user/password pair after a cue (credentials admin/...)"),
)
