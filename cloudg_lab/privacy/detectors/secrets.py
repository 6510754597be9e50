"""Secret and credential detectors: key blocks, URLs, assignments (vendor families: `tokens`).

Assignments (`password: ...`, `"api_key": "..."`) are decided by the key rules, so a key name
is a secret in text exactly when it is one as a dict key (`apiKeys`, `DB_PASSWORD`), and the
exemptions hold there too (`token_type`, `password_last_used`).
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import DIGIT, Detector, define, longer_than
from cloudg_lab.privacy.detectors.keys import key_rule

_O = re.ASCII


def _aws_secret(text: str) -> str | None:
    has = (any(c.isupper() for c in text), any(c.islower() for c in text),
           any(c.isdigit() for c in text))
    return "aws_secret_access_key" if all(has) else None


def _secret_key(match: re.Match[str]) -> bool:
    """The assignment's key names a secret by the same rule a dict key would."""
    key = match.group("k")
    return key is None or key_rule(key).kind == "sensitive"


_STOP = "\"'`,;&{}\\[\\]<>()"
_KEY = r"(?<![\w.-])(?P<k>[\w.-]*?(?:{words})[\w.-]*)[\"']?\s*(?:(?P<colon>[:：])|=>?)[ \t]*"
_QUOTED = r"(?:\"(?P<q>[^\"\n]{4,})\"|'(?P<s>[^'\n]{4,})'|"
_TOKEN = r"(?P<v>[^\s\"',;}{]{4,}))"
_PHRASE = rf"(?(colon)(?P<p>[^\s{_STOP}][^\n\r{_STOP}]{{2,}}[^\s{_STOP}.!?])|{_TOKEN})"
"""Unquoted after a colon (YAML, prose), a passphrase runs to the end of its clause:
`password: correct horse battery staple`; after `=` (shell, env files) a value ends at a space.
A hash rocket is an `=` too (`password => '...'`: Puppet attributes, Ruby hashes; red team `tarn`)."""
_FOREIGN_PASS = ("kennwort", "contraseña", "contrasena", "senha", "wachtwoord", "hasło", "haslo",
                 "salasana", "lösenord", "losenord", "heslo", "parola", "пароль", "密码", "密碼",
                 "パスワード", "비밀번호")
_PASS_WORDS = r"pass|pw|" + "|".join(_FOREIGN_PASS)
"""Any key with `pass` or `pw` in it is a candidate (`SMTP_PASS`, `bindpw`, `Passwort`), and the
words for password in other languages; the key rules decide (`bypass` is none)."""
_SECRET_WORDS = (r"secret|key|token|credential|auth(?!o)|seed|codes?|mnemonic|psk|bearer|hmac")
"""Candidates only (`x-functions-key`, `recovery_codes`, `mfa-seed`): the key rules decide, so
`monkey` or `status_code` stay; `auth` but not `authorization` (the header detector cuts its
value more precisely)."""
_LOOKALIKE = (r"\[REDACTED:(?:(?P<v>(?![a-z0-9_]+\])[^\]\n]+)\]"
              r"|[^\]\n]*\](?P<c>[^\[\n]+)\[/REDACTED\]"
              r"|(?P<k>[a-z0-9_]+)\][ \t]*(?P<w>(?![\u0300-\u036f])[^\s\[\]\"',;]{4,}))")
"""Text shaped like our marker is data like any other: what it wraps is a secret (we only ever
write `[REDACTED:<label>]`, never `[REDACTED:hunter2]` or `[REDACTED:token]...[/REDACTED]`), and
so is what it labels as one (`[REDACTED:password] hunter2`, read as `password: hunter2`). Our own
output is not scanned again: `redact` knows the texts it wrote. A spacing accent glued after our
marker (`[REDACTED:...]¯000`, left where a secret's token ended) reads, once NFKC splits it into a
space and a combining mark, as a labelled value: a value never begins with a combining mark."""

_KEY_BLOCK = (r"-{4,5} ?BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5}.*?"
              r"(?:-{4,5} ?END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5}|\Z)"
              r"|PuTTY-User-Key-File-\d+:.*?(?:Private-MAC: *[0-9A-Fa-f]+|\Z)"
              r"|-{5}BEGIN OpenVPN Static key V\d-{5}.*?(?:-{5}END OpenVPN Static key V\d-{5}|\Z)")
