"""Infrastructure-as-code and configuration-management shapes for the eleventh estate (`tarn`).

Like `token_sleet`: drawn from a seeded RNG, nothing copied from a real file, each function a
`Told` (what is stored; `secrets` hidden under `standard`, `ids` under `strict`). The shapes are
what provisioning tools leave behind: Terraform state, plans, variables, backends and lock errors,
CloudFormation templates, Pulumi stack config, Ansible inventories and playbook output, Hiera,
Salt and Chef data, cloud-init user data, Packer templates, compose files and unit files, Jenkins
credentials and pipelines, Consul KV exports and Nomad jobs, Wi-Fi profiles.
"""

from __future__ import annotations

import base64
import random
from dataclasses import dataclass
from typing import Any

from token_forms import B64, access_key_id, chars, password, pem_block, person, private_ip, word
from token_sleet import HEX, Told, aws_secret, login


@dataclass(frozen=True)
class Cast:
    """The estate's domain, account, state bucket and project, as its code names them."""

    domain: str
    account: str
    bucket: str
    project: str


def fqdn(rng: random.Random, cast: Cast) -> str:
    return f"{word(rng, 2)}{rng.randrange(1, 9):02d}.{rng.choice(('dc1', 'lon', 'fra'))}.{cast.domain}"


def local_name(rng: random.Random) -> str:
    """A Terraform resource's local name, the customer's words (`kelora_ledger`)."""
    return f"{word(rng)}_{word(rng, 2)}"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# --------------------------------------------------------------------------- Terraform


def _resource(
    rtype: str, name: str, attrs: dict[str, Any], sensitive: list[str], module: str = ""
) -> dict[str, Any]:
    out: dict[str, Any] = {"module": module} if module else {}
    out |= {
        "mode": "managed",
        "type": rtype,
        "name": name,
        "provider": 'provider["registry.terraform.io/hashicorp/' + rtype.split("_", maxsplit=1)[0] + '"]',
        "instances": [
            {
                "schema_version": 1,
                "attributes": attrs,
                "sensitive_attributes": [[{"type": "get_attr", "value": s}] for s in sensitive],
            }
        ],
    }
    return out


def tfstate(rng: random.Random, cast: Cast, style: str) -> Told:
    """A `terraform.tfstate` (version 4) whose attributes or outputs hold a credential."""
    t = Told(None, f"tfstate_{style}")
    name = t.ident(local_name(rng))
    module = f"module.{word(rng)}"
    outputs: dict[str, Any] = {}
    if style == "db":
        ident = t.ident(f"{word(rng)}-{word(rng, 2)}-pg")
        host = t.ident(f"{ident}.c{chars(rng, 12, HEX)}.eu-west-1.rds.amazonaws.com")
        attrs = {
            "identifier": ident,
            "address": host,
            "arn": f"arn:aws:rds:eu-west-1:{cast.account}:db:{ident}",
            "engine": "postgres",
            "port": 5432,
            "allocated_storage": 100,
            "username": "dbadmin",
            "password": t.secret(password(rng)),
            "multi_az": True,
        }
        res = _resource("aws_db_instance", name, attrs, ["password"], module)
    elif style == "access_key":
        user = t.ident(login(rng))
        attrs = {
            "id": t.secret(access_key_id(rng)),
            "user": user,
            "secret": t.secret(aws_secret(rng)),
            "ses_smtp_password_v4": t.secret("B" + chars(rng, 43, B64)),
            "status": "Active",
            "pgp_key": None,
        }
        res = _resource("aws_iam_access_key", name, attrs, ["secret", "ses_smtp_password_v4"])
    elif style == "tls_key":
        pem = pem_block(rng, "rsa")
        t.secret(pem.core)
        attrs = {
            "algorithm": "RSA",
            "rsa_bits": 4096,
            "private_key_pem": pem.text,
            "public_key_fingerprint_md5": ":".join(chars(rng, 2, HEX) for _ in range(16)),
            "id": chars(rng, 40, HEX),
        }
        res = _resource("tls_private_key", name, attrs, ["private_key_pem"], module)
    else:
        result = t.secret(chars(rng, 24))
        attrs = {"id": "none", "length": 24, "special": False, "upper": True, "result": result}
        res = _resource("random_password", name, attrs, ["result"], module)
        outputs = {
            f"{word(rng)}_admin_password": {"value": result, "type": "string", "sensitive": True},
            "bootstrap_token": {
                "value": t.secret(chars(rng, 6, HEX) + "." + chars(rng, 16, HEX)),
                "type": "string",
                "sensitive": True,
            },
            "instance_count": {"value": 3, "type": "number"},
        }
    t.value = {
        "version": 4,
        "terraform_version": "1.7.5",
        "serial": rng.randrange(10, 400),
        "lineage": chars(rng, 8, HEX) + "-" + chars(rng, 4, HEX),
        "outputs": outputs,
        "resources": [res],
        "check_results": None,
    }
    return t


