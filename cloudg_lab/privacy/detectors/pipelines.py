"""Secrets in the text that clusters and their pipelines write: shell histories, CI logs, Vault output.

Found by the red team's Kubernetes estate (`kelp`). Key rules and assignments see `password=`;
these texts name the secret by position instead: the value after a long flag whose name the key
rules call secret (`--db-password 'pw'`, `--certificate-key HEX`), the password of a `user:pw`
pair after a `--creds` flag (skopeo, buildah), the value GitHub Actions is told to mask
(`::add-mask::VALUE` writes the secret into the log it masks), the unseal and recovery keys and
the root token `vault operator init` prints, and an AppRole `secret_id=` on a `vault write`.
Then what a job prints: the line after a command that prints a secret alone (`kubectl get secret
... | base64 -d`, `vault kv get -field=...`, `gcloud secrets versions access`), and each literal
of `kubectl create secret ... --from-literal=<any name>=VALUE` (a Secret's every key holds one);
a literal piped into `base64` or `kubeseal` is `secrets.stdin_secret`'s.
A variable (`$TOKEN`, `${{ secrets.X }}`) is no secret, and a flag whose name says nothing
secret (`--password-file`, `--token-ttl`) keeps its value.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.keys import key_rule

_VALUE = (r"""(?:"(?P<q>[^"\n$]{4,})"|'(?P<s>[^'\n$]{4,})'|"""
          r"""(?P<v>(?![-$/~]|\.\.?/)(?=[^\s"'`]*[^a-z\s"'`-])[^\s"'`]{4,}))""")
"""A flag's value: quoted, or bare and more than a lower-case word (`--auth-mode login` names a
mode); never a variable, the next flag or a path (`--kubelet-client-key /etc/...` names a file)."""
_FLAG = r"(?<![\w-])--(?P<k>[A-Za-z][\w-]{1,48}?)(?:=|[ \t]+)" + _VALUE
_CREDS = (r"(?<![\w-])--(?:src-|dest-)?creds(?:=|[ \t]+)[\"']?[^\s:\"']+:"
          r"(?P<v>(?!\$)[^\s\"'`]{4,})")
_MASK = r"::add-mask::[ \t]*(?P<v>(?!\$)[^\s\"'`]{4,})"
_VAULT_INIT = (r"(?im)^[ \t]*(?:unseal key|recovery key)[ \t]+\d+[ \t]*:[ \t]*(?P<v>[A-Za-z0-9+/=]{16,})"
               r"|^[ \t]*initial root token[ \t]*:[ \t]*(?P<t>[\w.-]{8,})")
_APPROLE = r"(?i)\bvault\s+write\b[^\n]*?\bsecret_id=[\"']?(?P<v>(?!\$)[^\s\"'`]{4,})"

_PRINTS = (r"kubectl\b[^\n]*?\bsecrets?\b[^\n]*?\|[ \t]*base64[ \t]+(?:-d|-D|--decode)\b"
           r"|vault[ \t]+(?:kv[ \t]+get|read)\b[^\n]*?[ \t]-field[= ]"
           r"|aws[ \t]+secretsmanager[ \t]+get-secret-value\b[^\n]*?--output[ \t]+text"
           r"|aws[ \t]+ssm[ \t]+get-parameters?\b[^\n]*?--with-decryption[^\n]*?--output[ \t]+text"
           r"|gcloud[ \t]+secrets[ \t]+versions[ \t]+access\b"
           r"|az[ \t]+keyvault[ \t]+secret[ \t]+show\b[^\n]*?(?:-o|--output)[ \t]+tsv")
_PRINTED = (rf"(?m)\b(?:{_PRINTS})[^\n]*\r?\n[ \t]*"
            r"(?P<v>(?![$+#>]|error|Error|ERROR|An error|usage|Usage)[^\s][^\n]{3,}?)[ \t]*\r?$")
_LITERAL = (r"(?<![\w-])--from-literal[= ][\"']?[^=\s\"']+="
            r"(?:\"(?P<q>[^\"\n$]{4,})\"|'(?P<s>[^'\n$]{4,})'|(?P<v>(?!\$)[^\s\"'`]{4,}))")


def _creates_secret(match: re.Match[str]) -> bool:
    """The literal is one of `kubectl create secret`'s (a ConfigMap's are settings)."""
    text, at = match.string, match.start()
    return "create secret" in text[text.rfind("\n", 0, at) + 1:at]


def _secret_flag(match: re.Match[str]) -> bool:
    """The flag's name names a secret by the rule a dict key of that name would follow."""
    return key_rule(match["k"]).kind == "sensitive"


PIPELINE_SECRETS: tuple[Detector, ...] = (
    define("secret_flag", "password", "secret", 0.9, _FLAG,
           ("pass", "pw", "secret", "token", "key", "cred", "auth"), group=("q", "s", "v"),
           accept=_secret_flag, gate=lambda text, low: "--" in text, min_len=8,
           description="the value after a long flag named like a secret, bare or quoted "
                       "(--db-password 'pw', --certificate-key HEX, --client-secret=...)"),
    define("creds_flag", "password", "secret", 0.9, _CREDS, ("creds",), group="v", min_len=12,
           description="the password of --creds/--src-creds/--dest-creds user:password (skopeo, buildah)"),
    define("ci_mask", "secret", "secret", 0.95, _MASK, ("::add-mask::",), group="v", min_len=16,
           description="the value a GitHub Actions step asks to mask (::add-mask::VALUE)"),
    define("vault_init", "secret", "secret", 0.95, _VAULT_INIT, ("unseal key", "recovery key", "root token"),
           group=("v", "t"), min_len=20,
           description="unseal and recovery keys and the initial root token vault operator init prints"),
    define("printed_secret", "secret", "secret", 0.85, _PRINTED,
           ("base64", "-field", "secretsmanager", "ssm", "gcloud secrets", "keyvault"), group="v",
           gate=lambda text, low: "\n" in text, min_len=24,
           description="the line after a command that prints a secret (kubectl get secret | base64 -d, "
                       "vault kv get -field, aws secretsmanager/ssm, gcloud secrets, az keyvault)"),
    define("secret_literal", "secret", "secret", 0.9, _LITERAL, ("--from-literal",), group=("q", "s", "v"),
           accept=_creates_secret, min_len=30,
           description="the literals of kubectl create secret --from-literal=<key>=VALUE, whatever the key"),
    define("approle_secret_id", "secret", "secret", 0.9, _APPROLE, ("secret_id",), group="v", min_len=20,
           description="an AppRole secret_id on a vault write command line"),
)