_KEY_BODY = (r"(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{3}IBA(?:DANBgkqhkiG9w0BAQEFAASC|AK[BC]|AJB)"
             r"|M[A-Za-z0-9+/]{2}CAQEE|MI[GH][A-Za-z0-9+/]AgEBB[DE]|MC4CAQAwBQYDK2VwBCIEI|MI[GH][A-Za-z0-9+/]AgEAMB[AM]GByqGSM49AgEG)"
             r"(?:[A-Za-z0-9+/=]|\r?\n|\\n)+")
"""A private key's DER in base64 without its PEM armour (JSON configs, XML, key stores): the
first bytes of PKCS#8 RSA, EC and Ed25519 keys, PKCS#1 RSA and SEC1 EC keys are fixed, so their
base64 is too (`MIIEvQIBADANBgkqhkiG9w0BAQEFAASC...`). Public keys and certificates differ."""
_WEBHOOK = (r"https?://(?:hooks\.slack\.com/(?:services|workflows|triggers)/[\w/-]{8,}"
            r"|(?:[\w-]+\.)?discord(?:app)?\.com/api/webhooks/\d+/[\w-]+"
            r"|[\w.-]+\.webhook\.office\.com/webhookb2/[^\s\"'<>]+"
            r"|outlook\.office(?:365)?\.com/webhook/[^\s\"'<>]+"
            r"|[\w.-]+\.logic\.azure\.com(?::\d+)?/workflows/[^\s\"'<>]+"
            r"|events\.(?:eu\.)?pagerduty\.com/(?:integration|x-ere)/[^\s\"'<>]+"
            r"|hooks\.zapier\.com/hooks/catch/[^\s\"'<>]+"
            r"|api\.netlify\.com/build_hooks/[^\s\"'<>]+"
            r"|api\.vercel\.com/v\d+/integrations/deploy/[^\s\"'<>]+"
            r"|[^\s/\"'<>]+/(?:[^\s\"'<>?#]*/)?hooks/[A-Za-z0-9]{20,})")
_NAME_VALUE = (r"(?i)(?<![\w-])[\"']?(?:name|key|parameter_?key|option_?name)[\"']?\s*[:=]\s*"
               r"[\"']?(?P<k>[\w./-]{3,})[\"']?\s*(?:,\s*|\r?\n\s*)(?:-\s*)?"
               r"[\"']?(?:value|parameter_?value)[\"']?\s*[:=]\s*" + _QUOTED + _TOKEN)
"""A pair's value follows the line or comma after its name (`- name: DB_PASSWORD` then
`value: ...`, `"ParameterKey": "DbPassword", "ParameterValue": "..."`): the name's key rule
decides, as for a dict `{"name": .., "value": ..}` (`sensitive.tag_pair` and the key rules)."""
_V = r"""["']?(?P<{}>[^\s"'`]{{4,}})"""
"""A flag's value, bare or quoted (`-p 'pw'`)."""
_COMMANDS = (
    r"""(?:^|\s)(?:-u|--user|--proxy-user)[\s=]+["']?[^\s:"']+:""" + _V,
    r"""\bmysql(?:dump|admin|sh|import)?\b[^\n]*?\s-p""" + _V,
    r"""\bredis-cli\b[^\n]*?\s-a\s+""" + _V,
    r"""\bsshpass\s+-p\s*""" + _V,
    r"""\bldap\w+\b[^\n]*?\s-w\s+""" + _V,
    r"""(?:^|\s)-U\s+["']?[\w.\\-]+%""" + _V,
    r"""\b(?:docker|podman|nerdctl|helm(?:\s+registry)?|oras|skopeo)\s+login\b[^\n]*?\s-p\s+""" + _V,
    r"""\bConvertTo-SecureString\s+(?:-(?:String|AsPlainText|Force)\s+)*["']""" + _V + r"""(?<!["'])""",
    r"""\bnet\s+user\s+[^\s/]+\s+(?!/)""" + _V,
    r"""\b(?:sqlplus|sqlldr|expdp|impdp|rman|sqlcl|sql)\s+(?:-\w+\s+)*["']?[\w$#.]+/"""
    r"""(?P<{}>[^\s@"'/]{{4,}})@""",
    r"""\bnet\s+use\b[^\n]*?\s/user:\S+\s+(?!/)""" + _V,
    r"""(?:\b(?:ipmitool|sqlcmd|bcp|isql|osql)\b[^\n]*?\s-P\s*"""
    r"""|\b(?:racadm|psexec(?:64)?|paexec)\b[^\n]*?\s-p\s+)""" + _V,
    r"""\bwpa_passphrase\s+(?:"[^"\n]*"|'[^'\n]*'|\S+)\s+(?P<{}>"[^"\n]{{4,}}"|'[^'\n]{{4,}}'|[^\s"']{{4,}})""",
    r"""\bwandb\s+login\s+(?:--[\w-]+\s+)*(?!-)""" + _V,
    r"""(?:\bmongo(?:sh|dump|restore|import|export)?\b|\baz\s+login\b)[^\n]*?\s-p\s+""" + _V,
    r"""(?:^|\s)(?:-[un]|--user(?:name)?)(?:=|[ \t]+)["']?[^\s"'-][^\s"']*["']?(?:[ \t]+(?!-p[ \t])\S+)*?"""
    r"""[ \t]+-p[ \t]+(?![\d.:-]+(?:/(?:tcp|udp))?(?:\s|$)|[/~$])(?=["']|[^\s"'`]*[^a-z\s"'`-])""" + _V,
    r"""\bvault\s+login\s+(?!-)""" + _V,
    r"""\bhtpasswd\s+(?:-\w+\s+)*-\w*b\w*\s+(?:-\w+\s+)*\S+\s+\S+\s+""" + _V,
    r"""\bnpm\s+config\s+set\s+\S*:_auth(?:Token)?[\s=]+""" + _V,
    r"""\bopenssl\b[^\n]*?\s-k\s+""" + _V,
    r"""\b(?:7z|7za|7zr|rar|unrar)\s+[a-z]\b[^\n]*?\s-p""" + _V,
    r"""\b(?:zip|unzip|zipcloak)\b[^\n]*?\s(?:-P|--password)[\s=]+""" + _V,
    r"""\brclone\s+config\s+(?:create|update)\b[^\n]*?\s(?:secret_access_key|pass|password|"""
    r"""client_secret|token|key|account_key|sas_url|api_key|session_token)\s+(?!--)""" + _V,
)
_COMMAND_LINE = "|".join(part.format(*(f"v{i}" for _ in range(part.count("{}")))) for i, part in enumerate(
    _COMMANDS))
