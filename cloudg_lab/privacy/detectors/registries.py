"""Identifiers inside provider-structured paths and names, which host names and ARNs do not cover.

An image reference or an object URL names the customer's project, repository or bucket in its
path, behind a provider host that names nobody: `europe-docker.pkg.dev/<project>/<repo>/<image>`,
`gcr.io/<project>/<image>`, `<account>.dkr.ecr.<region>.amazonaws.com/<repository>`,
`<registry>.azurecr.io/<repository>`, OCI's `objectstorage.<region>.oraclecloud.com/n/<namespace>/b/<bucket>`,
Azure DevOps' `dev.azure.com/<organization>/<project>/_git/<repository>`. Providers also compose
names of their own from the customer's: CloudWatch log groups (`/aws/lambda/<function>`), KMS
aliases (`alias/<name>`) and key ids (`key/<uuid>`, `mrk-<hex>`), Route 53 zones (`hostedzone/<id>`),
Cognito pools (`<region>_<id>`), S3 access-point aliases
(`<name>-<suffix>-s3alias`) and kubeconfig contexts (`gke_<project>_<zone>_<cluster>`,
`clusterUser_<group>_<cluster>`). The hostname detector pseudonymizes the customer's labels of a
host; these take the identifiers of the path or name, as `bucket_url` takes the bucket of an
`s3://` URL. Public registries (Docker Hub, `ghcr.io`, `quay.io`) name public images and are
left alone, as are the names AWS manages (`alias/aws/s3`).
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define

_END = r"(?=[/:@?#\s\"'<>,;)\]}]|$)"
_REPOSITORY = rf"(?P<v>[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?(?:/[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)*){_END}"
"""A repository path (`payments/api`), up to the tag (`:1.4`), digest (`@sha256:`) or the end."""
_DEVOPS_PART = r"[A-Za-z0-9][A-Za-z0-9._%-]*"
_DEVOPS = rf"(?P<v>{_DEVOPS_PART})"
_AKS_USER = "cluster(?:User|Admin|Monitoring)"
_AKS_TRIGGERS = ("clusteruser_", "clusteradmin_", "clustermonitoring_")
_OCI = r"\bobjectstorage\.[a-z0-9-]+\.oraclecloud\.com/n/(?P<n>[a-z0-9_-]+)"

PROVIDER_PATHS: tuple[Detector, ...] = (
    define("gcp_registry_project", "gcp_project_id", "identifier", 0.9,
           r"\b(?:(?:[a-z]{2,4}\.)?gcr\.io|[a-z0-9-]+-(?:docker|maven|npm|python|go|apt|yum)\.pkg\.dev)"
           r"/(?P<v>[a-z][a-z0-9-]{4,28}[a-z0-9])(?=/)", ("gcr.io/", ".pkg.dev/"), group="v",
           flags=re.IGNORECASE, min_len=14,
           description="the GCP project of an Artifact Registry or Container Registry path "
                       "(europe-docker.pkg.dev/<project>/..., eu.gcr.io/<project>/...)"),
    define("private_registry_repository", "resource_name", "identifier", 0.85,
           r"(?:\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com(?:\.cn)?|\.azurecr\.io)/" + _REPOSITORY,
           (".dkr.ecr.", ".azurecr.io/"), group="v", flags=re.IGNORECASE, min_len=16,
           description="the repository of an ECR or ACR image (<account>.dkr.ecr.<region>."
                       "amazonaws.com/<repository>:<tag>, <registry>.azurecr.io/<repository>)"),
    *(define(f"azure_devops_{part}", "resource_name", "identifier", 0.9, rf"\bdev\.azure\.com/{path}" + _END,
             ("dev.azure.com/",), group="v", min_len=18,
             description=f"the {part} of an Azure DevOps URL (dev.azure.com/<organization>/<project>/"
                         "_git/<repository>)")
      for part, path in (("organization", _DEVOPS),
                         ("project", rf"{_DEVOPS_PART}/(?!_)(?P<v>{_DEVOPS_PART})"),
                         ("repository", rf"{_DEVOPS_PART}/{_DEVOPS_PART}/_git/(?P<v>{_DEVOPS_PART})"))),
    define("cloudwatch_log_group", "resource_name", "identifier", 0.85,
           r"(?<![\w/])/aws/(?:lambda|ecs/containerinsights|ecs|eks|rds/instance|rds/cluster|codebuild"
           r"|apigateway|batch/job|sagemaker/Endpoints|kinesisfirehose|states|vendedlogs/states|msk"
           r"|elasticbeanstalk|appsync/apis|mwaa/environment|opensearchservice/domains)/"
           r"(?P<v>(?!containerinsights(?![\w.-]))[A-Za-z0-9][A-Za-z0-9._-]*)", ("/aws/",), group="v",
           min_len=10,
           description="the function, cluster, database or project a CloudWatch log group is named "
                       "for (/aws/lambda/<function>, /aws/eks/<cluster>/cluster)"),
    define("kms_alias", "resource_name", "identifier", 0.85,
           r"\balias/(?!aws/)(?P<v>[A-Za-z0-9][A-Za-z0-9/_-]*[A-Za-z0-9])(?![\w/-])", ("alias/",), group="v",
           min_len=8, description="customer KMS key aliases (alias/<name>; AWS-managed alias/aws/... kept)"),
    define("route53_zone", "resource_name", "identifier", 0.9,
           r"(?:\bhostedzone/|(?i:\bhosted[ _-]?zone(?:[ _-]?id)?)[ \t]*[:=]?[ \t]*[\"']?)"
           r"(?P<v>Z[A-Z0-9]{8,32})\b", ("hostedzone", "hosted zone", "hosted_zone", "hosted-zone"),
           group="v", min_len=20,
           description="Route 53 hosted zone ids (hostedzone/Z..., hosted zone Z...)"),
    define("kms_key_id", "resource_name", "identifier", 0.85,
           r"\bkey/(?P<v>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|mrk-[0-9a-f]{32})\b"
           r"|\b(?P<m>mrk-[0-9a-f]{32})\b", ("key/", "mrk-"), group=("v", "m"), min_len=36,
           description="KMS key ids (key/<uuid>, multi-Region mrk-<hex>)"),
    define("cognito_pool", "resource_name", "identifier", 0.85,
           r"\b[a-z]{2}(?:-gov)?-[a-z]+-\d_[A-Za-z0-9]{9}\b|\b[a-z]{2}(?:-gov)?-[a-z]+-\d:"
           r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
           ("_", ":"), gate=lambda text, low: "-" in text, min_len=19,
           description="Cognito user pool ids (<region>_<9>) and identity pool ids (<region>:<uuid>)"),
    define("s3_access_point_alias", "resource_name", "identifier", 0.9,
           r"\b[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?-[a-z0-9]{20,40}-s3alias\b", ("-s3alias",),
           min_len=30, description="S3 access point aliases (<name>-<suffix>-s3alias)"),
    define("kube_context_project", "gcp_project_id", "identifier", 0.85,
           r"\bgke_(?P<v>[a-z][a-z0-9-]{4,28}[a-z0-9])_[a-z0-9-]+_[A-Za-z0-9-]+", ("gke_",), group="v",
           min_len=12,
           description="the project of a GKE kubeconfig context (gke_<project>_<zone>_<cluster>)"),
    define("kube_context_cluster", "resource_name", "identifier", 0.85,
           r"\b(?:gke_[a-z][a-z0-9-]{4,28}[a-z0-9]_[a-z0-9-]+|" + _AKS_USER + r"_[A-Za-z0-9._()-]+)"
           r"_(?P<v>[A-Za-z0-9][A-Za-z0-9-]*)\b", ("gke_", *_AKS_TRIGGERS), group="v", min_len=12,
           description="the cluster of a GKE or AKS kubeconfig context or user "
                       "(clusterUser_<group>_<cluster>)"),
    define("kube_context_group", "azure_resource_group", "identifier", 0.85,
           r"\b" + _AKS_USER + r"_(?P<v>[A-Za-z0-9._()-]+?)_[A-Za-z0-9][A-Za-z0-9-]*\b",
           _AKS_TRIGGERS, group="v", min_len=14,
           description="the resource group of an AKS kubeconfig user (clusterUser_<group>_<cluster>)"),
    define("gke_node", "resource_name", "identifier", 0.9,
           r"\bgke-[a-z0-9](?:[a-z0-9-]{0,60}[a-z0-9])?-[0-9a-f]{8}-[a-z0-9]{4}\b", ("gke-",), min_len=20,
           description="GKE node names, which carry their cluster's and pool's names "
                       "(gke-<cluster>-<pool>-<hash>-<suffix>)"),
    define("oci_object_namespace", "resource_name", "identifier", 0.9,
           _OCI + _END, ("objectstorage.",), group="n", flags=re.IGNORECASE, min_len=30,
           description="the namespace of an OCI Object Storage URL "
                       "(objectstorage.<region>.oraclecloud.com/n/<namespace>/...)"),
    define("oci_object_bucket", "resource_name", "identifier", 0.9,
           _OCI + r"/b/(?P<b>[A-Za-z0-9._-]+)" + _END, ("objectstorage.",), group="b",
           flags=re.IGNORECASE, min_len=30,
           description="the bucket of an OCI Object Storage URL (.../n/<namespace>/b/<bucket>)"),
)
