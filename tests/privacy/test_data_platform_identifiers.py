"""Identifiers of data platforms that reached `strict` callers (red team `quarto`): people,
e-mails and phone numbers in a notebook's `df.show()` and Markdown tables under a person's or
contact column, a data catalog's column samples, SQL literals compared with or inserted into such
a column, quoted values code gives a typed key (`'owner': 'jdoe'`, `AZURE_TENANT_ID = '...'`), and
the user `ALTER TABLE ... OWNER TO` names. Generated variants; column names, SQL keywords,
system accounts and settings stay as written."""

from __future__ import annotations

import json
import random
import uuid

from tests.privacy.test_cluster_identifiers import _person
from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown


def _wire(profile: str, value: object) -> str:
    return json.dumps(shown(profile, value), ensure_ascii=False)


def _phone(r: random.Random) -> str:
    return r.choice([f"+44 {r.randrange(7000, 7999)} {r.randrange(100000, 999999)}",
                     f"0{r.randrange(100, 999)} {r.randrange(100, 999)} {r.randrange(1000, 9999)}",
                     f"+1-{r.randrange(200, 999)}-{r.randrange(200, 999)}-{r.randrange(1000, 9999)}"])


def _hidden(value: object, *names: str) -> None:
    wire = _wire("strict", value)
    for name in names:
        assert name not in wire, wire
    assert shown("standard", value) == value


def test_people_in_a_pipe_table_s_person_column_are_hidden_under_strict() -> None:
    r = random.Random("df.show")
    for _ in range(VARIANTS * 2):
        people = [_person(r) for _ in range(2)]
        column = r.choice(["full_name", "owner", "contact_name", "display_name", "created_by"])
        width = max(map(len, people)) + 2
        border = f"+---+{'-' * width}+-----+"
        rows = [f"|{i:3d}|{p:>{width}}|{r.randrange(10, 999):5d}|" for i, p in enumerate(people)]
        shown_df = "\n".join([border, f"| id|{column:>{width}}|total|", border, *rows, border])
        markdown = (f"| {column} | amount |\n|---|---:|\n" +
                    "".join(f"| {p} | {r.randrange(10, 999)} |\n" for p in people))
        for text in (shown_df, markdown):
            wire = _wire("strict", text)
            assert not any(p in wire for p in people), wire
            assert column in wire and ("total" in wire or "amount" in wire), wire


def _login(r: random.Random) -> str:
    return f"{r.choice(WORDS)}{r.choice(['.', '_', ''])}{r.choice(WORDS)[:3]}{r.randrange(10, 99)}"


def test_a_catalog_column_s_samples_are_ruled_by_its_name_under_strict() -> None:
    r = random.Random("column samples")
    for _ in range(VARIANTS * 2):
        people, phones = [_person(r) for _ in range(2)], [_phone(r) for _ in range(2)]
        mails = [f"{_login(r)}@{r.choice(WORDS)}.io" for _ in range(2)]
        name_key, samples_key = r.choice(["name", "column_name", "columnName"]), r.choice(
            ["samples", "sample_values", "sampleValues"])
        columns = [{name_key: r.choice(["full_name", "contact_name", "customer_name", "patient_name",
                                        "billing_full_name"]), "type": "VARCHAR", samples_key: people},
                   {name_key: r.choice(["phone", "phone_number", "mobile", "billing_phone"]),
                    samples_key: phones},
                   {name_key: "email", "tags": ["PII"], samples_key: mails},
                   {name_key: "status", samples_key: ["active", "closed"]}]
        value = {"table": f"{r.choice(WORDS)}.customers", "columns": r.sample(columns, len(columns))}
        _hidden(value, *people, *phones, *mails)
        wire = _wire("strict", value)  # a column's name is a column's, not a resource's
        assert all(f'"{c[name_key]}"' in wire for c in columns) and "active" in wire, wire


def test_sql_and_code_literals_beside_a_person_s_or_an_id_s_key_are_hidden_under_strict() -> None:
    r = random.Random("sql literals")
    for _ in range(VARIANTS * 2):
        person, phone, login = _person(r), _phone(r), _login(r)
        tenant = str(uuid.UUID(int=r.getrandbits(128)))
        quoted = person.replace("'", "''")
        table = f"{r.choice(WORDS)}.{r.choice(['customers', 'contacts', 'leads'])}"
        where = (f"SELECT * FROM {table} c WHERE c.{r.choice(['full_name', 'contact_name'])} = '{quoted}' "
                 f"{r.choice(['AND', 'and', 'OR'])} {r.choice(['phone', 'mobile'])} = '{phone}';")
        columns = r.sample(["id", "full_name", "phone", "tier"], 4)
        values = {"id": str(r.randrange(1000, 9999)), "full_name": f"'{quoted}'", "phone": f"'{phone}'",
                  "tier": f"'{r.choice(WORDS)}'"}
        rows = [f"({', '.join(values[c] for c in columns)})", f"({', '.join(values[c] for c in columns)})"]
        insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join(rows)};"
        code = r.choice([f"default_args = {{'owner': '{login}', 'retries': 2}}", f'DAG(owner="{login}")',
                         f"meta:\n  owner: '{login}'"])
        integration = (f"CREATE STORAGE INTEGRATION {r.choice(WORDS)}_int TYPE = EXTERNAL_STAGE "
                       f"STORAGE_PROVIDER = 'AZURE' AZURE_TENANT_ID = '{tenant}' ENABLED = TRUE;")
        _hidden(where, person, phone)
        _hidden(insert, person, phone)
        _hidden(code, login)
        _hidden(integration, tenant)


