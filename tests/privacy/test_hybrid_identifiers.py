"""Identifiers of on-premises, data and CI estates that an outside red team found reaching
`strict` callers (estates `moraine` and `sluice`): directory names and security identifiers,
buckets in provider URLs, SSH key comments, names spelled as code. Each class on generated
variants, never the estates' values."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from tests.privacy.test_detector_classes import VARIANTS, WORDS, covered, in_prose, shown


def _hidden_under_strict(value: object, part: str) -> None:
    assert part not in json.dumps(shown("strict", value), ensure_ascii=False), value
    assert part in json.dumps(shown("standard", value), ensure_ascii=False), value


def _word(r: random.Random) -> str:
    """A word no prose around it holds (the prose draws from `WORDS`)."""
    return "".join(r.choice(string.ascii_lowercase) for _ in range(r.randrange(5, 9)))


def _dn(r: random.Random) -> tuple[str, str]:
    """(a distinguished name, the part of it that names someone)."""
    cn = r.choice([f"{_word(r).capitalize()} {_word(r).capitalize()}", f"svc_{_word(r)}_{_word(r)}",
                   f"{_word(r)}\\, {_word(r)}", f"{_word(r)}.{_word(r)}{r.randrange(9)}"])
    units = ",".join(f"OU={_word(r).capitalize()}{r.choice(['', ' Accounts', '-Ops'])}"
                     for _ in range(r.randrange(1, 3)))
    domain = ",".join(f"DC={_word(r)}" for _ in range(r.randrange(2, 4)))
    head = r.choice(["CN", "cn", "uid"])
    spelled, name = f"{head}={cn},{units},{domain}", cn.split("\\")[0].split(" ")[-1]
    return (spelled.lower(), name.lower()) if r.random() < 0.3 else (spelled, name)


def test_distinguished_names_are_identifiers_in_prose_under_neutral_keys_and_in_lists() -> None:
    r = random.Random("dn")
    for _ in range(VARIANTS * 2):
        dn, name = _dn(r)
        text = in_prose(r, dn)
        assert covered(text, dn.split(",")[0], "identifier") is not None, text
        for value in ({"note": text}, {"bindDn": dn}, {"members": [dn]}):
            _hidden_under_strict(value, name)
            _hidden_under_strict(value, dn.split(",")[-1])


def test_a_distinguished_name_ends_where_its_domain_components_end() -> None:
    r = random.Random("dn-end")
    for _ in range(VARIANTS):
        dn, _ = _dn(r)
        tail = f"{r.choice(WORDS).capitalize()} {r.choice(WORDS)} stays."
        shown_text = shown("strict", {"note": f"{dn}. {tail}"})["note"]
        assert shown_text.endswith(f". {tail}"), shown_text


def _sid(r: random.Random) -> str:
    head = r.choice(["S-1-5-21", "S-1-12-1"])
    parts = [str(r.randrange(10**8, 4 * 10**9)) for _ in range(3)]
    return "-".join([head, *parts, str(r.randrange(500, 99999))])


def test_windows_security_identifiers_are_identifiers_wherever_they_stand() -> None:
    r = random.Random("sid")
    for _ in range(VARIANTS * 2):
        sid = _sid(r)
        text = in_prose(r, sid)
        assert covered(text, sid, "identifier") is not None, text
        for value in ({"note": text}, {"objectSid": sid}, {"sids": [sid, _sid(r)]}):
            _hidden_under_strict(value, sid)


@pytest.mark.parametrize("text", ["S-1-5-18 is LocalSystem", "S-1-1-0 means Everyone",
                                  "cn=5 iterations", "ou=1"])
def test_well_known_sids_and_lone_assignments_are_not_identifiers(text: str) -> None:
    assert covered(text, text.split(maxsplit=1)[0], "identifier") is None


def _bucket(r: random.Random) -> str:
    return f"{_word(r)}-{r.choice(['features', 'models', 'logs', 'raw'])}-{r.randrange(10, 99)}"


def test_buckets_in_path_style_storage_urls_are_identifiers() -> None:
    r = random.Random("path-style")
    for _ in range(VARIANTS * 2):
        bucket = _bucket(r)
        host = r.choice(["storage.googleapis.com", "s3.amazonaws.com",
                         f"s3.{r.choice(['eu-west-1', 'us-east-2', 'ap-south-1'])}.amazonaws.com"])
        url = f"https://{host}/{bucket}{r.choice(['', '/', '/m.pkl', '?list-type=2', '/a/b.tgz?x=1'])}"
        assert covered(url, bucket, "identifier") is not None, url
        for value in ({"artifact": url}, {"note": in_prose(r, url)}, {"urls": [url]}):
            _hidden_under_strict(value, bucket)


def test_the_comment_of_an_ssh_public_key_is_hidden_under_strict() -> None:
    r = random.Random("ssh comment")
    for _ in range(VARIANTS * 2):
        kind, body = r.choice([("ssh-ed25519", "AAAAC3NzaC1lZDI1NTE5AAAAI"),
                               ("ssh-rsa", "AAAAB3NzaC1yc2EAAAADAQABAAABAQ"),
                               ("ecdsa-sha2-nistp256", "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY")])
        comment = r.choice([f"{_word(r)}@{_word(r)}-{r.randrange(10, 99)}", f"{_word(r)}.{_word(r)}@laptop",
                            f"{_word(r)}@{_word(r)}.corp", f"deploy-{_word(r)}"])
        line = f"{kind} {body}{''.join(r.choice(string.ascii_letters + '+/') for _ in range(40))}= {comment}"
        for value in ({"authorized_keys": [line]}, {"note": f"added key:\n{line}\n"},
                      {"keys": f"{line}\n{line}"}):
            _hidden_under_strict(value, comment)


@pytest.mark.parametrize("key", ["acct", "acctId", "ACCT_NO", "cost_center_acct", "payerAcct",
                                 "billing_acct_id", "acct_number"])
def test_abbreviated_account_keys_type_their_value_as_an_account(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        account = r.randrange(10**11, 10**12)
        for value in (account, float(account), str(account)):
            _hidden_under_strict({"billing": {key: value}}, str(account))


def test_a_plural_abbreviated_account_key_lists_accounts_and_counts_stay_counts() -> None:
    r = random.Random("accts")
    accounts = [r.randrange(10**11, 10**12) for _ in range(3)]
    _hidden_under_strict({"trusted_accts": accounts}, str(accounts[0]))
    assert shown("strict", {"accts": 250_000, "acct_count": 3}) == {"accts": 250_000, "acct_count": 3}


@pytest.mark.parametrize("key", ["datastore", "Datastores", "datacenter", "resourcePool", "portGroup",
                                 "dvSwitch", "vcenter_name", "datastore_id", "esxiHost", "storagePod"])
def test_vsphere_placement_keys_type_their_value_as_a_name(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        name = r.choice([f"DS_{_word(r).upper()}_{r.randrange(10, 99)}",
                         f"{_word(r)}-{_word(r)}-{r.randrange(9)}",
                         f"{_word(r).capitalize()} {_word(r).capitalize()}"])
        value = [name, f"{_word(r)}-x"] if key.endswith("s") else name
        _hidden_under_strict({"placement": {key: value}}, name)


def test_people_whose_family_name_carries_an_elided_particle_are_found_after_a_cue() -> None:
    r = random.Random("elided")
    for _ in range(VARIANTS * 2):
        particle = r.choice(["d", "D", "l", "dell", "dall"]) + r.choice(["'", "\u2019"])
        family = particle + _word(r).capitalize()
        cue = r.choice(["reviewed with", "ask", "approved by", "cc"])
        tail = r.choice(["today", "to review", "."])
        _hidden_under_strict({"note": f"{cue} {_word(r).capitalize()} {family} {tail}"}, family)


@pytest.mark.parametrize("key", ["ManagedBy", "managed_by", "managedby", "Managed-By", "OwnedBy"])
def test_a_person_under_a_managed_by_tag_is_hidden_and_a_tool_is_kept(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        user = r.choice([f"{_word(r)}{r.randrange(10, 99)}", f"{_word(r)}.{_word(r)}",
                         f"{_word(r)[0]}{_word(r)}"])
        _hidden_under_strict({"tags": {key: user}}, user)
    for tool in ("terraform", "Pulumi", "CloudFormation", "argocd", "manual"):
        assert shown("strict", {"tags": {key: tool}}) == {"tags": {key: tool}}


def _logon(r: random.Random) -> tuple[str, str]:
    """(a down-level logon name, its user), in the spellings Windows estates use."""
    domain = r.choice([_word(r).upper()[:r.randrange(3, 8)], _word(r).capitalize(),
                       f"{_word(r)[:4]}-{_word(r)[:3]}"])
    user = r.choice([f"svc_{_word(r)}", f"{_word(r)}.{_word(r)}", f"{_word(r)}{r.randrange(10, 99)}",
                     f"{_word(r)}-{_word(r)}$"])
    return f"{domain}\\{user}", user


async def test_the_user_of_a_logon_name_quoted_alone_is_hidden_under_strict(tmp_path: Path) -> None:
    """Logon names held whole (an edge's end, a `run_as` member), their users named alone in
    prose: hidden under `strict`, shown under `standard`."""
    r = random.Random("logon")
    who = Principal.parse("eve:analyst")
    for variant in range(VARIANTS):
        logons = [_logon(r) for _ in range(3)]
        assets = [{"id": f"host-{variant}-{j}", "name": f"{_word(r)}-fs-{j}", "asset_type": "VM",
                   "provider": "AZURE", "region": "westeurope",
                   "metadata": {"service": {"run_as": logons[1][0]}},
                   "description": f"Rotate {logons[0][1]} and {logons[1][1]}; {logons[2][1]} owns it."}
                  for j in range(2)]
        edges = [{"source_id": f"host-{variant}-{j}", "target_id": logons[k][0], "edge_type": "LOGON_AS"}
                 for j, k in ((0, 0), (1, 2))]
        root = tmp_path / f"estate{variant}"
        root.mkdir()
        (root / "inventory-map.json").write_text(
            json.dumps({"assets": assets, "edges": edges, "regions": {}}))
        for policy in ("strict", "standard"):
            layer = Layer(policy=policy, datasets={"d": root})
            shown_text = json.dumps([(await layer.call_tool("get_asset", {"ref": ref}, principal=who))
                                     .to_wire() for ref in await _refs(layer, who)], ensure_ascii=False)
            for _, user in logons:
                assert (user in shown_text) is (policy == "standard"), (policy, user, shown_text[:400])


async def _refs(layer: Layer, who: Principal) -> list[str]:
    listing = await layer.call_tool("find_assets", {"fields": ["id"]}, principal=who)
    assert listing.structured is not None
    return [str(item["id"]) for item in listing.structured["items"]]


async def test_the_user_of_an_ssh_key_the_data_holds_quoted_alone_is_hidden_under_strict(
        tmp_path: Path) -> None:
    """A key line under `authorized_keys` (or a logon-like `run_as`), its holder named alone in a
    finding ("remove the key of dev"): hidden under `strict`, shown under `standard`."""
    r = random.Random("ssh key holder")
    who = Principal.parse("eve:analyst")
    for variant in range(VARIANTS):
        user, host = _word(r), f"{_word(r)}-{r.randrange(10, 99)}"
        body = "AAAAC3NzaC1lZDI1NTE5AAAAI" + "".join(r.choice(string.ascii_letters) for _ in range(43))
        key = f"{r.choice(['ssh-ed25519', 'ssh-rsa'])} {body} {user}@{host}"
        assets = [{"id": f"bastion-{variant}", "name": f"{_word(r)}-bastion", "asset_type": "VM",
                   "provider": "AWS", "region": "eu-west-1",
                   "metadata": {r.choice(["authorized_keys", "sshPublicKeys"]): [key]}}]
        findings = [{"id": f"f-{variant}", "resource_id": f"bastion-{variant}", "title":
                     f"Bastion accepts the key of {user}", "description": f"Remove {user}'s key.",
                     "source_tool": "scan", "severity": "HIGH"}]
        root = tmp_path / f"keys{variant}"
        root.mkdir()
        (root / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
        (root / "findings.json").write_text(json.dumps({"findings": findings}))
        for policy in ("strict", "standard"):
            layer = Layer(policy=policy, datasets={"d": root})
            listed = await layer.call_tool("list_findings", {}, principal=who)
            shown_text = json.dumps(listed.to_wire(), ensure_ascii=False)
            assert (user in shown_text) is (policy == "standard"), (policy, user, shown_text[:300])
