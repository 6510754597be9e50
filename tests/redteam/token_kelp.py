"""Kubernetes, container and CI/CD forms for the sixth estate (`kelp`), drawn from a seeded RNG.

Like `token_forms`: a function returns what is stored and, where they differ, the part that must
never come out (`Secret.core`). The command lines are the ones cluster operators and CI jobs run
(`kubectl create secret`, `helm --set`, `kubeadm join`, `argocd login`, `docker login -p`, GitHub
Actions' `::add-mask::`); the names are the ones Kubernetes and the managed clusters generate
(pods `<deployment>-<replicaset hash>-<5>`, nodes named after their address, cluster endpoints).
"""

from __future__ import annotations

import gzip
import random
import string
from collections.abc import Callable

from token_forms import ALNUM, B64, Secret, b64, chars, password, word

HEX = "0123456789abcdef"
_POD = "bcdfghjklmnpqrstvwxz2456789"
"""The alphabet Kubernetes draws pod and ReplicaSet suffixes from (no vowels, no 0, 1, 3)."""

# --------------------------------------------------------------------------- command lines


def bootstrap_token(rng: random.Random) -> str:
    """A kubeadm bootstrap token: `[a-z0-9]{6}.[a-z0-9]{16}`."""
    alphabet = string.ascii_lowercase + string.digits
    return f"{chars(rng, 6, alphabet)}.{chars(rng, 16, alphabet)}"


COMMANDS: dict[str, Callable[[random.Random, str], str]] = {
    "kubectl_literal": lambda rng, pw: (f"kubectl -n {word(rng)} create secret generic {word(rng)}-db "
                                        f"--from-literal=username={word(rng, 2)} "
                                        f"--from-literal={rng.choice(('password', 'db-pass'))}={pw}"),
    "kubectl_registry": lambda rng, pw: (f"kubectl create secret docker-registry regcred "
                                         f"--docker-server=registry.{word(rng)}.io --docker-username=ci "
                                         f"--docker-password={pw} --docker-email=ci@{word(rng)}.io"),
    "helm_set": lambda rng, pw: (f"helm upgrade --install {word(rng)} bitnami/postgresql "
                                 f"--set auth.username={word(rng, 2)} --set auth.password={pw} --wait"),
    "helm_set_string": lambda rng, pw: (f"helm install {word(rng)} ./chart --set-string "
                                        f"postgresql.auth.postgresPassword={pw},image.tag=1.4.2"),
    "helm_repo": lambda rng, pw: (f"helm repo add {word(rng)} https://charts.{word(rng)}.io "
                                  f"--username robot --password {pw}"),
    "kubeadm_join": lambda rng, pw: (f"kubeadm join {rng.randrange(10, 200)}.0.{rng.randrange(1, 9)}.10:6443 "
                                     f"--token {pw} --discovery-token-ca-cert-hash "
                                     f"sha256:{chars(rng, 64, HEX)}"),
    "kubeadm_cert_key": lambda rng, pw: ("kubeadm join cp.local:6443 --control-plane --certificate-key "
                                         f"{pw}"),
    "argocd_login": lambda rng, pw: (f"argocd login argocd.{word(rng)}.io --username admin --password '{pw}' "
                                     "--grpc-web"),
    "argocd_repo": lambda rng, pw: (f"argocd repo add https://git.{word(rng)}.io/{word(rng)}.git "
                                    f"--username deploy --password {pw}"),
    "flux_secret": lambda rng, pw: (f"flux create secret git {word(rng)}-auth "
                                    f"--url=https://git.{word(rng)}.io "
                                    f"--username=flux --password={pw}"),
    "docker_login": lambda rng, pw: f"docker login -u robot$ci -p {pw} harbor.{word(rng)}.io",
    "skopeo": lambda rng, pw: (f"skopeo copy --dest-creds ci:{pw} docker://{word(rng)}:1 "
                               f"docker://registry.{word(rng)}.io/{word(rng)}:1"),
}


def command(rng: random.Random, style: str) -> Secret:
    secret = (bootstrap_token(rng) if style == "kubeadm_join" else chars(rng, 64, HEX)
              if style == "kubeadm_cert_key" else password(rng))
    return Secret(COMMANDS[style](rng, secret), secret, f"kcmd_{style}")


