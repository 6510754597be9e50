"""The names a Kubernetes command line gives away: its namespace, objects, release and app.

Runbooks, CI logs and incident notes quote `kubectl` and `helm` lines that name the customer's
namespaces and workloads where no key types them: `kubectl -n <ns> rollout restart deploy/<name>`,
`kubectl logs <pod> --namespace=<ns>`, `helm upgrade <release> ./chart`, `-l app=<name>`. Each
is an identifier (hidden under `strict`, kept under `standard`). Only text that holds such a
command is searched (the triggers), so `head -n 5` or `jobs/123` elsewhere is left alone; the
words a command line uses for kinds and output formats, and the system namespaces every
cluster has, name nobody.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define

_TRIGGERS = ("kubectl", "helm ", *(f"oc {verb}" for verb in ("-n", "get", "describe", "delete", "edit",
                                                            "logs", "exec", "scale", "rollout")))
"""OpenShift's `oc` by its verbs: `oc ` alone ends `doc `, `proc `."""
_NAME = r"(?P<v>[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?![\w.=/-])"
"""A Kubernetes object name (DNS subdomain), not followed by more of a path or by `=` (a label key)."""
_KINDS = ("pods?|po|deploy(?:ments?)?|svc|services?|sts|statefulsets?|ds|daemonsets?|rs|replicasets?"
          "|jobs?|cronjobs?|cj|cm|configmaps?|secrets?|ing|ingress(?:es)?|pvc|persistentvolumeclaims?"
          "|sa|serviceaccounts?|nodes?|no|hpa|horizontalpodautoscalers?|ns|namespaces?|pdb|netpol"
          "|networkpolicies|networkpolicy|roles?|rolebindings?|ep|endpoints")
_VERBS = ("get|describe|delete|edit|logs|exec|port-forward|scale|annotate|label|cordon|drain"
          "|uncordon|top|attach|expose|autoscale|restart|status|history|undo|pause|resume")
_HELM_VERBS = r"install|upgrade|uninstall|delete|status|rollback|history|test|get[ \t]+\w+"
_SHARED = frozenset({
    "default", "kube-system", "kube-public", "kube-node-lease", "all", "wide", "yaml", "json",
    "name", "events", "ev", "it", "sh", "bash", "true", "false", "latest",
    "api", "app", "web", "db", "worker", "frontend", "backend", "nginx", "redis", "postgres", "mysql",
    "coredns", "kube-proxy", "kube-dns", "metrics-server", "ingress-nginx", "cert-manager", "monitoring",
    "prometheus", "grafana", "argocd", "istio-system", "calico-system", "aws-node", "cluster-autoscaler",
})
"""Kind words, output formats, the namespaces every cluster has, the add-ons everybody installs
and one-word roles (`deploy/api`): no customer's name."""


_KIND_WORDS = re.compile(_KINDS)


def _named(text: str) -> str | None:
    word = text.lower()
    if word in _SHARED or word.isdigit() or _KIND_WORDS.fullmatch(word):
        return None
    return "resource_name"

KUBERNETES_COMMANDS: tuple[Detector, ...] = (
    define("kubectl_namespace", "resource_name", "identifier", 0.85,
           rf"(?<![\w-])(?:-n|--namespace)(?:=|[ \t]+)['\"]?{_NAME}", _TRIGGERS, group="v",
           validate=_named, min_len=12,
           description="the namespace of a kubectl, oc or helm command (-n <ns>, --namespace=<ns>)"),
    define("kubectl_object", "resource_name", "identifier", 0.85,
           rf"(?<![\w/.-])(?:{_KINDS})/{_NAME}", _TRIGGERS, group="v", validate=_named, min_len=12,
           description="the object a kubectl command names as kind/name (deploy/<name>, pod/<name>)"),
    define("kubectl_positional", "resource_name", "identifier", 0.8,
           rf"\b(?:kubectl|oc)\b[^\n|;&]*?[ \t](?:rollout[ \t]+)?(?:{_VERBS})"
           rf"(?:[ \t]+-[\w-]+(?:=\S+)?)*(?:[ \t]+(?:{_KINDS}))?(?:[ \t]+-[\w-]+(?:=\S+)?)*[ \t]+{_NAME}",
           _TRIGGERS, group="v", validate=_named, min_len=12,
           description="the object a kubectl command names after its verb and kind "
                       "(kubectl logs <pod>, kubectl describe pod <name>)"),
    define("helm_release", "resource_name", "identifier", 0.85,
           rf"\bhelm[ \t]+(?:{_HELM_VERBS})(?:[ \t]+-[\w-]+(?:=\S+)?)*[ \t]+{_NAME}", _TRIGGERS,
           group="v", validate=_named, min_len=12,
           description="the release a helm command installs, upgrades or inspects"),
    define("kubectl_selector_app", "resource_name", "identifier", 0.8,
           rf"(?<![\w.-])(?:app|k8s-app|release|app\.kubernetes\.io/(?:name|instance|part-of))={_NAME}",
           _TRIGGERS, group="v", validate=_named, min_len=12,
           description="the app a label selector of a kubectl or helm command names (-l app=<name>)"),
)