def tfplan(rng: random.Random, cast: Cast) -> Told:
    """`terraform show -json plan`: variables and a change whose new value is sensitive."""
    t = Told(None, "tfplan")
    name = t.ident(local_name(rng))
    new = t.secret(password(rng))
    var = f"{word(rng)}_db_password"
    t.value = {
        "format_version": "1.2",
        "variables": {var: {"value": new}, "region": {"value": "eu-west-1"}},
        "resource_changes": [
            {
                "address": f"aws_rds_cluster.{name}",
                "type": "aws_rds_cluster",
                "name": name,
                "change": {
                    "actions": ["update"],
                    "before": {"master_username": "root", "master_password": t.secret(password(rng))},
                    "after": {"master_username": "root", "master_password": new},
                    "after_sensitive": {"master_password": True},
                },
            }
        ],
        "configuration": {
            "provider_config": {
                "aws": {
                    "name": "aws",
                    "expressions": {"allowed_account_ids": {"constant_value": [cast.account]}},
                }
            }
        },
    }
    return t


def hcl(rng: random.Random, cast: Cast, style: str) -> Told:
    """HCL text: a `.tfvars` file, a backend and provider block, a state lock error."""
    t = Told(None, f"hcl_{style}")
    if style == "tfvars":
        t.value = (
            f'environment         = "prod"\n'
            f"instance_count      = 3\n"
            f'db_admin_password   = "{t.secret(password(rng))}"\n'
            f'datadog_api_key     = "{t.secret(chars(rng, 32, HEX))}"\n'
            f'allowed_account_ids = ["{cast.account}"]\n'
            f'ops_contact         = "{t.ident(person(rng))}"\n'
        )
    elif style == "backend":
        t.value = (
            'terraform {\n  backend "s3" {\n'
            f'    bucket         = "{cast.bucket}"\n'
            f'    key            = "{t.ident(word(rng) + "-" + word(rng, 2))}/terraform.tfstate"\n'
            '    region         = "eu-west-1"\n'
            f'    dynamodb_table = "{t.ident(word(rng) + "-tf-locks")}"\n'
            f'    access_key     = "{t.secret(access_key_id(rng))}"\n'
            f'    secret_key     = "{t.secret(aws_secret(rng))}"\n'
            "  }\n}\n\n"
            'provider "aws" {\n'
            f'  allowed_account_ids = ["{cast.account}"]\n'
            "  assume_role {\n"
            f'    role_arn = "arn:aws:iam::{cast.account}:role/{t.ident(word(rng) + "-deployer")}"\n'
            "  }\n}\n"
        )
    elif style == "lock_item":
        t.value = {
            "LockID": f"{cast.bucket}/{t.ident(word(rng) + '-' + word(rng, 2))}/terraform.tfstate",
            "Info": {
                "ID": f"{chars(rng, 8, HEX)}-{chars(rng, 4, HEX)}",
                "Operation": "OperationTypePlan",
                "Who": t.ident(f"{login(rng)}@{word(rng, 2)}-{word(rng, 1)}{rng.randrange(10, 99)}"),
                "Version": "1.8.2",
                "Created": "2026-11-30T08:12:44.123456Z",
            },
        }
    elif style == "main_tf":
        db, net = t.ident(local_name(rng)), t.ident(local_name(rng))
        t.value = (
            f'module "{net}" {{\n  source = "./modules/network"\n  cidr   = "10.40.0.0/16"\n}}\n\n'
            f'resource "aws_db_instance" "{db}" {{\n  engine         = "postgres"\n'
            f'  instance_class = "db.r6g.large"\n  subnet_ids     = module.{net}.private_subnets\n}}\n\n'
            "# terraform plan\n"
            f"  # aws_db_instance.{db} will be updated in-place\n"
            f'  ~ resource "aws_db_instance" "{db}" {{\n      ~ allocated_storage = 100 -> 200\n    }}\n'
            f"  # module.{net}.aws_subnet.private[0] must be replaced\n"
            "Plan: 1 to add, 1 to change, 1 to destroy.\n"
        )
    else:
        who = t.ident(
            f"{login(rng)}@{t.ident(word(rng, 2) + '-' + word(rng, 1) + str(rng.randrange(10, 99)))}"
        )
        t.value = (
            "Error: Error acquiring the state lock\n\n"
            "Error message: ConditionalCheckFailedException: The conditional request failed\n"
            "Lock Info:\n"
            f"  ID:        {chars(rng, 8, HEX)}-{chars(rng, 4, HEX)}-{chars(rng, 4, HEX)}\n"
            f"  Path:      {cast.bucket}/{t.ident(word(rng) + '-' + word(rng, 2))}/terraform.tfstate\n"
            "  Operation: OperationTypeApply\n"
            f"  Who:       {who}\n"
            "  Version:   1.7.5\n"
            "  Created:   2026-11-30 08:12:44.123456 +0000 UTC\n"
            "  Info:\n\n"
            "Terraform acquires a state lock to protect the state from being written\n"
            "by multiple users at the same time."
        )
    return t