_PORT_FIELD = re.compile(r":(?:\d{2,5}|\*):[^\s:]")
_USERLIST = r"""(?m)^[ \t]*"[^"\r\n]+"[ \t]+"(?P<v>[^"\r\n]{4,})"[ \t]*\r?$"""
_USERLIST_FILE = re.compile(r"""(?:[ \t]*(?:"[^"\r\n]+"[ \t]+"[^"\r\n]*"|;[^\r\n]*)?[ \t]*(?:\r?\n|$))+""")
"""A PgBouncer `userlist.txt`: only `"user" "password"` lines (a SCRAM or md5 verifier, or the
password itself), blank lines and `;` comments."""
_PGPASS = (r"""(?<![\w:.-])(?:[\w.-]+|\*):(?:\d{2,5}|\*):[^\s:"',]+:[^\s:"',]+:"""
           r"""(?P<v>(?=[^\s:"']*[^0-9a-fA-F\s:"'])[^\s:"']{4,})(?=["'\s]|$)""")
# A .pgpass line's database and user hold no comma: two ISO times in a CSV row
# (`2026-11-02T09:14:07Z,false,2026-11-02T09:14:07Z,...`) are no host:port:db:user:password
# (red team `sleet`).
"""Passwords on command lines whose flags say so only for that tool: `curl -u user:pw`,
`mysql -pPW`, `redis-cli -a PW`, `sshpass -p PW`, `ldapsearch -w PW`, `smbclient -U user%PW`,
`docker login -p PW`, PowerShell's `ConvertTo-SecureString "PW"`, `net user NAME PW`,
`sqlplus user/PW@db`, `net use \\\\host\\share /user:DOM\\u PW`, `ipmitool`/`sqlcmd -P PW`,
`racadm`/`psexec -p PW`, `wpa_passphrase SSID PW`, `wandb login KEY`, `mongosh`/`az login -p PW`,
`vault login TOKEN`, `-p PW` after the user a command line names with `-u`/`-n` (`tabcmd login
-u U -p PW`, `beeline -n U -p PW`; a port `-p 5432`, a port mapping, a path or a bare
lower-case word, the database `mysql -u root -p ledger` opens after prompting, is none),
`htpasswd -b FILE USER PW`, `npm config set //host/:_authToken TOKEN`,
`openssl enc -k PW`, archives (`7z a -pPW`, `zip -P PW`), `rclone config create NAME TYPE
secret_access_key KEY`, bare or quoted; and `.pgpass` lines
(`host:port:db:user:PW`; an IPv6 address is hex only, so a last field of hex digits is none)."""
_FLAG = r"""["']?(?:sensitive|NoEcho|is_?secret)["']?\s*[:=]\s*true"""
_FLAGGED_VALUE = r"""["']?(?:value|default)["']?\s*[:=]\s*"(?P<{}>[^"\\\n]{{4,}})""" + '"'
_FLAGGED = (r"(?i)\{[^{}]*?" + _FLAGGED_VALUE.format("v") + r"[^{}]*?" + _FLAG +
            r"|\{[^{}]*?" + _FLAG + r"[^{}]*?" + _FLAGGED_VALUE.format("w"))
