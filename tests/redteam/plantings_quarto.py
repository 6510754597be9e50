"""The eighth estate's plantings: a data platform (`quarto`).

One function per class, as `plantings` does: each returns the fragment the builder places and
records its canaries on the planter. Secrets sit where data engineers keep them: engine URLs and
DSNs, Airflow connections and variables, dbt's profiles.yml, Fivetran and Airbyte connector
configs, Kafka and schema-registry client properties, Spark and Glue job configuration, query
history (CREATE USER, COPY INTO, UNLOAD, external stages, user mappings), notebook cells and their
outputs, service-account key files and BI tools' logins; identifiers sit in catalog column
samples (people, e-mails, phone numbers), owners and stewards, query history's users and
literals, GRANTs, Delta commit info, warehouse and workspace hosts, cluster ids and broker hosts.
"""

from __future__ import annotations

import json
from typing import Any

import token_forms as tf
import token_quarto as tq
from plantings import Planter, record

# --------------------------------------------------------------------------- secrets


def _sql(text: str) -> str:
    """`text` as an SQL string literal holds it (a quote doubled: `O''Rourke`)."""
    return text.replace("'", "''")


def _frame(columns: list[str], rows: list[list[str]]) -> str:
    """A pandas DataFrame's repr: the index, then each column right-aligned, two spaces apart."""
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(columns)]
    index = len(str(len(rows) - 1))
    lines = [" " * index + "".join(f"  {c:>{w}}" for c, w in zip(columns, widths, strict=True))]
    lines += [
        f"{i:<{index}}" + "".join(f"  {v:>{w}}" for v, w in zip(r, widths, strict=True))
        for i, r in enumerate(rows)
    ]
    return "\n".join(lines)


def _pw(p: Planter, cls: str) -> str:
    return p.secret(cls, tf.password(p.rng))


def engine_urls(p: Planter, host: str) -> list[str]:
    """Every `tq.ENGINE_URLS` form: SQLAlchemy, JDBC, ODBC strings and an odbc.ini section."""
    return [record(p, "engine-url", tq.engine_url(p.rng, style, host)) for style in tq.ENGINE_URLS]


def airflow(p: Planter) -> dict[str, Any]:
    """Airflow's connections and variables: env lines, CLI history, an exported connections file."""
    lines = [record(p, "airflow", tq.airflow(p.rng, style)) for style in tq.AIRFLOW]
    extra_key, pw = tf.pem_block(p.rng, "rsa"), _pw(p, "airflow")
    p.secret("airflow", extra_key.core)
    export = {
        f"{tf.word(p.rng)}_snowflake": {
            "conn_type": "snowflake",
            "login": "AIRFLOW_SVC",
            "password": pw,
            "extra": json.dumps(
                {"account": "x", "private_key_content": extra_key.text, "warehouse": "ETL_WH"}
            ),
        }
    }
    return {"env": lines[:2] + lines[4:], "history": lines[2:4], "connections.json": export}


def dbt_profiles(p: Planter, account: str, project: str) -> str:
    """profiles.yml with a Snowflake key-pair passphrase, a Databricks token and a BigQuery
    service-account key inline; one target reads its password from the environment."""
    passphrase, pw = _pw(p, "dbt-profile"), _pw(p, "dbt-profile")
    token = p.secret("dbt-profile", "dapi" + tf.chars(p.rng, 32, tq.HEX))
    key = tf.pem_block(p.rng, "rsa")
    p.secret("dbt-profile", key.core)
    pem = key.text.replace("\n", "\\n")
    return (
        f"{tf.word(p.rng)}:\n  target: prod\n  outputs:\n"
        f"    prod:\n      type: snowflake\n      account: {account}\n      user: DBT_PROD\n"
        f"      private_key_path: /secrets/rsa_key.p8\n      private_key_passphrase: {passphrase}\n"
        f"      role: TRANSFORMER\n      warehouse: TRANSFORM_WH\n      threads: 8\n"
        f"    dev:\n      type: snowflake\n      account: {account}\n      user: DBT_DEV\n"
        "      password: \"{{ env_var('DBT_PASSWORD') }}\"\n"
        f"    legacy:\n      type: redshift\n      host: localhost\n      user: dbt\n      pass: '{pw}'\n"
        f"      port: 5439\n      dbname: analytics\n"
        f"    lake:\n      type: databricks\n      host: {tq.databricks_host(p.rng)}\n"
        f"      http_path: /sql/1.0/warehouses/{tf.chars(p.rng, 16, tq.HEX)}\n      token: {token}\n"
        f"    bq:\n      type: bigquery\n      method: service-account-json\n      project: {project}\n"
        f"      keyfile_json:\n        type: service_account\n        project_id: {project}\n"
        f"        private_key_id: {tf.chars(p.rng, 40, tq.HEX)}\n"
        f'        private_key: "{pem}"\n'
        f"        client_email: dbt@{project}.iam.gserviceaccount.com\n"
    )


