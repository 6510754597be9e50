"""Identifiers of Kubernetes clusters and their pipelines that reached `strict` callers (red team
`kelp`): a person under an annotation whose prefix names the role (`oncall.corp.io/primary`),
Entra client and principal ids under their keys (`azure.workload.identity/client-id`), the user a
CI variable names (`GITLAB_USER_NAME=...`, `GITHUB_ACTOR=...`), and the issuer ids of EKS and AKS
OIDC providers. Generated variants; annotations, variables and URLs that name nobody stay."""

from __future__ import annotations

import json
import random
import uuid

import pytest

from tests.privacy.test_detector_classes import HEX, VARIANTS, WORDS, rand, shown

_SYLLABLES = ["ka", "lo", "mi", "ren", "sa", "tor", "vel", "yu", "zan", "bri", "dov", "quin"]


def _person(r: random.Random) -> str:
    """A given and a family name no word list holds (and not a word of `WORDS`)."""
    def part(n: int) -> str:
        return "".join(r.choice(_SYLLABLES) for _ in range(n)).capitalize()
    return f"{part(2)} {part(3)}" + r.choice(["", "-" + part(2)])


def _wire(profile: str, value: object) -> str:
    return json.dumps(shown(profile, value), ensure_ascii=False)


def test_a_person_an_annotation_s_prefix_names_is_hidden_under_strict() -> None:
    r = random.Random("annotation prefix")
    for _ in range(VARIANTS * 2):
        who = _person(r)
        role = r.choice(["oncall", "owner", "maintainer", "contact", "approver"])
        name = r.choice(["primary", "secondary", "lead"])
        key = f"{role}.{r.choice(WORDS)}.{r.choice(['io', 'com', 'dev'])}/{name}"
        value = {"metadata": {"annotations": {key: who, "app.kubernetes.io/part-of": r.choice(WORDS)}}}
        assert who not in _wire("strict", value), value
        assert shown("standard", value) == value


def test_client_and_principal_ids_under_their_keys_are_hidden_under_strict() -> None:
    r = random.Random("client ids")
    for _ in range(VARIANTS * 2):
        ident = str(uuid.UUID(int=r.getrandbits(128)))
        key = r.choice(["azure.workload.identity/client-id", "clientId", "client_id", "principalId",
                        "applicationId", "managedIdentityId", "spec/identity/client-id"])
        value = {r.choice(["annotations", "identity", "spec"]): {key: ident}}
        assert ident not in _wire("strict", value), value
        assert shown("standard", value) == value


def test_the_user_a_ci_variable_names_is_hidden_under_strict() -> None:
    r = random.Random("ci variables")
    for _ in range(VARIANTS * 2):
        who = _person(r)
        login = who.split()[0].lower() + rand(r, HEX, 3)
        name = r.choice(["GITLAB_USER_NAME", "GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME", "BUILD_USER",
                         "CI_COMMIT_AUTHOR"])
        spelled = r.choice([who, f'"{who}"', f"'{who}'", f"{who} <{login}@example.org>"])
        login_name = r.choice(["GITHUB_ACTOR", "GITLAB_USER_LOGIN", "BUILD_USERNAME"])
        text = (f"CI_PIPELINE_SOURCE=push\n{r.choice(['', 'export '])}{name}={spelled}\n"
                f"{login_name}={login}\nCI_COMMIT_REF_NAME={r.choice(WORDS)}\n")
        wire = _wire("strict", {"env": text})
        assert who not in wire and login not in wire and "CI_PIPELINE_SOURCE=push" in wire, wire
        assert shown("standard", {"env": text}) == {"env": text}


def test_the_maintainer_an_image_label_names_is_hidden_under_strict() -> None:
    r = random.Random("labels")
    for _ in range(VARIANTS):
        who = _person(r)
        label = r.choice(["maintainer", "org.opencontainers.image.authors", "author"])
        quote = r.choice(['"', "'"])
        text = f"LABEL {label}={quote}{who} <{who.split()[0].lower()}@example.org>{quote} version=\"1.2\""
        assert who not in _wire("strict", {"dockerfile": text}), text


def test_the_users_a_codeowners_rule_names_are_hidden_under_strict() -> None:
    r = random.Random("codeowners")
    for _ in range(VARIANTS):
        handles = [_person(r).split()[0].lower() + "-" + rand(r, HEX, 3) for _ in range(2)]
        team = f"@{r.choice(WORDS)}/{r.choice(WORDS)}"
        text = (f"# {r.choice(WORDS)}\n* {team}\n/{r.choice(WORDS)}/ @{handles[0]} {team}\n"
                f"*.{r.choice(['tf', 'yaml', 'py'])} @{handles[1]}\n")
        wire = _wire("strict", {"codeowners": text})
        assert all(h not in wire for h in handles) and team in wire, wire


