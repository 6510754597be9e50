"""Identifiers of infrastructure code and configuration management that reached `strict` callers
(red team `tarn`): Terraform's local names where blocks declare them and addresses refer to them,
a state's object path and the `user@host` holding its lock, keys naming a thing by its noun alone
(`dynamodb_table`, `ssid`, `database`, `ami_name`, `job_name`), a Puppet resource's title, a
Chef cookbook's maintainer, a preseed's host, a Pulumi stack's project, the user an SSH key file
is named after, and the XML elements of an answer file typed like keys (`<ComputerName>`,
`<RegisteredOwner>`). Generated variants; resource types, attribute names, conventional names,
generic state paths, flags, counts and the accounts every machine has stay."""

from __future__ import annotations

import random

from tests.privacy.test_cluster_identifiers import _person
from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown
from tests.privacy.test_security_telemetry_identifiers import _hidden, _login


def _local(r: random.Random) -> str:
    return f"{r.choice(WORDS)}_{r.choice(WORDS)}{r.randrange(1, 9)}"


def _label(r: random.Random) -> str:
    return f"{r.choice(WORDS)}-{r.choice(WORDS)}-{r.randrange(10, 99)}"


def test_terraform_s_local_names_are_hidden_where_declared_and_addressed() -> None:
    r = random.Random("terraform names")
    for _ in range(VARIANTS * 2):
        db, net, job, src = _local(r), _local(r), _label(r), _local(r)
        rtype = r.choice(["aws_db_instance", "google_sql_database_instance", "azurerm_postgresql_server"])
        text = (
            f'module "{net}" {{\n  source = "./modules/network"\n}}\n\n'
            f'resource "{rtype}" "{db}" {{\n  subnet_ids = module.{net}.private_subnets\n'
            f"  instance_count = 3\n}}\n\n"
            f'data "aws_ami" "{src}" {{\n  most_recent = true\n}}\n'
            f'job "{job}" {{\n  datacenters = ["dc1"]\n}}\n'
            f"# terraform plan\n  # {rtype}.{db} will be updated in-place\n"
            f'  ~ resource "{rtype}" "{db}" {{\n      ~ allocated_storage = 100 -> 200\n    }}\n'
            f"  # module.{net}.aws_subnet.private[0] must be replaced\n"
        )
        wire = _hidden(text, db, net, job, src)
        assert all(w in wire for w in (rtype, "aws_subnet.", "allocated_storage", "most_recent = true",
                                       "instance_count = 3", "./modules/network")), wire


def test_a_state_s_path_and_the_holder_of_its_lock_are_hidden() -> None:
    r = random.Random("state lock")
    for _ in range(VARIANTS * 2):
        bucket, project, login = _label(r), _label(r), _login(r)
        machine = f"{r.choice(WORDS)}-{r.choice(WORDS)[:3]}{r.randrange(10, 99)}"
        who = f"{login}@{machine}"
        text = (f"Lock Info:\n  ID:        4f2a-{r.randrange(1000, 9999)}\n"
                f"  Path:      {bucket}/{project}/terraform.tfstate\n  Operation: OperationTypeApply\n"
                f"  Who:       {who}\n  Version:   1.7.5\n")
        wire = _hidden(text, project, login, machine)
        assert "/terraform.tfstate" in wire and "OperationTypeApply" in wire, wire
        item = {"LockID": f"{bucket}/{project}/terraform.tfstate",
                "Info": {"Who": who, "Operation": "OperationTypePlan", "Version": "1.8.2"}}
        _hidden(item, project, who)
        _hidden(f'backend "s3" {{\n  key = "{project}/terraform.tfstate"\n  encrypt = true\n}}', project)


def test_keys_that_name_a_thing_by_its_noun_alone_are_hidden() -> None:
    r = random.Random("noun keys")
    for _ in range(VARIANTS * 2):
        table, ssid, db, ami, job = _label(r), _label(r).title(), _local(r), _label(r), _label(r)
        record = {"dynamodb_table": table, "ssid": ssid, "databases": [db], "ami_name": ami, "job_name": job,
                  "port": 3306}
        _hidden(record, table, ssid, db, ami, job)
        text = (f'dynamodb_table = "{table}"\nami_name = "{ami}-{{{{timestamp}}}}"\n'
                f"[wifi]\nssid={ssid}\nmode=infrastructure\n")
        wire = _hidden(text, table, ami, ssid)
        assert "mode=infrastructure" in wire, wire
        profile = f"[connection]\nid={ssid}\nuuid={r.randrange(10**7, 10**8)}\ntype=wifi\n[wifi]\nssid={ssid}"
        wire = _hidden(profile, ssid)
        assert "type=wifi" in wire, wire