def connectors(p: Planter, host: str) -> dict[str, Any]:
    """Airbyte sources and a Fivetran connector as their APIs return them (secrets unmasked)."""
    ssh = tf.pem_block(p.rng, "openssh")
    p.secret("connector-config", ssh.core)
    pw, client, refresh, fivetran = (_pw(p, "connector-config") for _ in range(4))
    return {
        "airbyte": [
            {
                "sourceDefinitionId": tf.uuid(p.rng),
                "name": "Postgres",
                "connectionConfiguration": {
                    "host": host,
                    "port": 5432,
                    "database": "app",
                    "username": "airbyte",
                    "password": pw,
                    "tunnel_method": {
                        "tunnel_method": "SSH_KEY_AUTH",
                        "tunnel_host": "bastion",
                        "ssh_key": ssh.text,
                    },
                },
            },
            {
                "name": "Salesforce",
                "connectionConfiguration": {
                    "client_id": tf.chars(p.rng, 85),
                    "client_secret": client,
                    "refresh_token": refresh,
                    "is_sandbox": False,
                },
            },
        ],
        "fivetran": {
            "service": "sql_server",
            "config": {"host": host, "user": "fivetran", "password": fivetran, "update_method": "TELEPORT"},
        },
    }


def streaming(p: Planter) -> list[str]:
    """Kafka, Confluent and schema-registry client properties."""
    return [record(p, "kafka-client", tq.kafka(p.rng, style)) for style in tq.KAFKA]


def spark_jobs(p: Planter) -> dict[str, Any]:
    """Spark configuration lines and a Glue job's DefaultArguments."""
    lines = [record(p, "spark-conf", tq.spark(p.rng, style)) for style in tq.SPARK]
    glue = {
        "--job-language": "python",
        "--TempDir": f"s3://aws-glue-temporary-{tf.word(p.rng)}/",
        "--jdbc_password": _pw(p, "glue-arguments"),
        "--enable-metrics": "true",
        "--conf": f"spark.hadoop.fs.s3a.secret.key={p.secret('glue-arguments', tq.aws_secret(p.rng))}",
    }
    return {
        "spark-defaults.conf": "\n".join(lines[:3]),
        "runs": lines[3:],
        "glue": {"DefaultArguments": glue},
    }


def query_history(p: Planter, users: list[str]) -> list[dict[str, Any]]:
    """Query history rows whose SQL text holds a credential."""
    texts = [record(p, "query-history", tq.sql(p.rng, style)) for style in tq.SQL]
    texts += [record(p, "external-stage", tq.sas_sql(p.rng, style)) for style in ("stage", "scoped")]
    return [
        {
            "QUERY_ID": tf.uuid(p.rng),
            "QUERY_TEXT": t,
            "USER_NAME": users[i % len(users)],
            "EXECUTION_STATUS": "SUCCESS",
            "ROWS_PRODUCED": p.rng.randrange(0, 10),
        }
        for i, t in enumerate(texts)
    ]


