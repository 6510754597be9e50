"""Deterministic synthetic estates of any size, in the collectors' file format.

An estate is a few accounts per provider and then "units" (a small workload: compute, its
network guard, an identity, a data store, sometimes a load balancer) added round-robin across the
accounts until the asset count is reached. Units carry the edges between their assets, findings
on the risky ones, and, at fixed unit numbers, the canaries of `fakes` (so even a 50-asset estate
holds every kind). The same seed gives byte-identical files.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypedDict, Unpack

from cloudg_lab.data.fakes import ENVS, INJECTION, TEAMS, Fakes

REGIONS = {"AWS": ("us-east-1", "us-west-2", "eu-west-1"),
           "AZURE": ("westeurope", "eastus", "uksouth"),
           "GCP": ("europe-west1", "us-central1", "asia-southeast1")}
PROVIDER_SHARE = (("AWS", 5, 2), ("AZURE", 3, 1), ("GCP", 2, 1))
"""provider → (share of accounts out of 10, minimum accounts)."""
ASSETS_PER_ACCOUNT = 4000
CANARY_EVERY = {"access_key": (7, 1), "password": (11, 2), "github_token": (13, 3),
                "private_key": (17, 4), "injection": (500, 5)}
"""canary → (every N units, at unit offset): where planted values go."""
FINDINGS = {
    "open_port": ("CRITICAL", "Security group allows SSH from 0.0.0.0/0", 9.3, "CIS-AWS"),
    "public_storage": ("HIGH", "Storage is publicly readable", 7.5, "GDPR"),
    "unencrypted_db": ("HIGH", "Database storage is not encrypted at rest", 7.1, "PCI-DSS"),
    "wildcard_role": ("HIGH", "Identity has wildcard permissions on all resources", 8.2, "CIS-AWS"),
    "imds_v1": ("MEDIUM", "Instance metadata service v1 is enabled", 5.3, "CIS-AWS"),
    "no_mfa": ("MEDIUM", "User has console access without MFA", 5.9, "HIPAA"),
    "no_logging": ("LOW", "Access logging is disabled", 3.1, "HIPAA"),
    "untagged": ("INFO", "Resource has no cost-center tag", 0.0, "CIS-Azure"),
}
SOURCE_TOOLS = ("prowler", "checkov", "trivy", "scoutsuite")


class Asset(TypedDict):
    """One generated asset, in the collectors' format."""

    id: str
    arn: str
    name: str
    asset_type: str
    provider: str
    region: str
    account_id: str
    tags: dict[str, str]
    metadata: dict[str, object]
    collected_at: str
    is_internet_exposed: bool


class EdgeDetails(TypedDict, total=False):
    """What an edge may carry besides its ends and type."""

    ports: list[int]
    relationship: str
    description: str
    cidr: str
    protocol: str


class _EdgeEnds(TypedDict):
    id: str
    source_id: str
    target_id: str
    edge_type: str
    direction: str
    ports: list[int]


class Edge(_EdgeEnds, total=False):
    relationship: str
    description: str
    cidr: str
    protocol: str


class Finding(TypedDict):
    id: str
    resource_id: str
    resource_arn: str
    severity: str
    title: str
    description: str
    evidence: str
    remediation: str
    source_tool: str
    compliance_frameworks: list[str]
    cvss_score: float
    detected_at: str
    is_suppressed: bool


class Compliance(TypedDict):
    id: str
    framework: str
    control_id: str
    control_title: str
    status: str
    finding_ids: list[str]
    resource_arn: str


@dataclass
class Account:
    provider: str
    ident: str
    asset_id: str
    name: str


@dataclass
class Estate:
    """What the generator built: the two documents, ready for `json.dump`."""

    inventory: dict[str, object]
    findings: dict[str, object]


@dataclass(frozen=True)
class _Unit:
    """One workload's shared traits."""

    account: Account
    number: int
    env: str
    team: str
    region: str
    tags: dict[str, str]
    exposed: bool

    @property
    def label(self) -> str:
        return f"{self.number:03d}"


@dataclass
class _State:
    edges: list[Edge] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    compliance: list[Compliance] = field(default_factory=list)
    emitted: set[str] = field(default_factory=set)


