"""Identifiers in the paths of provider registries and object stores, which host names do not cover.

An image reference or an object URL names the customer's project, repository or bucket in its
path, behind a provider host that names nobody: `europe-docker.pkg.dev/<project>/<repo>/<image>`,
`gcr.io/<project>/<image>`, `<account>.dkr.ecr.<region>.amazonaws.com/<repository>`,
`<registry>.azurecr.io/<repository>`, OCI's `objectstorage.<region>.oraclecloud.com/n/<namespace>/b/<bucket>`.
The hostname detector pseudonymizes the customer's labels of the host; these take the path's
identifiers, as `bucket_url` takes the bucket of an `s3://` URL. Public registries (Docker Hub,
`ghcr.io`, `quay.io`) name public images and are left alone.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, define

_END = r"(?=[/:@?#\s\"'<>,;)\]}]|$)"
_REPOSITORY = rf"(?P<v>[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?(?:/[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)*){_END}"
"""A repository path (`payments/api`), up to the tag (`:1.4`), digest (`@sha256:`) or the end."""
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
    define("oci_object_namespace", "resource_name", "identifier", 0.9,
           _OCI + _END, ("objectstorage.",), group="n", flags=re.IGNORECASE, min_len=30,
           description="the namespace of an OCI Object Storage URL "
                       "(objectstorage.<region>.oraclecloud.com/n/<namespace>/...)"),
    define("oci_object_bucket", "resource_name", "identifier", 0.9,
           _OCI + r"/b/(?P<b>[A-Za-z0-9._-]+)" + _END, ("objectstorage.",), group="b",
           flags=re.IGNORECASE, min_len=30,
           description="the bucket of an OCI Object Storage URL (.../n/<namespace>/b/<bucket>)"),
)
