"""The sixth estate's plantings: Kubernetes, containers and their CI/CD (`kelp`).

One function per class, as `plantings` does: each returns the fragment the builder places and
records its canaries on the planter. Secrets sit where clusters and pipelines keep them: a
`Secret`'s base64 `data:` and its `stringData:`, TLS and registry Secrets, Helm values, container
env lists, config files inside ConfigMaps (properties, `.env`, nginx, JSON in YAML in JSON),
kubeconfigs, GitOps specs, Vault's init output and CI logs; identifiers sit in workload-identity
annotations, image references, cluster endpoints, node and pod names, RBAC subjects, `aws-auth`,
ingress hosts, commit trailers and scanner findings.
"""

from __future__ import annotations

import json
from typing import Any

import token_forms as tf
import token_kelp as tk
from plantings import Planter, record

# --------------------------------------------------------------------------- secrets


def _pw(p: Planter, cls: str) -> str:
    return p.secret(cls, tf.password(p.rng))


def secret_manifest(p: Planter, namespace: str) -> tuple[dict[str, Any], str]:
    """An Opaque `Secret` as `kubectl get -o json` prints it (base64 `data:` under neutral keys)
    and the same kind of manifest as YAML text, with `stringData:`."""
    data = {}
    for key in p.pick(("primary", "mongodb-root", "smtp", "upstream", "DATABASE", "ldap"), 3):
        plain = tf.password(p.rng)
        data[key] = tf.b64(plain.encode())
        p.secret("k8s-secret-data", plain, data[key])
    held = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
            "metadata": {"name": f"{tf.word(p.rng)}-env", "namespace": namespace}, "data": data}
    string_data = [_pw(p, "k8s-secret-data") for _ in range(2)]
    text = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tf.word(p.rng)}-creds\n"
            f"  namespace: {namespace}\n"
            f"type: Opaque\nstringData:\n  endpoint: {string_data[0]}\n  replica: \"{string_data[1]}\"\n")
    return held, text


def tls_and_registry(p: Planter) -> dict[str, Any]:
    """A cert-manager TLS Secret (`tls.key` base64 of a PEM block) and a registry Secret
    (`.dockerconfigjson`, base64 of a config whose auth is base64 of `user:password`)."""
    key, body = tk.private_key_b64(p.rng)
    p.secret("tls-secret", body, key)
    pw = tf.password(p.rng)
    auth = tf.b64(f"robot$ci:{pw}".encode())
    config = tf.b64(json.dumps({"auths": {f"harbor.{tf.word(p.rng)}.io": {"auth": auth}}}).encode())
    p.secret("registry-secret", pw, auth, config)
    ident = tf.chars(p.rng, 40)
    p.secret("registry-secret", ident)
    return {"tls": {"kind": "Secret", "type": "kubernetes.io/tls",
                    "data": {"tls.crt": tf.b64(b"-----BEGIN CERTIFICATE-----\nMIIB\n-----END "
                                                b"CERTIFICATE-----"),
                             "tls.key": key}},
            "pull": {"kind": "Secret", "type": "kubernetes.io/dockerconfigjson",
                     "data": {".dockerconfigjson": config}},
            "docker_config": json.dumps({"auths": {"quay.io": {"identitytoken": ident}}})}


def helm_values(p: Planter) -> str:
    """A chart's values.yaml: passwords and keys nested under `auth:` blocks of subcharts."""
    s = {k: _pw(p, "helm-values") for k in ("root", "rs", "pg", "app", "cookie", "redis", "grafana")}
    return (f"global:\n  imageRegistry: registry.{tf.word(p.rng)}.io\nauth:\n  enabled: true\n"
            f"  rootUser: admin\n  rootPassword: {s['root']}\n  replicaSetKey: {s['rs']}\n"
            f"postgresql:\n  enabled: true\n  auth:\n    postgresPassword: \"{s['pg']}\"\n    username: app\n"
            f"    password: '{s['app']}'\n    database: {tf.word(p.rng)}\n"
            f"rabbitmq:\n  auth:\n    username: user\n    erlangCookie: {s['cookie']}\n"
            f"redis:\n  architecture: standalone\n  auth:\n    password: {s['redis']}\n"
            f"grafana:\n  adminUser: admin\n  adminPassword: {s['grafana']}\n  replicas: 2\n")


