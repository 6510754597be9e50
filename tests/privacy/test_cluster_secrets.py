"""Secrets of Kubernetes clusters and their pipelines that reached `standard` callers (red team
`kelp`): a `Secret`'s `data:`/`stringData:` under neutral names (as a dict, as YAML text, as the
JSON text `kubectl apply` keeps with its newline), a command line held as a list
(`args: [.., "--db-password", "pw"]`), the value after a long flag named like a secret, bare or
quoted, `--creds user:pw`, GitHub Actions' `::add-mask::`, Vault's init output and AppRole
`secret_id`, the line after a command that prints a secret, `--from-literal` of `create secret`,
`user:pw` piped into `base64`, and `hmac:`/`bearer:` keys in text. Generated variants; the
look-alikes (a ConfigMap, `--password-stdin`, a path after a key flag, a variable) keep their text."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.privacy.test_detector_classes import ALNUM, HEX, VARIANTS, WORDS, rand, shown
from tests.privacy.test_flagged_records import finding_wire


def _secret(r: random.Random) -> str:
    """Characters a shell and YAML leave alone unquoted, a symbol so no word detector is needed."""
    return rand(r, ALNUM, r.randrange(8, 16)) + r.choice("%!*.@") + rand(r, ALNUM, 5)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _name(r: random.Random) -> str:
    """A key a workload reads a secret by, named like nothing secret."""
    name = r.choice(["primary", "replica", "upstream", "dsn", "ldap", "smtp", "license"])
    return name + r.choice(["", "-a", "2"])


def _wire(profile: str, value: Any) -> str:
    return json.dumps(shown(profile, value), ensure_ascii=False)


def test_a_kubernetes_secret_s_data_is_hidden_whatever_its_keys_are_named() -> None:
    r = random.Random("k8s secret")
    for _ in range(VARIANTS * 2):
        plain, coded, name = _secret(r), _secret(r), r.choice(WORDS)
        data = {_name(r) + "-s": plain}
        manifest = {"apiVersion": "v1", "kind": "Secret", "type": r.choice(["Opaque", "kubernetes.io/tls"]),
                    "metadata": {"name": name, "namespace": r.choice(WORDS)},
                    "data": {_name(r): _b64(coded)}, "stringData": data}
        text = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {name}\ntype: Opaque\n"
                f"{r.choice(['stringData', 'data'])}:\n  {_name(r)}: {r.choice([plain, repr(plain)])}\n")
        applied = json.dumps(manifest) + "\n"
        for held in (manifest, text, applied, {"items": [manifest]}):
            wire = _wire("standard", {r.choice(["manifest", "object", "spec"]): held})
            assert plain not in wire and _b64(coded) not in wire, wire
            assert "Secret" in wire and name in wire, wire


def test_a_configmap_and_the_other_documents_of_a_secret_s_text_keep_their_data() -> None:
    r = random.Random("k8s configmap")
    for _ in range(VARIANTS):
        setting, other = f"{r.choice(WORDS)}-{r.randrange(10, 99)}.{r.choice(WORDS)}", r.choice(WORDS) + "-x"
        config = {"kind": "ConfigMap", "data": {_name(r): setting}}
        text = (f"kind: Secret\nstringData:\n  {_name(r)}: {_secret(r)}\n---\nkind: ConfigMap\n"
                f"data:\n  {_name(r)}: {other}\n")
        wire = _wire("standard", {"config": config, "docs": text})
        assert setting in wire and other in wire, wire


def _flag(r: random.Random, secret: str) -> tuple[str, str]:
    """A command line with `secret` after a flag naming it; the part that must go."""
    flag = r.choice(["--db-password", "--admin-pass", "--client-secret", "--certificate-key",
                     "--api-token", "--oidc-client-secret", "--root-password", "--docker-password"])
    quoted = r.choice([secret, f"'{secret}'", f'"{secret}"'])
    tool = r.choice(["argocd login", "kubeadm join cp:6443", "helm repo add x https://c.io", "app serve"])
    if r.random() < 0.3:
        user = r.choice(WORDS)
        flag = r.choice(["--creds", "--src-creds", "--dest-creds"])
        return f"skopeo copy {flag} {user}:{secret} a b", secret
    return f"{tool} --user {r.choice(WORDS)} {flag}{r.choice(['=', ' '])}{quoted} --{r.choice(WORDS)}", secret


def test_a_secret_after_a_long_flag_named_like_one_is_hidden_bare_or_quoted() -> None:
    r = random.Random("flags")
    for _ in range(VARIANTS * 3):
        line, secret = _flag(r, _secret(r))
        wire = _wire("standard", {"history": [line]})
        assert secret not in wire, wire


def _printed(r: random.Random, secret: str) -> str:
    """What a CI job writes about a secret: each form a runner, Vault or kubectl prints."""
    forms = [
        f"::add-mask::{secret}",
        f"Unseal Key {r.randrange(1, 6)}: {_b64(secret)}",
        f"Recovery Key {r.randrange(1, 6)}: {_b64(secret)}",
        f"Initial Root Token: {secret}",
        f"vault write auth/approle/login role_id={r.choice(WORDS)} secret_id={secret}",
        f"$ kubectl get secret {r.choice(WORDS)} -o jsonpath='{{.data.{_name(r)}}}' | base64 --decode"
        f"\n{secret}",
        f"+ vault kv get -field={_name(r)} secret/{r.choice(WORDS)}\n{secret}",
        f"$ gcloud secrets versions access latest --secret={r.choice(WORDS)}\n{secret}",
        f"$ az keyvault secret show --vault-name {r.choice(WORDS)} -n x --query value -o tsv\n{secret}",
        f"kubectl create secret generic {r.choice(WORDS)} --from-literal={_name(r)}={secret}",
        f'echo -n "{r.choice(WORDS)}:{secret}" | base64 -w0',
        f"echo -n '{secret}' | kubeseal --raw --from-file=/dev/stdin --name {r.choice(WORDS)}",
        f"printf '{secret}' | gcloud secrets versions add {r.choice(WORDS)} --data-file=-",
        f"echo -n {secret} | kubectl create secret generic x --from-file={_name(r)}=/dev/stdin",
        f"{r.choice(WORDS)}:\n  {r.choice(['hmac', 'bearer', 'hmac_key'])}: {secret}\n",
    ]
    return r.choice(forms)


def test_what_ci_jobs_vault_and_kubectl_print_of_a_secret_is_hidden() -> None:
    r = random.Random("printed")
    for _ in range(VARIANTS * 5):
        secret = _secret(r)
        text = f"{r.choice(WORDS)} started\n{_printed(r, secret)}\n{r.choice(WORDS)} done"
        wire = _wire("standard", {"log": text})
        assert _b64(secret) not in wire and secret not in wire and "started" in wire, wire


@pytest.mark.parametrize("text", [
    "echo $REGISTRY_TOKEN | docker login ghcr.io --password-stdin registry.example.io",
    "az storage blob upload --auth-mode login --account-name store",
    "kube-apiserver --kubelet-client-key /etc/kubernetes/pki/apiserver-kubelet-client.key",
    "vault token create --token-ttl 3600 --policy reader",
    "kubectl create configmap settings --from-literal=mode=replicated-fast",
    "::add-mask::$TOKEN", "::add-mask::${{ secrets.DEPLOY_KEY }}",
    "echo -n \"$CI_USER:$CI_PASS\" | base64", "cat sealed.json | kubeseal --format yaml > out.yaml",
    "echo $DB_PASSWORD | gcloud secrets versions add db --data-file=-",
    "Unseal Progress    1/3", "$ kubectl get secret db -o yaml | base64 -d\n$ kubectl rollout restart x",
    "argocd app sync shop --secret-name shop-tls --timeout 300",
])
def test_look_alikes_of_cluster_and_ci_secrets_keep_their_text(text: str) -> None:
    assert shown("standard", {"log": text}) == {"log": text}


def _stored(r: random.Random, secret: str) -> str:
    """A command or file storing `secret` under a name that says nothing secret."""
    name = _name(r)
    quoted = r.choice([secret, f"'{secret}'", f'"{secret}"'])
    return r.choice([
        f"gh secret set {name.upper().replace('-', '_')} {r.choice(['--body', '-b'])} {quoted}",
        f"az keyvault secret set --vault-name {r.choice(WORDS)} --name {name} --value {quoted}",
        f"aws ssm put-parameter --name /{name} --type SecureString --value {quoted} --overwrite",
        f"vault kv {r.choice(['put', 'patch'])} -mount=secret {r.choice(WORDS)} {name}={quoted} ttl=1h",
        f"{r.choice(['fly', 'flyctl', 'doppler'])} secrets set {name.upper().replace('-', '_')}={quoted}",
        f"resources:\n- {r.choice(WORDS)}.yaml\nsecretGenerator:\n- name: {r.choice(WORDS)}\n  literals:\n"
        f"  - {name}={secret}\n",
        f'resource "kubernetes_secret{r.choice(["", "_v1"])}" "{r.choice(WORDS)}" {{\n  metadata {{\n'
        f'    name = "{r.choice(WORDS)}"\n  }}\n  data = {{\n    {name.replace("-", "_")} = "{secret}"\n'
        "  }\n}\n",
    ])


def test_what_a_command_or_file_stores_as_a_secret_is_hidden_whatever_it_is_named() -> None:
    r = random.Random("stored")
    for _ in range(VARIANTS * 4):
        secret = _secret(r)
        text = _stored(r, secret)
        wire = _wire("standard", {"runbook": text})
        assert secret not in wire, wire


@pytest.mark.parametrize("text", [
    "aws ssm put-parameter --name /app/region --type String --value eu-west-1x --overwrite",
    "gh secret list --repo org/x", "vault kv get -mount=secret app/db",
    "configMapGenerator:\n- name: settings\n  literals:\n  - mode=Replicated-1\n",
    'resource "kubernetes_config_map" "x" {\n  data = {\n    mode = "Replicated-1"\n  }\n}\n',
])
def test_what_stores_no_secret_keeps_its_text(text: str) -> None:
    assert shown("standard", {"runbook": text}) == {"runbook": text}


def test_what_grafana_s_secure_json_data_and_azure_s_protected_settings_hold_is_hidden() -> None:
    r = random.Random("secure parents")
    for _ in range(VARIANTS):
        header, command = _secret(r), f"sh -c 'curl -H x:{_secret(r)} {r.choice(WORDS)}'"
        public = f"X-{r.choice(WORDS).capitalize()}-Id"
        source = {"name": r.choice(WORDS), "jsonData": {"httpHeaderName1": public},
                  "secureJsonData": {f"httpHeaderValue{r.randrange(1, 4)}": header}}
        extension = {"settings": {"fileUris": [f"https://{r.choice(WORDS)}.example/x.sh"]},
                     "protectedSettings": {"commandToExecute": command}}
        wire = _wire("standard", {"datasources": [source], "extension": extension})
        assert header not in wire and command not in wire and public in wire and "fileUris" in wire, wire


def _argv(r: random.Random, secret: str) -> list[str]:
    flag = r.choice(["--db-password", "--client-secret", "-storepass", "--api-key", "--token"])
    argv = [f"--{r.choice(WORDS)}={r.randrange(10, 99)}", flag, secret, f"--{r.choice(WORDS)}"]
    return argv[r.randrange(2):]


async def test_a_secret_a_kubernetes_secret_or_an_argv_list_holds_is_hidden_where_it_is_quoted(
        tmp_path: Path) -> None:
    """Classification at load files both, so a finding quoting one hides it too."""
    r = random.Random("cluster at load")
    for i in range(3):
        held, listed = _secret(r), _secret(r)
        manifest = {"kind": "Secret", "type": "Opaque", "stringData": {_name(r): held}}
        container = {"name": "app", r.choice(["args", "command"]): _argv(r, listed)}
        asset = {"id": f"uid-{i:08x}", "name": f"{r.choice(WORDS)}-api-{i}", "asset_type": "K8S_DEPLOYMENT",
                 "provider": "KUBERNETES", "region": "global",
                 "metadata": {"objects": [manifest], "spec": {"containers": [container]}}}
        wire = await finding_wire(tmp_path / f"d{i}", asset, f"Found {held} and {listed} in a commit.")
        assert "Found" in wire and held not in wire and listed not in wire, wire


def test_an_argv_list_keeps_the_items_no_secret_flag_precedes() -> None:
    """The values after `--port` or a flag written with `=`, and a variable, are no secrets."""
    from cloudg_lab.privacy.sensitive import sensitive_values
    r = random.Random("argv kept")
    for _ in range(VARIANTS):
        kept = ["--port", str(r.randrange(1000, 9999)), "--password", "$DB_PASSWORD",
                f"--log={r.choice(WORDS)}", rand(r, HEX, 12)]
        secret = _secret(r)
        found = sensitive_values([{"metadata": {"args": [*kept, "--db-password", secret]}}])
        assert found == {secret: "secret"}, found