"""A value its own record flags secret, written as JSON or HCL text (a Terraform state's
`outputs`, `output "x" { value = "..." sensitive = true }`, a variable's `default` flagged
`sensitive = true`, a CloudFormation `NoEcho` parameter)."""
_WORDS = _PASS_WORDS + "|secret|key|token|credential|auth"
_ELEMENT = (rf"(?i)<(?P<k>[\w.:-]*?(?:{_WORDS})[\w.:-]*)(?:\s[^<>]*)?>(?:\s*<(?P<c>value)>)?"
            r"(?P<v>[^<>\r\n]{4,})</(?(c)(?P=c)|(?P=k))\s*>")
"""`<password>PW</password>`, and the child a Windows answer file keeps it in
(`<AdministratorPassword><Value>PW</Value>`, `<AutoLogon><Password><Value>PW`; red team `tarn`)."""
_ATTRIBUTES = (r"""(?i)\b(?:key|name)\s*=\s*["'](?P<k>[^"'<>]{2,80})["']\s+(?:[\w-]+:)?value\s*=\s*["']"""
               r"""(?P<v>[^"'<>]{4,})["']""")
"""`<add key="ApiKey" value="..."/>`, and with a namespace prefix on both (Android's `<meta-data
android:name="com.vendor.CLIENT_SECRET" android:value="..."/>`; red team `scree`)."""
_BLOCK = (rf"(?im)^(?P<i>[ \t]*)-?[ \t]*(?P<k>[\w.-]*(?:{_WORDS})[\w.-]*)[ \t]*:[ \t]*[|>][-+]?\d?[ \t]*\r?\n"
          r"(?P<v>(?P=i)[ \t]+\S[^\r\n]*(?:\r?\n(?P=i)[ \t]+\S[^\r\n]*)*)")
_SPACED = (r"(?m)(?:^|(?<=[\"'\s]))(?P<k>[A-Z][A-Z0-9_]*(?:PASS|PW|TOKEN|SECRET|KEY|AUTH)[A-Z0-9_]*"
           r"|[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*[_-](?:pass|password|token|secret|key)"
           r"|[a-z][a-zA-Z0-9]*(?:[._-][a-zA-Z0-9]+)*\.(?:pass|password|token|secret|key)(?:\.[a-zA-Z0-9-]+)*"
           r"|(?:password|passwd|secret|token))[ \t]+"
           r"(?P<v>(?!\$\{)(?=[^\s\"']*[\d!@#$%^&*+/=_-])[^\s\"']{8,})")
"""Markup and layouts the assignments miss: `<password>PW</password>`, .NET's `<add key="ApiKey"
value="..."/>`, a YAML block scalar under a secret key (`password: |` and the lines below), and
an environment name set apart from its value by spaces (`DB_PASSWORD  s3cr3t`), and a dotted
property so set apart, as `spark-defaults.conf` and Java properties write them
(`spark.hadoop.fs.s3a.secret.key  KEY`), the storage host glued after the secret's word
(`fs.azure.account.key.<account>.dfs.core.windows.net KEY`). The key rules decide, as
everywhere (`spark.authenticate.secret.file /path` names a file, no secret)."""
_GOSSIP = (r"""(?i)(?<![\w.-])["']?encrypt["']?[ \t]*[:=][ \t]*["']?"""
           r"""(?P<v>(?:[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{32}|[A-Za-z0-9+/]{43}=))(?![A-Za-z0-9+/=])""")
"""The gossip key of a Consul or Nomad agent (`encrypt = "..."`: base64 of 16, 24 or 32 bytes):
whoever holds it joins the cluster's gossip. Only a key's shape is taken, so a Terraform
backend's `encrypt = true` stays (red team `tarn`)."""
_HEADER_KEY = (r"(?im)^[ \t]*(?:[A-Za-z0-9]+-)+Key[ \t]*:[ \t]*"
               r"(?P<v>(?=[^\s]*\d)[A-Za-z0-9._~+/=-]{16,})[ \t]*\r?$")
