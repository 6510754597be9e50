"""Secrets of data platforms that reached `standard` callers (red team `quarto`): dotted properties
set apart from their value by spaces (`spark-defaults.conf`), Hadoop XML properties
(`<name>...password</name><value>...</value>`), Airflow's Fernet key, passwords after `-p` on a
command line that names its user, `IDENTIFIED BY` of a database link, SQL/MED `OPTIONS (password
'...')`, what `databricks secrets put` and `confluent api-key store` store, the password an auth
object is built with (`TableauAuth('user', 'pw')`), and the secrets a pipe-bordered table gives
(`| API Secret | ... |`, `df.show()` of a password column). Generated variants; the look-alikes
(a path, a variable, a port, a setting, a public key) keep their text."""

from __future__ import annotations

import json
import random
import string

from tests.privacy.test_detector_classes import ALNUM, VARIANTS, WORDS, rand, shown

_B64 = ALNUM + "+/"


def _secret(r: random.Random) -> str:
    """A password: letters, digits and a symbol, no token prefix, no word."""
    return rand(r, ALNUM, r.randrange(8, 14)) + r.choice("#!%*.-_") + rand(r, ALNUM, 5)


def _key(r: random.Random) -> str:
    return rand(r, _B64, r.choice((40, 64, 86))) + r.choice(("", "==", "="))


def _wire(profile: str, value: object) -> str:
    return json.dumps(shown(profile, value), ensure_ascii=False)


def _hidden(text: str, *secrets: str) -> None:
    wire = _wire("standard", text)
    for s in secrets:
        assert s not in wire, wire


def _kept(*texts: str) -> None:
    for text in texts:
        assert shown("standard", text) == text


def test_a_dotted_property_set_apart_by_spaces_is_a_secret() -> None:
    r = random.Random("spark defaults")
    for _ in range(VARIANTS * 2):
        account, s = r.choice(WORDS) + rand(r, string.digits, 2), _key(r)
        key = r.choice([f"spark.hadoop.fs.azure.account.key.{account}.dfs.core.windows.net",
                        f"fs.azure.account.key.{account}.blob.core.windows.net",
                        "spark.hadoop.fs.s3a.secret.key",
                        "spark.hadoop.fs.azure.account.oauth2.client.secret",
                        "spark.hadoop.fs.gs.auth.client.secret", "spark.authenticate.secret"])
        line = f"{key}{r.choice([' ', '  ', chr(9), ' ' * 8])}{s}"
        _hidden("\n".join(r.sample([line, "spark.executor.memory 4g", "spark.master yarn"], 3)), s)


def test_a_hadoop_property_named_like_a_secret_is_a_secret() -> None:
    r = random.Random("hadoop property")
    for _ in range(VARIANTS * 2):
        s = _secret(r)
        name = r.choice(["javax.jdo.option.ConnectionPassword", "fs.s3a.secret.key", "fs.azure.account.key."
                         f"{r.choice(WORDS)}.dfs.core.windows.net", "hive.server2.keystore.password",
                         "ssl.server.keystore.keypassword", "dfs.encryption.key.provider.token"])
        gap = r.choice(["", "\n  ", "\n    "])
        text = (f"<configuration>\n<property>{gap}<name>{name}</name>{gap}"
                f"{r.choice(['', '<description>set by ops</description>' + gap])}<value>{s}</value>{gap}"
                "</property>\n</configuration>")
        _hidden(text, s)


def test_an_airflow_fernet_key_is_a_secret() -> None:
    r = random.Random("fernet")
    for _ in range(VARIANTS):
        s = rand(r, ALNUM + "-_", 43) + "="
        _hidden(r.choice([f"[core]\nexecutor = LocalExecutor\nfernet_key = {s}\n",
                          f"AIRFLOW__CORE__FERNET_KEY={s}", f"export AIRFLOW__CORE__FERNET_KEY='{s}'"]), s)
        assert s not in _wire("standard", {"core": {r.choice(["fernet_key", "FERNET_KEY", "fernetKey"]): s}})