# --------------------------------------------------------------------------- CloudFormation, Pulumi


def cloudformation(rng: random.Random, cast: Cast) -> Told:
    """A template whose `NoEcho` parameter keeps a default, and user data that exports a key."""
    t = Told(None, "cfn")
    param = rng.choice(("AdminSecret", "RootCredential", "MasterKey", "BindCred"))
    t.value = {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Parameters": {
            param: {"Type": "String", "NoEcho": True, "Default": t.secret(password(rng)), "MinLength": 12},
            "Environment": {"Type": "String", "Default": "prod", "AllowedValues": ["prod", "dev"]},
        },
        "Resources": {
            f"{word(rng).capitalize()}Db": {
                "Type": "AWS::RDS::DBInstance",
                "Properties": {"MasterUserPassword": {"Ref": param}, "DBInstanceClass": "db.r6g.large"},
            }
        },
        "Metadata": {"Owner": t.ident(person(rng))},
    }
    return t


def pulumi(rng: random.Random, cast: Cast) -> Told:
    """`Pulumi.<stack>.yaml`: plain config values beside encrypted `secure:` ones."""
    t = Told(None, "pulumi")
    proj = cast.project
    t.value = (
        f"encryptionsalt: v1:{chars(rng, 12, B64)}=:v1:{chars(rng, 16, B64)}:{chars(rng, 24, B64)}\n"
        "config:\n"
        "  aws:region: eu-west-1\n"
        f'  aws:allowedAccountIds:\n    - "{cast.account}"\n'
        f"  {proj}:dbPassword:\n    secure: v1:{chars(rng, 16, B64)}:{chars(rng, 48, B64)}\n"
        f"  {proj}:sendgridKey: {t.secret(chars(rng, 22) + '.' + chars(rng, 43))}\n"
        f"  {proj}:adminPass: {t.secret(password(rng))}\n"
        f'  {proj}:replicas: "3"\n'
    )
    return t


