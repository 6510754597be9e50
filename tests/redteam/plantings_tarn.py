"""The eleventh estate's plantings: what infrastructure-as-code and configuration management leave
behind (`tarn`).

One function per class, as `plantings_sleet` does, and its `plant` records each `Told`. Secrets
sit where provisioning tools keep them in the clear: state attributes and sensitive outputs,
variable files, backends, template defaults, inventories, pillars, user data, unit files,
credential stores; identifiers sit in resource addresses, hosts, groups, owners, accounts, state
buckets and lock holders.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import token_forms as tf
import token_tarn as tt
from plantings import Planter
from plantings_sleet import plant
from token_sleet import Told


def cast(p: Planter) -> tt.Cast:
    """The estate's domain, account, state bucket and Pulumi project (identifiers everywhere)."""
    rng = p.rng
    domain = p.ident("customer-host", f"{tf.word(rng)}{tf.word(rng, 1)}.net")
    account = p.ident("iac-account", str(tf.account_number(rng)), bounded=True)
    bucket = p.ident("state-bucket", f"{tf.word(rng)}-{tf.word(rng, 2)}-tfstate")
    project = p.ident("pulumi-project", f"{tf.word(rng)}{tf.word(rng, 2)}")
    return tt.Cast(domain, account, bucket, project)


def _styles(
    p: Planter, cls: str, styles: tuple[str, ...], make: Callable[[random.Random, str], Told]
) -> list[Any]:
    return [plant(p, cls, make(p.rng, style)) for style in styles]


def terraform(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {
        "states": _styles(p, "terraform-state", tt.TFSTATE_STYLES, lambda rng, s: tt.tfstate(rng, c, s)),
        "plan": plant(p, "terraform-plan", tt.tfplan(p.rng, c)),
        "files": _styles(p, "terraform-hcl", tt.HCL_STYLES, lambda rng, s: tt.hcl(rng, c, s)),
    }


def stack(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {"template": plant(p, "cfn-template", tt.cloudformation(p.rng, c))}


def pulumi(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {"stack_config": plant(p, "pulumi-config", tt.pulumi(p.rng, c))}


def config_management(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {
        "ansible": _styles(p, "ansible", tt.ANSIBLE_STYLES, lambda rng, s: tt.ansible(rng, c, s)),
        "data": _styles(p, "config-data", tt.HIERA_STYLES, lambda rng, s: tt.hiera(rng, c, s)),
    }


def user_data(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {
        "user_data": _styles(p, "cloud-init", tt.CLOUDINIT_STYLES, lambda rng, s: tt.cloud_init(rng, c, s))
    }


def images(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {
        "packer": plant(p, "packer-template", tt.packer(p.rng, c)),
        "installers": _styles(p, "installer", tt.INSTALL_STYLES, lambda rng, s: tt.installer(rng, c, s)),
    }


def services(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {"files": _styles(p, "service-config", tt.SERVICE_STYLES, lambda rng, s: tt.service(rng, c, s))}


def mesh(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {
        "consul_export": plant(p, "consul-kv", tt.consul(p.rng, c)),
        "agents": _styles(p, "agent-config", tt.AGENT_STYLES, lambda rng, s: tt.agent(rng, c, s)),
    }


def nomad(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {"job_spec": plant(p, "nomad-job", tt.nomad(p.rng, c))}


def ci(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {
        "credential_stores": _styles(p, "jenkins", tt.JENKINS_STYLES, lambda rng, s: tt.jenkins(rng, c, s))
    }


def networks(p: Planter, c: tt.Cast) -> dict[str, Any]:
    return {"profiles": _styles(p, "wifi-profile", tt.WIFI_STYLES, lambda rng, s: tt.wifi(rng, c, s))}
