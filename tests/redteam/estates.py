"""Two generated estates unlike the bundled sample and unlike each other, every canary recorded.

- `meridian`: Azure- and GCP-heavy, with the unusual AWS partitions `aws-cn` and `aws-us-gov`;
  asset ids are full Azure resource ids and GCP resource names, names have spaces.
- `basalt`: AWS-heavy, many accounts, integer asset ids and account ids, metadata nested six
  levels deep, numbers everywhere.
Both plant every class of issue 11 (see `plantings`) with several variants, drawn from a seed, so
`build("meridian", 7)` is the same estate each run and seed 8 is another one. `Estate.write`
writes `inventory-map.json` and `findings.json` the way cloudg's collectors do.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import plantings as pl
import token_forms as tf
from drafting import Draft, Estate, link, title
from estate_dune import dune
from estate_fjord import fjord
from estate_gale import gale
from estate_kelp import kelp
from estate_larch import larch
from estate_moraine import moraine
from estate_quarto import quarto
from estate_scree import scree
from estate_sleet import sleet
from estate_tarn import tarn
from estate_tundra import tundra

# --------------------------------------------------------------------------- meridian


def meridian(seed: int) -> Estate:
    """Azure- and GCP-heavy, with `aws-cn` and `aws-us-gov`; ids are provider resource paths."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-{rng.randrange(10, 99)}")
    subs = [tf.uuid(rng) for _ in range(2)]
    projects = [f"{tf.word(rng)}-{tf.word(rng, 2)}-{rng.randrange(100000, 999999)}" for _ in range(2)]
    cn, gov = str(tf.account_number(rng)), str(tf.account_number(rng))
    people, keyed = pl.persons(p, 4), pl.key_people(p, 2)
    app_name = p.ident("dict-key-identifier", f"app-{tf.word(rng)}")
    spaced, short = title(rng), tf.word(rng, 2)
    long_name = "-".join(tf.word(rng) for _ in range(11))
    p.ident("short-name", short, bounded=True)
    p.ident("long-name", long_name)
    mentions = pl.name_mentions(p, spaced)
    emails = pl.unicode_emails(p, 3)
    hosts, private = pl.provider_hosts(p, 5), pl.private_hosts(p, 5)

    def azure(kind: str, path: str, label: str, sub: str, rg: str, **kw: Any) -> dict[str, Any]:
        rid = f"/subscriptions/{sub}/resourceGroups/{rg}/providers/{path}/{label}"
        return d.asset(rid, label, kind, "AZURE", arn=rid, account=sub, region="chinaeast2", **kw)

    def gcp(kind: str, path: str, label: str, project: str, **kw: Any) -> dict[str, Any]:
        rid = f"//{path.format(project=project)}/{label}"
        return d.asset(rid, label, kind, "GCP", arn=rid, account=project, region="europe-north1", **kw)

    for sub in subs:
        d.asset(f"/subscriptions/{sub}", f"sub-{tf.word(rng)}", "CLOUD_ACCOUNT", "AZURE", account=sub)
    rgs = [f"rg-{tf.label(rng, 2)}" for _ in subs]
    vm1 = azure("VIRTUAL_MACHINE", "Microsoft.Compute/virtualMachines", spaced, subs[0], rgs[0],
                tags={"owner": people[0], "Contact": emails[0], **pl.secret_tags(p, 3)},
                metadata={"osProfile": {"customData": next(iter(pl.wrapped(p, 1).values())),
                                        "adminPassword": pl.passphrases(p, ("x",))["x"]},
                          "nics": [{"privateIp": tf.private_ip(rng), "fqdn": private[0]}]}, exposed=True)
    vm2 = azure("VIRTUAL_MACHINE", "Microsoft.Compute/virtualMachines", short, subs[1], rgs[1],
                tags={"owner": people[1], "approver": keyed[0]},
                metadata={"extensions": pl.wrapped(p, 2), "counts": pl.big_counts(p),
                          "deployLog": [f"step {i}: {t}"
                                        for i, t in enumerate(pl.tokens(p, len(tf.FAMILIES)))]})
    vm3 = azure("VIRTUAL_MACHINE", "Microsoft.Compute/virtualMachines", long_name, subs[0], rgs[0],
                metadata={"bootDiagnostics": {"storageUri": hosts[0]}, "notes": pl.cut_text(p, 1000)})
    injection, fenced_secrets = pl.fenced(p)
    vault = azure("KEY_VAULT", "Microsoft.KeyVault/vaults", f"kv-{tf.word(rng)}", subs[1], rgs[1],
                  description=injection, metadata={"vaultUri": f"https://{hosts[1]}/", **fenced_secrets,
                                                   "rotation": pl.plural_keys(p, 3),
                                                   "accessPolicies": {app_name: ["get", "list"]}})
    storage = azure("STORAGE_ACCOUNT", "Microsoft.Storage/storageAccounts", f"st{tf.word(rng)}", subs[0],
                    rgs[0], metadata={"connections": pl.connections(p, private[1], len(tf.CONNECTIONS)),
                                      "lifecycle": {"owners": {keyed[0]: "write", keyed[1]: "read",
                                                               emails[1]: "list"}}})
    app = azure("OTHER", "Microsoft.Web/sites", app_name, subs[1], rgs[1], exposed=True,
                metadata={"hostNames": hosts[2:4], "appSettings": pl.secret_list(p),
                          "hooks": pl.url_secrets(p, hosts[4], len(tf.URL_STYLES))})
    app["tags"]["contact"] = keyed[1]
    cn_vm = d.asset(f"i-0{tf.chars(rng, 16, '0123456789abcdef')}", f"cn-{tf.word(rng)}", "EC2", "AWS",
                    arn=f"arn:aws-cn:ec2:cn-north-1:{cn}:instance/{tf.word(rng)}", account=cn,
                    region="cn-north-1", metadata={"PrivateDnsName": private[2], "KeyName": pl.credential(p),
                                                   "UserData": pl.tokens(p, 3, ("rsa",))})
    gov_role = d.asset(f"arn:aws-us-gov:iam::{gov}:role/{tf.word(rng)}-deployer", f"{tf.word(rng)}-deployer",
                       "IAM_ROLE", "AWS", arn=f"arn:aws-us-gov:iam::{gov}:role/{tf.word(rng)}-deployer",
                       account=gov, metadata={"AssumeRolePolicy": {"Principal": {"AWS": pl.numbers(p)}}})
    gov_bucket = d.asset(tf.uuid(rng), f"{tf.label(rng)}-artifacts", "S3_BUCKET", "AWS", account=gov,
                         arn=f"arn:aws-us-gov:s3:::{tf.label(rng)}-artifacts", region="us-gov-west-1",
                         tags={"notes": "; ".join(pl.lookalikes(p, 3))})
    gce = [gcp("GCE_INSTANCE", "compute.googleapis.com/projects/{project}/zones/europe-north1-a/instances",
               f"{tf.word(rng)}-{i}", projects[i % 2], tags={"team": tf.word(rng)},
               metadata={"metadata": {"items": [{"key": "startup-script", "value": tok}]},
                         "networkInterfaces": [{"networkIP": tf.private_ip(rng),
                                                "hostname": private[3 + i]}]})
           for i, tok in enumerate(pl.tokens(p, 2, ()))]
    gke = gcp("GKE_CLUSTER", "container.googleapis.com/projects/{project}/locations/europe-north1/clusters",
              f"gke-{tf.word(rng)}", projects[0], metadata={"secrets": pl.secret_keys(p, 2),
                                                            "masterAuth": {"passwords": [tf.password(rng)]}})
    p.secret("plural-secret-key", gke["metadata"]["masterAuth"]["passwords"][0])
    run = gcp("OTHER", "run.googleapis.com/projects/{project}/locations/europe-north1/services",
              f"svc-{tf.word(rng)}", projects[1], exposed=True,
              metadata={"uri": f"https://{hosts[-1]}",
                        "env": {"MONGO_URL": pl.connections(p, private[4], 1)[0]}})
    for project in projects:
        d.asset(f"//cloudresourcemanager.googleapis.com/projects/{project}", project, "CLOUD_ACCOUNT", "GCP",
                account=project)
    chain = [vm1, storage, vault, app, vm2, vm3, cn_vm, gov_role, gov_bucket, *gce, gke, run]
    link(d, chain, [*mentions, pl.ip_sentence(p), pl.ip_sentence(p)])
    d.external(gov_role["id"], f"arn:aws-us-gov:iam::{tf.account_number(rng)}:role/{tf.word(rng)}-partner",
               "IAM_TRUST", relationship="TRUSTS")
    d.external(vm1["id"], f"onprem:{tf.word(rng)}-{tf.word(rng, 1)}.mainframe.corp", "PEERING",
               description=f"VPN to {private[0]}")
    d.external(storage["id"], f"pe-{tf.label(rng)}", "ATTACHED_TO", cidr=f"{tf.private_ip(rng)}/32")
    for asset, text in ((vm1, pl.person_prose(p, people)), (vault, mentions[0] + " " + pl.ip_sentence(p)),
                        (app, f"Reported by {emails[2]} about {short} and {long_name}."),
                        (storage, pl.cut_text(p, 2000)), (gov_bucket, pl.person_prose(p, people[2:])),
                        (vm3, f"{spaced} on {hosts[0]} leaks {pl.tokens(p, 1, ())[0]}")):
        d.finding(asset, f"Review {rng.choice(('exposure', 'keys', 'access'))}", text)
    for asset in (vm1, cn_vm, gce[0]):
        d.finding(asset, "Disk not encrypted", "Encryption at rest is off.",
                  ident=p.ident("finding-id", f"{asset['name']}::disk-encryption-{rng.randrange(10, 99)}"))
    d.findings[-1]["evidence"] = {"approvals": {people[3]: "yes"}, "seen_on": pl.private_hosts(p, 2)}
    return d.finish(name, ["azure", "gcp", "aws"], {"azure": ["chinaeast2"], "gcp": ["europe-north1"],
                                                   "aws": ["cn-north-1", "us-gov-west-1"]})


