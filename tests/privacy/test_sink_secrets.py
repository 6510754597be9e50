"""Secrets known by what receives them: a lookup's fallback, a credential call, a server directive.

Every form is drawn with generated secrets, names and surroundings, under `standard` and
`strict`; the look-alikes (the same form holding a setting, a variable, a word or prose) must
stay as written.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown
from tests.privacy.test_value_encodings import _chars, _password, _word

Form = Callable[[random.Random, str], str]
_SECRET_NAMES = ["DB_PASSWORD", "JWT_SECRET", "API_TOKEN", "adminPass", "smtp_password", "ClientSecret"]


def _q(r: random.Random, text: str) -> str:
    quote = r.choice("\"'")
    return f"{quote}{text}{quote}"


def _hex(r: random.Random, n: int) -> str:
    return _chars(r, "0123456789abcdef", n)


FORMS: dict[str, Form] = {
    "env fallback": lambda r, s: f"const {_word(r)} = {r.choice(['process.env.', 'env.', 'config.'])}"
                                 f"{r.choice(_SECRET_NAMES)} {r.choice(['||', '??'])} {_q(r, s)};",
    "template default": lambda r, s: r.choice([
        f"password: {{{{ .Values.{_word(r)}.password | default {_q(r, s)} }}}}",
        f"{_word(r)}_secret: \"{{{{ vault_{_word(r)}_token | default('{s}') }}}}\""]),
    "terraform default": lambda r, s: f"variable \"{_word(r)}_{r.choice(['password', 'secret', 'token'])}"
                                      f"\" {{\n  type      = string\n  default   = \"{s}\"\n}}",
    "option default": lambda r, s: f"{r.choice(['parser.add_argument', '@click.option', 'flag.String'])}("
                                   f"'--{r.choice(['password', 'api-key', 'db-secret'])}', "
                                   f"{r.choice(['', 'type=str, '])}default='{s}')",
    "credential call": lambda r, s: r.choice([
        f"var cred = new NetworkCredential(\"{_word(r)}\", \"{s}\");",
        f"r = requests.get(url, auth=HTTPBasicAuth('{_word(r)}', '{s}'))",
        f"server.login({_q(r, _word(r) + '@corp.io')}, {_q(r, s)})",
        f"$c = New-Object PSCredential('{_word(r)}', '{s}')",
        f"ftp.login(user, '{s}')",
        f"requests.post(url, auth=('{_word(r)}', '{s}'))"]),
    "connect call": lambda r, s: r.choice([
        f"Connection c = DriverManager.getConnection(url, \"{_word(r)}\", \"{s}\");",
        f"$db = new PDO($dsn, 'root', '{s}');",
        f"$m = new mysqli(\"db{r.randrange(9)}\", \"{_word(r)}\", \"{s}\", \"shop\");",
        f"conn = pymysql.connect('{_word(r)}.internal', '{_word(r)}', '{s}', 'prod')"]),
    "server directive": lambda r, s: r.choice([
        f"requirepass {s}", f"masterauth {s}", f"redis-cli CONFIG SET requirepass \"{s}\"",
        f"x11vnc -display :0 -passwd {s} -forever", f"rabbitmqctl add_user {_word(r)} {s}",
        f"dotnet user-secrets set \"Db:Password\" \"{s}\"", f"openssl passwd -6 -salt {_word(r)} {s}",
        f"mc alias set {_word(r)} https://s3.{_word(r)}.io {_word(r)}key {s}",
        f"rd keystore set --path keys/{_word(r)} --value {s}"]),
    "expect answer": lambda r, s: f"spawn ssh {_word(r)}@host\nexpect "
                                  f"\"{r.choice(['Password:', 'password: ', 'Enter passphrase'])}\"\n"
                                  f"send \"{s}\\r\"\ninteract",
    "kubectl patch": lambda r, s: f"kubectl -n {_word(r)} patch secret {_word(r)} -p "
                                  f"'{{\"{r.choice(['data', 'stringData'])}\":{{\"{_word(r)}\":\"{s}\"}}}}'",
    "quoted password": lambda r, s: f"{r.choice(['Failed login for', 'auth error:', 'retrying'])} user "
                                    f"{_word(r)} with {r.choice(['password', 'passwd'])} '{s}'",
    "stdin passwd": lambda r, s: f"echo '{s}' | passwd --stdin {_word(r)}",
    "mkpasswd": lambda r, s: f"mkpasswd -m sha-512 {_q(r, s)}",
    "impacket target": lambda r, s: f"{r.choice(['psexec.py', 'secretsdump.py', 'impacket-smbexec'])} "
                                    f"{_word(r)}.local/{_word(r)}:{s}@{r.choice(['10.0.4.7', 'dc01'])}",
    "windows slash flags": lambda r, s: r.choice([
        f"xfreerdp /v:{_word(r)}01 /u:{_word(r)} /p:{s} /cert:ignore",
        f"schtasks /create /tn {_word(r)} /tr run.bat /ru {_word(r)} /rp {s}",
        f"wmic /node:{_word(r)}01 /user:{_word(r)} /password:{s} process list"]),
    "here-string": lambda r, s: r.choice([f"kinit {_word(r)}@CORP.IO <<< '{s}'",
                                          f"sudo -S systemctl restart {_word(r)} <<< {s}",
                                          f"docker login -u ci --password-stdin registry.io <<< \"{s}\""]),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_secret_known_by_what_receives_it_is_hidden(form: str) -> None:
    r = random.Random(form)
    for _ in range(VARIANTS):
        secret = _password(r)
        note = f"{r.choice(WORDS)}: {FORMS[form](r, secret)}"
        for profile in ("standard", "strict"):
            out = shown(profile, {"note": note})["note"]
            assert secret not in out and secret[2:-2] not in out, (profile, note, out)


def test_hashes_that_authenticate_as_they_are_are_hidden() -> None:
    r = random.Random("hashes")
    for _ in range(VARIANTS):
        nt, ticket, user = _hex(r, 32), _hex(r, 80), r.choice(["Administrator", "CORP\\svc_sql", _word(r)])
        rid = r.randrange(500, 1200)
        for text, hidden in [(f"{user}:{rid}:aad3b435b51404eeaad3b435b51404ee:{nt}:::", nt),
                             (f"\t * Username : {user}\n\t * NTLM     : {nt}", nt),
                             (f"$krb5tgs$23$*{user}$CORP.IO$http/web*${_hex(r, 32)}${ticket}", ticket)]:
            for profile in ("standard", "strict"):
                assert hidden not in shown(profile, {"note": text})["note"], text


LOOKALIKES = [
    "const mode = process.env.NODE_ENV || 'development';", '{{ .Values.image.tag | default "stable-1" }}',
    'variable "region" { default = "us-east-1" }', "login('admin', 'Welcome back')",
    "parser.add_argument('--password-file', default='/etc/pw')",
    "parser.add_argument('--timeout', default='30s')",
    "self.login(username, password)", "getConnection(url, user, pass)", "new NetworkCredential(user, pw)",
    "set requirepass in redis.conf before exposing it", "The password 'required' flag is set",
    "java -jar app.jar -password-policy strict", "expect \"login:\"\nsend \"admin\\r\"",
    "kubectl patch deployment web -p '{\"spec\":{\"replicas\":3}}'", "rabbitmqctl add_user $USER $PASS",
    "echo $PW | passwd --stdin deploy", "openssl passwd -6 $PASSWORD", "mc alias set local $URL $KEY $SECRET",
    "const key = cache.get(k) || 'default-key-name';", "process.env.API_TOKEN || process.env.FALLBACK_TOKEN",
    "NTLM : disabled on this host", "sha1: 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12",
    "pymysql.connect(host, user, password, db)", "Administrator:500:disabled",
    "psexec.py corp.local/alice@10.0.4.7 -hashes :$NTHASH", "xfreerdp /v:host01 /u:alice /p:$RDP_PW",
    "robocopy /s /purge src dst /xf *.tmp", "kinit alice <<< \"$KRB_PW\"", "mkpasswd -m sha-512 $PW",
    "docker pull registry.io/team/app:1.4@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd1",
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_what_receives_no_literal_secret_keeps_its_text(text: str) -> None:
    assert shown("standard", {"note": text})["note"] == text