def test_settings_paths_and_variables_beside_a_secret_s_name_stay() -> None:
    _kept("spark.executor.memory 4g\nspark.sql.shuffle.partitions 200",
          "spark.authenticate.secret.file /etc/spark/secret.txt",
          "spark.hadoop.fs.s3a.secret.key ${S3_SECRET_KEY}",
          "<property>\n  <name>hive.metastore.uris</name>\n  <value>thrift://metastore:9083</value>\n</property>",
          "<property><name>fs.s3a.secret.key.file</name><value>/etc/hadoop/s3.jceks</value></property>",
          "[core]\nfernet_key = \nload_examples = False\n")


def test_a_password_after_p_on_a_command_line_that_names_its_user_is_a_secret() -> None:
    r = random.Random("dash p")
    for _ in range(VARIANTS * 2):
        s, user, host = _secret(r), r.choice(WORDS), f"{r.choice(WORDS)}.{r.choice(['io', 'net', 'corp'])}"
        quoted = r.choice([s, f"'{s}'", f'"{s}"'])
        _hidden(r.choice([f"tabcmd login -s https://tableau.{host} -u {user} -p {quoted}",
                          f"beeline -u jdbc:hive2://{host}:10000/default -n {user} -p {quoted}",
                          f"tabcmd login --username={user} --site {r.choice(WORDS)} -p {quoted} --no-prompt",
                          f"{r.choice(WORDS)}-cli connect -u {user} -h {host} -p {quoted}"]), s)


def test_sql_credentials_of_links_and_foreign_servers_are_secrets() -> None:
    r = random.Random("sql links")
    for _ in range(VARIANTS * 2):
        s, user, name = _secret(r), r.choice(WORDS), r.choice(WORDS)
        q = r.choice(["'", '"'])
        head = r.choice(["CREATE", "create", "CREATE PUBLIC", "CREATE SHARED"])
        link = (f"{head} DATABASE LINK {name}_link "
                f"CONNECT TO {user} IDENTIFIED BY {q}{s}{q} USING '{name.upper()}';")
        opts = [f"{r.choice(['HOST', 'host'])} '10.0.{r.randrange(9)}.4'",
                f"{r.choice(['USER', 'user'])} '{user}'",
                f"{r.choice(['PASSWORD', 'password', 'Password'])} '{s}'"]
        server = (f"CREATE {r.choice(['SERVER', 'USER MAPPING FOR ' + user + ' SERVER'])} {name} "
                  f"OPTIONS ({', '.join(r.sample(opts, 3))});")
        _hidden(link, s)
        _hidden(server, s)


def test_what_databricks_and_confluent_store_is_a_secret() -> None:
    r = random.Random("stores")
    for _ in range(VARIANTS * 2):
        s, scope = _secret(r), f"{r.choice(WORDS)}-scope"
        value = r.choice([s, f"'{s}'", f'"{s}"'])
        _hidden(r.choice([f"databricks secrets put-secret {scope} {r.choice(WORDS)}-pw --string-value "
                          f"{value}",
                          f"databricks secrets put --scope {scope} --key pw --string-value={value}",
                          f"databricks secrets put --scope {scope} --key pw --bytes-value {value}",
                          f"confluent api-key store {rand(r, string.ascii_uppercase + string.digits, 16)} "
                          f"{value} --resource lkc-{r.choice(WORDS)}"]), s)


def test_the_password_an_auth_object_is_built_with_is_a_secret() -> None:
    r = random.Random("auth objects")
    for _ in range(VARIANTS * 2):
        s, user = _secret(r), r.choice(WORDS)
        q = r.choice(["'", '"'])
        _hidden(r.choice([f"auth = TSC.TableauAuth({q}{user}{q}, {q}{s}{q}, site_id={q}{r.choice(WORDS)}{q})",
                          f"r = requests.get(url, auth=HTTPBasicAuth({q}{user}{q}, {q}{s}{q}))",
                          f"session.auth = ({q}{user}{q}, {q}{s}{q})",
                          f"TSC.PersonalAccessTokenAuth(token_name={q}{user}{q}, "
                          f"personal_access_token={q}{s}{q})",
                          f"aiohttp.BasicAuth(login={q}{user}{q}, password={q}{s}{q})"]), s)