def notebook(p: Planter, account: str) -> dict[str, Any]:
    """A Jupyter notebook: a magic, a connect call, an environ dump and a .pgpass in outputs."""
    magic, kwarg, env, pgpass = (_pw(p, "notebook-cell") for _ in range(4))
    token = p.secret("notebook-cell", "dapi" + tf.chars(p.rng, 32, tq.HEX))
    return {
        "nbformat": 4,
        "cells": [
            {
                "cell_type": "code",
                "source": [f"%env SNOWFLAKE_PASSWORD={magic}\n", "import snowflake.connector\n"],
                "outputs": [
                    {
                        "output_type": "stream",
                        "name": "stdout",
                        "text": [f"env: SNOWFLAKE_PASSWORD={magic}\n"],
                    }
                ],
            },
            {
                "cell_type": "code",
                "source": [
                    "conn = snowflake.connector.connect(\n",
                    "    user='ANALYST',\n",
                    f"    password='{kwarg}',\n",
                    f"    account='{account}',\n",
                    ")\n",
                ],
                "outputs": [],
            },
            {
                "cell_type": "code",
                "source": ["import os; os.environ"],
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "data": {
                            "text/plain": [
                                f"environ({{'HOME': '/home/jovyan', 'PGPASSWORD': '{env}', "
                                f"'DATABRICKS_TOKEN': '{token}', "
                                "'LANG': 'C.UTF-8'})"
                            ]
                        },
                    }
                ],
            },
            {
                "cell_type": "code",
                "source": ["!cat ~/.pgpass"],
                "outputs": [
                    {
                        "output_type": "stream",
                        "name": "stdout",
                        "text": [f"{tf.word(p.rng)}.internal:5432:analytics:etl:{pgpass}\n"],
                    }
                ],
            },
        ],
    }


def service_account_keys(p: Planter, project: str) -> dict[str, Any]:
    """A GCP service-account key as a dict, as JSON text in an env var and as base64 of it."""
    out: dict[str, Any] = {}
    for form in ("dict", "text", "base64"):
        key = tf.pem_block(p.rng, "rsa")
        email = f"{tf.word(p.rng)}-loader@{project}.iam.gserviceaccount.com"
        number = str(p.rng.randrange(10**20, 10**21))
        if form != "base64":
            p.ident("service-account", email)
            p.ident("service-account", number, bounded=True)
        held = {
            "type": "service_account",
            "project_id": project,
            "private_key_id": tf.chars(p.rng, 40, tq.HEX),
            "private_key": key.text + "\n",
            "client_email": email,
            "client_id": number,
            "token_uri": "https://oauth2.googleapis.com/token",
        }
        text = json.dumps(held)
        coded = tf.b64(text.encode())
        p.secret("service-account-key", key.core, *([coded[200:260]] if form == "base64" else []))
        out[form] = (
            held
            if form == "dict"
            else (f"GOOGLE_CREDENTIALS={text}" if form == "text" else f"GCP_SA_KEY_B64={coded}")
        )
    return out


def bi_tools(p: Planter) -> dict[str, Any]:
    """Tableau, Looker and a Power BI gateway datasource (credentials as the API's JSON text)."""
    lines = [record(p, "bi-login", tq.bi(p.rng, style)) for style in tq.BI]
    pw = _pw(p, "powerbi-gateway")
    credentials = json.dumps(
        {"credentialData": [{"name": "username", "value": "svc_powerbi"}, {"name": "password", "value": pw}]}
    )
    return {
        "history": lines[:2],
        "datasource.tds": lines[2],
        "looker.ini": lines[3],
        "gateway": {
            "datasourceType": "Sql",
            "connectionDetails": json.dumps({"server": "x", "database": "y"}),
            "credentialDetails": {
                "credentialType": "Basic",
                "credentials": credentials,
                "encryptedConnection": "Encrypted",
            },
        },
    }


# --------------------------------------------------------------------------- identifiers


def catalog_columns(p: Planter, zone: str) -> list[dict[str, Any]]:
    """A data catalog's column profile: samples of people, e-mails and phone numbers."""
    people = [p.ident("column-sample", tf.person(p.rng)) for _ in range(3)]
    mails = [p.ident("column-sample", f"{w.split()[0].lower()}.{tf.word(p.rng, 1)}@{zone}") for w in people]
    phones = [p.ident("column-sample", tq.phone(p.rng)) for _ in range(3)]
    return [
        {"name": "customer_name", "type": "VARCHAR", "tags": ["PII"], "samples": people},
        {"name": "email", "type": "VARCHAR", "tags": ["PII"], "samples": mails},
        {"name": "phone_number", "type": "VARCHAR", "samples": phones},
        {"name": "created_at", "type": "TIMESTAMP_NTZ", "samples": ["2026-03-01 10:00:00"]},
    ]


def owners(p: Planter, zone: str) -> dict[str, Any]:
    """Catalog ownership: an owner, a steward's e-mail, a dbt `meta` owner and an Airflow DAG's."""
    owner, steward = (p.ident("table-owner", tf.person(p.rng)) for _ in range(2))
    mail = p.ident("table-owner", f"{steward.split()[0].lower()}.{tf.word(p.rng, 1)}@{zone}")
    login = p.ident("table-owner", f"{owner.split()[0].lower()}.{tf.word(p.rng, 2)}")
    return {
        "owner": owner,
        "steward": f"{steward} <{mail}>",
        "dbt_meta": {"meta": {"owner": f"@{login}", "contains_pii": True}},
        "dag_default_args": f"default_args = {{'owner': '{login}', 'email': ['{mail}'], 'retries': 2}}",
    }


