"""A ninth generated estate, `sleet`: security telemetry and findings (Security Hub, GuardDuty,
CloudTrail, VPC flow, ALB and WAF logs, Okta, Entra and GCP audit logs, Kubernetes audit, EDR,
vulnerability scanners, SIEM saved searches, SBOM and container scans).

Unlike the first eight: the findings are the telemetry itself (ASFF and GuardDuty findings as
evidence), and the assets are the security tools that collect it, their metadata the raw events
(`plantings_sleet`). Secrets sit where tools copy them from what they watched; identifiers sit in
every principal, address, host and account an event names.
"""

from __future__ import annotations

from typing import Any

import plantings as pl
import plantings_sleet as psl
import token_forms as tf
import token_sleet as ts
from drafting import Draft, Estate, link


def sleet(seed: int, fillers: int = 6, repeats: int = 2) -> Estate:
    """Security telemetry, in the forms the ninth red-team walk looks for; `fillers` plain log
    sources besides and `repeats` events of each one-form class (the CI walk takes no fillers and
    one of each: every class and family is planted without them)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-soc")
    c = psl.cast(p)
    region = rng.choice(("eu-west-1", "us-east-2", "eu-central-1"))

    def aws(kind: str, service: str, resource: str, **kw: Any) -> dict[str, Any]:
        arn = f"arn:aws:{service}:{region}:{c.account}:{resource}"
        return d.asset(
            arn,
            resource.rsplit("/", maxsplit=1)[-1],
            kind,
            "AWS",
            arn=arn,
            account=c.account,
            region=region,
            **kw,
        )

    hub = aws(
        "SECURITY_HUB", "securityhub", f"hub/{tf.word(rng)}-hub", metadata={"standards": ["aws-foundational"]}
    )
    gd = aws(
        "GUARDDUTY_DETECTOR",
        "guardduty",
        f"detector/{tf.chars(rng, 32, ts.HEX)}",
        metadata={"recent": psl.guardduty(p, c, 1)},
    )
    trail = aws(
        "CLOUDTRAIL_TRAIL",
        "cloudtrail",
        f"trail/{tf.word(rng)}-org-trail",
        metadata={"lookup_events": psl.cloudtrail(p, c)},
    )
    vpc = aws("VPC", "ec2", f"vpc/vpc-0{tf.chars(rng, 16, ts.HEX)}", metadata=psl.network_logs(p, c, repeats))
    idp = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-okta",
        "IDENTITY_PROVIDER",
        "OKTA",
        account=c.domain,
        metadata=psl.identity_logs(p, c, repeats),
    )
    gcp = d.asset(
        f"//cloudresourcemanager.googleapis.com/projects/{c.project}",
        c.project,
        "CLOUD_ACCOUNT",
        "GCP",
        account=c.project,
        metadata={"audit_logs": psl.gcp_audit(p, c)},
    )
    eks_name = f"{tf.word(rng)}-eks"
    eks = aws("EKS_CLUSTER", "eks", f"cluster/{eks_name}", metadata={"audit": psl.k8s_audit(p, c)})
    sensor = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-edr",
        "EDR_TENANT",
        "CROWDSTRIKE",
        account=c.domain,
        metadata={"detections": psl.edr(p, c), "windows_events": psl.windows_events(p, c)},
    )
    scan = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-scanner",
        "VULN_SCANNER",
        "TENABLE",
        account=c.domain,
        metadata={"results": psl.scanners(p, c)},
    )
    siem = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-siem",
        "SIEM",
        "SPLUNK",
        account=c.domain,
        metadata=psl.siem(p, c),
        tags={"owner": pl.persons(p, 1)[0]},
    )
    ecr = aws("ECR_REPOSITORY", "ecr", f"repository/{tf.word(rng)}-api", metadata={"scans": psl.sbom(p, c)})
    chain = [hub, gd, trail, vpc, idp, gcp, eks, sensor, scan, siem, ecr]
    link(d, chain, [pl.ip_sentence(p), f"ingested by {tf.word(rng)}-forwarder"])
    for found in psl.asff(p, c, repeats):
        d.finding(
            hub, found["Title"], "Imported from Security Hub", evidence=found, source_tool="securityhub"
        )
    for found in psl.guardduty(p, c, repeats):
        d.finding(gd, found["type"], found["title"], evidence=found, source_tool="guardduty")
    for i in range(fillers):
        aws(
            "LOG_GROUP",
            "logs",
            f"log-group/{tf.word(rng)}-{tf.word(rng, 2)}-{i:02d}",
            tags={"retention": "90"},
        )
    return d.finish(name, ["aws", "gcp", "okta"], {"aws": [region], "gcp": ["global"]})


FAMILIES = (
    {f"ct_{s}" for s in ts.CT_STYLES}
    | {f"flow_{s}" for s in ts.FLOW_STYLES}
    | {f"alb_{s}" for s in ts.ALB_STYLES}
    | {f"gcp_{s}" for s in ts.GCP_STYLES}
    | {f"k8s_{s}" for s in ts.K8S_STYLES}
    | {f"edr_{s}" for s in ts.EDR_STYLES}
    | {f"scan_{s}" for s in ts.SCAN_STYLES}
    | {f"siem_{s}" for s in ts.SIEM_STYLES}
    | {f"sbom_{s}" for s in ts.SBOM_STYLES}
    | {f"winevt_{s}" for s in ts.WINEVT_STYLES}
    | {"asff", "guardduty", "waf", "okta", "azure_activity", "azure_signin"}
)
"""The families of `token_sleet`'s forms, for the coverage check."""