# --------------------------------------------------------------------------- basalt


def basalt(seed: int) -> Estate:
    """AWS-heavy: integer ids and accounts, metadata nested six deep, numbers in every corner."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}_{tf.word(rng, 2)}.{rng.randrange(100, 999)}")
    accounts = [tf.account_number(rng) for _ in range(6)]
    people, keyed = pl.persons(p, 3), pl.key_people(p, 2)
    spaced, short = title(rng), tf.word(rng, 2)
    long_name = "_".join(tf.word(rng) for _ in range(10))
    p.ident("short-name", short, bounded=True)
    p.ident("long-name", long_name)
    mentions = pl.name_mentions(p, spaced)
    emails = pl.unicode_emails(p, 2)
    hosts, private = pl.provider_hosts(p, 4), pl.private_hosts(p, 4)
    ids = iter(range(rng.randrange(10_000, 90_000), 10**6, rng.randrange(7, 31)))
    regions = ("eu-south-2", "ap-southeast-4", "me-central-1", "il-central-1")

    def aws(kind: str, service: str, resource: str, label: str, i: int, **kw: Any) -> dict[str, Any]:
        region = regions[i % len(regions)]
        arn = f"arn:aws:{service}:{region}:{accounts[i % 6]}:{resource}{label}"
        return d.asset(next(ids), label, kind, "AWS", arn=arn, account=accounts[i % 6], region=region, **kw)

    for i, number in enumerate(accounts):
        d.asset(next(ids), f"acct-{tf.word(rng)}", "CLOUD_ACCOUNT", "AWS", account=number,
                arn=f"arn:aws:organizations::{accounts[0]}:account/o-{tf.word(rng)}/{number}",
                metadata={"JoinedTimestamp": 1_600_000_000 + i})
    conn = pl.connections(p, private[0], 4)
    task = aws("OTHER", "ecs", "task-definition/", f"{tf.word(rng)}-task", 1, metadata={"taskDefinition": {
        "containerDefinitions": [{"name": tf.word(rng), "environment": [
            {"name": "DB_URL", "value": conn[0]}, {"name": "QUEUE", "value": conn[1]},
            {"name": "GIT", "value": pl.tokens(p, 1, ())[0]}],
            "dockerLabels": {"layers": [{"spec": {"args": pl.secret_list(p)}}]}}],
        "volumes": [{"config": {"auth": {"deep": {"notes": pl.cut_text(p, 4000)}}}}]}})
    fn = aws("LAMBDA_FUNCTION", "lambda", "function:", f"{tf.word(rng)}-handler", 2, metadata={
        "Environment": {"Variables": {"ALERTS": pl.url_secrets(p, hosts[0], 3), "CACHE": conn[2],
                                      "ORIGIN": f"https://{hosts[0]}/",
                                      **pl.wrapped(p, 3)}}})
    ec2 = aws("EC2", "ec2", "instance/", spaced, 3, exposed=True,
              tags={"Owner": people[0], "AccountNumber": accounts[4], "cost": 12.5, **pl.secret_tags(p, 3)},
              metadata={"NetworkInterfaces": [{"PrivateDnsName": private[1], "Association": {
                  "PublicDnsName": hosts[1], "PublicIp": tf.public_ip(rng)}}], "counts": pl.big_counts(p)})
    small = aws("EC2", "ec2", "instance/", short, 4, tags={"owner": emails[0]},
                metadata={"SshKeys": pl.tokens(p, 1, ("openssh", "pgp")), "KeyId": pl.credential(p)})
    lengthy = aws("EC2", "ec2", "instance/", long_name, 5, tags={"owner": keyed[0], "lead": keyed[1]},
                  metadata={"Peers": {keyed[0]: "approver", keyed[1]: "owner", emails[1]: "viewer"}})
    rds = aws("RDS_INSTANCE", "rds", "db:", f"{tf.word(rng)}-db", 0, metadata={
        "Endpoint": {"Address": hosts[2], "Port": 5432}, "Master": pl.passphrases(p, ("MasterUserPassword",
                                                                                      "Passphrase")),
        "conn": conn[3]})
    bucket = aws("S3_BUCKET", "s3", "", f"{tf.label(rng)}-logs", 1, metadata={"Policy": {"Statement": [
        {"Effect": "Allow", "Principal": {"AWS": pl.numbers(p)}, "Resource": "*"}]}, "Website": hosts[3]})
    user = aws("IAM_USER", "iam", "user/", f"svc-{tf.word(rng)}", 2, metadata={
        "AccessKeys": pl.plural_keys(p, 3), "Comment": "; ".join(pl.lookalikes(p, 3))})
    stack_pw = p.secret("secret-in-list", tf.password(rng))
    stack = aws("OTHER", "cloudformation", "stack/", f"{tf.word(rng)}-stack", 3, metadata={
        "Parameters": [{"ParameterKey": "DbPassword", "ParameterValue": stack_pw},
                       {"ParameterKey": "VpcCidr", "ParameterValue": "10.0.0.0/16"}],
        "Outputs": pl.secret_keys(p, 2)})
    injection, fenced_secrets = pl.fenced(p)
    ssm = aws("OTHER", "ssm", "parameter/", f"{tf.word(rng)}-param", 4, description=injection,
              metadata=fenced_secrets)
    az = d.asset(tf.uuid(rng), f"vm{tf.word(rng)}", "VIRTUAL_MACHINE", "AZURE", account=tf.uuid(rng),
                 region="southafricanorth", metadata={"hosts": private[2:]})
    chain = [task, fn, ec2, small, lengthy, rds, bucket, user, stack, ssm, az]
    link(d, chain, [*mentions, pl.ip_sentence(p), pl.person_prose(p, people)])
    d.external(ec2["id"], f"pcx-{tf.word(rng)}{rng.randrange(1000, 9999)}", "PEERING", cidr="10.0.0.0/8")
    d.external(user["id"], f"arn:aws:iam::{tf.account_number(rng)}:root", "ASSUMES_ROLE")
    d.external(rds["id"], f"{tf.word(rng)}-{tf.word(rng, 1)}.dc.{tf.word(rng)}.lan", "ROUTE", ports=[5432])
    for asset, text in ((ec2, pl.person_prose(p, people) + " " + pl.ip_sentence(p)),
                        (small, f"{short} was cloned from {spaced}; contact {emails[0]}."),
                        (lengthy, f"{long_name} reaches {private[3]} with {pl.tokens(p, 1, ())[0]}"),
                        (rds, pl.cut_text(p, 1000)), (bucket, mentions[3]), (fn, pl.cut_text(p, 2000))):
        d.finding(asset, f"{rng.choice(('Public', 'Stale', 'Open'))} {tf.word(rng)}", text,
                  notes={"reviewers": [people[2]]})
    for asset in (ec2, bucket, fn):
        d.finding(asset, "Logging disabled", "No access logging.",
                  ident=p.ident("finding-id", f"{asset['arn']}#logging-{rng.randrange(10, 99)}"))
    return d.finish(name, ["aws", "azure"], {"aws": list(regions), "azure": ["southafricanorth"]})


BUILDERS: dict[str, Callable[[int], Estate]] = {"meridian": meridian, "basalt": basalt, "larch": larch,
                                                "moraine": moraine, "tundra": tundra, "fjord": fjord,
                                                "fjord-ci": lambda seed: fjord(seed, fillers=0), "kelp": kelp,
                                                "kelp-ci": lambda seed: kelp(seed, fillers=0),
                                                "quarto": quarto,
                                                "quarto-ci": lambda seed: quarto(seed, fillers=0),
                                                "sleet": sleet,
                                                "sleet-ci": lambda seed: sleet(seed, fillers=0, repeats=1),
                                                "gale": gale,
                                                "gale-ci": lambda seed: gale(seed, fillers=4, repeats=1),
                                                "tarn": tarn, "tarn-ci": lambda seed: tarn(seed, fillers=0),
                                                "dune": dune, "dune-ci": lambda seed: dune(seed, fillers=0),
                                                "scree": scree,
                                                "scree-ci": lambda seed: scree(seed, fillers=2)}


def build(kind: str, seed: int, directory: Path) -> Estate:
    """The estate `kind` for `seed`, written under `directory`."""
    estate = BUILDERS[kind](seed)
    estate.write(directory)
    return estate