def test_titles_maintainers_preseed_hosts_and_stack_projects_are_hidden() -> None:
    r = random.Random("config management names")
    for _ in range(VARIANTS * 2):
        title, person, project = _local(r), _person(r), r.choice(WORDS) + r.choice(WORDS)
        box = f"{r.choice(WORDS)}{r.randrange(10, 99)}"
        puppet = (f"mysql::db {{ '{title}':\n  grant => ['SELECT'],\n}}\n"
                  "package { 'nginx':\n  ensure => 'present',\n}")
        wire = _hidden(puppet, title)
        assert "'nginx'" in wire and "mysql::db" in wire, wire
        verb, quoted = r.choice(["maintainer", "author"]), r.choice([f"'{person}'", f'"{person}"'])
        _hidden(f"name '{r.choice(WORDS)}'\n{verb} {quoted}\nversion '2.4.1'\n", person)
        apostrophe = f"{person.split()[0]} d'{person.split()[-1]}"
        _hidden(f'{verb} "{apostrophe}"\n', apostrophe)
        wire = _hidden(f"d-i netcfg/get_hostname string {box}\nd-i passwd/make-user boolean false\n", box)
        assert "boolean false" in wire, wire
        wire = _hidden(f'config:\n  aws:region: eu-west-1\n  {project}:replicas: "3"\n', project)
        assert "aws:region: eu-west-1" in wire, wire


def test_the_service_a_key_value_path_files_a_setting_under_is_hidden() -> None:
    r = random.Random("kv paths")
    for _ in range(VARIANTS * 2):
        service = _label(r)
        root = r.choice(["config", "service", "apps", "secret/data", "kv"])
        setting = r.choice(["db_password", "api_token", "owner", "hostname", "client_secret"])
        export = [{"key": f"{root}/{service}/{setting}", "flags": 0, "value": "c2VjcmV0"}]
        wire = _hidden(export, service)
        assert f"{root}/" in wire and f"/{setting}" in wire, wire
        _hidden(f"consul kv put {root}/{service}/{setting} @value.txt", service)


def test_the_user_an_ssh_key_file_is_named_after_is_hidden() -> None:
    r = random.Random("key files")
    for _ in range(VARIANTS * 2):
        login = _login(r)
        path = r.choice([f"~/.ssh/{login}_ed25519", f"/home/ci/.ssh/id_rsa_{login}", f"~/.ssh/{login}.pem"])
        _hidden(f"ansible_ssh_private_key_file: {path}\nansible_port: 22", login)


def test_answer_file_elements_named_like_typed_keys_are_hidden() -> None:
    r = random.Random("answer file")
    for _ in range(VARIANTS * 2):
        machine, person = f"{r.choice(WORDS).upper()}{r.randrange(10, 99)}", _person(r)
        text = (f"<ComputerName>{machine}</ComputerName>\n<RegisteredOwner>{person}</RegisteredOwner>\n"
                "<AutoLogon><Enabled>true</Enabled><Username>Administrator</Username></AutoLogon>")
        wire = _hidden(text, machine, person)
        assert "<Username>Administrator</Username>" in wire and "<Enabled>true</Enabled>" in wire, wire


def test_types_conventional_names_generic_paths_flags_and_counts_stay_under_strict() -> None:
    kept = [
        'resource "aws_vpc" "this" {\n  enable_dns_support = true\n}\n'
        'module "main" {\n  version = "5.1.0"\n}',
        "aws_vpc.this.id and module.exports = handler",
        "terraform init -backend-config=env:/prod/terraform.tfstate",
        "terraform init -backend-config=key=global/terraform.tfstate",
        "Plan: 1 to add, 1 to change, 1 to destroy.",
        'backend "s3" {\n  encrypt = true\n  region = "eu-west-1"\n}',
        "IdentityFile ~/.ssh/id_rsa\nIdentityFile ~/.ssh/deploy.pem",
        "include /etc/nginx/config/nginx/nginx.conf; see apps/web/README.md",
        "<PlainText>true</PlainText><Username>Administrator</Username><LogonCount>1</LogonCount>",
        "config:\n  aws:region: eu-west-1\n  kubernetes:context: default\n",
    ]
    for text in kept:
        assert shown("strict", text) == text, text
    record = {"type": "aws_db_instance", "mode": "managed", "instance_count": 3, "multi_az": True,
              "sensitive_attributes": []}
    assert shown("strict", record) == record