def query_people(p: Planter, zone: str) -> dict[str, Any]:
    """People in SQL: GRANTs to users, WHERE literals, and a login error quoting the user."""
    person = tf.person(p.rng)
    p.ident("sql-literal", person, _sql(person))
    login = p.ident("sql-grant", f"{tf.word(p.rng)}_{tf.word(p.rng, 1)}")
    mail = p.ident("sql-grant", f"{tf.word(p.rng, 2)}.{tf.word(p.rng, 1)}@{zone}")
    phone = p.ident("sql-literal", tq.phone(p.rng))
    failed = p.ident("sql-login-error", f"{tf.word(p.rng)}{tf.word(p.rng, 1)}")
    return {
        "statements": [
            f'GRANT ROLE ANALYST TO USER "{mail.upper()}";',
            f"grant select on all tables in schema marts to user {login};",
            f"SELECT * FROM crm.customers WHERE full_name = '{_sql(person)}' AND phone = '{phone}';",
        ],
        "error": (
            f"(psycopg2.OperationalError) connection to server failed: FATAL:  password "
            f'authentication failed for user "{failed}"'
        ),
    }


def delta_history(p: Planter, zone: str, workspace: str) -> list[dict[str, Any]]:
    """`DESCRIBE HISTORY` of a Delta table: who wrote it, from which notebook and cluster."""
    user = p.ident("delta-commit", f"{tf.word(p.rng, 2)}.{tf.word(p.rng)}@{zone}")
    cluster = p.ident("databricks-cluster", tq.databricks_cluster(p.rng))
    return [
        {
            "version": v,
            "operation": "MERGE",
            "userId": str(p.rng.randrange(10**14, 10**15)),
            "userName": user,
            "notebook": {
                "notebookId": str(p.rng.randrange(10**14, 10**15)),
                "notebookPath": f"/Users/{user}/etl/merge_orders",
            },
            "clusterId": cluster,
            "workspace": f"https://{workspace}/",
        }
        for v in range(2)
    ]


def warehouse_hosts(p: Planter, region: str) -> dict[str, str]:
    """Hosts and locators of warehouses, workspaces and brokers, as configs quote them."""
    locator = p.ident("warehouse-host", tq.snowflake_locator(p.rng))
    org = p.ident("warehouse-host", f"{tf.word(p.rng).upper()}-{tf.word(p.rng, 2).upper()}")
    workspace = p.ident("warehouse-host", tq.databricks_host(p.rng))
    cluster = f"{tf.word(p.rng)}-dwh"
    redshift = p.ident("warehouse-host", tq.redshift_endpoint(p.rng, cluster, region))
    msk = f"{tf.word(p.rng)}-events"
    broker = p.ident("warehouse-host", f"{msk}.{tf.chars(p.rng, 6, tq.HEX)}.c2")
    return {
        "snowflake": f"{locator}.{region}",
        "snowflake_host": f"{locator}.{region}.snowflakecomputing.com",
        "snowflake_org": f"{org}.snowflakecomputing.com",
        "databricks": f"https://{workspace}",
        "redshift": f"{redshift}.redshift.amazonaws.com:5439",
        "brokers": ",".join(f"b-{i}.{broker}.kafka.{region}.amazonaws.com:9096" for i in (1, 2)),
    }


def spark_show(p: Planter) -> str:
    """A Databricks notebook result: `df.show()` of people with their e-mails."""
    rows = [(p.ident("notebook-result", tf.person(p.rng)), p.rng.randrange(100, 999)) for _ in range(2)]
    width = max(len(r[0]) for r in rows) + 2
    line = "+---+" + "-" * width + "+-----+"
    return "\n".join(
        [
            line,
            f"| id|{'full_name':>{width}}|total|",
            line,
            *(f"|{i:3d}|{n:>{width}}|{t:5d}|" for i, (n, t) in enumerate(rows)),
            line,
        ]
    )


# --------------------------------------------------------------------------- second round


