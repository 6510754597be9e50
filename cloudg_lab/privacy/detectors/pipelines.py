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
a literal piped into `base64` or `kubeseal` is `secrets.stdin_secret`'s. And what a command stores
as a secret, whatever its name: `gh secret set X --body V`, `az keyvault secret set --value V`,
`aws ssm put-parameter --type SecureString --value V`, `databricks secrets put-secret SCOPE KEY
--string-value V`, the secret of `confluent api-key store KEY SECRET`, each `k=V` of `vault kv
put`, `fly secrets set` and `doppler secrets set`, a Kustomize `secretGenerator`'s literals, the `data` of a
Terraform `kubernetes_secret`.
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
_SETS = (r"\bgh[ \t]+secret[ \t]+set\b[^\n]*?[ \t](?:--body|-b)(?:=|[ \t]+)"
         r"|\baz[ \t]+keyvault[ \t]+secret[ \t]+set\b[^\n]*?[ \t]--value(?:=|[ \t]+)"
         r"|\baws[ \t]+ssm[ \t]+put-parameter\b(?=[^\n]*SecureString)[^\n]*?[ \t]--value(?:=|[ \t]+)"
         r"|\bdatabricks[ \t]+secrets[ \t]+put(?:-secret)?\b[^\n]*?[ \t]--(?:string|bytes)-value(?:=|[ \t]+)"
         r"|\bconfluent[ \t]+api-key[ \t]+store[ \t]+(?!-)\S+[ \t]+")
_STORED = rf"(?:{_SETS})" + _VALUE
_STORED_PAIR = r"(?<=[ \t])(?![-$])[\w.-]+=" + _VALUE
_STORES = re.compile(r"\b(?:vault[ \t]+kv[ \t]+(?:put|patch)|fly(?:ctl)?[ \t]+secrets[ \t]+set"
                     r"|doppler[ \t]+secrets[ \t]+set)\b")
_GENERATED = r"(?m)^[ \t]*-[ \t]+[\w.-]+=" + _VALUE + r"[ \t]*\r?$"
_GENERATOR_KEY = "secretGenerator:"
_GENERATOR = re.compile(rf"{_GENERATOR_KEY}[ \t]*$", re.M)
_TOP_KEY = re.compile(r"(?m)^[\w-]+:")
_TF_SECRET = (r"\bresource[ \t]+\"kubernetes_secret(?:_v1)?\"[ \t]+\"[^\"\n]+\"[ \t]*\{"
              r"(?:[^{}]|\{[^{}]*\})*?\b(?:data|binary_data)[ \t]*=[ \t]*\{(?P<v>[^{}]*[^{}\s][^{}]*)\}")


def _line_before(match: re.Match[str]) -> str:
    text, at = match.string, match.start()
    return text[text.rfind("\n", 0, at) + 1:at]


def _stores_pairs(match: re.Match[str]) -> bool:
    """The `k=V` is an argument of a command that stores its pairs as secrets (`vault kv put`)."""
    return _STORES.search(_line_before(match)) is not None


def _generated(match: re.Match[str]) -> bool:
    """The list item sits in a Kustomize `secretGenerator:` (no other top-level key between)."""
    text, at = match.string, match.start()
    start = text.rfind("\n" + _GENERATOR_KEY, 0, at) + 1
    if start == 0 and not text.startswith(_GENERATOR_KEY):
        return False
    found = _GENERATOR.match(text, start)
    return found is not None and _TOP_KEY.search(text, found.end(), at) is None


def _creates_secret(match: re.Match[str]) -> bool:
    """The literal is one of `kubectl create secret`'s (a ConfigMap's are settings)."""
    return "create secret" in _line_before(match)


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
    define("stored_secret", "secret", "secret", 0.9, _STORED,
           ("secret set", "put-parameter", "secrets put", "api-key store"), group=("q", "s", "v"), min_len=24,
           description="the value gh secret set --body, az keyvault secret set --value, a SecureString "
                       "aws ssm put-parameter --value, databricks secrets put --string-value and "
                       "confluent api-key store KEY SECRET store"),
    define("stored_pair", "secret", "secret", 0.9, _STORED_PAIR, ("vault kv", "secrets set"),
           group=("q", "s", "v"), accept=_stores_pairs, min_len=20,
           description="each key=VALUE of vault kv put/patch, fly secrets set, doppler secrets set"),
    define("generated_secret", "secret", "secret", 0.9, _GENERATED, ("secretgenerator",),
           group=("q", "s", "v"), accept=_generated, min_len=20,
           description="the literals of a Kustomize secretGenerator, whatever their keys"),
    define("terraform_k8s_secret", "secret", "secret", 0.9, _TF_SECRET, ("kubernetes_secret",),
           group="v", min_len=40,
           description="the data block of a Terraform kubernetes_secret (its keys and values)"),
    define("approle_secret_id", "secret", "secret", 0.9, _APPROLE, ("secret_id",), group="v", min_len=20,
           description="an AppRole secret_id on a vault write command line"),
)
