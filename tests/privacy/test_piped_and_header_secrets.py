"""Secrets in CI steps and HTTP captures that reached `standard` callers (red team `fjord`): a
literal secret piped or here-string'd into a login on standard input (`echo '...' | docker
login --password-stdin`, `gh auth login --with-token <<< ...`), and an HTTP header named
`<Vendor>-Key` (`Fastly-Key`, `DD-APPLICATION-KEY`). Generated variants; variables piped in and
headers that carry no token keep their text."""

from __future__ import annotations

import json
import random

import pytest

from tests.privacy.test_detector_classes import ALNUM, HEX, VARIANTS, WORDS, covered, rand, shown


def _secret(r: random.Random) -> str:
    """Characters a shell leaves alone unquoted, so every spelling below holds it as drawn."""
    return rand(r, ALNUM, r.randrange(10, 20)) + r.choice("%.-_@") + rand(r, ALNUM, 4)


def _quoted(r: random.Random, secret: str) -> str:
    return r.choice([f"'{secret}'", f'"{secret}"', secret])


def _step(r: random.Random, secret: str) -> str:
    login = r.choice([f"docker login {r.choice(WORDS)}.io -u {r.choice(WORDS)} --password-stdin",
                      "gh auth login --with-token",
                      f"helm registry login {r.choice(WORDS)}.io --password-stdin",
                      f"podman login -u {r.choice(WORDS)} --password-stdin {r.choice(WORDS)}.dev"])
    piped = r.choice(["echo", "echo -n", "printf '%s'"])
    if r.random() < 0.6 or "with-token" not in login:
        return f"{piped} {_quoted(r, secret)} | {login}"
    return f"{login} <<< {_quoted(r, secret)}"


def test_a_literal_secret_piped_into_a_login_is_hidden() -> None:
    r = random.Random("stdin")
    for _ in range(VARIANTS * 2):
        secret = _secret(r)
        step = _step(r, secret)
        workflow = f"jobs:\n  push:\n    steps:\n      - run: {step}\n      - run: make {r.choice(WORDS)}\n"
        assert covered(workflow, secret) is not None, workflow
        wire = json.dumps(shown("standard", {"workflow": workflow}))
        assert secret not in wire and "make" in wire, wire


@pytest.mark.parametrize("step", [
    "echo $GHCR_TOKEN | docker login ghcr.io -u ci --password-stdin",
    "echo ${{ secrets.REGISTRY_PASSWORD }} | docker login -u ci --password-stdin",
    'echo "$TOKEN" | gh auth login --with-token', "gh auth login --with-token < token.txt"])
def test_a_variable_piped_into_a_login_keeps_its_text(step: str) -> None:
    assert shown("standard", {"run": step}) == {"run": step}


def test_an_http_header_named_vendor_key_holding_a_token_is_hidden() -> None:
    r = random.Random("vendor headers")
    for _ in range(VARIANTS * 2):
        name = r.choice(["Fastly-Key", "DD-APPLICATION-KEY", "X-Mailgun-Key", "Algolia-Key",
                         "X-Cdn-Purge-Key",
                         f"X-{r.choice(WORDS).capitalize()}-Key"])
        token = rand(r, r.choice([HEX, ALNUM + "_-"]), r.randrange(24, 48))
        if not any(c.isdigit() for c in token):
            token += "7"
        request = (f"POST /v{r.randrange(1, 3)}/{r.choice(WORDS)} HTTP/1.1\r\n"
                   f"Host: api.{r.choice(WORDS)}.com\r\n"
                   f"{name}: {token}\r\nAccept: */*\r\n\r\n")
        assert covered(request, token) is not None, request
        wire = json.dumps(shown("standard", {"capture": request}))
        assert token not in wire and "Accept" in wire, wire


@pytest.mark.parametrize("line", ["Sort-Key: created_at", "Partition-Key: tenant", "X-Cache-Key: /index.html",
                                  "Sec-WebSocket-Key: true"])
def test_a_header_named_key_that_holds_no_token_keeps_its_text(line: str) -> None:
    assert shown("standard", {"capture": line}) == {"capture": line}


LOGINS = (
    lambda r, s: f"az login --service-principal -u {r.choice(WORDS)}-app -p {s} --tenant {r.choice(WORDS)}",
    lambda r, s: f"mongosh 'mongodb://{r.choice(WORDS)}:27017' -u {r.choice(WORDS)} -p {s}",
    lambda r, s: f"mongodump --uri mongodb://{r.choice(WORDS)} -u admin -p {s} --out /tmp/d",
    lambda r, s: f"vault login {s}",
    lambda r, s: f"htpasswd -b{r.choice(['', 'c'])} /etc/nginx/.htpasswd {r.choice(WORDS)} {s}",
    lambda r, s: f"npm config set //npm.{r.choice(WORDS)}.dev/:_authToken {s}",
    lambda r, s: f"openssl enc -aes-256-cbc -salt -k {s} -in {r.choice(WORDS)}.tar",
    lambda r, s: f"sshpass -p {s} ssh root@{r.choice(WORDS)}",
    lambda r, s: f"echo {s} | sudo -S systemctl restart {r.choice(WORDS)}",
    lambda r, s: f"echo 'root:{s.strip(chr(39) + chr(34))}' | chpasswd",
)


@pytest.mark.parametrize("line", range(len(LOGINS)))
def test_secrets_on_identity_and_ci_command_lines_are_hidden_bare_or_quoted(line: int) -> None:
    r = random.Random(f"login {line}")
    for _ in range(VARIANTS):
        secret = _secret(r)
        command = LOGINS[line](r, _quoted(r, secret))
        assert covered(command, secret) is not None, command
        assert secret not in json.dumps(shown("standard", {"run": command})), command


@pytest.mark.parametrize("line", ["vault login -method=userpass username=ops", "az login --identity",
                                  "openssl x509 -in cert.pem -noout -text", "npm config set registry https://x",
                                  "echo ready | sudo tee /etc/motd"])
def test_logins_without_a_literal_secret_keep_their_text(line: str) -> None:
    assert shown("standard", {"run": line}) == {"run": line}