@pytest.mark.parametrize("text", ["    @property\n    def name(self): ...", "uses: actions/checkout@v4",
                                  "npm i @types/node @babel/core", "meet @ noon"])
def test_at_signs_outside_a_codeowners_rule_keep_their_text(text: str) -> None:
    assert shown("strict", {"t": text}) == {"t": text}


@pytest.mark.parametrize("text", ["USER_AGENT=curl/8.4.0", "RUN_AS_USER=root", "GITLAB_USER_ID=4242",
                                  "DOCKER_USER=$CI_REGISTRY_USER", "OWNER_REFERENCES=none",
                                  "BUILD_USER=jenkins"])
def test_variables_that_name_nobody_keep_their_value(text: str) -> None:
    assert shown("strict", {"env": text}) == {"env": text}


def test_the_issuer_id_of_a_cluster_s_oidc_provider_is_hidden_under_strict() -> None:
    r = random.Random("oidc issuers")
    for _ in range(VARIANTS * 2):
        region = r.choice(["eu-west-1", "us-east-2", "ap-south-1", "cn-north-1"])
        eks = rand(r, "0123456789ABCDEF", 32)
        tenant, issuer = (str(uuid.UUID(int=r.getrandbits(128))) for _ in range(2))
        suffix = ".cn" if region.startswith("cn-") else ""
        urls = {"eks": f"https://oidc.eks.{region}.amazonaws.com{suffix}/id/{eks}",
                "aks": f"https://{r.choice(['westeurope', 'eastus'])}.oic.prod-aks.azure.com/"
                       f"{tenant}/{issuer}/"}
        wire = _wire("strict", {"issuers": urls, "note": f"trust {urls['eks']} for {r.choice(WORDS)}"})
        assert eks not in wire and issuer not in wire and "oidc.eks." in wire, wire
        assert shown("standard", {"issuers": urls}) == {"issuers": urls}


def test_an_oidc_discovery_host_without_an_issuer_keeps_its_text() -> None:
    value = {"endpoint": "https://oidc.eks.eu-west-1.amazonaws.com", "ca": "oidc.eks.us-east-2.amazonaws.com"}
    assert shown("strict", value) == value


_KUBE_LINES = [
    "kubectl -n {ns} rollout restart deploy/{app}",
    "kubectl logs {app}-{pod} --namespace={ns} --tail=200",
    "kubectl describe pod {app}-0 -n {ns}",
    "kubectl exec -it {app}-{pod} -n {ns} -- sh",
    "kubectl get pods -l app.kubernetes.io/instance={app} -n {ns} -o wide",
    "oc scale --replicas=3 deployment/{app} -n {ns}",
    "helm upgrade {app} ./charts/{chart} --namespace {ns} --install",
    "kubectl get pods -l app={app},tier=web --namespace {ns}",
]


def _kube_name(r: random.Random) -> str:
    middle = "".join(r.choice(_SYLLABLES) for _ in range(2))
    return f"{r.choice(WORDS)}-{middle}-{r.choice(['api', 'svc', 'web', 'worker'])}"


def test_the_names_a_kubernetes_command_line_gives_are_hidden_under_strict() -> None:
    """A runbook's or CI log's kubectl, oc and helm lines name the namespace, the workload, its
    pods and the release where no key types them (before, every form here reached strict)."""
    r = random.Random("kubectl lines")
    for _ in range(VARIANTS):
        for line in _KUBE_LINES:
            ns, app, chart = _kube_name(r), _kube_name(r), r.choice(["ledger", "billing", "common"])
            value = {"runbook": f"Step {r.randrange(1, 9)}: " + line.format(
                ns=ns, app=app, pod=rand(r, HEX, 5), chart=chart)}
            wire = _wire("strict", value)
            assert ns not in wire and app not in wire, wire
            assert "kubectl" in wire or "helm" in wire or "oc scale" in wire, wire
            assert shown("standard", value) == value


def test_kinds_formats_and_system_namespaces_of_a_command_line_stay() -> None:
    """What every cluster has, and lines that are no Kubernetes command, stay under strict."""
    for line in ["kubectl get pods -o wide", "kubectl -n kube-system get pods", "kubectl get nodes",
                 "kubectl get events --sort-by=.lastTimestamp -n default",
                 "kubectl top pods --all-namespaces",
                 "kubectl apply -f deploy.yaml", "helm list -A", "kubectl get deploy,svc -n kube-public",
                 "head -n 5 jobs/123 and pods/abc", "kubectl get all -n default -o yaml"]:
        assert shown("strict", {"cmd": line}) == {"cmd": line}
