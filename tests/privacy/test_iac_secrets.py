"""Secrets of infrastructure code and configuration management that reached `standard` callers (red
team `tarn`): a Consul or Nomad agent's gossip key (`encrypt = "..."`), an OpenVPN static key, the
`Default` of a CloudFormation `NoEcho` parameter (or a Terraform variable flagged `sensitive`), a
password given by a hash rocket (`password => '...'`: Puppet, Ruby), a kickstart file's `rootpw`,
the `<Value>` a Windows answer file keeps a password in, and an opaque token under a Pulumi stack
config's `<project>:<name>Key`. Generated variants; the look-alikes (a backend's `encrypt = true`,
an unflagged default, `ensure => 'present'`, `rootpw --lock`, a neutral `<Value>`, a `sortKey`)
keep their text."""

from __future__ import annotations

import base64
import json
import random

from tests.privacy.test_data_platform_secrets import _hidden, _kept, _secret, _wire
from tests.privacy.test_detector_classes import ALNUM, HEX, VARIANTS, WORDS, rand, shown


def _name(r: random.Random) -> str:
    return f"{r.choice(WORDS)}-{r.choice(WORDS)}"


def test_an_agent_s_gossip_key_is_a_secret() -> None:
    r = random.Random("gossip key")
    for _ in range(VARIANTS * 2):
        key = base64.b64encode(r.randbytes(r.choice((16, 24, 32)))).decode()
        text = r.choice([
            f'datacenter = "dc1"\nnode_name = "{_name(r)}"\nencrypt = "{key}"\nserver = true\n',
            f'{{"datacenter": "dc1", "encrypt": "{key}", "encrypt_verify_incoming": true}}',
            f"server:\n  enabled: true\n  encrypt: {key}\n",
        ])
        _hidden(text, key)


def test_an_openvpn_static_key_is_a_secret() -> None:
    r = random.Random("openvpn static key")
    for _ in range(VARIANTS):
        body = [rand(r, HEX, 32) for _ in range(16)]
        block = ("-----BEGIN OpenVPN Static key V1-----\n" + "\n".join(body) +
                 "\n-----END OpenVPN Static key V1-----")
        text = r.choice([f"remote {_name(r)}.example.net 1194\n<tls-auth>\n{block}\n</tls-auth>\n", block])
        _hidden(text, *body)


def test_a_value_its_record_flags_secret_is_hidden_under_default_too() -> None:
    r = random.Random("flagged default")
    for _ in range(VARIANTS * 2):
        s = _secret(r)
        flag = r.choice([("NoEcho", True), ("noEcho", True), ("sensitive", True)])
        record = {"Type": "String", flag[0]: flag[1], r.choice(["Default", "default"]): s}
        for extra in r.sample(["MinLength", "Description", "AllowedPattern", "ConstraintDescription"],
                              r.randrange(0, 4)):
            record[extra] = r.choice(WORDS)
        name = r.choice(["AdminSecret", "RootCredential", "BindCred", "MasterKey", "Seed", "Bootstrap"])
        template = {"Parameters": {name: record, "Environment": {"Type": "String", "Default": "prod"}}}
        assert s not in _wire("standard", template)
        assert s not in json.dumps(shown("standard", {"variable": {name.lower(): record}}))


def test_a_hash_rocket_assigns_as_an_equals_sign_does() -> None:
    r = random.Random("hash rocket")
    for _ in range(VARIANTS * 2):
        s = _secret(r)
        key = r.choice(["password", "db_password", ":password", "'root_password'", '"bind_pw"', "secret"])
        q = r.choice(["'", '"'])
        gap = r.choice([" ", "  ", "     "])
        text = r.choice([
            f"mysql::db {{ '{r.choice(WORDS)}':\n  user{gap}=> 'app',\n  {key}{gap}=> {q}{s}{q},\n}}\n",
            f"conn = {{ host: 'db', {key} => {q}{s}{q} }}",
        ])
        _hidden(text, s)
        assert "=>" in _wire("standard", text)


def test_a_kickstart_rootpw_is_a_secret() -> None:
    r = random.Random("kickstart")
    for _ in range(VARIANTS * 2):
        s = _secret(r)
        line = r.choice([f"rootpw --plaintext {s}", f"rootpw {s}", f"rootpw --plaintext --allow-ssh {s}"])
        text = f"lang en_US.UTF-8\nkeyboard us\n{line}\ntimezone UTC --utc\n%packages\n@core\n%end\n"
        _hidden(text, s)


def test_an_answer_file_keeps_a_password_in_its_value_element() -> None:
    r = random.Random("unattend")
    for _ in range(VARIANTS * 2):
        s = _secret(r)
        element = r.choice(["AdministratorPassword", "Password", "DomainAdminPassword", "AutoLogonPassword"])
        gap = r.choice(["", "\n  ", "\n        "])
        text = (f"<UserAccounts><{element}>{gap}<Value>{s}</Value>{gap}<PlainText>true</PlainText>{gap}"
                f"</{element}></UserAccounts>")
        _hidden(text, s)


def test_a_stack_config_s_namespaced_key_holding_a_token_is_a_secret() -> None:
    r = random.Random("pulumi config")
    for _ in range(VARIANTS * 2):
        project = r.choice(WORDS) + r.choice(WORDS)
        token = rand(r, ALNUM, 22) + "." + rand(r, ALNUM + "-_", 43)
        name = r.choice(["registryKey", "webhookKey", "ingestKey", "relayKey", "meteringKey"])
        text = (f"config:\n  aws:region: eu-west-1\n  {project}:{name}: {token}\n"
                f'  {project}:replicas: "3"\n')
        _hidden(text, token)


def test_look_alikes_of_these_secrets_keep_their_text() -> None:
    _kept(
        'terraform {\n  backend "s3" {\n    encrypt = true\n    region = "eu-west-1"\n  }\n}',
        "encrypt_verify_incoming = true\nencrypt_verify_outgoing = false",
        "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----",
        "package { 'nginx':\n  ensure => 'present',\n  provider => 'apt',\n}",
        "rootpw --lock\nauthselect select sssd",
        "<TimeZone><Value>UTC</Value></TimeZone><PlainText>true</PlainText>",
        "config:\n  aws:region: eu-west-1\n  shop:sortKey: createdAt\n  shop:partitionKey: tenantId\n",
    )
    params = {"InstanceType": {"Type": "String", "Default": "t3.large", "NoEcho": False},
              "Env": {"Type": "String", "Default": "prod", "AllowedValues": ["prod", "dev"]}}
    assert shown("standard", params) == params