# --------------------------------------------------------------------------- Ansible, Hiera, Salt, Chef


def ansible(rng: random.Random, cast: Cast, style: str) -> Told:
    """An inventory (INI or YAML), group vars with a vault blob, or `ansible-playbook` output."""
    t = Told(None, f"ansible_{style}")
    hosts = [t.ident(fqdn(rng, cast)) for _ in range(2)]
    ips = [t.ident(private_ip(rng), True) for _ in range(2 if style != "output" else 0)]
    if style == "ini":
        t.value = (
            "[webservers]\n"
            f"{hosts[0]} ansible_host={ips[0]} ansible_user=deploy "
            f"ansible_password={t.secret(password(rng))}\n"
            f"{hosts[1]} ansible_host={ips[1]} ansible_port=2222\n\n"
            "[webservers:vars]\n"
            f"ansible_become_pass={t.secret(password(rng))}\n"
            "ansible_python_interpreter=/usr/bin/python3\n"
        )
    elif style == "yaml":
        key = t.ident(login(rng))
        t.value = {
            "all": {
                "children": {
                    "dbservers": {
                        "hosts": {
                            hosts[0]: {"ansible_host": ips[0], "ansible_ssh_pass": t.secret(password(rng))},
                            hosts[1]: {
                                "ansible_host": ips[1],
                                "ansible_ssh_private_key_file": f"~/.ssh/{key}_ed25519",
                                "ansible_become_password": t.secret(password(rng)),
                            },
                        }
                    }
                }
            }
        }
    elif style == "group_vars":
        t.value = (
            "---\n"
            "mysql_port: 3306\n"
            "mysql_root_password: !vault |\n"
            "  $ANSIBLE_VAULT;1.1;AES256\n"
            + "".join(f"  {chars(rng, 80, HEX)}\n" for _ in range(3))
            + f'smtp_relay_pass: "{t.secret(password(rng))}"\n'
            f"ntp_servers: [{ips[0]}, {ips[1]}]\n"
            f"backup_target: {hosts[0]}\n"
            f"monitoring_host: {hosts[1]}\n"
        )
    else:
        pw = t.secret(password(rng))
        t.value = (
            "PLAY [dbservers] ***************************************************************\n\n"
            "TASK [mysql : set root password] ***********************************************\n"
            f"changed: [{hosts[0]}]\n"
            f'fatal: [{hosts[1]}]: FAILED! => {{"changed": true, "cmd": "mysqladmin -u root password '
            f'\'{pw}\'", "rc": 1, "stderr": "connect to server at \'localhost\' failed"}}\n\n'
            "PLAY RECAP *********************************************************************\n"
            f"{hosts[0]} : ok=4    changed=1    unreachable=0    failed=0    skipped=0\n"
            f"{hosts[1]} : ok=3    changed=1    unreachable=0    failed=1    skipped=0\n"
        )
    return t