def test_the_user_sql_makes_an_owner_is_hidden_under_strict() -> None:
    r = random.Random("sql owner")
    for _ in range(VARIANTS):
        login = _login(r)
        q = r.choice(["", '"'])
        _hidden(r.choice([f"ALTER TABLE marts.orders OWNER TO {q}{login}{q};",
                          f"alter schema {r.choice(WORDS)} owner to {q}{login}{q};",
                          f"CREATE SCHEMA IF NOT EXISTS {r.choice(WORDS)} AUTHORIZATION {q}{login}{q};"]),
                login)


def test_sql_keywords_columns_system_accounts_and_prose_stay_under_strict() -> None:
    for text in ("SELECT * FROM users WHERE user = 'admin' AND status = 'active';",
                 "df.filter(col('name') == 'orders')", "ALTER TABLE t OWNER TO postgres;",
                 "transfer the owner to finance", "the authorization header is missing",
                 "INSERT INTO events (kind, status) VALUES ('click', 'done'), ('view', 'open');",
                 "SELECT full_name, phone FROM crm.customers WHERE tier = 'gold';"):
        assert shown("strict", text) == text


def test_people_in_psql_and_pandas_output_are_hidden_under_strict() -> None:
    r = random.Random("psql pandas")
    for _ in range(VARIANTS):
        people = [_person(r) for _ in range(2)]
        column = r.choice(["owner", "full_name", "customer_name"])
        width = max(map(len, people)) + 1
        psql = (f"  id  | {column:<{width}}| region\n------+{'-' * (width + 1)}+--------\n" +
                "".join(f" {r.randrange(1000, 9999)} | {p:<{width}}| eu\n" for p in people) + "(2 rows)\n")
        pandas = (f"   order_id  {column:>{width}}  amount\n" +
                  "".join(f"{i}  {r.randrange(10**7, 10**8):>9}  {p:>{width}}  {r.randrange(10, 99):>6}\n"
                          for i, p in enumerate(people)))
        for text in (psql, pandas):
            wire = _wire("strict", text)
            assert not any(p in wire for p in people) and column in wire, wire
            assert shown("standard", text) == text


def test_the_users_warehouse_listings_and_orchestrator_logs_name_are_hidden_under_strict() -> None:
    r = random.Random("grants logs")
    for _ in range(VARIANTS):
        grantee, login, actor = (_login(r) for _ in range(3))
        _hidden({"privilege": "SELECT", "granted_on": "TABLE", "granted_to": "USER",
                 r.choice(["grantee_name", "grantee"]): grantee.upper()}, grantee.upper())
        _hidden(f"CREATE USER {r.choice(WORDS)} LOGIN_NAME = '{login}' DEFAULT_ROLE = ANALYST;", login)
        verb = r.choice(["triggered", "run", "cleared", "paused", "started"])
        _hidden(f"[2026-11-02, 08:14:03 UTC] {{taskinstance.py:1345}} INFO - Marking task as SUCCESS. "
                f"dag_id={r.choice(WORDS)}, {verb} by {actor}", actor)


def test_listings_that_name_nobody_stay_under_strict() -> None:
    for text in ("NAME                     READY   STATUS    RESTARTS   AGE\n"
                 "api-7d9f8b6c5d-x2k4p     1/1     Running   0          3d\n",
                 "    col_name  data_type\n0  full_name     string\n1      owner     string",
                 "the DAG was triggered by scheduler", "the backfill was run by hand.",
                 "triggered by manual__2026-01-01T00:00:00", "The quick brown fox\njumps over the dog"):
        assert shown("strict", text) == text


def test_grantees_mentions_and_a_run_s_user_tag_are_hidden_under_strict() -> None:
    r = random.Random("grants mentions")
    for _ in range(VARIANTS):
        grantee, mentioned, tagged = (_login(r) for _ in range(3))
        _hidden(f"GRANT {r.choice(['SELECT', 'USAGE', 'ALL'])} ON {r.choice(['TABLE t', 'SCHEMA marts'])} "
                f"TO {grantee};", grantee)
        _hidden(f"{r.choice(['Hi', 'cc', 'thanks'])} @{mentioned}, the nightly run failed", mentioned)
        q = r.choice(["'", '"'])
        _hidden(f"mlflow.set_tag({q}mlflow.user{q}, {q}{tagged}{q})", tagged)


def test_roles_words_decorators_and_scopes_stay_under_strict() -> None:
    for text in ("GRANT USAGE ON SCHEMA s TO ROLE analyst;", "GRANT SELECT ON t TO PUBLIC;",
                 "we grant access to everyone", "@dataclass\nclass Row: pass",
                 "@pytest.mark.parametrize(\"x\", [1])", "npm i @types/node", "uses: actions/checkout@v4",
                 "set_option(\"display.max_rows\", \"100\")"):
        assert shown("strict", text) == text
