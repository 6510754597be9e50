"""An eleventh generated estate, `tarn`: what infrastructure-as-code and configuration management leave
behind (Terraform state, plans, variables and lock errors, CloudFormation, Pulumi, Ansible, Hiera,
Salt, Chef, cloud-init, Packer, compose and unit files, Jenkins, Consul, Nomad, Wi-Fi profiles).

Unlike the first ten: the assets are the tools' own stores (a state bucket, a config repository,
a Jenkins controller, a Consul cluster, an image pipeline), their metadata the files and outputs
they hold (`plantings_tarn`). Secrets sit where a tool keeps them in the clear; identifiers sit in
the addresses, hosts, owners and accounts the code names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import plantings as pl
import plantings_tarn as ptn
import token_forms as tf
import token_tarn as tt
from drafting import Draft, Estate, link
from token_sleet import HEX

Planting = Callable[[pl.Planter, tt.Cast], dict[str, Any]]


def tarn(seed: int, fillers: int = 6) -> Estate:
    """Infrastructure code and its leftovers, in the forms the eleventh red-team walk looks for;
    `fillers` plain parameters besides (the CI walk takes none: every class and family is planted
    without them)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-iac")
    c = ptn.cast(p)
    region = rng.choice(("eu-west-1", "eu-north-1", "us-west-2"))

    def aws(kind: str, service: str, resource: str, **kw: Any) -> dict[str, Any]:
        arn = f"arn:aws:{service}:{region}:{c.account}:{resource}"
        label = resource.rsplit("/", maxsplit=1)[-1].rsplit(":", maxsplit=1)[-1]
        return d.asset(arn, label, kind, "AWS", arn=arn, account=c.account, region=region, **kw)

    state = d.asset(
        f"arn:aws:s3:::{c.bucket}",
        c.bucket,
        "S3_BUCKET",
        "AWS",
        arn=f"arn:aws:s3:::{c.bucket}",
        account=c.account,
        region=region,
        metadata=ptn.terraform(p, c),
    )
    stack = aws(
        "CLOUDFORMATION_STACK",
        "cloudformation",
        f"stack/{tf.word(rng)}-core/{tf.uuid(rng)}",
        metadata=ptn.stack(p, c),
    )

    def tool(suffix: str, kind: str, provider: str, plant: Planting, **kw: Any) -> dict[str, Any]:
        """An asset of a tool that keeps what it provisions with (its metadata: `plant`'s files)."""
        ident, label = tf.uuid(rng), f"{tf.word(rng)}-{suffix}"
        return d.asset(ident, label, kind, provider, account=c.domain, metadata=plant(p, c), **kw)

    pulumi = tool("stack", "PULUMI_STACK", "PULUMI", ptn.pulumi)
    repo = tool(
        "config", "CODE_REPOSITORY", "GITHUB", ptn.config_management, tags={"owner": pl.persons(p, 1)[0]}
    )
    launch = aws(
        "LAUNCH_TEMPLATE",
        "ec2",
        f"launch-template/lt-0{tf.chars(rng, 16, HEX)}",
        metadata=ptn.user_data(p, c),
    )
    images = aws(
        "IMAGE_PIPELINE", "imagebuilder", f"image-pipeline/{tf.word(rng)}-golden", metadata=ptn.images(p, c)
    )
    host = aws("EC2", "ec2", f"instance/i-0{tf.chars(rng, 16, HEX)}", metadata=ptn.services(p, c))
    mesh = tool("consul", "SERVICE_MESH", "HASHICORP", ptn.mesh)
    jobs = tool("nomad", "SCHEDULER", "HASHICORP", ptn.nomad)
    jenkins = tool("jenkins", "CI_SERVER", "JENKINS", ptn.ci)
    edge = tool("wlan", "NETWORK_DEVICE", "ONPREM", ptn.networks)
    chain = [state, stack, pulumi, repo, launch, images, host, mesh, jobs, jenkins, edge]
    link(d, chain, [pl.ip_sentence(p), f"applied by {tf.word(rng)}-runner"])
    d.finding(
        state,
        "Terraform state holds plaintext secrets",
        "State objects are readable by the CI role.",
        evidence={"object": f"s3://{c.bucket}/env/terraform.tfstate"},
        source_tool="checkov",
    )
    d.finding(repo, "Inventory stores passwords", "ansible_password set in plain text.", source_tool="kics")
    for i in range(fillers):
        aws(
            "SSM_PARAMETER",
            "ssm",
            f"parameter/{tf.word(rng)}/{tf.word(rng, 2)}-{i:02d}",
            tags={"tier": "std"},
        )
    return d.finish(name, ["aws", "github"], {"aws": [region]})


_STYLED = (
    ("tfstate", tt.TFSTATE_STYLES),
    ("hcl", tt.HCL_STYLES),
    ("ansible", tt.ANSIBLE_STYLES),
    ("hiera", tt.HIERA_STYLES),
    ("cloudinit", tt.CLOUDINIT_STYLES),
    ("svc", tt.SERVICE_STYLES),
    ("jenkins", tt.JENKINS_STYLES),
    ("wifi", tt.WIFI_STYLES),
    ("install", tt.INSTALL_STYLES),
    ("agent", tt.AGENT_STYLES),
)
FAMILIES = {f"{head}_{style}" for head, styles in _STYLED for style in styles} | {
    "tfplan",
    "cfn",
    "pulumi",
    "packer",
    "consul",
    "nomad",
}
"""The families of `token_tarn`'s forms, for the coverage check."""