def hiera(rng: random.Random, cast: Cast, style: str) -> Told:
    """Puppet Hiera (eyaml beside plain values), a Salt pillar, a Chef data bag or `knife` output."""
    t = Told(None, f"hiera_{style}")
    if style == "eyaml":
        t.value = (
            "---\n"
            "profile::db::root_password: "
            f"ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAx{chars(rng, 120, B64)}]\n"
            f"profile::app::secret_key_base: '{t.secret(chars(rng, 64, HEX))}'\n"
            f"profile::ldap::bind_dn: 'cn={t.ident(login(rng))},ou=svc,"
            f"dc={cast.domain.split('.')[0]},dc=net'\n"
            f"profile::ldap::bind_pw: '{t.secret(password(rng))}'\n"
            "profile::ntp::iburst: true\n"
        )
    elif style == "salt":
        t.value = {
            "mysql": {
                "server": {"root_user": "root", "root_pass": t.secret(password(rng)), "port": 3306},
                "database": [t.ident(f"{word(rng)}_{word(rng, 2)}")],
            },
            "redis": {"requirepass": t.secret(password(rng))},
        }
    elif style == "puppet":
        t.value = (
            f"mysql::db {{ '{t.ident(word(rng) + '_' + word(rng, 2))}':\n"
            "  user     => 'app',\n"
            f"  password => '{t.secret(password(rng))}',\n"
            f"  host     => '{t.ident(fqdn(rng, cast))}',\n"
            "  grant    => ['SELECT', 'UPDATE'],\n}\n"
        )
    elif style == "data_bag":
        t.value = {
            "id": f"{word(rng)}_creds",
            "aws_access_key_id": t.secret(access_key_id(rng)),
            "aws_secret_access_key": t.secret(aws_secret(rng)),
            "slack_signing_secret": t.secret(chars(rng, 32, HEX)),
        }
    else:
        who = t.ident(person(rng))
        mail = t.ident(f"{login(rng).replace('svc_', '')}@{cast.domain}")
        t.value = (
            f"$ knife data bag show credentials {word(rng)} --secret-file ~/.chef/encrypted_data_bag_secret\n"
            f"id:            {word(rng)}\n"
            f"db_password:   {t.secret(password(rng))}\n\n"
            f"$ cat metadata.rb\nname '{word(rng)}'\nmaintainer \"{who}\"\nmaintainer_email '{mail}'\n"
            "version '2.4.1'\n"
        )
    return t


# --------------------------------------------------------------------------- images and hosts


def cloud_init(rng: random.Random, cast: Cast, style: str) -> Told:
    """cloud-init user data: `chpasswd`, `users:` with a hash and keys, base64 `write_files`."""
    t = Told(None, f"cloudinit_{style}")
    user = t.ident(login(rng).replace("svc_", "")) if style != "write_files" else ""
    if style == "chpasswd":
        t.value = (
            "#cloud-config\n"
            "ssh_pwauth: true\n"
            "chpasswd:\n  expire: false\n  list: |\n"
            f"    root:{t.secret(password(rng))}\n"
            f"    {user}:{t.secret(password(rng))}\n"
        )
    elif style == "users":
        salt, digest = chars(rng, 16, B64.replace("+", ".")), chars(rng, 86, B64.replace("+", "."))
        t.value = (
            "#cloud-config\nusers:\n"
            f"  - name: {user}\n"
            f"    gecos: {t.ident(person(rng))}\n"
            "    groups: [sudo, docker]\n"
            f"    passwd: {t.secret(f'$6$rounds=4096${salt}${digest}')}\n"
            "    ssh_authorized_keys:\n"
            f"      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{chars(rng, 43, B64)} "
            f"{user}@{t.ident(word(rng, 2) + '-laptop')}\n"
        )
    else:
        env = f"API_TOKEN={chars(rng, 40)}\nLOG_LEVEL=info\n"
        t.value = (
            "#cloud-config\nwrite_files:\n"
            f"  - path: /etc/{word(rng)}/env\n"
            "    encoding: b64\n"
            f"    content: {t.secret(_b64(env))}\n"
            "    owner: root:root\n"
            "    permissions: '0600'\n"
            f"fqdn: {t.ident(fqdn(rng, cast))}\n"
        )
    return t


def packer(rng: random.Random, cast: Cast) -> Told:
    """A Packer HCL template: a sensitive variable's default, a shared AMI, provisioner env."""
    t = Told(None, "packer")
    t.value = (
        'variable "winrm_admin" {\n  type      = string\n'
        f'  default   = "{t.secret(password(rng))}"\n  sensitive = true\n}}\n\n'
        'source "amazon-ebs" "base" {\n'
        '  instance_type = "t3.medium"\n'
        f'  ami_users     = ["{cast.account}"]\n'
        f'  ami_name      = "{t.ident(word(rng) + "-base")}-{{{{timestamp}}}}"\n'
        '  communicator  = "winrm"\n  winrm_username = "Administrator"\n'
        "  winrm_password = var.winrm_admin\n}\n\n"
        'build {\n  sources = ["source.amazon-ebs.base"]\n  provisioner "shell" {\n'
        f'    environment_vars = ["REGISTRY_USER=ci", "REGISTRY_PASS={t.secret(password(rng))}"]\n'
        "  }\n}\n"
    )
    return t