class EstateGenerator:
    """Builds assets lazily (a 100k estate never holds all asset dicts at once)."""

    def __init__(self, assets: int, seed: int) -> None:
        if assets < 1:
            raise ValueError("assets must be at least 1")
        self.total = assets
        self.fake = Fakes(random.Random(seed))
        self.state = _State()
        self.accounts = self._accounts()

    def _accounts(self) -> list[Account]:
        count = max(1, self.total // ASSETS_PER_ACCOUNT)
        accounts: list[Account] = []
        for provider, share, minimum in PROVIDER_SHARE:
            for n in range(max(minimum, count * share // 5)):
                team = TEAMS[n % len(TEAMS)]
                ident = self._account_ident(provider, team)
                name = {"AWS": f"aws-{ident}", "AZURE": f"sub-{team}", "GCP": ident}[provider]
                accounts.append(Account(provider, ident, self.fake.uuid(), name))
        return accounts

    def _account_ident(self, provider: str, team: str) -> str:
        if provider == "AWS":
            return self.fake.digits(12)
        if provider == "AZURE":
            return self.fake.uuid()
        return f"acme-{team}-{self.fake.digits(6)}"

    # ------------------------------------------------------------------ assets

    def assets(self) -> Iterator[Asset]:
        """Exactly `total` assets: the accounts first, then units round-robin over them."""
        produced = 0
        for account in self.accounts:
            if produced == self.total:
                return
            produced += 1
            yield self._emit(self._account_asset(account))
        unit = 0
        while produced < self.total:
            account = self.accounts[unit % len(self.accounts)]
            for asset in self._unit(account, unit):
                if produced == self.total:
                    break
                produced += 1
                yield self._emit(asset)
            unit += 1

    def _emit(self, asset: Asset) -> Asset:
        self.state.emitted.add(asset["id"])
        return asset

    def edges(self) -> list[Edge]:
        """Edges whose asset endpoints were emitted (call after `assets` is exhausted)."""
        kept = self.state.emitted
        return [e for e in self.state.edges
                if (e["source_id"] in kept or "/" in e["source_id"]) and e["target_id"] in kept]

    def findings(self) -> tuple[list[Finding], list[Compliance]]:
        kept = self.state.emitted
        found = [f for f in self.state.findings if f["resource_id"] in kept]
        ids = {f["id"] for f in found}
        return found, [c for c in self.state.compliance if set(c["finding_ids"]) <= ids]

    def _account_asset(self, account: Account) -> Asset:
        arn = {"AWS": f"arn:aws:iam::{account.ident}:root", "AZURE": f"/subscriptions/{account.ident}",
               "GCP": f"//cloudresourcemanager.googleapis.com/projects/{account.ident}"}[account.provider]
        key = {"AWS": "account_id", "AZURE": "subscription_id", "GCP": "project_id"}[account.provider]
        return {"id": account.asset_id, "arn": arn, "name": account.name, "asset_type": "CLOUD_ACCOUNT",
                "provider": account.provider, "region": "global", "account_id": account.ident,
                "tags": {}, "metadata": {key: account.ident}, "collected_at": self.fake.timestamp(),
                "is_internet_exposed": False}

    # ------------------------------------------------------------------ units

    def _unit(self, account: Account, unit: int) -> list[Asset]:
        f = self.fake
        env, team = f.pick(ENVS), f.pick(TEAMS)
        region = f.pick(REGIONS[account.provider])
        tags = {"env": env, "team": team, "cost-center": f"cc-{f.digits(4)}"}
        if f.rng.random() < 0.35:
            tags["owner"] = f.email()
        spec = _Unit(account, unit, env, team, region, tags, f.rng.random() < 0.25)
        assets = {"AWS": self._aws, "AZURE": self._azure, "GCP": self._gcp}[account.provider](spec)
        for asset in assets:
            self._edge(account.asset_id, asset["id"], "CONTAINS", relationship="CONTAINS")
        self._plant(assets, unit)
        for asset in assets:
            self._maybe_findings(asset)
        return assets

    def _asset(self, u: _Unit, kind: str, name: str, arn: str, metadata: dict[str, object], *,
               region: str | None = None, exposed: bool = False,
               tags: dict[str, str] | None = None) -> Asset:
        return {"id": self.fake.uuid(), "arn": arn, "name": name, "asset_type": kind,
                "provider": u.account.provider, "region": region or u.region,
                "account_id": u.account.ident, "tags": dict(tags or u.tags), "metadata": metadata,
                "collected_at": self.fake.timestamp(), "is_internet_exposed": exposed}

    def _aws(self, u: _Unit) -> list[Asset]:
        f, a, n, env, team, region = self.fake, u.account.ident, u.label, u.env, u.team, u.region
        inst, sg, web = f"i-0{f.hex(16)}", f"sg-0{f.hex(16)}", f"{env}-{team}-web-{n}"
        machine = f.pick(("t3.micro", "m6i.large", "c7g.xlarge"))
        vm = self._asset(u, "EC2", web, f"arn:aws:ec2:{region}:{a}:instance/{inst}",
                         {"instance_id": inst, "instance_type": machine, "private_ip": f.private_ip(),
                          "imds_v2_required": f.rng.random() < 0.7, **self._public(u, "public_ip")},
                         exposed=u.exposed, tags={**u.tags, "Name": web})
        guard = self._asset(u, "SECURITY_GROUP", f"sg-{team}-{env}-{n}",
                            f"arn:aws:ec2:{region}:{a}:security-group/{sg}",
                            {"group_id": sg, "ingress": [{"port": 22 if u.exposed else 443,
                                                          "cidr": self._source(u, "10.0.0.0/8")}]})
        role_name = f"{team}-{env}-role-{n}"
        role = self._asset(u, "IAM_ROLE", role_name, f"arn:aws:iam::{a}:role/{role_name}",
                           {"path": "/", "max_session_duration": 3600, "wildcard": f.rng.random() < 0.15},
                           region="global")
        bucket = f"acme-{env}-{team}-{f.hex(6)}"
        store = self._asset(u, "S3_BUCKET", bucket, f"arn:aws:s3:::{bucket}",
                            {"versioning": True, "public_access_block": f.rng.random() > 0.1,
                             "encryption": "aws:kms"}, region="global")
        assets = [vm, guard, role, store]
        self._workload_edges(u, assets, port=22)
        if u.number % 4 == 0:
            alb = f"{env}-{team}-alb-{n}"
            lb = self._asset(u, "LOAD_BALANCER", alb,
                             f"arn:aws:elasticloadbalancing:{region}:{a}:loadbalancer/app/{alb}/{f.hex(16)}",
                             {"scheme": "internet-facing", "dns_name": f"{alb}.{region}.elb.amazonaws.com"},
                             exposed=True)
            self._edge("0.0.0.0/0", lb["id"], "INTERNET_EXPOSED", ports=[443], protocol="tcp")
            self._edge(lb["id"], vm["id"], "LOAD_BALANCER_TARGET", ports=[443])
            assets.append(lb)
        return assets

    def _azure(self, u: _Unit) -> list[Asset]:
        f, n, env, team = self.fake, u.label, u.env, u.team
        base = f"/subscriptions/{u.account.ident}/resourceGroups/rg-{team}-{env}/providers"
        vm_name, nsg_name = f"vm-{env}-{team}-{n}", f"nsg-{team}-{env}-{n}"
        store_name = f"st{env}{team}{f.hex(6)}"
        vm = self._asset(u, "VIRTUAL_MACHINE", vm_name, f"{base}/Microsoft.Compute/virtualMachines/{vm_name}",
                         {"vm_size": f.pick(("Standard_B2s", "Standard_D4s_v5")),
                          "private_ip": f.private_ip(), **self._public(u, "public_ip")}, exposed=u.exposed)
        nsg = self._asset(u, "NSG", nsg_name, f"{base}/Microsoft.Network/networkSecurityGroups/{nsg_name}",
                          {"rules": [{"port": 3389 if u.exposed else 443,
                                      "source": "Internet" if u.exposed else "VirtualNetwork"}]})
        store = self._asset(u, "STORAGE_ACCOUNT", store_name,
                            f"{base}/Microsoft.Storage/storageAccounts/{store_name}",
                            {"allow_blob_public_access": f.rng.random() < 0.15, "https_only": True})
        principal = self._asset(u, "SERVICE_PRINCIPAL", f"sp-{team}-{env}-{n}",
                                f"/servicePrincipals/{f.uuid()}", {"app_id": f.uuid()}, region="global")
        assets = [vm, nsg, principal, store]
        self._workload_edges(u, assets, port=3389)
        return assets

    def _gcp(self, u: _Unit) -> list[Asset]:
        f, n, p, env, team = self.fake, u.label, u.account.ident, u.env, u.team
        zone = f"{u.region}-{f.pick(('a', 'b', 'c'))}"
        vm_name, rule_name = f"gce-{env}-{team}-{n}", f"fw-{team}-{env}-{n}"
        bucket = f"acme-{env}-{team}-{f.hex(6)}"
        compute = "//compute.googleapis.com/projects/" + p
        vm = self._asset(u, "GCE_INSTANCE", vm_name, f"{compute}/zones/{zone}/instances/{vm_name}",
                         {"machine_type": "e2-medium", "zone": zone, "network_ip": f.private_ip(),
                          **self._public(u, "nat_ip")}, exposed=u.exposed)
        rule = self._asset(u, "SECURITY_GROUP", rule_name, f"{compute}/global/firewalls/{rule_name}",
                           {"source_ranges": [self._source(u, "10.0.0.0/8")],
                            "allowed": [{"IPProtocol": "tcp", "ports": ["22" if u.exposed else "443"]}]},
                           region="global")
        store = self._asset(u, "GCS_BUCKET", bucket, f"//storage.googleapis.com/projects/_/buckets/{bucket}",
                            {"uniform_access": True, "public": f.rng.random() < 0.15})
        email = f"{team}-{env}-sa-{n}@{p}.iam.gserviceaccount.com"
        principal = self._asset(u, "SERVICE_PRINCIPAL", f"{team}-{env}-sa-{n}",
                                f"//iam.googleapis.com/projects/{p}/serviceAccounts/{email}",
                                {"email": email}, region="global")
        assets = [vm, rule, principal, store]
        self._workload_edges(u, assets, port=22)
        return assets

    def _public(self, u: _Unit, key: str) -> dict[str, str]:
        return {key: self.fake.public_ip()} if u.exposed else {}

    @staticmethod
    def _source(u: _Unit, internal: str) -> str:
        return "0.0.0.0/0" if u.exposed else internal

    def _workload_edges(self, u: _Unit, assets: list[Asset], *, port: int) -> None:
        """Edges of `[compute, guard, identity, store, ...]`: guard → compute → identity → store, and
        the open port when exposed."""
        vm, guard, identity, store = (a["id"] for a in assets[:4])
        self._edge(guard, vm, "ATTACHED_TO", description="firewall attachment")
        self._edge(vm, identity, "ASSUMES_ROLE", relationship="RUNS_AS")
        self._edge(identity, store, "GRANTS_ACCESS", relationship="CAN_READ")
        if u.exposed:
            self._edge("0.0.0.0/0", vm, "SECURITY_GROUP_RULE", ports=[port], cidr="0.0.0.0/0", protocol="tcp")

    # ------------------------------------------------------------------ edges, canaries, findings

    def _edge(self, source: str, target: str, kind: str, **extra: Unpack[EdgeDetails]) -> None:
        self.state.edges.append({"id": self.fake.uuid(), "source_id": source, "target_id": target,
                                 "edge_type": kind, "direction": "ingress",
                                 "ports": extra.pop("ports", []), **extra})

    def _plant(self, assets: list[Asset], unit: int) -> None:
        f = self.fake
        planted = {c for c, (every, at) in CANARY_EVERY.items() if unit % every == at % every}
        compute, store = assets[0], assets[3]
        if "access_key" in planted:
            compute["tags"]["deploy_key"] = f.aws_access_key_id()
            compute["metadata"]["aws_secret_access_key"] = f.aws_secret_access_key()
        if "password" in planted:
            store["tags"]["db_password"] = f.password()
        if "github_token" in planted:
            compute["tags"]["notes"] = f"ci token {f.github_token()} rotate quarterly"
        if "private_key" in planted:
            compute["metadata"]["tls_private_key"] = f.private_key()
        if "injection" in planted:
            store["metadata"]["description"] = INJECTION

    def _maybe_findings(self, asset: Asset) -> None:
        meta, kind = asset["metadata"], asset["asset_type"]
        checks = {
            "open_port": asset["is_internet_exposed"] and kind in ("EC2", "VIRTUAL_MACHINE", "GCE_INSTANCE"),
            "public_storage": bool(meta.get("public") or meta.get("allow_blob_public_access")
                                   or meta.get("public_access_block") is False),
            "wildcard_role": bool(meta.get("wildcard")),
            "imds_v1": meta.get("imds_v2_required") is False,
            "no_logging": kind in ("S3_BUCKET", "GCS_BUCKET") and self.fake.rng.random() < 0.1,
            "untagged": self.fake.rng.random() < 0.04,
        }
        for check, hit in checks.items():
            if hit:
                self._finding(asset, check)

    def _finding(self, asset: Asset, check: str) -> None:
        f = self.fake
        severity, title, cvss, framework = FINDINGS[check]
        ident = f.uuid()
        self.state.findings.append({
            "id": ident, "resource_id": asset["id"], "resource_arn": asset["arn"], "severity": severity,
            "title": title, "description": f"{title} on {asset['name']}.", "evidence": f"check={check}",
            "remediation": "See the provider hardening guide.", "source_tool": f.pick(SOURCE_TOOLS),
            "compliance_frameworks": [framework], "cvss_score": cvss, "detected_at": f.timestamp(),
            "is_suppressed": f.rng.random() < 0.06})
        control = f"{framework}-{list(FINDINGS).index(check) + 1}.1"
        self.state.compliance.append({
            "id": f.uuid(), "framework": framework, "control_id": control,
            "control_title": title, "status": "FAIL", "finding_ids": [ident], "resource_arn": asset["arn"]})
