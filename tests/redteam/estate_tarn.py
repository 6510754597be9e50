"""A tenth generated estate, `tarn`: what infrastructure-as-code and configuration management leave
behind (Terraform state, plans, variables and lock errors, CloudFormation, Pulumi, Ansible, Hiera,
Salt, Chef, cloud-init, Packer, compose and unit files, Jenkins, Consul, Nomad, Wi-Fi profiles).

Unlike the first nine: the assets are the tools' own stores (a state bucket, a config repository,
a Jenkins controller, a Consul cluster, an image pipeline), their metadata the files and outputs
they hold (`plantings_tarn`). Secrets sit where a tool keeps them in the clear; identifiers sit in
the addresses, hosts, owners and accounts the code names.
"""

from __future__ import annotations

from typing import Any

import plantings as pl
import plantings_tarn as ptn
import token_forms as tf
import token_tarn as tt
from drafting import Draft, Estate, link


def tarn(seed: int, fillers: int = 6) -> Estate:
    """Infrastructure code and its leftovers, in the forms the tenth red-team walk looks for;
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
        metadata=ptn.stacks(p, c),
    )
    repo = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-config",
        "CODE_REPOSITORY",
        "GITHUB",
        account=c.domain,
        metadata=ptn.config_management(p, c),
        tags={"owner": pl.persons(p, 1)[0]},
    )
    images = aws(
        "IMAGE_PIPELINE", "imagebuilder", f"image-pipeline/{tf.word(rng)}-golden", metadata=ptn.images(p, c)
    )
    mesh = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-consul",
        "SERVICE_MESH",
        "HASHICORP",
        account=c.domain,
        metadata=ptn.services(p, c),
    )
    jenkins = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-jenkins",
        "CI_SERVER",
        "JENKINS",
        account=c.domain,
        metadata={"credential_stores": ptn.ci(p, c)},
    )
    edge = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-wlan",
        "NETWORK_DEVICE",
        "ONPREM",
        account=c.domain,
        metadata={"profiles": ptn.networks(p, c)},
    )
    chain = [state, stack, repo, images, mesh, jenkins, edge]
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


FAMILIES = (
    {f"tfstate_{s}" for s in tt.TFSTATE_STYLES}
    | {f"hcl_{s}" for s in tt.HCL_STYLES}
    | {f"ansible_{s}" for s in tt.ANSIBLE_STYLES}
    | {f"hiera_{s}" for s in tt.HIERA_STYLES}
    | {f"cloudinit_{s}" for s in tt.CLOUDINIT_STYLES}
    | {f"svc_{s}" for s in tt.SERVICE_STYLES}
    | {f"jenkins_{s}" for s in tt.JENKINS_STYLES}
    | {f"wifi_{s}" for s in tt.WIFI_STYLES}
    | {f"install_{s}" for s in tt.INSTALL_STYLES}
    | {f"agent_{s}" for s in tt.AGENT_STYLES}
    | {"tfplan", "cfn", "pulumi", "packer", "consul", "nomad"}
)
"""The families of `token_tarn`'s forms, for the coverage check."""