def service(rng: random.Random, cast: Cast, style: str) -> Told:
    """A compose file's `environment:`, a `.env` file, a systemd unit's `Environment=` lines."""
    t = Told(None, f"svc_{style}")
    if style == "compose":
        t.value = (
            "services:\n  db:\n    image: postgres:16\n    environment:\n"
            f"      - POSTGRES_PASSWORD={t.secret(password(rng))}\n"
            "      - POSTGRES_DB=app\n"
            "  minio:\n    image: minio/minio\n    environment:\n"
            f"      MINIO_ROOT_PASSWORD: {t.secret(password(rng))}\n"
            f"    hostname: {t.ident(fqdn(rng, cast))}\n"
        )
    elif style == "dotenv":
        t.value = (
            "RAILS_ENV=production\n"
            f"SECRET_KEY_BASE={t.secret(chars(rng, 128, HEX))}\n"
            f"MAILER_PASS='{t.secret(password(rng))}'\n"
            f"SMTP_HOST={t.ident(fqdn(rng, cast))}\n"
            "WEB_CONCURRENCY=4\n"
        )
    elif style == "dockerfile":
        mail = t.ident(f"{login(rng).replace('svc_', '')}@{cast.domain}")
        t.value = (
            "FROM python:3.12-slim\n"
            f"MAINTAINER {t.ident(person(rng))} <{mail}>\n"
            f'LABEL org.opencontainers.image.authors="{t.ident(person(rng))}"\n'
            "ENV PIP_NO_CACHE_DIR=1\nRUN pip install -r requirements.txt\n"
        )
    else:
        t.value = (
            "[Unit]\nDescription=ledger worker\nAfter=network-online.target\n\n[Service]\n"
            f"User={t.ident(login(rng).replace('svc_', 'svc-'))}\n"
            f'Environment="APP_ENV=prod" "SIGNING_KEY={t.secret(chars(rng, 48, B64))}"\n'
            f"Environment=DB_PASS={t.secret(password(rng))}\n"
            f"ExecStart=/opt/ledger/bin/worker --broker {t.ident(fqdn(rng, cast))}:5672\n"
        )
    return t


# --------------------------------------------------------------------------- CI, service mesh, network


def jenkins(rng: random.Random, cast: Cast, style: str) -> Told:
    """A Jenkins `credentials.xml` (secret text, SSH key) or a pipeline's `withCredentials` step."""
    t = Told(None, f"jenkins_{style}")
    if style == "credentials":
        pem = pem_block(rng, "openssh")
        t.secret(pem.core)
        t.value = (
            "<?xml version='1.1' encoding='UTF-8'?>\n"
            "<com.cloudbees.plugins.credentials.SystemCredentialsProvider>\n"
            "  <domainCredentialsMap><entry><list>\n"
            "    <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n"
            f"      <id>{word(rng)}-token</id>\n      <secret>{t.secret(chars(rng, 36))}</secret>\n"
            "    </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n"
            "    <com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>\n"
            f"      <username>{t.ident(login(rng))}</username>\n"
            f"      <privateKeySource><privateKey>{pem.text}</privateKey></privateKeySource>\n"
            "    </com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>\n"
            "  </list></entry></domainCredentialsMap>\n"
            "</com.cloudbees.plugins.credentials.SystemCredentialsProvider>"
        )
    else:
        t.value = (
            "pipeline {\n  agent { label 'linux' }\n  environment {\n"
            f"    NEXUS_PASS = '{t.secret(password(rng))}'\n  }}\n  stages {{ stage('deploy') {{ steps {{\n"
            "    withCredentials([string(credentialsId: 'vault', variable: 'VT')]) {\n"
            f'      sh \'curl -H "X-Vault-Token: {t.secret("s." + chars(rng, 24))}" '
            f"https://{t.ident(fqdn(rng, cast))}:8200/v1/secret/data/app'\n"
            "    }\n  } } }\n}\n"
        )
    return t