"""An HTTP header line named `<Vendor>-Key` holding an opaque token (`Fastly-Key`,
`DD-APPLICATION-KEY`): a header carries an API key under its vendor's name, which no key rule
knows (as a dict key, `<word>_key` names a partition or sort key as often as a secret)."""
_NAMESPACED_KEY = (r"(?m)^[ \t]*[a-z][\w-]*:(?P<k>[A-Za-z][A-Za-z0-9]*Key)[ \t]*:[ \t]*[\"']?"
                   r"(?P<v>(?=[^\s\"']*\d)[A-Za-z0-9._~+/=-]{16,})[\"']?[ \t]*\r?$")
"""A stack config's plain value under `<project>:<name>Key` (Pulumi: `shop:registryKey: ...`),
holding an opaque token: a key set without `--secret` (red team `tarn`). As for `header_key`, the
namespace makes `Key` a credential's name whatever the vendor (a vendor's `<vendor>Key` is one
anywhere: `secret_keys._VENDORS`), where a dict's `sort_key` names a field."""
_PIPED = r"""(?:"(?P<{0}q>[^"\n$]{{4,}})"|'(?P<{0}s>[^'\n$]{{4,}})'|(?P<{0}v>[^\s|;&'"$`]{{4,}}))"""
_READS = (r"(?:--password-stdin|--with-token|--token-stdin|\bsudo\s+(?:-\w+\s+)*-S\b|\bchpasswd\b"
          r"|\bpasswd\s+--stdin\b"
          r"|\bbase64\b|\bkubeseal\b|=/dev/stdin\b|--data-file[= ]-(?!\S))")
"""Logins that read a secret on stdin: registry and CLI logins, `sudo -S`, `chpasswd`, `passwd
--stdin`; and what
turns one into a stored secret or back: `base64` (a Secret's data written or read by hand),
`kubeseal --raw`, `kubectl create secret --from-file=KEY=/dev/stdin`, `gcloud secrets ...
--data-file=-`."""
_STDIN = (r"\b(?:echo(?:[ \t]+-[ne]+)?|printf(?:[ \t]+['\"]%s\\?n?['\"])?)[ \t]+" + _PIPED.format("a") +
          rf"[ \t]*\|[^\n|;]*?{_READS}|{_READS}[^\n|;]*?<<<[ \t]*" + _PIPED.format("b"))
"""A literal secret piped into a login on standard input (`echo 'pw' | docker login --password-stdin`,
`gh auth login --with-token <<< "tok"`); a variable (`$TOKEN`, `${{ secrets.X }}`) is no secret."""
_QUERY_NAMES = ("key|apikey|token|sig|signature|password|passwd|pwd|secret|code|auth|credential|sas"
                "|verifier|samlresponse")
"""The last two: an OAuth PKCE `code_verifier` redeems its code, and a SAML POST's form body (which
starts its line: `SAMLResponse=…&RelayState=…`) logs its subject in (red team `scree`)."""


KEY_BLOCKS: tuple[Detector, ...] = (
    define("private_key", "private_key", "secret", 1.0, _KEY_BLOCK,
           ("private key", "putty-user-key-file", "openvpn static key"), flags=re.DOTALL, min_len=30,
           description="PEM, OpenSSH, SSH2, PGP and PuTTY private key blocks, OpenVPN static keys "
                       "(a tls-auth or tls-crypt key: whoever holds it may talk to the server)"),
    define("private_key_body", "private_key", "secret", 0.95, _KEY_BODY,
           ("ibadanbgkqhkig9w0baqefaasc", "ibaak", "ibaajb", "caqee", "agebbd", "agebbe",
            "mc4caqawbqydk2vwbciei", "gbyqgsm49ageg"), flags=_O, min_len=40,
           description="private key bodies in base64 without PEM armour (PKCS#8, PKCS#1, SEC1)"),
    define("jwt", "jwt", "secret", 0.95, r"\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]*(?:\.[\w-]+){0,2}",
           ("eyj",), flags=_O, min_len=30, description="JSON web tokens (signed or encrypted)"),
)