# --------------------------------------------------------------------------- CI logs

CI_LINES: dict[str, Callable[[random.Random, str], str]] = {
    "add_mask": lambda rng, s: f"::add-mask::{s}",
    "env_block": lambda rng, s: f"  REGISTRY_PASSWORD: {s}",
    "export": lambda rng, s: f"+ export {rng.choice(('SONAR_TOKEN', 'ARM_CLIENT_SECRET'))}={s}",
    "curl_user": lambda rng, s: f"+ curl -fsSL -u deploy:{s} https://nexus.{word(rng)}.io/repository/raw/",
    "set_output": lambda rng, s: f'echo "token={s}" >> "$GITHUB_OUTPUT"',
    "gitlab_clone": lambda rng, s: (f"Fetching changes... git clone https://gitlab-ci-token:{s}@gitlab."
                                    f"{word(rng)}.io/{word(rng)}/{word(rng)}.git"),
}


def ci_line(rng: random.Random, style: str) -> Secret:
    secret = "glcbt-" + chars(rng, 20, ALNUM + "_-") if style == "gitlab_clone" else password(rng)
    return Secret(CI_LINES[style](rng, secret), secret, f"ci_{style}")


def vault_init(rng: random.Random) -> tuple[str, list[str]]:
    """`vault operator init` output: five unseal keys and the initial root token."""
    keys = [b64(rng.randbytes(33)) for _ in range(5)]
    root = "hvs." + chars(rng, 24)
    lines = [f"Unseal Key {i + 1}: {k}" for i, k in enumerate(keys)]
    text = "\n".join([*lines, "", f"Initial Root Token: {root}", "",
                      "Vault initialized with 5 key shares and a key threshold of 3."])
    return text, [*keys, root]


# --------------------------------------------------------------------------- names


def pod_name(rng: random.Random, deployment: str) -> str:
    """A Deployment's pod: `<name>-<replicaset hash>-<5 characters>`."""
    return f"{deployment}-{chars(rng, rng.choice((9, 10)), _POD)}-{chars(rng, 5, _POD)}"


def node_name(rng: random.Random, ip: str, region: str) -> str:
    """An EC2 worker's node name: its private address, dashed, under the region's internal zone."""
    return f"ip-{ip.replace('.', '-')}.{region}.compute.internal"


def eks_endpoint(rng: random.Random, region: str) -> tuple[str, str]:
    label = chars(rng, 32, "0123456789ABCDEF")
    return f"https://{label}.gr7.{region}.eks.amazonaws.com", label


def aks_fqdn(rng: random.Random, cluster: str, region: str) -> str:
    return f"{cluster}-dns-{chars(rng, 8, HEX)}.hcp.{region}.azmk8s.io"


def private_key_b64(rng: random.Random) -> tuple[str, str]:
    """A PEM private key as kubeconfig and TLS Secrets hold it: base64 of the whole block."""
    body = b64(b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00" + rng.randbytes(200))
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END RSA PRIVATE KEY-----\n"
    return b64(pem.encode()), lines[1]


def digest(rng: random.Random) -> str:
    return "sha256:" + chars(rng, 64, HEX)


def sops_age_key(rng: random.Random) -> str:
    return "AGE-SECRET-KEY-1" + chars(rng, 58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")


def random_b64(rng: random.Random, n: int) -> str:
    return chars(rng, n, B64)


def gzipped(text: str) -> str:
    return b64(gzip.compress(text.encode(), mtime=0))


PRINTERS: dict[str, Callable[[random.Random], str]] = {
    "kubectl": lambda rng: f"kubectl get secret {word(rng)} -o jsonpath='{{.data.password}}' | base64 -d",
    "vault": lambda rng: f"vault kv get -field=password secret/{word(rng)}/db",
    "aws": lambda rng: (f"aws secretsmanager get-secret-value --secret-id {word(rng)}/db "
                        "--query SecretString --output text"),
    "gcloud": lambda rng: f"gcloud secrets versions access latest --secret={word(rng)}-db",
    "az": lambda rng: f"az keyvault secret show --vault-name kv-{word(rng)} -n db --query value -o tsv",
}
"""Commands that print a secret's value alone on the next line."""