def consul(rng: random.Random, cast: Cast) -> Told:
    """`consul kv export`: values base64 under `value`, their meaning in the `key` beside them."""
    t = Told(None, "consul")
    svc = t.ident(f"{word(rng)}-{word(rng, 2)}")
    t.value = [
        {"key": f"config/{svc}/db_password", "flags": 0, "value": t.secret(_b64(password(rng)))},
        {"key": f"config/{svc}/api_token", "flags": 0, "value": t.secret(_b64(chars(rng, 32)))},
        {"key": f"config/{svc}/replicas", "flags": 0, "value": _b64("3")},
    ]
    return t


def nomad(rng: random.Random, cast: Cast) -> Told:
    """A Nomad job spec: `env` and a `template` stanza writing secrets, `meta` naming its owner."""
    t = Told(None, "nomad")
    job = t.ident(f"{word(rng)}-{word(rng, 2)}")
    t.value = (
        f'job "{job}" {{\n  datacenters = ["dc1"]\n  meta {{\n    owner = "{t.ident(person(rng))}"\n  }}\n'
        '  group "app" {\n    task "server" {\n      driver = "docker"\n'
        f'      env {{\n        STRIPE_WEBHOOK_SECRET = "{t.secret(chars(rng, 32))}"\n      }}\n'
        "      template {\n        data = <<EOH\n"
        f"DATABASE_PASSWORD={t.secret(password(rng))}\n"
        f"UPSTREAM={t.ident(private_ip(rng), True)}:9000\nEOH\n"
        '        destination = "secrets/app.env"\n        env = true\n      }\n    }\n  }\n}\n'
    )
    return t


def wifi(rng: random.Random, cast: Cast, style: str) -> Told:
    """A NetworkManager keyfile or a `wpa_supplicant.conf` network block."""
    t = Told(None, f"wifi_{style}")
    ssid = t.ident(f"{word(rng).capitalize()}-{rng.choice(('Corp', 'Guest', 'Lab'))}")
    if style == "nm":
        t.value = (
            f"[connection]\nid={ssid}\nuuid={chars(rng, 8, HEX)}-{chars(rng, 4, HEX)}\ntype=wifi\n\n"
            f"[wifi]\nmode=infrastructure\nssid={ssid}\n\n"
            f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={t.secret(password(rng))}\n\n"
            f"[ipv4]\naddress1={t.ident(private_ip(rng), True)}/24\nmethod=manual\n"
        )
    else:
        t.value = (
            "ctrl_interface=/run/wpa_supplicant\nnetwork={\n"
            f'\tssid="{ssid}"\n\tkey_mgmt=WPA-EAP\n\teap=PEAP\n'
            f'\tidentity="{t.ident(login(rng).replace("svc_", "") + "@" + cast.domain)}"\n'
            f'\tpassword="{t.secret(password(rng))}"\n}}\n'
            'network={\n\tssid="guest"\n'
            f'\tpsk="{t.secret(password(rng))}"\n}}\n'
        )
    return t