URL_SECRETS: tuple[Detector, ...] = (
    define("webhook_url", "webhook_url", "secret", 0.95, _WEBHOOK,
           ("hooks.slack.com", "discord", "webhook", "logic.azure.com", "/hooks/", "pagerduty.com/",
            "build_hooks/", "integrations/deploy/"), flags=re.I,
           gate=lambda text, low: "://" in text, min_len=24,
           description="incoming-webhook and deploy-hook URLs (Slack, Discord, Teams/Office, Logic Apps, "
                       "PagerDuty events, Zapier, Netlify build hooks, Vercel deploy hooks)"),
    define("dsn_key", "api_token", "secret", 0.95,
           r"(?i)\bhttps?://(?P<v>[0-9a-f]{32})(?::[0-9a-f]{32})?@[\w.-]*(?:sentry|ingest)[\w.-]*(?::\d+)?/\d+",
           ("sentry", "ingest"), group="v", gate=lambda text, low: "@" in text, min_len=45,
           description="the key of a Sentry DSN (https://<key>@o1.ingest.sentry.io/2): it lets anyone post "
                       "events to the project"),
    define("url_credentials", "password", "secret", 0.95,
           r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/:@\"'<>]*:(?P<v>(?!\d+/)[^\s\"'<>]+?)@"
           r"(?=[^\s/@\"'<>]*(?:[/?#\s\"'<>]|$))", ("://",), group="v", min_len=10,
           gate=lambda text, low: "@" in text,
           description="passwords in URLs of any scheme (scheme://user:password@host; a password may hold "
                       "a slash, a port before a path may not be taken for one)"),
    define("oracle_url_password", "password", "secret", 0.95,
           r"(?i)\bjdbc:oracle:(?:thin|oci8?|kprb):[\w$#.\"]+/(?P<v>[^\s@\"'/]{4,})@",
           ("jdbc:oracle:",), group="v", min_len=20,
           description="passwords in Oracle JDBC URLs, which give them as user/password@ before the "
                       "host (jdbc:oracle:thin:scott/...@//db:1521/ORCL)"),
    define("azure_storage_key", "azure_storage_key", "secret", 0.9,
           r"(?i)\b(?:AccountKey|SharedAccessKey|PrimaryKey|SecondaryKey)\s*=\s*"
           r"(?P<v>[A-Za-z0-9+/=]{20,})", ("accountkey", "sharedaccesskey", "primarykey",
                                            "secondarykey"), group="v", min_len=30,
           description="Azure storage, Service Bus and Event Hubs keys in connection strings"),
    define("azure_sas_signature", "azure_sas_signature", "secret", 0.95,
           r"(?i)\bSharedAccessSignature[=\s]\s*(?P<t>[^;\"'\s]{8,})|\bsig=(?P<v>[\w%+/=.~-]{16,})",
           ("sig=", "sharedaccesssignature"), group=("t", "v"), min_len=20,
           description="Azure SAS tokens and signatures (connection strings, SAS URLs)"),
    define("url_query_secret", "secret", "secret", 0.9,
           rf"(?i)(?:[?&#]|(?m:^)(?=samlresponse=))(?P<k>(?:x-(?:amz|goog)-)?(?:[a-z0-9]+[_.-])*(?:{_QUERY_NAMES}))="
           r"(?P<v>[^&#;\s\"'<>]{4,})",
           tuple(f"{name}=" for name in _QUERY_NAMES.split("|")), group="v", min_len=8,
           gate=lambda text, low: "=" in text and ("?" in text or "&" in text or "#" in text),
           description="secrets in URL query strings (key=, token=, signature=, code=...)"),
    define("connection_string_secret", "password", "secret", 0.95,
           r"(?i)(?<![\w-])(?:password|pwd)\s*=\s*(?P<v>(?!>)[^;&\"'\s]+)", ("password", "pwd"),
           group="v", min_len=8, description="passwords in connection strings (Password=...;; a hash "
                                             "rocket's `>` is no password: `password => '...'`)"),
)

