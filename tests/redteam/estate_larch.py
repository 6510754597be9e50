"""A third generated estate, `larch`: Oracle, Alibaba, IBM, DigitalOcean, Hetzner and Kubernetes.

Unlike `meridian` and `basalt` (and unlike the sample): asset ids are OCIDs, `acs:` names, CRNs,
`k8s://` paths and integers; secrets sit in command lines, HTTP headers, settings written in
other languages, two-item arrays, password hashes and layers the first estates did not use
(gzip in base64, hex, HTML entities, JSON in JSON); identifiers are other clouds' ids, people in
other scripts, phone numbers, dotted MACs, IPv4-mapped IPv6, hosts under country suffixes,
quoted e-mail local parts and a name with invisible characters. A few of the first estates'
classes are planted too, so this estate stands on its own.
"""

from __future__ import annotations

import plantings as pl
import plantings_forms as pf
import token_forms as tf
from drafting import Draft, Estate, link

_LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"


def larch(seed: int) -> Estate:
    """Other clouds and Kubernetes, in the forms the third red-team walk found leaking."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}")
    tenancy = "ocid1.tenancy.oc1..aaaaaaaa" + tf.chars(rng, 52, _LOWER)
    uid = str(rng.randrange(10**15, 10**16))
    people, scripted = pl.persons(p, 2), pf.scripted_people(p, 4)
    ids, hosts, private = pf.cloud_ids(p), pf.country_hosts(p), pl.private_hosts(p, 3)
    phones = pf.phones(p, 2)

    def ocid(kind: str) -> str:
        return f"ocid1.{kind}.oc1.{rng.choice(('iad', 'phx'))}.an{tf.chars(rng, 58, _LOWER)}"

    api = d.asset(ocid("instance"), f"{tf.word(rng)}-api-{rng.randrange(10, 99)}", "COMPUTE_INSTANCE", "OCI",
                  account=tenancy, region="us-ashburn-1",
                  tags={"Owner": scripted[0], "Phone": phones[0], **pl.secret_tags(p, 1)},
                  metadata={"compartmentId": ids["ocid"], "vnic": {"macAddress": pf.dotted_mac(p),
                                                                   "mapped": pf.mapped_ipv6(p)},
                            "settings": pf.foreign_keys(p), "scripts": pf.command_lines(p, private[0]),
                            **pf.layouts(p)})
    ecs = d.asset(f"i-bp1{tf.chars(rng, 17, _LOWER)}", f"{tf.word(rng)}-ecs", "ECS_INSTANCE", "ALIBABA",
                  arn=f"acs:ecs:cn-hangzhou:{uid}:instance/{tf.word(rng)}", account=uid, region="cn-hangzhou",
                  metadata={"RamRole": ids["acs"], "Notes": f"deploy with {pf.other_access_key(p)}",
                            "ops": f"Owner: {scripted[1]} / tel {phones[1]}", **pf.encoded_layers(p)})
    ibm_account = tf.chars(rng, 32, "0123456789abcdef")
    cos = d.asset(ids["crn"], f"{tf.word(rng)}-archive", "COS_BUCKET", "IBM", account=ibm_account,
                  region="us-south", metadata={"endpoints": hosts, "contact": pf.quoted_email(p),
                                               "probe": pf.list_pairs(p)})
    droplet = d.asset(rng.randrange(300_000_000, 399_999_999), f"{tf.word(rng)}-edge", "DROPLET",
                      "DIGITALOCEAN", account=f"{tf.word(rng)}-team", region="ams3",
                      metadata={"headers": pf.headers(p), "seen_in_logs": pf.more_tokens(p),
                                "shadow": pf.shadow_line(p), "counts": pl.big_counts(p)})
    runner = d.asset(str(rng.randrange(30_000_000, 60_000_000)), f"{tf.word(rng)}-runner", "SERVER",
                     "HETZNER", account=f"{tf.word(rng)}-ci", region="fsn1", tags={"owner": people[0]},
                     metadata={"hosts": private[1:], "wrapped": pl.wrapped(p, 1), **pf.flagged_outputs(p)})
    k8s = d.asset(f"k8s://{tf.word(rng)}/{tf.word(rng, 2)}/deployment/{tf.word(rng)}", pf.invisible_name(p),
                  "K8S_DEPLOYMENT", "KUBERNETES", account=f"{tf.word(rng)}-prod", region="fsn1",
                  tags={"maintainer": scripted[2]},
                  metadata={"serviceAccount": ids["k8s_sa"], "tokens": pl.tokens(p, 2, ())})
    chain = [api, ecs, cos, droplet, runner, k8s]
    link(d, chain, [f"peered for {scripted[3]}", pl.ip_sentence(p), f"reviewed with {people[1]}"])
    d.external(cos["id"], f"crn:v1:bluemix:public:iam-identity::a/{tf.chars(rng, 32, '0123456789abcdef')}::"
                          f"serviceid:ServiceId-{tf.uuid(rng)}", "ASSUMES_ROLE")
    for asset, text in ((api, f"Ask {scripted[0]} or call {phones[0]}; compartment {ids['ocid']}."),
                        (ecs, f"{ids['acs']} allows ecs:*; reported by {scripted[1]}"),
                        (k8s, f"{ids['k8s_sa']} mounts a token ({scripted[2]})"),
                        (runner, f"{hosts[0]} reachable from {private[1]}; owner {people[0]}"),
                        (droplet, pf.aws_mentions(p))):
        d.finding(asset, f"Review {tf.word(rng)}", text)
    for i in range(6):
        d.asset(ocid("instance"), f"{tf.word(rng)}-wk-{i}", "COMPUTE_INSTANCE", "OCI", account=tenancy,
                region="us-phoenix-1", tags={"team": tf.word(rng)})
    return d.finish(name, ["oci", "alibaba", "ibm", "digitalocean", "hetzner", "kubernetes"],
                    {"oci": ["us-ashburn-1", "us-phoenix-1"], "alibaba": ["cn-hangzhou"]})