def installer(rng: random.Random, cast: Cast, style: str) -> Told:
    """Unattended installs: a kickstart file, a Debian preseed, a Windows answer file."""
    t = Told(None, f"install_{style}")
    if style == "kickstart":
        crypt = B64.replace("+", ".")
        digest = chars(rng, 86, crypt)
        t.value = (
            "lang en_US.UTF-8\nkeyboard us\ntimezone UTC --utc\n"
            f"network --bootproto=dhcp --hostname={t.ident(fqdn(rng, cast))}\n"
            f"rootpw --plaintext {t.secret(password(rng))}\n"
            f"user --name=ops --iscrypted --password={t.secret(f'$6${chars(rng, 16, crypt)}${digest}')}\n"
            f"rootpw --iscrypted {t.secret(f'$6${chars(rng, 8, crypt)}${digest[::-1]}')}\n"
            "%packages\n@core\n%end\n"
        )
    elif style == "preseed":
        t.value = (
            f"d-i netcfg/get_hostname string {t.ident(word(rng, 2) + str(rng.randrange(10, 99)))}\n"
            f"d-i netcfg/get_domain string {cast.domain}\n"
            f"d-i passwd/root-password password {t.secret(password(rng))}\n"
            "d-i passwd/make-user boolean false\n"
        )
    else:
        t.value = (
            '<?xml version="1.0" encoding="utf-8"?>\n<unattend xmlns="urn:schemas-microsoft-com:unattend">\n'
            '  <settings pass="specialize"><component name="Microsoft-Windows-Shell-Setup">\n'
            f"    <ComputerName>{t.ident(word(rng, 2).upper() + str(rng.randrange(10, 99)))}</ComputerName>\n"
            f"    <RegisteredOwner>{t.ident(person(rng))}</RegisteredOwner>\n"
            "  </component></settings>\n"
            '  <settings pass="oobeSystem"><component name="Microsoft-Windows-Shell-Setup">\n'
            "    <UserAccounts>\n      <AdministratorPassword>\n"
            f"        <Value>{t.secret(password(rng))}</Value>\n        <PlainText>true</PlainText>\n"
            "      </AdministratorPassword>\n    </UserAccounts>\n"
            "    <AutoLogon>\n      <Password>\n"
            f"        <Value>{t.secret(password(rng))}</Value>\n        <PlainText>true</PlainText>\n"
            "      </Password>\n      <Enabled>true</Enabled>\n      <Username>Administrator</Username>\n"
            "    </AutoLogon>\n  </component></settings>\n</unattend>"
        )
    return t


def agent(rng: random.Random, cast: Cast, style: str) -> Told:
    """A Consul or Nomad agent's config (its gossip key) or an OpenVPN client's static key."""
    t = Told(None, f"agent_{style}")
    peer = t.ident(fqdn(rng, cast))
    if style == "gossip":
        key = t.secret(base64.b64encode(rng.randbytes(32)).decode())
        t.value = (
            f'datacenter = "dc1"\nnode_name  = "{t.ident(word(rng, 2) + "-" + word(rng, 1))}"\n'
            f'server     = true\nencrypt    = "{key}"\nencrypt_verify_incoming = true\n'
            f'retry_join = ["{peer}"]\n'
        )
    else:
        body = [chars(rng, 32, HEX) for _ in range(16)]
        t.secret(body[3])
        t.value = (
            f"client\ndev tun\nproto udp\nremote {peer} 1194\nauth-user-pass\nkey-direction 1\n<tls-auth>\n"
            "-----BEGIN OpenVPN Static key V1-----\n" + "\n".join(body) + "\n"
            "-----END OpenVPN Static key V1-----\n</tls-auth>\n"
        )
    return t


INSTALL_STYLES = ("kickstart", "preseed", "unattend")
AGENT_STYLES = ("gossip", "openvpn")
TFSTATE_STYLES = ("db", "access_key", "tls_key", "output")
HCL_STYLES = ("tfvars", "backend", "lock", "lock_item", "main_tf")
ANSIBLE_STYLES = ("ini", "yaml", "group_vars", "output")
HIERA_STYLES = ("eyaml", "salt", "puppet", "data_bag", "knife")
CLOUDINIT_STYLES = ("chpasswd", "users", "write_files")
SERVICE_STYLES = ("compose", "dotenv", "dockerfile", "systemd")
JENKINS_STYLES = ("credentials", "pipeline")
WIFI_STYLES = ("nm", "wpa")