ASSIGNMENTS: tuple[Detector, ...] = (
    define("authorization_header", "authorization_header", "secret", 0.9,
           r"(?i)\b(?:bearer|basic|token)\s+(?P<v>[A-Za-z0-9._~+/=-]{16,})",
           ("bearer", "basic", "token"), group="v", min_len=22,
           description="Authorization header values"),
    define("password_hash", "password", "secret", 0.9,
           r"\$(?:2[abxy]?|1|5|6|7|y|gy|apr1|md5|sha1|argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha\d+)?)"
           r"\$[^\s:\"'`]{8,}", ("$",), flags=_O, min_len=20,
           description="crypt(3) password hashes ($2b$, $6$, $y$, $argon2id$, ...): crackable offline"),
    define("authorization_scheme", "authorization_header", "secret", 0.9,
           r"(?im)\b(?:proxy-)?authori[sz]ation\s*[:=]\s*[\"']?(?P<v>[A-Za-z][\w.-]*[ \t]+[^\r\n'`]{8,})",
           ("authoriz", "authoris"), group="v", min_len=24,
           description="Authorization headers of any scheme (SSWS, Digest, Negotiate, AWS4-HMAC-SHA256, "
                       "...): the whole value, to the end of its line"),
    define("cookie_header", "cookie", "secret", 0.9,
           r"(?im)\b(?:set-)?cookie2?\s*:\s*(?P<v>[^\r\n\"'`=;]+=[^\r\n\"'`]+)", ("cookie",), group="v",
           min_len=12, description="Cookie and Set-Cookie header values (every name=value pair)"),
    define("cookie_string", "cookie", "secret", 0.85,
           r"(?i)(?:^|(?<=[\s\"'`]))(?P<k>[\w.-]{2,64})=(?P<v>[^;\s\"'`]{8,});[ \t]*"
           r"(?:Path|Domain|Expires|Max-Age|HttpOnly|Secure|SameSite)\b", ("path=", "domain=", "expires=",
                                                                         "max-age=", "httponly", "secure",
                                                                         "samesite"),
           group="v", min_len=20,
           description="the value of a cookie written with its attributes but without its header "
                       "(session=...; Path=/; HttpOnly)"),
    define("aws_secret_access_key", "aws_secret_access_key", "secret", 0.95,
           r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])", (DIGIT,),
           validate=_aws_secret, gate=longer_than(40), min_len=40,
           description="40-character AWS secret access keys"),
    define("marker_lookalike", "secret", "secret", 0.9, _LOOKALIKE, ("[redacted:",),
           group=("v", "c", "w"), accept=_secret_key, min_len=12,
           description="secrets wrapped or labelled by text that looks like a redaction marker"),
    define("passphrase_assignment", "password", "secret", 0.85,
           "(?i)" + _KEY.format(words=_PASS_WORDS) + _QUOTED + _PHRASE,
           ("pass", "pw", *_FOREIGN_PASS), group=("q", "s", "p", "v"), accept=_secret_key, min_len=8,
           description="password: ... assignments, multi-word passphrases whole"),
    define("name_value_secret", "secret", "secret", 0.85, _NAME_VALUE, ("value",),
           group=("q", "s", "v"), accept=_secret_key, min_len=14,
           description="name/value pairs written as text (a Kubernetes env list in YAML, a "
                       "CloudFormation parameter in JSON) whose name names a secret"),
    define("netrc_or_flag_password", "password", "secret", 0.9,
           r"(?i)(?:\blogin\s+\S+\s+password\s+|(?<![\w-])--(?:password|passwd|pass|token|secret"
           r"|api-key|apikey|client-secret|auth-token|access-token)(?:=|\s+)"
           r"|(?<![\w-])-(?:password|token|secret|(?:src|dest)?storepass|keypass|passin|passout|kspass"
           r"|truststorepass)(?:=|\s+)(?:pass:)?)"
           r"(?P<v>[^\s\"'`]{4,})", ("password", "--pass", "--token", "--secret", "--api", "--client",
                                     "--auth", "--access", "-token", "-secret", "storepass", "keypass",
                                     "-passin", "-passout"),
           group="v", min_len=12,
           description="passwords in netrc lines (login u password p), after --password-like flags and "
                       "the single-dash ones of Go, Java and OpenSSL tools (-token=, -storepass, -passin)"),
    define("command_line_password", "password", "secret", 0.9, _COMMAND_LINE,
           ("-u", "--user", "mysql", "redis-cli", "sshpass", "ldap", "login", "sql", "rman", "expdp",
            "impdp", "convertto-securestring", "net user", "net use", "ipmitool", "bcp", "racadm",
            "psexec", "paexec", "wpa_passphrase", "mongo", "htpasswd", "_auth", "openssl", "7z", "rar",
            "zip", "rclone"),
           group=tuple(f"v{i}" for i in range(len(_COMMANDS))),
           flags=re.M, min_len=10,
           description="passwords on command lines (curl -u, mysql -p, redis-cli -a, sshpass, "
                       "ldapsearch -w, docker login -p, ConvertTo-SecureString, net user/use, "
                       "ipmitool/sqlcmd -P, racadm/psexec -p, wpa_passphrase, wandb login, "
                       "sqlplus user/pw@db, mongosh/az login -p, vault login, -p after -u/-n USER (tabcmd, "
                       "beeline), htpasswd -b, npm config "
                       "set _authToken, openssl -k, 7z/rar -p, zip -P, rclone config create)"),
    define("stdin_secret", "password", "secret", 0.9, _STDIN,
           ("password-stdin", "with-token", "token-stdin", "sudo", "chpasswd", "passwd", "base64", "kubeseal",
            "/dev/stdin", "--data-file"),
           group=("aq", "as", "av", "bq", "bs", "bv"), min_len=24,
           description="literal secrets piped or here-string'd into a login on stdin (--password-stdin, "
                       "--with-token), or into base64, kubeseal and secret stores reading stdin"),
    define("namespaced_key", "api_token", "secret", 0.85, _NAMESPACED_KEY, ("key:",), group="v", min_len=20,
           description="opaque tokens under a stack config's <project>:<name>Key (Pulumi config set "
                       "without --secret)"),
    define("gossip_key", "secret", "secret", 0.9, _GOSSIP, ("encrypt",), group="v", min_len=30,
           description="the gossip encryption key of a Consul or Nomad agent (encrypt = \"<base64>\")"),
    define("header_key", "api_token", "secret", 0.85, _HEADER_KEY, ("-key",), group="v", min_len=20,
           description="HTTP header lines named <Vendor>-Key holding an opaque token (Fastly-Key, "
                       "DD-APPLICATION-KEY)"),
    define("userlist_password", "password", "secret", 0.85, _USERLIST, ('" "',), group="v", min_len=12,
           gate=lambda text, low: _USERLIST_FILE.fullmatch(text) is not None,
           description="passwords of a PgBouncer userlist.txt (\"user\" \"password\" lines, its whole text)"),
    define("pgpass_password", "password", "secret", 0.85, _PGPASS, (), group="v", min_len=14,
           gate=lambda text, low: _PORT_FIELD.search(text) is not None,
           description="passwords in .pgpass lines"),
    define("flagged_secret", "secret", "secret", 0.9, _FLAGGED, ("sensitive", "noecho", "secret"),
           group=("v", "w"), min_len=20,
           description="values their record flags secret (\"sensitive\": true, NoEcho), as text"),
    define("markup_secret", "secret", "secret", 0.85, _ELEMENT, ("</",), group="v", accept=_secret_key,
           min_len=14, description="XML and HTML elements named like a secret (<password>...</password>)"),
    define("attribute_pair_secret", "secret", "secret", 0.85, _ATTRIBUTES, ("value",), group="v",
           accept=_secret_key, min_len=16,
           description="key/value attribute pairs naming a secret (<add key=\"ApiKey\" value=\"...\"/>)"),
    define("yaml_block_secret", "secret", "secret", 0.85, _BLOCK, ("|", ">"), group="v",
           accept=_secret_key, min_len=12, description="YAML block scalars under a secret key"),
    define("spaced_env_secret", "secret", "secret", 0.8, _SPACED,
           ("pass", "pw", "token", "secret", "key", "auth"), group="v", accept=_secret_key, min_len=12,
           description="environment names and dotted properties set apart from their value by spaces "
                       "(DB_PASSWORD  value, spark.hadoop.fs.s3a.secret.key value)"),
    define("secret_assignment", "secret", "secret", 0.85,
           "(?i)" + _KEY.format(words=_SECRET_WORDS) + _QUOTED + _TOKEN,
           ("secret", "key", "token", "credential", "auth", "seed", "code", "mnemonic", "psk", "bearer",
            "hmac"),
           group=("q", "s", "v"), accept=_secret_key, min_len=8,
           description="assignments like api_key=..., \"token\": \"...\" (key rules decide)"),
)

CREDENTIALS: tuple[Detector, ...] = (
    define("aws_access_key_id", "aws_access_key_id", "credential", 0.99,
           r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b", ("akia", "asia", "abia", "acca"), flags=_O,
           min_len=20, description="AWS access key ids"),
    define("cloud_access_key_id", "cloud_access_key_id", "credential", 0.95,
           r"\b(?:LTAI[A-Za-z0-9]{12,24}|AKID[A-Za-z0-9]{32}|GOOG1[A-Z0-9]{56})\b", ("ltai", "akid", "goog1"),
           flags=_O, min_len=16, description="access key ids of Alibaba Cloud (LTAI), Tencent Cloud "
                                             "(AKID) and Google Cloud Storage HMAC keys (GOOG1)"),
)