def container_env(p: Planter) -> list[dict[str, Any]]:
    """A pod spec's env list: literal secrets under env var names, beside `valueFrom` refs."""
    names = p.pick(("SPRING_DATASOURCE_PASSWORD", "RAILS_MASTER_KEY", "DJANGO_SECRET_KEY",
                    "JWT_SIGNING_KEY", "AWS_SECRET_ACCESS_KEY", "KEYCLOAK_ADMIN_PASSWORD",
                    "NEXTAUTH_SECRET", "MINIO_ROOT_PASSWORD"), 4)
    env: list[dict[str, Any]] = [{"name": n, "value": _pw(p, "container-env")} for n in names]
    env.insert(1, {"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "db", "key": "password"}}})
    env.append({"name": "LOG_LEVEL", "value": "info"})
    return env


def container_args(p: Planter) -> dict[str, Any]:
    """A container's `command` and `args`: a secret as the item after a flag and in `sh -c`."""
    a, b = _pw(p, "container-args"), _pw(p, "container-args")
    return {"command": ["/bin/sh", "-c",
                        f"curl -fsS -u admin:{a} http://localhost:8080/-/reload && exec app"],
            "args": ["--listen=:8443", "--db-password", b, "--log-format=json"]}


def config_files(p: Planter, host: str) -> dict[str, Any]:
    """A ConfigMap's files: properties, `.env`, nginx.conf, and JSON in YAML in JSON."""
    s = [tf.password(p.rng) for _ in range(6)]
    basic = tf.b64(f"metrics:{s[3]}".encode())
    for i, value in enumerate(s):
        p.secret("configmap-file", value, *([basic] if i == 3 else []))
    settings = json.dumps({"upstream": {"url": f"https://{host}", "auth": {"bearer": s[4]}}})
    yaml_in = f"server:\n  port: 8080\nintegrations:\n  settings.json: '{settings}'\n  hmac: {s[5]}\n"
    return {"application.properties": (f"server.port=8080\nspring.datasource.url=jdbc:postgresql://{host}/app\n"
                                       f"spring.datasource.username=app\nspring.datasource.password={s[0]}\n"
                                       "management.endpoints.web.exposure.include=health\n"),
            ".env": f"NODE_ENV=production\nDATABASE_URL=postgres://app:{s[1]}@{host}:5432/app\n"
                    f"SESSION_SECRET={s[2]}\nPORT=3000\n",
            "nginx.conf": ("server {\n  listen 80;\n  location /metrics {\n"
                           f"    proxy_set_header Authorization \"Basic {basic}\";\n"
                           "    proxy_pass http://127.0.0.1:9090;\n  }\n}\n"),
            "app.json": json.dumps({"kind": "ConfigMap", "data": {"config.yaml": yaml_in}})}


def kubeconfig(p: Planter, server: str, cluster: str) -> str:
    """A kubeconfig as `aws eks update-kubeconfig` and a CI secret hold it."""
    key, body = tk.private_key_b64(p.rng)
    p.secret("kubeconfig", body, key)
    token = p.secret("kubeconfig", tf.jwt(p.rng))
    access = p.secret("kubeconfig", "ya29." + tf.chars(p.rng, 60, tf.ALNUM + "_-"))
    return (f"apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: "
            f"{tf.b64(b'-----BEGIN CERTIFICATE-----')}\n    server: {server}\n  name: {cluster}\n"
            f"users:\n- name: ci\n  user:\n    client-key-data: {key}\n    token: {token}\n"
            f"- name: gke\n  user:\n    auth-provider:\n      name: gcp\n      config:\n"
            f"        access-token: {access}\n        expiry: 2026-01-01T00:00:00Z\n")


def gitops(p: Planter, gitlab: str) -> dict[str, Any]:
    """An Argo CD Application, its repository Secret and a Flux GitRepository and HelmRelease."""
    tok = p.secret("gitops", "glpat-" + tf.chars(p.rng, 20))
    pw, param, helm = _pw(p, "gitops"), _pw(p, "gitops"), _pw(p, "gitops")
    ghs = p.secret("gitops", "ghs_" + tf.chars(p.rng, 36))
    age = p.secret("gitops", tk.sops_age_key(p.rng))
    repo = f"https://oauth2:{tok}@{gitlab}/platform/{tf.word(p.rng)}.git"
    app = {"apiVersion": "argoproj.io/v1alpha1", "kind": "Application",
           "spec": {"source": {"repoURL": repo, "targetRevision": "main", "helm": {"parameters": [
               {"name": "image.tag", "value": "1.4.2"},
               {"name": "postgresql.auth.password", "value": param}]}}}}
    repo_secret = {"kind": "Secret", "metadata": {"labels": {"argocd.argoproj.io/secret-type": "repository"}},
                   "stringData": {"type": "git", "url": f"https://{gitlab}/platform", "username": "argocd",
                                  "password": pw}}
    flux = (f"apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nspec:\n  interval: 1m\n"
            f"  url: https://x-access-token:{ghs}@github.com/{tf.word(p.rng)}/fleet\n---\n"
            f"apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nspec:\n  values:\n    auth:\n"
            f"      password: {helm}\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: sops-age\n"
            f"stringData:\n  age.agekey: {age}\n")
    return {"application": app, "repository": repo_secret, "flux": flux}


def vault(p: Planter) -> dict[str, Any]:
    """Vault's init output, a legacy service token in an env, kv put and AppRole login lines."""
    text, secrets = tk.vault_init(p.rng)
    for s in secrets:
        p.secret("vault", s)
    legacy = p.secret("vault", "s." + tf.chars(p.rng, 24))
    kv, secret_id = _pw(p, "vault"), p.secret("vault", tf.uuid(p.rng))
    return {"init": text,
            "env": [f"VAULT_ADDR=https://vault.{tf.word(p.rng)}.io:8200", f"VAULT_TOKEN={legacy}"],
            "runbook": [f"vault kv put secret/{tf.word(p.rng)}/db password={kv} ttl=1h",
                        f"vault write auth/approle/login role_id={tf.uuid(p.rng)} secret_id={secret_id}"]}


def cluster_commands(p: Planter) -> list[str]:
    """An operator's shell history: every `tk.COMMANDS` form with a literal secret."""
    return [record(p, "cluster-command", tk.command(p.rng, style)) for style in tk.COMMANDS]


def ci_log(p: Planter, authors: list[str]) -> str:
    """A GitHub Actions / GitLab CI log: masked and unmasked secrets, commit trailers."""
    stamp = "2026-11-{:02d}T0{}:{:02d}:{:02d}.{:07d}Z "
    lines = [record(p, "ci-log", tk.ci_line(p.rng, style)) for style in tk.CI_LINES]
    lines += ["  NPM_TOKEN: ***", "Run docker/login-action@v3", *authors, "##[endgroup]"]
    rng = p.rng
    return "\n".join(stamp.format(rng.randrange(1, 28), rng.randrange(10), rng.randrange(60),
                                  rng.randrange(60), rng.randrange(10**7)) + line for line in lines)


# --------------------------------------------------------------------------- identifiers


def workload_identity(p: Planter, account: int, project: str, tenant: str) -> dict[str, str]:
    """A ServiceAccount's IRSA, GKE Workload Identity and Azure Workload Identity annotations."""
    role = f"{tf.word(p.rng)}-{tf.word(p.rng, 2)}-irsa"
    gsa = f"{tf.word(p.rng)}-{tf.word(p.rng, 1)}@{project}.iam.gserviceaccount.com"
    p.ident("workload-identity", role)
    p.ident("workload-identity", gsa)
    client = p.ident("workload-identity", tf.uuid(p.rng))
    return {"eks.amazonaws.com/role-arn": f"arn:aws:iam::{account}:role/{role}",
            "iam.gke.io/gcp-service-account": gsa, "azure.workload.identity/client-id": client,
            "azure.workload.identity/tenant-id": tenant}


def images(p: Planter, account: int, project: str, acr: str, registry: str) -> list[str]:
    """Image references on private registries, with tags and digests."""
    region = p.rng.choice(("eu-west-1", "ap-southeast-2", "us-east-2"))
    repo = p.ident("image-ref", f"{tf.word(p.rng)}-{tf.word(p.rng, 2)}")
    return [f"{account}.dkr.ecr.{region}.amazonaws.com/{repo}:1.{p.rng.randrange(9)}.0@{tk.digest(p.rng)}",
            f"europe-west4-docker.pkg.dev/{project}/{tf.word(p.rng)}/{tf.word(p.rng)}:v2",
            f"{acr}.azurecr.io/{tf.word(p.rng)}/worker@{tk.digest(p.rng)}",
            f"{registry}/{tf.word(p.rng)}/{tf.word(p.rng)}:2026.11"]


def nodes(p: Planter, region: str, n: int) -> list[dict[str, Any]]:
    """Nodes named after their private address, as `kubectl get nodes -o json` lists them."""
    out = []
    for _ in range(n):
        ip = p.ident("node-name", tf.private_ip(p.rng), bounded=True)
        name = p.ident("node-name", tk.node_name(p.rng, ip, region), ip.replace(".", "-"))
        out.append({"metadata": {"name": name, "labels": {"topology.kubernetes.io/zone": f"{region}a"}},
                    "status": {"addresses": [{"type": "InternalIP", "address": ip},
                                             {"type": "Hostname", "address": name}]}})
    return out


def rbac(p: Planter, emails: list[str], group: str) -> dict[str, Any]:
    """A ClusterRoleBinding whose subjects are people's logins and an IdP group."""
    p.ident("rbac-subject", group)
    subjects = [{"kind": "User", "apiGroup": "rbac.authorization.k8s.io", "name": e} for e in emails]
    return {"kind": "ClusterRoleBinding", "roleRef": {"kind": "ClusterRole", "name": "cluster-admin"},
            "subjects": [*subjects, {"kind": "Group", "name": group}]}


def aws_auth(p: Planter, account: int, users: list[str]) -> str:
    """The `aws-auth` ConfigMap's mapUsers, as YAML text: IAM users mapped to Kubernetes users."""
    for u in users:
        p.ident("aws-auth-user", u)
    return "".join(f"- userarn: arn:aws:iam::{account}:user/{u}\n  username: {u}\n  groups:\n"
                   "    - system:masters\n" for u in users)


def ingress_hosts(p: Planter, zone: str) -> dict[str, Any]:
    """Ingress rules, a wildcard host, an Istio gateway's `namespace/host`, cert-manager dnsNames."""
    hosts = [p.ident("ingress-host", f"{tf.word(p.rng, 2)}.{zone}") for _ in range(2)]
    p.ident("ingress-host", f"apps.{zone}")
    return {"ingress": {"rules": [{"host": h, "http": {"paths": [{"path": "/"}]}} for h in hosts],
                        "tls": [{"hosts": [f"*.apps.{zone}"], "secretName": "wildcard-tls"}]},
            "gateway": {"servers": [{"hosts": [f"istio-system/{hosts[0]}", f"*/{hosts[1]}"]}]},
            "certificate": {"dnsNames": [f"*.apps.{zone}", hosts[1]]}}


def service_dns(p: Planter, namespace: str, service: str) -> list[str]:
    """In-cluster names: short `svc`, full `svc.cluster.local`, and a pod's dashed-address name."""
    address = tf.private_ip(p.rng)
    ip = p.ident("service-dns", address, address.replace(".", "-"), bounded=True)
    return [f"http://{service}.{namespace}.svc:8080/healthz", f"{service}.{namespace}.svc.cluster.local",
            f"{ip.replace('.', '-')}.{namespace}.pod.cluster.local"]


def commit_trailers(p: Planter, people: list[str], domain: str) -> list[str]:
    """`Author:`, `Co-authored-by:` and `Signed-off-by:` lines quoting people and their e-mails."""
    out = []
    for label, person in zip(("Author:", "Co-authored-by:", "Signed-off-by:"), people, strict=False):
        mail = p.ident("commit-trailer", f"{person.split()[0].lower()}.{tf.word(p.rng, 1)}@{domain}")
        out.append(f"{label} {person} <{mail}>")
    return out


# --------------------------------------------------------------------------- second round


def applied_configuration(p: Planter, namespace: str) -> dict[str, str]:
    """`kubectl apply`'s annotation: the whole applied Secret, as JSON text, on the live object."""
    plain = tf.password(p.rng)
    coded = tf.b64(plain.encode())
    p.secret("applied-configuration", plain, coded)
    applied = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque", "data": {"replica": coded},
               "metadata": {"name": f"{tf.word(p.rng)}-env", "namespace": namespace}}
    return {"kubectl.kubernetes.io/last-applied-configuration": json.dumps(applied) + "\n"}


def helm_storage(p: Planter) -> dict[str, Any]:
    """A Helm release kept by the ConfigMap driver: `release` is base64 of gzip of its JSON."""
    plain = tf.password(p.rng)
    release = {"name": tf.word(p.rng), "config": {"auth": {"rootPassword": plain}}, "version": 3}
    coded = tk.gzipped(json.dumps(release))
    p.secret("helm-release-storage", plain, coded)
    return {"kind": "ConfigMap", "metadata": {"labels": {"owner": "helm", "status": "deployed"}},
            "data": {"release": coded}}


def printed_secrets(p: Planter) -> str:
    """A CI log where a command prints a secret and the next line is what it printed."""
    lines = []
    for style in tk.PRINTERS:
        secret = p.secret("printed-secret", tf.password(p.rng), family=f"print_{style}")
        lines += [tk.PRINTERS[style](p.rng), secret]
    return "\n".join(f"$ {line}" if i % 2 == 0 else line for i, line in enumerate(lines))


def literal_flags(p: Planter) -> list[str]:
    """Secrets created from literals whose keys say nothing (every literal of a Secret is one)."""
    out = []
    for _ in range(2):
        keys = p.pick(("primary", "replica", "DSN", "upstream", "license"), 2)
        values = [p.secret("from-literal", tf.password(p.rng)) for _ in keys]
        out.append(f"kubectl create secret generic {tf.word(p.rng)} " +
                   " ".join(f"--from-literal={k}={v}" for k, v in zip(keys, values, strict=True)))
    pw, sealed, stored = (p.secret("encoded-pipe", tf.password(p.rng)) for _ in range(3))
    out += [f'echo -n "ci:{pw}" | base64 -w0 > /kaniko/.docker/auth',
            f"echo -n '{sealed}' | kubeseal --raw --from-file=/dev/stdin --name db --namespace x",
            f"printf '{stored}' | gcloud secrets versions add {tf.word(p.rng)}-db --data-file=-"]
    return out


def hcl_sensitive(p: Planter) -> str:
    """Terraform's helm_release with set_sensitive blocks naming the chart value."""
    pw = p.secret("hcl-set-sensitive", tf.password(p.rng))
    return (f'resource "helm_release" "{tf.word(p.rng)}" {{\n  chart = "postgresql"\n'
            f'  set_sensitive {{\n    name  = "auth.postgresPassword"\n    value = "{pw}"\n  }}\n}}\n')


def cluster_names(p: Planter, project: str, cluster: str, group: str, *, region: str,
                  namespace: str, account: str) -> dict[str, Any]:
    """Names managed clusters glue from the estate's own: kubeconfig contexts, node resource
    groups, OIDC issuers, SPIFFE ids, workload-identity members, external-dns owner records."""
    issuer = p.ident("oidc-issuer", tf.chars(p.rng, 32, "0123456789ABCDEF"))
    return {"contexts": [f"gke_{project}_europe-west4-a_{cluster}"],
            "nodeResourceGroup": f"MC_{group}_{cluster}_{region}",
            "oidc": f"https://oidc.eks.{region}.amazonaws.com/id/{issuer}",
            "spiffe": f"spiffe://cluster.local/ns/{namespace}/sa/{namespace}-reader",
            "member": f"serviceAccount:{project}.svc.id.goog[{namespace}/{namespace}-reader]",
            "registry": f"eu.gcr.io/{project}/{tf.word(p.rng)}:latest",
            "txt": f"heritage=external-dns,external-dns/owner={account},external-dns/resource=ingress/"
                   f"{namespace}/{tf.word(p.rng)}"}


def ci_people(p: Planter) -> str:
    """GitLab's predefined variables as a job's `env` prints them: the user who started it."""
    person = p.ident("ci-env-person", tf.person(p.rng))
    login = p.ident("ci-env-person", f"{person.split()[0].lower()}{tf.word(p.rng, 1)}")
    return (f"CI_PIPELINE_SOURCE=push\nGITLAB_USER_NAME={person}\nGITLAB_USER_LOGIN={login}\n"
            f"CI_COMMIT_REF_NAME=main\n")


def datasources(p: Planter, host: str) -> list[dict[str, Any]]:
    """Grafana datasources as kube-prometheus-stack provisions them: secrets in `secureJsonData`
    under a numbered header value and a password, beside their public `jsonData`."""
    header, password = (p.secret("secure-json-data", tf.password(p.rng)) for _ in range(2))
    return [{"name": "loki", "type": "loki", "url": f"https://{host}", "jsonData": {
        "httpHeaderName1": "X-Scope-OrgID"}, "secureJsonData": {"httpHeaderValue1": header,
                                                                 "basicAuthPassword": password}}]


def image_labels(p: Planter, person: str, mail: str) -> str:
    """A Dockerfile's LABEL line naming the image's maintainer as a mailbox."""
    p.ident("image-maintainer", person)
    p.ident("image-maintainer", mail)
    return (f'FROM gcr.io/distroless/base\nLABEL maintainer="{person} <{mail}>" '
            f'org.opencontainers.image.version="1.{p.rng.randrange(9)}"\n')


def stored_secrets(p: Planter) -> dict[str, Any]:
    """Commands and files that store a secret under a name that says nothing: `gh secret set`,
    `az keyvault secret set`, a SecureString parameter, `vault kv put`, `fly secrets set`, a
    Kustomize secretGenerator and a Terraform kubernetes_secret."""
    s = [p.secret("stored-secret", tf.password(p.rng)) for _ in range(8)]
    name = f"{tf.word(p.rng)}-db"
    return {"runbook": [f"gh secret set {name.upper().replace('-', '_')} --body '{s[0]}' --repo x/y",
                        f"az keyvault secret set --vault-name kv-{tf.word(p.rng)} --name {name} "
                        f"--value {s[1]}",
                        f"aws ssm put-parameter --name /{name}/primary --type SecureString --value {s[2]}",
                        f"vault kv put -mount=secret {name} primary={s[3]} replica={s[4]}",
                        f"fly secrets set PRIMARY_DSN={s[5]}"],
            "kustomization": f"resources:\n- deploy.yaml\nsecretGenerator:\n- name: {name}\n  literals:\n"
                             f"  - primary={s[6]}\n",
            "main_tf": (f'resource "kubernetes_secret" "{tf.word(p.rng)}" {{\n  metadata {{\n'
                        f'    name = "{name}"\n  }}\n  data = {{\n    primary = "{s[7]}"\n  }}\n}}\n')}


def codeowners(p: Planter, org: str) -> str:
    """A CODEOWNERS file: path patterns owned by teams and by people's handles."""
    handles = [p.ident("codeowners-handle", f"{tf.word(p.rng, 2)}-{tf.word(p.rng, 1)}") for _ in range(2)]
    return (f"# owners\n* @{org}/platform\n/charts/ @{handles[0]} @{org}/sre\n"
            f"*.tf @{handles[1]}\n")
