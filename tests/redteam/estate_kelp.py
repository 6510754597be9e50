"""A sixth generated estate, `kelp`: Kubernetes and containers (an EKS, a GKE and an AKS cluster,
their namespaces, workloads, Secrets and ConfigMaps) and the CI/CD that deploys them (GitHub
Actions, GitLab CI, Argo CD, Flux, Vault, a private registry).

Unlike the first five: asset ids are Kubernetes `metadata.uid`s and the clusters' provider ids,
names are the ones Kubernetes generates (pods `<deployment>-<hash>-<5>`, nodes `ip-10-1-2-3...`);
secrets sit in manifests, Helm values, env lists, config files in ConfigMaps, kubeconfigs,
GitOps specs, Vault's init output, shell histories and CI logs (`plantings_kelp`); identifiers
sit in workload-identity annotations, image references, cluster endpoints, RBAC subjects,
`aws-auth`, ingress hosts, commit trailers and the findings of Trivy, Falco and kube-bench.
"""

from __future__ import annotations

from typing import Any

import plantings as pl
import plantings_kelp as pk
import token_forms as tf
import token_kelp as tk
from drafting import Draft, Estate, link


def kelp(seed: int, fillers: int = 6) -> Estate:
    """Clusters and pipelines, in the forms the sixth red-team walk looks for; `fillers` plain
    workloads besides (the CI walk takes none: every class is planted without them)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-k8s")
    zone = p.ident("customer-host", f"{tf.word(rng)}{tf.word(rng, 1)}.io")
    registry, gitlab = f"registry.{zone}", f"gitlab.{zone}"
    account, project = tf.account_number(rng), f"{tf.word(rng)}-{tf.word(rng, 2)}-{rng.randrange(100, 999)}"
    sub, tenant = tf.uuid(rng), p.ident("workload-identity", tf.uuid(rng))
    region = rng.choice(("eu-west-1", "us-east-2", "ap-south-1"))
    namespace, group = f"{tf.word(rng)}-{rng.choice(('prod', 'live', 'core'))}", f"rg-{tf.word(rng)}"
    owners = pl.persons(p, 2)
    oncall = p.ident("oncall-annotation", tf.person(rng))
    authors = [owners[0], *(p.ident("commit-author", tf.person(rng)) for _ in range(2))]
    emails = [f"{w.split()[0].lower()}.{tf.word(rng, 1)}@{zone}" for w in owners]
    for e in emails:
        p.ident("rbac-subject", e)
    eks_name, gke_name, aks_name = (f"{tf.word(rng)}-{kind}-{rng.randrange(1, 9)}"
                                    for kind in ("prod", "gke", "aks"))
    endpoint, label = tk.eks_endpoint(rng, region)
    p.ident("cluster-endpoint", label)
    aks_fqdn = p.ident("cluster-endpoint", tk.aks_fqdn(rng, aks_name, "westeurope"))
    eks = d.asset(f"arn:aws:eks:{region}:{account}:cluster/{eks_name}", eks_name, "EKS_CLUSTER", "AWS",
                  arn=f"arn:aws:eks:{region}:{account}:cluster/{eks_name}", account=account, region=region,
                  tags={"owner": owners[0], **pl.secret_tags(p, 1)},
                  metadata={"endpoint": endpoint, "kubeconfig": pk.kubeconfig(p, endpoint, eks_name),
                            "nodes": pk.nodes(p, region, 2), "aws_auth": {"mapUsers": pk.aws_auth(
                                p, account, [e.split("@")[0] for e in emails])},
                            "bootstrap": pk.cluster_commands(p)})
    gke = d.asset(f"//container.googleapis.com/projects/{project}/locations/europe-west4/clusters/{gke_name}",
                  gke_name, "GKE_CLUSTER", "GCP", account=project, region="europe-west4",
                  metadata={"workloadPool": f"{project}.svc.id.goog", "privateEndpoint": tf.private_ip(rng),
                            "names": pk.cluster_names(p, project, gke_name, group, region=region,
                                                      namespace=namespace, account=eks_name)})
    aks = d.asset(f"/subscriptions/{sub}/resourceGroups/{group}/providers/"
                  f"Microsoft.ContainerService/managedClusters/{aks_name}", aks_name, "AKS_CLUSTER", "AZURE",
                  account=sub, region="westeurope", metadata={"fqdn": aks_fqdn, "rbac": pk.rbac(
                      p, emails, f"oidc:{tf.word(rng)}-platform-admins")})
    ns = d.asset(tf.uuid(rng), namespace, "K8S_NAMESPACE", "KUBERNETES", account=eks_name, region=region,
                 metadata={"annotations": {"oncall.platform.io/primary": oncall, "owner": owners[1]}})
    deploy_name = f"{tf.word(rng)}-api"
    pods = [p.ident("pod-name", tk.pod_name(rng, deploy_name)) for _ in range(2)]
    acr = p.ident("image-ref", f"{tf.word(rng)}{tf.word(rng, 2)}acr")
    refs = pk.images(p, account, project, acr, registry)
    service = f"{tf.word(rng)}-svc"
    maintainer = p.ident("image-maintainer", tf.person(rng))
    container: dict[str, Any] = {"name": "app", "image": refs[0], "env": pk.container_env(p),
                                 **pk.container_args(p),
                                 "build": pk.image_labels(p, maintainer, f"{tf.word(rng)}@{zone}")}
    deploy = d.asset(tf.uuid(rng), deploy_name, "K8S_DEPLOYMENT", "KUBERNETES", account=eks_name,
                     region=region,
                     metadata={"namespace": namespace, "spec": {"template": {"spec": {
                         "serviceAccountName": f"{deploy_name}-sa", "containers": [container]}}},
                         "pods": pods, "images": refs[1:], "dns": pk.service_dns(p, namespace, service)})
    sa = d.asset(tf.uuid(rng), f"{deploy_name}-sa", "K8S_SERVICE_ACCOUNT", "KUBERNETES", account=eks_name,
                 region=region, metadata={"annotations": pk.workload_identity(p, account, project, tenant)})
    held, written = pk.secret_manifest(p, namespace)
    secret = d.asset(tf.uuid(rng), f"{deploy_name}-secrets", "K8S_SECRET", "KUBERNETES", account=eks_name,
                     region=region, metadata={"manifest": held, "applied": written, **pk.tls_and_registry(p),
                                              "annotations": pk.applied_configuration(p, namespace)})
    config = d.asset(tf.uuid(rng), f"{deploy_name}-config", "K8S_CONFIGMAP", "KUBERNETES", account=eks_name,
                     region=region, metadata={"data": pk.config_files(p, f"{service}.{namespace}.svc")})
    release = d.asset(tf.uuid(rng), f"{tf.word(rng)}-db", "HELM_RELEASE", "KUBERNETES", account=gke_name,
                      region="europe-west4",
                      metadata={"chart": "bitnami/postgresql", "values": pk.helm_values(p),
                                "storage": pk.helm_storage(p), "terraform": pk.hcl_sensitive(p),
                                "grafana": {"datasources": pk.datasources(p, f"loki.{zone}")}})
    argo = d.asset(tf.uuid(rng), f"{tf.word(rng)}-apps", "ARGOCD_APPLICATION", "KUBERNETES", account=aks_name,
                   region="westeurope", metadata=pk.gitops(p, gitlab))
    vault = d.asset(tf.uuid(rng), f"vault-{tf.word(rng, 2)}", "VAULT_CLUSTER", "HASHICORP", account=eks_name,
                    region=region, metadata=pk.vault(p))
    ingress = d.asset(tf.uuid(rng), f"{deploy_name}-ingress", "K8S_INGRESS", "KUBERNETES", account=eks_name,
                      region=region, exposed=True, metadata=pk.ingress_hosts(p, zone))
    repo_name = f"{tf.word(rng)}-deploy"
    trailers = pk.commit_trailers(p, authors, zone)
    pipeline = d.asset(rng.randrange(10**7, 10**8), repo_name, "GITLAB_PROJECT", "GITLAB", account=gitlab,
                       metadata={"last_job_log": pk.ci_log(p, trailers), "mirror": f"https://{gitlab}/x/{repo_name}",
                                 "debug_log": pk.printed_secrets(p), "job_env": pk.ci_people(p),
                                 "script": pk.literal_flags(p), "stores": pk.stored_secrets(p),
                                 "codeowners": pk.codeowners(p, tf.word(rng))})
    chain = [eks, gke, aks, ns, deploy, sa, secret, config, release, argo, vault, ingress, pipeline]
    link(d, chain, [f"paged {oncall} on rollout", pl.ip_sentence(p), f"owned by {owners[1]}"])
    d.external(sa["id"], f"arn:aws:iam::{account}:role/{tf.word(rng)}-node-role", "ASSUMES_ROLE")
    node = eks["metadata"]["nodes"][0]["metadata"]["name"]
    for asset, tool, text in (
            (deploy, "falco", f"Notice A shell was spawned in a container with an attached terminal "
                              f"(user=root k8s.ns={namespace} k8s.pod={pods[0]} container=app "
                              f"image={refs[0].split('@')[0]} shell=bash parent=runc)"),
            (deploy, "trivy", f"CVE-2024-{rng.randrange(1000, 9999)}: openssl 3.0.2 in {refs[0]}; "
                              f"running in {pods[1]} on {node}"),
            (eks, "kube-bench", f"[FAIL] 4.2.6 Ensure that --protect-kernel-defaults is true on {node}"),
            (pipeline, "gitleaks", f"{trailers[1]} committed a secret to {repo_name}")):
        d.finding(asset, f"{tool}: {tf.word(rng)}", text, source_tool=tool)
    d.finding(deploy, "Privileged container", "A container runs privileged.",
              ident=p.ident("finding-id", f"trivy:{namespace}/{pods[0]}:privileged"))
    for i in range(fillers):
        d.asset(tf.uuid(rng), f"{tf.word(rng)}-worker-{i:02d}", "K8S_DEPLOYMENT", "KUBERNETES",
                account=eks_name,
                region=region, tags={"team": tf.word(rng)},
                metadata={"pods": [tk.pod_name(rng, f"w{i}")]})
    return d.finish(name, ["aws", "gcp", "azure", "kubernetes"],
                    {"aws": [region], "gcp": ["europe-west4"], "azure": ["westeurope"]})