def runbook(p: Planter) -> dict[str, Any]:
    """Client command lines and the SQL of credentials an engineer keeps in a runbook."""
    return {
        "sql": [record(p, "credential-sql", tq.more_sql(p.rng, style)) for style in tq.MORE_SQL],
        "shell": [record(p, "client-command", tq.client(p.rng, style)) for style in tq.CLIENTS],
    }


def config_files(p: Planter) -> dict[str, str]:
    """Hadoop, Hive, snowsql, MySQL, Airflow, Kafka Connect and Spark configuration as files."""
    return {style: record(p, "config-file", tq.config_file(p.rng, style)) for style in tq.FILES}


def cluster_spark_conf(p: Planter) -> dict[str, Any]:
    """A Databricks cluster's spark_conf: storage keys under keys that name the storage account."""
    key = p.secret("cluster-spark-conf", tf.b64(p.rng.randbytes(64)))
    query, sig = tq.sas(p.rng)
    p.secret("cluster-spark-conf", sig)
    account = f"{tf.word(p.rng)}lake"
    return {
        "spark_conf": {
            f"fs.azure.account.key.{account}.dfs.core.windows.net": key,
            f"fs.azure.sas.landing.{account}.blob.core.windows.net": query,
            "spark.databricks.delta.preview.enabled": "true",
        },
        "spark_env_vars": {"PYSPARK_PYTHON": "/databricks/python3/bin/python3"},
    }


def people_rows(p: Planter, zone: str) -> dict[str, Any]:
    """People as data engineers meet them in rows: a CSV sample, an INSERT, login history,
    Ranger users, a table's owner and a storage integration's tenant."""
    people = [tf.person(p.rng) for _ in range(2)]
    for person in people:
        for part in person.split(" "):
            p.ident("csv-sample", part)
    mails = [p.ident("csv-sample", f"{w.split()[0].lower()}.{tf.word(p.rng, 1)}@{zone}") for w in people]
    csv = "first_name,last_name,email,signup_date\n" + "".join(
        f"{w.split(' ')[0]},{w.split(' ')[1]},{m},2026-0{i + 1}-11\n"
        for i, (w, m) in enumerate(zip(people, mails, strict=True))
    )
    inserted = tf.person(p.rng)
    p.ident("sql-insert", inserted, _sql(inserted))
    phone = p.ident("sql-insert", tq.phone(p.rng))
    login = p.ident("login-history", f"{tf.word(p.rng).upper()}.{tf.word(p.rng, 2).upper()}")
    ip = p.ident("login-history", tf.public_ip(p.rng), bounded=True)
    ranger = [p.ident("ranger-user", f"{tf.word(p.rng, 2)}{tf.word(p.rng, 1)}") for _ in range(2)]
    owner = p.ident("table-owner-sql", f"{tf.word(p.rng)}_{tf.word(p.rng, 1)}")
    tenant = p.ident("storage-integration", tf.uuid(p.rng))
    return {
        "sample.csv": csv,
        "seed": (
            f"INSERT INTO crm.customers (id, full_name, phone, tier) VALUES "
            f"({p.rng.randrange(1000, 9999)}, '{_sql(inserted)}', '{phone}', 'gold');"
        ),
        "login_history": [
            {
                "EVENT_TIMESTAMP": "2026-11-02 08:14:03",
                "USER_NAME": login,
                "CLIENT_IP": ip,
                "REPORTED_CLIENT_TYPE": "SNOWFLAKE_UI",
                "IS_SUCCESS": "NO",
            }
        ],
        "ranger": {
            "policyItems": [
                {"accesses": [{"type": "select", "isAllowed": True}], "users": ranger, "groups": ["analysts"]}
            ]
        },
        "ddl": [
            f"ALTER TABLE marts.orders OWNER TO {owner};",
            f"CREATE STORAGE INTEGRATION azure_int TYPE = EXTERNAL_STAGE STORAGE_PROVIDER = 'AZURE' "
            f"ENABLED = TRUE AZURE_TENANT_ID = '{tenant}' STORAGE_ALLOWED_LOCATIONS = "
            f"('azure://{tf.word(p.rng)}.blob.core.windows.net/landing/');",
        ],
    }


# --------------------------------------------------------------------------- third round


def more_urls(p: Planter, host: str) -> list[str]:
    """JDBC thin URLs, URL-encoded passwords, ODBC with spaces, a dbt default, Trino properties."""
    return [record(p, "engine-url", tq.more_url(p.rng, style, host)) for style in tq.MORE_URLS]


