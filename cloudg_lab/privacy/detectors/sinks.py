"""Secrets handed to whatever takes them: a lookup's fallback, a login call, a server directive.

Found by probing the code, configuration and log shapes runbooks and tickets quote (30 of 83
leaked under `standard`). The key rules read `password=`; here the secret is known by what
receives it instead:
- the literal fallback of a lookup named like a secret (`process.env.JWT_SECRET || '...'`,
  `?? "..."`, a template's `.Values.db.password | default "..."`, a Terraform variable's
  `default`, an option's `default=` in argparse or click);
- the password a credential call takes after its user (`NetworkCredential("admin", "...")`,
  `HTTPBasicAuth`, `PSCredential`, `getConnection(url, "sa", "...")`, `new PDO($dsn, "root",
  "...")`, `.login('user', '...')`, `auth=('admin', '...')`, `pymysql.connect(host, user, "...")`);
- what a server or tool is told its password is (`requirepass`, `masterauth`, `CONFIG SET
  requirepass`, `-passwd`, a kickstart file's `rootpw [--plaintext] ...` (red team `tarn`),
  `rabbitmqctl add_user USER ...`, `dotnet user-secrets set KEY ...`,
  `openssl passwd -6 ...`, `mkpasswd`, `mc alias set NAME URL KEY SECRET`, `keystore set ...
  --value ...`), an impacket tool's target (`secretsdump.py corp/admin:...@dc01`), a Windows
  tool's slash flag after its slash user flag (`xfreerdp /u:ana /p:...`, `schtasks /ru svc /rp
  ...`), a here-string a credential command reads (`kinit ana <<< '...'`, `sudo -S cmd <<< ...`),
  the answer an `expect` script sends to a password prompt, and the body of `kubectl patch
  secret -p '{"data": ...}'` whatever its keys;
- a quoted value right after the word `password` or `pw` (`login failed with password 'Zq7...'`,
  chat's ``root pw `Zq7...` `` in inline code; red team `gale`), when it looks like one
  (`secret_shaped`);
- password hashes that authenticate as they are (pass-the-hash): LM:NT pairs of a `pwdump` or
  `secretsdump` line, mimikatz's `NTLM :` lines, Kerberos `$krb5tgs$`/`$krb5asrep$` hashes.
- the community strings a vulnerability scanner reports an SNMP agent answered to, listed
  indented under the line that says so (Nessus: `... community strings :` then one a line;
  red team `sleet`); the defaults `public` and `private` alone name nothing.
A variable (`$PW`, `${PW}`, `{{ pw }}`) is no secret: only literals are taken.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.statements import names_secret, secret_shaped

_NO_VARIABLE = r"(?![$%#]\{|\{\{|\$\(|\$[A-Za-z_])"
_LITERAL = rf"""(?P<o>["'])(?P<v>{_NO_VARIABLE}[^"'\r\n]{{4,}}?)(?P=o)"""
"""A quoted literal that is no variable or template (`"${PW}"`, `'{{ pw }}'`, `"$(cat f)"`)."""
_TOKEN = rf"""(?P<o>["'])(?P<v>{_NO_VARIABLE}[^"'\s]{{4,}})(?P=o)"""
"""A quoted literal without blanks: what a call takes as a password (`"Sign in now"` is prose)."""
_ARG = r"""(?:["'][^"'\r\n]*["']|[\w.$\[\]>-]+)"""
"""An argument before the password: a literal or a variable (`user`, `$dsn`, `this->host`)."""
_KEY = r"(?P<k>[\w.:-]*(?:pass|pw|secret|token|key|cred|auth)[\w.-]*)"
_FALLBACK = rf"""(?i){_KEY}\s*(?:\|\||\?\?|\|\s*default\s*\(?)\s*{_LITERAL}"""
"""`NAME || "v"`, `NAME ?? "v"`, `NAME | default "v"` (Helm), `NAME | default('v')` (Jinja)."""
_TF_DEFAULT = (r"""(?i)\bvariable\s+"(?P<k>[^"\n]{2,64})"\s*\{[^{}]*?\bdefault\s*=\s*"""
               r""""(?P<v>(?![$%]\{)[^"\r\n]{4,})\"""")
_OPTION = (rf"""(?i)["']--?{_KEY}["'][^()\r\n]*?\bdefault\s*=\s*{_LITERAL}""")
_USER_SINKS = (r"NetworkCredential|HTTPBasicAuth|HTTPDigestAuth|HttpNtlmAuth|PSCredential"
               r"|PasswordAuthentication|UsernamePasswordCredentials?|UsernamePasswordAuthenticationToken"
               r"|BasicAuth|setBasicAuth|withBasicAuth|basicAuth|login|Login|authenticate")
_KEYWORD = r"(?:\w+\s*=\s*)?"
_CALL = (rf"""\b(?:{_USER_SINKS}|[A-Z]\w*(?:Auth|Credentials?|Login))\s*\(\s*{_KEYWORD}{_ARG}\s*,"""
         rf"""\s*{_KEYWORD}{_TOKEN}""")
"""The password a credential call or an auth object takes after its user: `login('ana', 'pw')`,
`new NetworkCredential(user, "pw")`, `TSC.TableauAuth('etl', password='pw')`,
`PersonalAccessTokenAuth('name', 'pw')`."""
_CONNECT = (r"""\b(?:getConnection|PDO|mysqli|(?:pymysql|MySQLdb|mysql\.connector|pymssql|cx_Oracle"""
            rf"""|oracledb)\.connect)\s*\(\s*{_ARG}\s*,\s*{_ARG}\s*,\s*{_TOKEN}""")
"""The third argument of a call that takes (where, user, password): JDBC's `getConnection(url,
"sa", "pw")`, PHP's `new PDO($dsn, "root", "pw")` and `mysqli`, a DB-API `connect(host, user, pw)`."""
_PAIRED = rf"""\b(?:auth|basic_auth|http_auth|credentials|creds)\s*=\s*[(\[]\s*{_ARG}\s*,\s*{_TOKEN}"""
_TOLD = (r"""(?i)(?<![\w-])(?:requirepass|masterauth|masterpass)[ \t]+["']?"""
         r"""(?P<v>(?!\$)(?=[^\s"']*[^a-z\s"'])[^\s"']{4,})"""
         r"""|(?<![\w-])-(?:passwd|password)[ \t]+["']?(?P<f>(?![-$/~])[^\s"']{4,})"""
         r"""|(?m:^)[ \t]*rootpw(?:[ \t]+--(?:plaintext|lock|allow-ssh))*[ \t]+(?P<k>(?![-$])[^\s"']{4,})"""
         r"""|\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+["']?[^\s"']+["']?[ \t]+["']?"""
         r"""(?P<r>(?!\$)[^\s"']{4,})"""
         r"""|\buser-secrets[ \t]+set[ \t]+["']?[^\s"']+["']?[ \t]+["']?(?P<d>(?!\$)[^\s"']{4,})"""
         r"""|\b(?:openssl[ \t]+passwd|mkpasswd)\b"""
         r"""(?:[ \t]+-(?:salt|m|S)[ \t]+\S+|[ \t]+-(?!(?:salt|m|S)[ \t])[\w-]+)*[ \t]+["']?"""
         r"""(?P<o>(?![-$])[^\s"')]{4,})"""
         r"""|\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+["']?"""
         r"""(?P<m>(?!\$)[^\s"']{4,})"""
         r"""|\b(?:keystore|secrets?|credentials?)[ \t]+(?:set|put|create|add|update)\b[^\r\n]*?[ \t]"""
         r"""--value(?:=|[ \t]+)["']?(?P<s>(?![-$])[^\s"']{4,})"""
         # impacket's targets: psexec.py corp/alice:PW@host
         r"""|\b(?:psexec|secretsdump|wmiexec|smbexec|atexec|dcomexec|getuserspns|getnpusers|gettgt|getst"""
         r"""|mssqlclient|smbclient|lookupsid|ticketer)(?:\.py)?\b[^\r\n]*?[ \t]["']?[\w.-]+/[\w.$-]+:"""
         r"""(?P<i>[^\s@"']{4,})@"""
         # Windows tools' slash flags after a slash user flag: xfreerdp /u:x /p:PW, schtasks /ru x /rp PW
         r"""|(?<!\S)/(?:u|user|ru|s)[: ][^\r\n]*?(?<!\S)/(?:p|rp|pass|password|pwd)(?::|[ \t]+)["']?"""
         r"""(?P<w>(?![/$%])[^\s"']{4,})"""
         # a here-string a credential command reads: kinit alice <<< 'PW', sudo -S cmd <<< PW
         r"""|\b(?:kinit|passwd|smbpasswd|sudo[ \t]+-\w*S\w*|(?:vault|docker|podman)[ \t]+login)\b"""
         r"""[^\r\n]*?<<<[ \t]*["']?(?P<h>(?!\$)[^\s"']{4,})""")
_EXPECT = (r"""(?i)\bexpect\s+(?:-\w+\s+)?["'{][^"'}\r\n]*(?:password|passphrase|passcode)[^"'}\r\n]*"""
           r"""["'}]\s*\r?\n\s*send\s+(?:--\s+)?["'{](?P<v>(?!\$)[^"'}\r\n\\]{4,})""")
_PATCH = (r"""\bkubectl\b[^\r\n]*?\bpatch[ \t]+secrets?\b[^\r\n]*?[ \t](?:-p|--patch)(?:=|[ \t]+)"""
          r"""(?P<o>["'])(?P<v>[^\r\n]*?\b(?:data|stringData)\b[^\r\n]*?)(?P=o)""")
_QUOTED = r"""(?i)\b(?:password|passwd|passphrase|pwd|pw)\s+(?P<o>["'`])(?P<v>[^\s"'`]{4,64})(?P=o)"""
_HASH = (r"""(?im)^[^\s:]+:\d+:(?P<v>[0-9a-f]{32}:[0-9a-f]{32}):::"""
         r"""|\bNTLM[ \t]*:[ \t]*(?P<n>[0-9a-f]{32})\b"""
         r"""|(?P<k>\$krb5(?:tgs|asrep|pa)\$[^\s"']{20,})""")


def _named_key(match: re.Match[str]) -> bool:
    """The lookup, variable or option the literal falls back for names a secret."""
    return names_secret(match.group("k").lstrip("-"))


def _shaped(match: re.Match[str]) -> bool:
    return secret_shaped(match.group("v")) is not None


_COMMUNITIES = (r"(?i)\bcommunity[ \t]+(?:strings?|names?)\b[^\r\n:]{0,80}:[ \t]*\r?\n(?:[ \t]*\r?\n)*"
                r"(?P<v>(?:[ \t]+\S[^\r\n]*(?:\r?\n|$))+)")
_DEFAULT_COMMUNITIES = frozenset({"public", "private"})


def _answered(match: re.Match[str]) -> bool:
    """Some listed community string is not a default (`public`, `private` are known to all)."""
    return any(line.strip().lower() not in _DEFAULT_COMMUNITIES for line in match["v"].splitlines()
               if line.strip())


SINKS: tuple[Detector, ...] = (
    define("scanned_community", "secret", "secret", 0.85, _COMMUNITIES, ("community",), group="v",
           accept=_answered, min_len=4,
           description="the SNMP community strings a scanner lists under the line reporting them "
                       "(... community strings :, one a line)"),
    define("fallback_secret", "secret", "secret", 0.85, _FALLBACK, ("||", "??", "default"),
           group="v", accept=_named_key, min_len=12,
           description="the literal fallback of a lookup named like a secret (process.env.X_SECRET || "
                       "'...', .Values.db.password | default \"...\", default= of a --password option)"),
    define("variable_default_secret", "secret", "secret", 0.85, _TF_DEFAULT, ("variable",), group="v",
           accept=_named_key, min_len=20,
           description="the default of a Terraform variable named like a secret"),
    define("option_default_secret", "secret", "secret", 0.85, _OPTION, ("default",), group="v",
           accept=_named_key, min_len=16,
           description="the default= of a command-line option named like a secret (argparse, click)"),
    define("credential_call", "password", "secret", 0.85, _CALL,
           ("credential", "auth", "login"), group="v", min_len=12,
           description="the password a credential call takes after its user (NetworkCredential, "
                       "HTTPBasicAuth, PSCredential, login, getConnection, PDO)"),
    define("connect_password", "password", "secret", 0.85, _CONNECT, ("connect", "pdo", "mysqli"),
           group="v", min_len=16,
           description="the password a call that takes (where, user, password) gets: getConnection, "
                       "PDO, mysqli, a DB-API connect"),
    define("auth_pair", "password", "secret", 0.85, _PAIRED, ("auth", "cred"), group="v", min_len=14,
           description="the password of an auth=(user, password) pair"),
    define("told_password", "password", "secret", 0.85, _TOLD,
           ("requirepass", "masterauth", "masterpass", "-passwd", "-password", "rootpw", "rabbitmqctl",
            "user-secrets", "openssl", "mkpasswd", "mc ", "--value", "exec", "secretsdump", "getuserspns",
            "getnpusers", "gettgt", "getst", "mssqlclient", "smbclient", "lookupsid", "ticketer", "/p",
            "/rp", "<<<"),
           group=("v", "f", "k", "r", "d", "o", "m", "s", "i", "w", "h"), min_len=12,
           description="what a server or tool is told its password is (requirepass, masterauth, "
                       "-passwd, a kickstart's rootpw, rabbitmqctl add_user, dotnet user-secrets set, "
                       "openssl passwd and mkpasswd, mc alias set, a keystore's or secret store's "
                       "--value, an impacket target's domain/user:PW@host, a Windows tool's /p: or /rp "
                       "after its /u: or /ru, a here-string kinit, passwd or sudo -S reads)"),
    define("expected_answer", "password", "secret", 0.85, _EXPECT, ("expect",), group="v",
           gate=lambda text, low: "send" in low, min_len=16,
           description="what an expect script sends to a password prompt"),
    define("patched_secret", "secret", "secret", 0.9, _PATCH, ("patch",), group="v", min_len=30,
           description="the body of kubectl patch secret -p '{\"data\": ...}', whatever its keys"),
    define("quoted_password", "password", "secret", 0.8, _QUOTED, ("pass", "pw"), group="v",
           accept=_shaped, min_len=14,
           description="a quoted value right after the word password, shaped like one "
                       "(login failed with password '...')"),
    define("authenticating_hash", "password", "secret", 0.9, _HASH, ("ntlm", ":::", "$krb5"),
           group=("v", "n", "k"), min_len=32,
           description="hashes that authenticate as they are: pwdump/secretsdump LM:NT pairs, "
                       "mimikatz NTLM lines, Kerberos $krb5tgs$/$krb5asrep$ hashes"),
)
