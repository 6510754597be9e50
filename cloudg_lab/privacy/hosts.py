"""Cloud host names: which labels are the provider's and which are the customer's.

`ec2.amazonaws.com` names a service, not anyone's asset, so it is not an identifier; in
`db-7.c9x.us-east-1.rds.amazonaws.com` only the first two labels are the customer's. The
hostname detector and the hostname pseudonym shape both rely on this split.
"""

from __future__ import annotations

import re

CLOUD_ROOTS = (
    "amazonaws.com", "amazonaws.com.cn", "aws.amazon.com", "cloudfront.net", "awsapps.com",
    "azure.com", "windows.net", "azurewebsites.net", "cloudapp.net", "azurecr.io", "azure.net",
    "azmk8s.io", "azureedge.net", "azure-api.net", "googleapis.com", "appspot.com", "run.app",
    "cloudfunctions.net", "gcr.io", "pkg.dev", "goog", "ec2.internal", "compute.internal",
    "google.internal", "on.aws", "ecr.aws", "oraclecloud.com",
)
"""Private suffixes (`.internal`, `.corp`) are nobody's roots: `api.internal` is a customer host."""
_VOCABULARY = frozenset((
    "amazonaws", "com", "cn", "aws", "amazon", "cloudfront", "net", "awsapps", "azure", "windows",
    "azurewebsites", "cloudapp", "azurecr", "io", "azmk8s", "azureedge", "azure-api", "googleapis",
    "appspot", "run", "app", "cloudfunctions", "gcr", "pkg", "dev", "goog", "internal", "compute",
    "compute-1", "ec2", "s3", "s3-website", "rds", "elb", "elasticloadbalancing", "sts", "iam",
    "lambda", "sqs", "sns", "dynamodb", "kms", "ssm", "logs", "monitoring", "events", "execute-api",
    "apigateway", "ecr", "ecs", "eks", "oidc", "elasticache", "es", "redshift", "glue", "athena", "kinesis",
    "firehose", "secretsmanager", "cloudformation", "cloudtrail", "config", "guardduty",
    "organizations", "route53", "acm", "waf", "shield", "backup", "efs", "fsx", "states", "batch",
    "sagemaker", "bedrock", "dualstack", "vpce", "management", "login", "graph", "vault", "blob",
    "file", "queue", "table", "dfs", "core", "database", "documents", "servicebus",
    "database.windows", "scm", "privatelink", "storage", "bigquery", "container",
    "cloudresourcemanager", "pubsub", "cloudkms", "secretmanager", "sqladmin", "www", "api",
    "google", "metadata", "on", "lambda-url", "vpc-lattice-svcs", "dkr", "objectstorage",
    "oraclecloud", "public", "console", "signin",
))
_DIRECTIONS = "north|south|east|west|central|northeast|northwest|southeast|southwest"
_AZURE_AREAS = ("uk|japan|australia|korea|canada|brazil|france|germany|norway|switzerland|uae|"
                "sweden|qatar|poland|italy|israel|mexico|spain|southafrica|newzealand|india")
_REGION = re.compile(
    rf"^(?:[a-z]{{2}}(?:-gov|-iso[a-z]?)?-(?:{_DIRECTIONS})-\d{{1,2}}"  # AWS: us-east-1
    rf"|(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-(?:{_DIRECTIONS})\d{{1,2}}"
    r"(?:-[a-z])?"  # GCP: europe-west4, us-central1-a
    r"|(?:north|south|west|east)?(?:central|north|south|east|west)(?:us|europe|asia|india)\d?"
    rf"|(?:{_AZURE_AREAS})(?:{_DIRECTIONS})\d?)$")  # Azure: eastus2, westeurope, uksouth
"""Region labels only: a customer label with hyphens (`my-app-01`, `x-y`) is never one."""


def cloud_suffix_start(labels: list[str]) -> int | None:
    """Index of the first label of the provider's suffix, or None when no cloud root ends it."""
    lowered = [label.lower() for label in labels]
    joined = ".".join(lowered)
    if not any(joined == root or joined.endswith("." + root) for root in CLOUD_ROOTS):
        return None
    start = len(lowered)
    while start > 0 and (lowered[start - 1] in _VOCABULARY or _REGION.match(lowered[start - 1])):
        start -= 1
    return start


PUBLIC_HOSTS = frozenset((
    "github.com", "api.github.com", "raw.githubusercontent.com", "objects.githubusercontent.com",
    "gist.github.com", "ghcr.io", "gitlab.com", "registry.gitlab.com", "bitbucket.org",
    "login.microsoftonline.com", "login.windows.net", "graph.microsoft.com", "portal.azure.com",
    "management.azure.com", "login.live.com", "accounts.google.com", "console.cloud.google.com",
    "cloud.google.com", "www.google.com", "google.com", "oauth2.googleapis.com",
    "console.aws.amazon.com", "signin.aws.amazon.com", "docs.aws.amazon.com", "aws.amazon.com",
    "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "www.npmjs.com", "registry.terraform.io",
    "releases.hashicorp.com", "hub.docker.com", "registry-1.docker.io", "docker.io", "index.docker.io",
    "quay.io", "gcr.io", "mcr.microsoft.com", "public.ecr.aws", "registry.k8s.io", "k8s.gcr.io",
    "hooks.slack.com", "slack.com", "api.slack.com", "api.pagerduty.com", "events.pagerduty.com",
    "sentry.io", "api.datadoghq.com", "app.datadoghq.com", "api.datadoghq.eu", "nvd.nist.gov",
    "cve.mitre.org", "www.cve.org", "attack.mitre.org", "owasp.org", "cwe.mitre.org",
    # the public APIs integrators call, as captures, collections and snippets name them (red team scree)
    "api.stripe.com", "api.twilio.com", "api.openai.com", "api.anthropic.com", "api.sendgrid.com",
    "api.mailgun.net", "api.cloudflare.com", "api.hubapi.com", "api.atlassian.com", "api.zoom.us",
    "api-m.paypal.com", "api.paypal.com", "api.segment.io", "api.mixpanel.com", "api.intercom.io",
    "api.notion.com", "api.linear.app", "api.heroku.com", "api.vercel.com", "api.netlify.com",
    "api.digitalocean.com", "api.fastly.com", "api.mapbox.com", "api.dropboxapi.com", "api.box.com",
    "api.telegram.org", "graph.facebook.com", "www.googleapis.com", "maps.googleapis.com",
    "fcm.googleapis.com", "firebase.googleapis.com", "identitytoolkit.googleapis.com",
    "securetoken.googleapis.com", "firestore.googleapis.com",
))
"""Public service hosts that name no customer (a code host, a sign-in or registry endpoint, an
advisory database), kept as written like a provider endpoint; a customer's subdomain of one
(`acme.slack.com`, `acme.atlassian.net`) is not in it and stays a host name."""


def is_service_host(host: str) -> bool:
    """True for a provider endpoint with no customer label (`s3.us-east-1.amazonaws.com`) and for
    a public service host (`PUBLIC_HOSTS`)."""
    return host.lower() in PUBLIC_HOSTS or cloud_suffix_start(host.split(".")) == 0
