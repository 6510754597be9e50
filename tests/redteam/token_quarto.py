"""Data-platform forms for the eighth estate (`quarto`), drawn from a seeded RNG.

Like `token_forms`: a function returns what is stored and the part that must never come out
(`Secret.core`). The forms are the ones data engineers write: SQLAlchemy, JDBC and ODBC URLs of
many engines, Airflow connections (URI, JSON and CLI), Kafka and schema-registry client
properties, Spark configuration, warehouse SQL that carries a credential (CREATE USER, COPY INTO,
external stages, foreign-server mappings, scoped credentials) and BI tools' logins.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from token_forms import ALNUM, B64, Secret, b64, chars, password, word

HEX = "0123456789abcdef"
UPPER = string.ascii_uppercase + string.digits


def url_password(rng: random.Random) -> str:
    """A password as engineers put it in a URL: nothing to percent-encode, yet no word either."""
    return word(rng, 2).capitalize() + chars(rng, 8) + rng.choice("-_.~") + chars(rng, 3, string.digits)


def access_key(rng: random.Random) -> str:
    return "AKIA" + chars(rng, 16, string.ascii_uppercase + "234567")


def aws_secret(rng: random.Random) -> str:
    return chars(rng, 40, B64)


def sas(rng: random.Random) -> tuple[str, str]:
    """An Azure SAS query string and its signature (the part that must not come out)."""
    sig = b64(rng.randbytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return f"sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2027-03-01T00:00:00Z&spr=https&sig={sig}", sig


# --------------------------------------------------------------------------- engine URLs

ENGINE_URLS: dict[str, Callable[[random.Random, str, str], str]] = {
    "snowflake_sqlalchemy": lambda rng, pw, host: (
        f"snowflake://{word(rng, 2)}_svc:{pw}@{host}/{word(rng).upper()}_DB/PUBLIC"
        f"?warehouse=TRANSFORM_WH&role={word(rng).upper()}"
    ),
    "snowflake_jdbc": lambda rng, pw, host: (
        f"jdbc:snowflake://{host}.snowflakecomputing.com/?user={word(rng, 2)}&password={pw}&db=RAW"
    ),
    "redshift_jdbc": lambda rng, pw, host: (
        f"jdbc:redshift://{host}.redshift.amazonaws.com:5439/dev?user=etl&password={pw}&ssl=true"
    ),
    "postgres_psycopg": lambda rng, pw, host: (
        f"postgresql+psycopg2://{word(rng, 2)}:{pw}@{host}:5432/{word(rng)}"
    ),
    "mysql_pymysql": lambda rng, pw, host: (
        f"mysql+pymysql://{word(rng, 2)}:{pw}@{host}/{word(rng)}?charset=utf8mb4"
    ),
    "trino": lambda rng, pw, host: f"trino://{word(rng, 2)}:{pw}@{host}:443/hive/default",
    "clickhouse": lambda rng, pw, host: f"clickhouse+native://default:{pw}@{host}:9440/default?secure=True",
    "oracle": lambda rng, pw, host: (
        f"oracle+oracledb://{word(rng, 2)}:{pw}@{host}:1521/?service_name=ORCLPDB1"
    ),
    "mssql_pyodbc": lambda rng, pw, host: (
        f"mssql+pyodbc://{word(rng, 2)}:{pw}@{host}:1433/{word(rng)}?driver=ODBC+Driver+18+for+SQL+Server"
    ),
    "databricks_token": lambda rng, pw, host: (
        f"databricks://token:{pw}@{host}?http_path=/sql/1.0/warehouses/{chars(rng, 16, HEX)}"
    ),
    "synapse_odbc": lambda rng, pw, host: (
        f"Driver={{ODBC Driver 18 for SQL Server}};Server=tcp:{host}.sql.azuresynapse.net,1433;"
        f"Database={word(rng)};Uid=sqladminuser;Pwd={{{pw}}};Encrypt=yes;"
    ),
    "snowflake_odbc_ini": lambda rng, pw, host: (
        f"[{word(rng)}_snowflake]\nDriver = /usr/lib/snowflake/odbc/lib/libSnowflake.so\n"
        f"Server = {host}.snowflakecomputing.com\nuid = {word(rng, 2)}\npwd = {pw}\n"
    ),
}


def engine_url(rng: random.Random, style: str, host: str) -> Secret:
    pw = "dapi" + chars(rng, 32, HEX) if style == "databricks_token" else url_password(rng)
    return Secret(ENGINE_URLS[style](rng, pw, host), pw, f"url_{style}")


# --------------------------------------------------------------------------- orchestration

AIRFLOW: dict[str, Callable[[random.Random, str], str]] = {
    "env_uri": lambda rng, pw: (
        f"AIRFLOW_CONN_{word(rng).upper()}_WAREHOUSE="
        f"postgres://{word(rng, 2)}:{pw}@10.{rng.randrange(1, 250)}.4.7:5432/dwh"
    ),
    "env_json": lambda rng, pw: (
        f'AIRFLOW_CONN_{word(rng).upper()}_SNOWFLAKE=\'{{"conn_type": "snowflake", '
        f'"login": "{word(rng, 2)}", "password": "{pw}", '
        f'"extra": {{"warehouse": "ETL_WH"}}}}\''
    ),
    "cli_add": lambda rng, pw: (
        f"airflow connections add '{word(rng)}_redshift' --conn-type redshift "
        f"--conn-host {word(rng)}.internal --conn-login etl --conn-password '{pw}' "
        "--conn-port 5439"
    ),
    "cli_variable": lambda rng, pw: f"airflow variables set {word(rng)}_api_key {pw}",
    "env_variable": lambda rng, pw: f"AIRFLOW_VAR_{word(rng).upper()}_TOKEN={pw}",
}


def airflow(rng: random.Random, style: str) -> Secret:
    pw = url_password(rng) if style == "env_uri" else password(rng)
    return Secret(AIRFLOW[style](rng, pw), pw, f"airflow_{style}")


# --------------------------------------------------------------------------- streaming

KAFKA: dict[str, Callable[[random.Random, str], str]] = {
    "jaas_plain": lambda rng, pw: (
        "sasl.mechanism=PLAIN\nsecurity.protocol=SASL_SSL\nsasl.jaas.config="
        "org.apache.kafka.common.security.plain.PlainLoginModule required "
        f'username="{chars(rng, 16, UPPER)}" password="{pw}";\n'
    ),
    "jaas_scram": lambda rng, pw: (
        "sasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=org.apache.kafka.common.security.scram."
        f"ScramLoginModule required username='{word(rng, 2)}' password='{pw}';\n"
    ),
    "schema_registry": lambda rng, pw: (
        "basic.auth.credentials.source=USER_INFO\n"
        f"schema.registry.basic.auth.user.info={chars(rng, 16, UPPER)}:{pw}\n"
    ),
    "librdkafka": lambda rng, pw: (
        f"{{'bootstrap.servers': 'pkc-{chars(rng, 5, HEX)}.eu-west-1.aws.confluent.cloud:9092', "
        f"'sasl.username': '{chars(rng, 16, UPPER)}', 'sasl.password': '{pw}'}}"
    ),
}


def kafka(rng: random.Random, style: str) -> Secret:
    pw = chars(rng, 64, ALNUM + "+/") if style != "jaas_scram" else password(rng)
    return Secret(KAFKA[style](rng, pw), pw, f"kafka_{style}")


SPARK: dict[str, Callable[[random.Random, str], str]] = {
    "s3a_secret": lambda rng, s: f"spark.hadoop.fs.s3a.secret.key={s}",
    "abfs_account_key": lambda rng, s: (
        f"spark.hadoop.fs.azure.account.key.{word(rng)}lake.dfs.core.windows.net {s}"
    ),
    "abfs_oauth": lambda rng, s: f"spark.hadoop.fs.azure.account.oauth2.client.secret={s}",
    "submit_conf": lambda rng, s: (
        f"spark-submit --master yarn --conf spark.hadoop.fs.s3a.access.key="
        f"{access_key(rng)} --conf spark.hadoop.fs.s3a.secret.key={s} job.py"
    ),
    "jdbc_option": lambda rng, s: (
        f'df = spark.read.format("jdbc").option("url", "jdbc:postgresql://'
        f'db:5432/app").option("user", "etl").option("password", "{s}").load()'
    ),
}


def spark(rng: random.Random, style: str) -> Secret:
    secret = (
        b64(rng.randbytes(64))
        if style == "abfs_account_key"
        else aws_secret(rng)
        if style in ("s3a_secret", "submit_conf")
        else password(rng)
    )
    return Secret(SPARK[style](rng, secret), secret, f"spark_{style}")


# --------------------------------------------------------------------------- warehouse SQL

SQL: dict[str, Callable[[random.Random, str], str]] = {
    "snowflake_create_user": lambda rng, s: (
        f"CREATE USER {word(rng).upper()}_SVC PASSWORD = '{s}' "
        "DEFAULT_ROLE = LOADER MUST_CHANGE_PASSWORD = FALSE;"
    ),
    "snowflake_alter_user": lambda rng, s: f"alter user {word(rng)}_loader set password = '{s}';",
    "redshift_create_user": lambda rng, s: f"CREATE USER {word(rng)}_etl PASSWORD '{s}' CREATEDB;",
    "copy_into_keys": lambda rng, s: (
        f"COPY INTO raw.events FROM 's3://{word(rng)}-landing/events/' "
        f"CREDENTIALS = (AWS_KEY_ID = '{access_key(rng)}' AWS_SECRET_KEY = '{s}') "
        "FILE_FORMAT = (TYPE = PARQUET);"
    ),
    "redshift_copy": lambda rng, s: (
        f"copy sales from 's3://{word(rng)}-exports/sales/' credentials "
        f"'aws_access_key_id={access_key(rng)};aws_secret_access_key={s}' "
        "format as parquet;"
    ),
    "redshift_unload": lambda rng, s: (
        f"UNLOAD ('select * from venue') TO 's3://{word(rng)}/unload/' "
        f"ACCESS_KEY_ID '{access_key(rng)}' SECRET_ACCESS_KEY '{s}' PARQUET;"
    ),
    "user_mapping": lambda rng, s: (
        f"CREATE USER MAPPING FOR {word(rng)} SERVER {word(rng)}_fdw "
        f"OPTIONS (user '{word(rng, 2)}', password '{s}');"
    ),
}


def sql(rng: random.Random, style: str) -> Secret:
    secret = (
        aws_secret(rng) if style in ("copy_into_keys", "redshift_copy", "redshift_unload") else password(rng)
    )
    return Secret(SQL[style](rng, secret), secret, f"sql_{style}")


def sas_sql(rng: random.Random, style: str) -> Secret:
    """External stages and scoped credentials holding an Azure SAS token."""
    query, sig = sas(rng)
    account = f"{word(rng)}lake"
    text = {
        "stage": (
            f"CREATE OR REPLACE STAGE raw.{word(rng)}_stage URL = 'azure://{account}.blob.core."
            f"windows.net/landing/' CREDENTIALS = (AZURE_SAS_TOKEN = '?{query}');"
        ),
        "scoped": (
            f"CREATE DATABASE SCOPED CREDENTIAL {word(rng)}_cred WITH IDENTITY = 'SHARED ACCESS "
            f"SIGNATURE', SECRET = '{query}';"
        ),
    }[style]
    return Secret(text, sig, f"sas_{style}")


# --------------------------------------------------------------------------- BI

BI: dict[str, Callable[[random.Random, str], str]] = {
    "tabcmd": lambda rng, s: f"tabcmd login -s https://tableau.{word(rng)}.io -u {word(rng, 2)} -p '{s}'",
    "tableau_pat": lambda rng, s: (
        f"tabcmd login -s https://tableau.{word(rng)}.io --token-name {word(rng)}-ci --token-value {s}"
    ),
    "tds": lambda rng, s: (
        f"<connection class='snowflake' server='{word(rng)}.snowflakecomputing.com' "
        f"dbname='ANALYTICS' username='{word(rng, 2)}' password='{s}' "
        "warehouse='BI_WH' />"
    ),
    "looker_ini": lambda rng, s: (
        f"[Looker]\nbase_url=https://{word(rng)}.cloud.looker.com\n"
        f"client_id={chars(rng, 20)}\nclient_secret={s}\nverify_ssl=True\n"
    ),
}


def bi(rng: random.Random, style: str) -> Secret:
    secret = chars(rng, 24) + ":" + chars(rng, 32) if style == "tableau_pat" else password(rng)
    core = secret.split(":")[1] if style == "tableau_pat" else secret
    return Secret(BI[style](rng, secret), core, f"bi_{style}")


# --------------------------------------------------------------------------- identifiers


def snowflake_locator(rng: random.Random) -> str:
    return f"{chars(rng, 2, string.ascii_lowercase)}{rng.randrange(10000, 99999)}"


def databricks_host(rng: random.Random) -> str:
    return f"adb-{rng.randrange(10**15, 10**16)}.{rng.randrange(1, 20)}.azuredatabricks.net"


def databricks_cluster(rng: random.Random) -> str:
    """A cluster id as Databricks writes it: `MMDD-HHMMSS-<8 letters and digits>`."""
    return (
        f"{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}-{rng.randrange(10**5, 10**6)}-"
        f"{chars(rng, 8, string.ascii_lowercase + string.digits)}"
    )


def redshift_endpoint(rng: random.Random, cluster: str, region: str) -> str:
    return f"{cluster}.c{chars(rng, 11, string.ascii_lowercase + string.digits)}.{region}"


def phone(rng: random.Random) -> str:
    return rng.choice(
        (
            f"+1-{rng.randrange(200, 999)}-{rng.randrange(200, 999)}-{rng.randrange(1000, 9999)}",
            f"+44 {rng.randrange(7000, 7999)} {rng.randrange(100000, 999999)}",
            f"0{rng.randrange(100, 999)} {rng.randrange(100, 999)} {rng.randrange(1000, 9999)}",
        )
    )


# --------------------------------------------------------------------------- second round

MORE_SQL: dict[str, Callable[[random.Random, str], str]] = {
    "snowflake_secret": lambda rng, s: (
        f"CREATE OR REPLACE SECRET {word(rng)}_api TYPE = GENERIC_STRING SECRET_STRING = '{s}';"
    ),
    "master_key": lambda rng, s: f"CREATE MASTER KEY ENCRYPTION BY PASSWORD = '{s}';",
    "db_link": lambda rng, s: (
        f"CREATE DATABASE LINK {word(rng)}_link CONNECT TO {word(rng, 2)} IDENTIFIED BY \"{s}\" USING 'ORCL';"
    ),
    "mysql_server": lambda rng, s: (
        f"CREATE SERVER {word(rng)} FOREIGN DATA WRAPPER mysql OPTIONS "
        f"(HOST '10.0.0.4', DATABASE 'app', USER '{word(rng, 2)}', PASSWORD '{s}');"
    ),
    "bq_connection": lambda rng, s: (
        f"bq mk --connection --connection_type=CLOUD_SQL --properties="
        f'\'{{"instanceId":"p:eu:{word(rng)}","database":"app","type":'
        f'"POSTGRES"}}\' --connection_credential=\'{{"username":"bq",'
        f'"password":"{s}"}}\' --location=EU {word(rng)}_conn'
    ),
}

CLIENTS: dict[str, Callable[[random.Random, str], str]] = {
    "mysql_glued": lambda rng, s: (
        f"mysql -h 10.0.3.{rng.randrange(2, 250)} -u {word(rng, 2)} -p{s} analytics"
    ),
    "sqlcmd": lambda rng, s: (
        f"sqlcmd -S tcp:{word(rng)}.database.windows.net -d dwh -U {word(rng, 2)} -P '{s}' -Q \"select 1\""
    ),
    "beeline": lambda rng, s: f"beeline -u jdbc:hive2://{word(rng)}:10000/default -n {word(rng, 2)} -p {s}",
    "hive2_url": lambda rng, s: (
        f"jdbc:hive2://{word(rng)}:10001/default;transportMode=http;user=etl;password={s}"
    ),
    "sqoop": lambda rng, s: (
        f"sqoop import --connect jdbc:mysql://{word(rng)}/shop --username etl --password {s} --table orders"
    ),
    "pgpassword": lambda rng, s: f"PGPASSWORD='{s}' psql -h {word(rng)}.internal -U etl -d dwh -c '\\dt'",
    "libpq_dsn": lambda rng, s: (
        f'psycopg2.connect("host={word(rng)}.internal port=5432 dbname=dwh user=etl '
        f'password={s} sslmode=require")'
    ),
    "databricks_secret": lambda rng, s: (
        f"databricks secrets put-secret {word(rng)}-scope snowflake-pw --string-value '{s}'"
    ),
    "confluent_store": lambda rng, s: (
        f"confluent api-key store {chars(rng, 16, UPPER)} {s} --resource lkc-{word(rng, 2)}"
    ),
    "securestring": lambda rng, s: (
        f"$pw = ConvertTo-SecureString '{s}' -AsPlainText -Force; "
        "Connect-PowerBIServiceAccount -Credential (New-Object PSCredential('svc', $pw))"
    ),
    "tsc_auth": lambda rng, s: f"auth = TSC.TableauAuth('{word(rng, 2)}', '{s}', site_id='{word(rng)}')",
    "looker_login": lambda rng, s: (
        f'curl -d "client_id={chars(rng, 20)}&client_secret={s}" '
        f"https://{word(rng)}.cloud.looker.com/api/4.0/login"
    ),
}


def more_sql(rng: random.Random, style: str) -> Secret:
    s = password(rng)
    return Secret(MORE_SQL[style](rng, s), s, f"sql_{style}")


def client(rng: random.Random, style: str) -> Secret:
    s = url_password(rng) if style in ("hive2_url", "libpq_dsn", "mysql_glued", "beeline") else password(rng)
    return Secret(CLIENTS[style](rng, s), s, f"cli_{style}")


FILES: dict[str, Callable[[random.Random, str], str]] = {
    "core_site": lambda rng, s: (
        "<configuration>\n  <property>\n    <name>fs.s3a.access.key</name>\n"
        f"    <value>{access_key(rng)}</value>\n  </property>\n  <property>\n"
        f"    <name>fs.s3a.secret.key</name>\n    <value>{s}</value>\n  </property>\n"
        "</configuration>\n"
    ),
    "hive_site": lambda rng, s: (
        "<property>\n  <name>javax.jdo.option.ConnectionUserName</name>\n"
        "  <value>hive</value>\n</property>\n<property>\n"
        "  <name>javax.jdo.option.ConnectionPassword</name>\n"
        f"  <value>{s}</value>\n</property>\n"
    ),
    "snowsql_config": lambda rng, s: (
        f"[connections.{word(rng)}]\naccountname = {word(rng)}\n"
        f"username = {word(rng, 2)}\npassword = {s}\nrolename = LOADER\n"
    ),
    "my_cnf": lambda rng, s: f'[client]\nuser={word(rng, 2)}\npassword="{s}"\nhost=127.0.0.1\n',
    "airflow_cfg": lambda rng, s: (
        f"[core]\nexecutor = CeleryExecutor\nfernet_key = {s}\nload_examples = False\n"
    ),
    "fernet_env": lambda rng, s: f"AIRFLOW__CORE__FERNET_KEY={s}",
    "webserver_env": lambda rng, s: f"AIRFLOW__WEBSERVER__SECRET_KEY={s}",
    "debezium": lambda rng, s: (
        '{"name": "inventory-connector", "config": {"connector.class": '
        '"io.debezium.connector.postgresql.PostgresConnector", "database.hostname": '
        f'"{word(rng)}", "database.user": "debezium", "database.password": "{s}", '
        '"topic.prefix": "dbserver1"}}'
    ),
    "conf_set_key": lambda rng, s: (
        f'spark.conf.set("fs.azure.account.key.{word(rng)}lake.dfs.core.windows.net", "{s}")'
    ),
    "confluent_table": lambda rng, s: (
        "+------------+------------------------------------------------------------------+\n"
        f"| API Key    | {chars(rng, 16, UPPER)}                                 |\n"
        f"| API Secret | {s} |\n"
        "+------------+------------------------------------------------------------------+"
    ),
    "airflow_csv": lambda rng, s: (
        "conn_id,conn_type,host,login,password,port\n"
        f"{word(rng)}_dwh,postgres,{word(rng)}.internal,etl,{s},5432\n"
    ),
}


def config_file(rng: random.Random, style: str) -> Secret:
    s = (
        aws_secret(rng)
        if style == "core_site"
        else b64(rng.randbytes(32), url=True) + "="
        if style in ("airflow_cfg", "fernet_env")
        else b64(rng.randbytes(64))
        if style == "conf_set_key"
        else chars(rng, 64, ALNUM + "+/")
        if style == "confluent_table"
        else password(rng)
    )
    return Secret(FILES[style](rng, s), s, f"file_{style}")


# --------------------------------------------------------------------------- third round

MORE_URLS: dict[str, Callable[[random.Random, str, str], str]] = {
    "oracle_thin": lambda rng, pw, host: f"jdbc:oracle:thin:{word(rng, 2)}/{pw}@//{host}:1521/ORCLPDB1",
    "airflow_encoded": lambda rng, pw, host: (
        f"AIRFLOW_CONN_{word(rng).upper()}_DB=mysql://{word(rng, 2)}:"
        f"{pw.replace('@', '%40').replace('#', '%23')}@{host}:3306/app"
    ),
    "redshift_odbc": lambda rng, pw, host: (
        f"Driver={{Amazon Redshift (x64)}}; Server={host}; Database=dev; "
        f"UID={word(rng, 2)}; PWD={pw}; Port=5439"
    ),
    "dbt_env_default": lambda rng, pw, host: (
        f"      password: \"{{{{ env_var('DBT_{word(rng).upper()}_PASSWORD', '{pw}') }}}}\""
    ),
    "trino_properties": lambda rng, pw, host: (
        f"connector.name=hive\nhive.metastore.uri=thrift://{host}:9083\n"
        f"hive.s3.aws-access-key={access_key(rng)}\nhive.s3.aws-secret-key={pw}\n"
    ),
}


def more_url(rng: random.Random, style: str, host: str) -> Secret:
    pw = (
        aws_secret(rng)
        if style == "trino_properties"
        else word(rng, 2) + "@" + chars(rng, 6) + "#" + chars(rng, 3, string.digits)
        if style == "airflow_encoded"
        else password(rng)
    )
    core = pw.replace("@", "%40").replace("#", "%23") if style == "airflow_encoded" else pw
    return Secret(MORE_URLS[style](rng, pw, host), core, f"url_{style}")