def test_ports_paths_options_and_variables_on_such_lines_stay() -> None:
    _kept("psql -h db.internal -U etl -p 5432 -d dwh", "docker run -u 1000 -p 8080:80/udp nginx",
          "docker run --user app -p 127.0.0.1:8080:80 img", "beeline -n hive -p /etc/hive/pw.txt",
          "tabcmd login -s https://tableau.corp.io -u bob -p $TABLEAU_PASSWORD",
          "CREATE SERVER s FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'db.internal', dbname 'sales', "
          "port '5432');",
          "CREATE FOREIGN TABLE t (id int) SERVER s OPTIONS (schema_name 'public', table_name 'orders');",
          "databricks secrets put-secret scope key --string-value $PW", "confluent api-key store --help",
          "TableauAuth('bob', os.environ['TABLEAU_PW'])", "session.auth = ('bob', os.environ['PW'])",
          "Credentials('default', 'us-east-1')")


def test_a_pipe_table_s_secret_column_and_secret_label_hide_their_cells() -> None:
    r = random.Random("pipe tables")
    for _ in range(VARIANTS * 2):
        s, key_id = _key(r), rand(r, string.ascii_uppercase + string.digits, 16)
        label = r.choice(["API Secret", "Secret", "password", "client_secret", "Token"])
        vertical = (f"+------------+{'-' * 20}+\n| API Key    | {key_id} |\n| {label} | {s} |\n"
                    f"+------------+{'-' * 20}+")
        user = r.choice(WORDS)
        markdown = (f"| user | {r.choice(['password', 'db_password', 'secret'])} | role |\n|---|---|:--|\n"
                    f"| {user} | {s} | {r.choice(WORDS)} |")
        spark = (f"+---+----------+\n|  user|{r.choice(['password', 'api_key'])}|\n+---+----------+\n"
                 f"|{user}|{s}|\n+---+----------+")
        for text in (vertical, markdown, spark):
            wire = _wire("standard", text)
            assert s not in wire and (text is vertical or user in wire), wire


def test_pipe_tables_without_a_secret_s_column_and_shell_pipes_stay() -> None:
    _kept("cat access.log | grep 403 | wc -l", "| a | b |\n|---|---|\n| status | ok |",
          "| col_name | data_type |\n|---|---|\n| password_hash | STRING |\n| api_key_id | BIGINT |",
          "+---+-----+\n| id|total|\n+---+-----+\n|  0|  182|\n+---+-----+")


def test_the_password_of_an_oracle_jdbc_url_is_a_secret() -> None:
    r = random.Random("oracle thin")
    for _ in range(VARIANTS):
        s, user, host = _secret(r).replace("@", "!").replace("/", "%"), r.choice(WORDS), r.choice(WORDS)
        driver = r.choice(["thin", "oci", "oci8"])
        _hidden(f"spring.datasource.url=jdbc:oracle:{driver}:{user}/{s}@//{host}.corp:1521/ORCLPDB1", s)
    _kept("jdbc:oracle:thin:@//db.corp:1521/ORCL", "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(HOST=db)))")


def test_a_psql_or_pandas_table_s_secret_column_hides_its_cells() -> None:
    r = random.Random("aligned tables")
    for _ in range(VARIANTS):
        s, user = _secret(r), r.choice(WORDS)
        column = r.choice(["password", "api_key", "client_secret"])
        width = max(len(s), len(column)) + 1
        psql = (f"  user   | {column:<{width}}| role\n---------+{'-' * (width + 1)}+------\n"
                f" {user:<8}| {s:<{width}}| etl\n(1 row)\n")
        pandas = (f"{'user':>10}  {column:>{width}}\n0{user:>9}  {s:>{width}}\n")
        for text in (psql, pandas):
            wire = _wire("standard", text)
            assert s not in wire and user in wire and column in wire, wire


def test_a_pgbouncer_userlist_s_passwords_are_secrets() -> None:
    r = random.Random("userlist")
    for _ in range(VARIANTS):
        secrets = [_secret(r), "SCRAM-SHA-256$4096:" + rand(r, _B64, 24) + "$" + rand(r, _B64, 44)]
        lines = [f'"{r.choice(WORDS)}" "{s}"' for s in secrets]
        text = "\n".join([r.choice([";; users", ""]), *r.sample(lines, 2), ""])
        _hidden(text, *secrets)
    _kept('a "quoted" "words" line', 'say "hello" "world"\nand more')