def rows_and_listings(p: Planter, zone: str) -> dict[str, Any]:
    """People where data tools print rows: a pandas repr, psql's output, SHOW GRANTS, CREATE USER
    with display names, a dbt schema.yml owner and an Airflow log line."""
    people = [tf.person(p.rng) for _ in range(2)]
    for person in people:
        p.ident("printed-rows", person)
    pandas = _frame(
        ["customer_id", "full_name", "signup_date"],
        [[str(p.rng.randrange(10000, 99999)), w, f"2026-0{i + 1}-02"] for i, w in enumerate(people)],
    )
    psql_people = [p.ident("printed-rows", tf.person(p.rng)) for _ in range(2)]
    width = max(map(len, psql_people)) + 1
    psql = (
        f"  id  | {'owner':<{width}}| region\n------+{'-' * (width + 1)}+--------\n"
        + "".join(f" {p.rng.randrange(1000, 9999)} | {w:<{width}}| eu\n" for w in psql_people)
        + "(2 rows)\n"
    )
    grantee = p.ident("show-grants", f"{tf.word(p.rng).upper()}_{tf.word(p.rng, 1).upper()}")
    display = tf.person(p.rng)
    given, family = display.split(" ", 1)
    p.ident("create-user", display, display.replace("'", "''"))
    p.ident("create-user", family, family.replace("'", "''"))
    login = p.ident("create-user", f"{given.lower()}.{tf.word(p.rng, 1)}")
    owner = p.ident("dbt-schema-owner", tf.person(p.rng))
    trigger = p.ident("airflow-log-user", f"{tf.word(p.rng, 2)}.{tf.word(p.rng)}")
    return {
        "pandas": pandas,
        "psql": psql,
        "show_grants": [
            {
                "privilege": "SELECT",
                "granted_on": "TABLE",
                "name": "RAW.CRM.CUSTOMERS",
                "granted_to": "USER",
                "grantee_name": grantee,
                "granted_by": "SECURITYADMIN",
            }
        ],
        "create_user": (
            f"CREATE USER {login.upper().replace('.', '_')} LOGIN_NAME = '{login}' "
            f"DISPLAY_NAME = '{_sql(display)}' FIRST_NAME = '{given}' "
            f"LAST_NAME = '{_sql(family)}' DEFAULT_ROLE = ANALYST;"
        ),
        "schema.yml": (
            f"version: 2\nmodels:\n  - name: dim_customers\n    meta:\n      owner: {owner}\n"
            "    columns:\n      - name: customer_id\n        tests: [unique, not_null]\n"
        ),
        "task_log": (
            f"[2026-11-02, 08:14:03 UTC] {{taskinstance.py:1345}} INFO - Marking task as SUCCESS. "
            f"dag_id=load_orders, task_id=merge, execution_date=20261102T080000, triggered by "
            f"{trigger}"
        ),
        "lookalikes": [
            "ALTER USER LOADER SET RSA_PUBLIC_KEY='MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA';",
            "password: \"{{ env_var('DBT_PASSWORD') }}\"",
            "dbutils.secrets.get(scope='etl', key='pw')",
        ],
    }


# --------------------------------------------------------------------------- fourth round


def ops_notes(p: Planter) -> dict[str, Any]:
    """A PgBouncer userlist, a Postgres GRANT to a login, a chat thread and an MLflow run's tag."""
    pw, report = (p.secret("pgbouncer-userlist", tf.password(p.rng)) for _ in range(2))
    grantee = p.ident("sql-grantee", f"{tf.word(p.rng)}_{tf.word(p.rng, 1)}{p.rng.randrange(1, 99)}")
    mentioned = p.ident("chat-mention", f"{tf.word(p.rng, 2)}.{tf.word(p.rng, 1)}")
    tagged = p.ident("mlflow-user", f"{tf.word(p.rng, 2)}.{tf.word(p.rng)}")
    return {
        "userlist.txt": f';; pgbouncer users\n"etl" "{pw}"\n"report" "{report}"\n',
        "grants": f"GRANT SELECT ON ALL TABLES IN SCHEMA marts TO {grantee};",
        "thread": f"Hi @{mentioned}, the nightly dbt run failed on stg_orders; can you look?",
        "train.py": f"mlflow.set_tag('mlflow.user', '{tagged}')\nmlflow.log_param('alpha', 0.5)\n",
    }
