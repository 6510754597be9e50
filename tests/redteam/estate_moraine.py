"""A fourth generated estate, `moraine`: on-premises and hybrid (vSphere, Active Directory, network
gear, BMCs) with a data and CI corner (a Databricks workspace, a GitLab project, a Datadog monitor).

Unlike the first three: asset ids are vSphere morefs, `urn:vmomi:` ids and `vendor:kind:number`
ids; secrets sit in switch and firewall configs, Windows, BMC, Wi-Fi and ML command lines and CSV
exports; identifiers are DNs, SIDs, SSH key comments, CSV cells, names in camel case or wrapped at
a line break, path-style bucket URLs, vSphere placement keys, the dataset's name glued to a word
and a composite id's number quoted alone. A few of the first estates' classes are planted too,
so this estate stands on its own.
"""

from __future__ import annotations

import plantings as pl
import plantings_hybrid as ph
import token_forms as tf
from drafting import Draft, Estate, link


def moraine(seed: int) -> Estate:
    """On-premises and hybrid, in the forms the fourth red-team walk found leaking."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}{tf.word(rng, 2)}")
    p.ident("dataset-glued", f"{name}_high", f"{name}-prod")
    domain = f"{tf.word(rng)}.{tf.word(rng, 2)}.example"
    people, private = pl.persons(p, 2), pl.private_hosts(p, 3)
    words = [tf.word(rng, 2) for _ in range(3)]
    number = rng.randrange(10**7, 10**9)
    p.ident("composite-number", str(number), bounded=True)
    vc = d.asset(f"urn:vmomi:VirtualCenter:{tf.uuid(rng)}", f"vcsa-{tf.word(rng, 2)}", "VCENTER", "VMWARE",
                 account=f"{tf.word(rng).upper()}", region="dc-1",
                 tags={"owner": people[0], **pl.secret_tags(p, 2)},
                 metadata={"switch_config": ph.device_config(p, tf.private_ip(rng)),
                           "runbook": "\n".join(ph.windows_commands(p, private[0])),
                           "ldap": ph.directory(p, domain), "placement": ph.placement(p),
                           "numbers": pl.numbers(p), "counts": pl.big_counts(p)})
    job = d.asset(f"vm-{rng.randrange(1000, 99999)}", "-".join(words), "VIRTUAL_MACHINE", "VMWARE",
                  account=vc["account_id"], region="dc-1",
                  metadata={"readme": ph.code_spellings(p, words), "authorized_keys": ph.ssh_keys(p),
                            "billing_csv": ph.csv_export(p), "artifact": ph.path_style_bucket(p),
                            "tier": f"{name}_high replica; failover to {name.upper()}-PROD",
                            "tokens": pl.tokens(p, 2, ())})
    monitor = d.asset(f"{tf.word(rng)}:monitor:{number}", f"{tf.word(rng)}-lag", "MONITOR", "DATADOG",
                      account=f"{tf.word(rng)}-org", region="global",
                      metadata={"notes": f"monitor {number} pages on-call, cc {people[1]}; see {private[1]}",
                                "hosts": private[1:], "env": pl.secret_list(p),
                                "hooks": pl.url_secrets(p, private[2], 2),
                                "dsn": pl.connections(p, private[2], 2),
                                "deploy": {"key": pl.credential(p), **pl.wrapped(p, 1)}})
    link(d, [vc, job, monitor], [f"reviewed with {people[1]}", pl.ip_sentence(p)])
    d.finding(job, f"Token in notebook of {'-'.join(words)}", f"owner {people[0]}; see monitor #{number}.",
              remediation=f"Rotate the token of {'-'.join(words)} and ask {people[1]} to review")
    d.finding(monitor, f"Monitor {number} muted", f"monitor {number} was muted for 30 days ({name}_high)")
    for i in range(9):
        d.asset(f"vm-{rng.randrange(100000, 999999)}", f"{tf.word(rng)}-app-{i:02d}", "VIRTUAL_MACHINE",
                "VMWARE", account=vc["account_id"], region="dc-1", tags={"team": tf.word(rng)})
    return d.finish(name, ["vmware", "datadog"], {"vmware": ["dc-1"]})
