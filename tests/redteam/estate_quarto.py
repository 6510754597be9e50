"""An eighth generated estate, `quarto`: a data platform (Snowflake, BigQuery, Redshift, Databricks
and Synapse; Airflow, dbt, Airbyte, Fivetran, Spark, Glue, Kafka; Tableau, Looker, Power BI).

Unlike the first seven: asset ids are data-catalog URNs (`urn:li:dataset:(...)`), Databricks
workspace numbers and Snowflake locators; lineage edges end at tables, not assets; secrets sit in
engine URLs and DSNs, Airflow connections and variables, profiles.yml, connector configs, Kafka
and Spark properties, query history, notebook cells and outputs, service-account key files and
BI logins (`plantings_quarto`); identifiers sit in column samples, owners, GRANTs, SQL literals,
Delta commit info, warehouse, workspace and broker hosts and cluster ids.
"""

from __future__ import annotations

import plantings as pl
import plantings_quarto as pq
import token_forms as tf
import token_quarto as tq
from drafting import Draft, Estate, link


def _urn(platform: str, table: str) -> str:
    return f"urn:li:dataset:(urn:li:dataPlatform:{platform},{table},PROD)"


def quarto(seed: int, fillers: int = 6) -> Estate:
    """A data platform, in the forms the eighth red-team walk looks for; `fillers` plain catalog
    tables besides (the CI walk takes none: every class is planted without them)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-data")
    zone = p.ident("customer-host", f"{tf.word(rng)}{tf.word(rng, 1)}.io")
    region = rng.choice(("eu-west-1", "us-east-2", "eu-central-1"))
    account, project = tf.account_number(rng), f"{tf.word(rng)}-{tf.word(rng, 2)}-{rng.randrange(100, 999)}"
    sub = tf.uuid(rng)
    hosts = pq.warehouse_hosts(p, region)
    db = f"{tf.word(rng).upper()}_PROD"
    logins = [p.ident("query-user", f"{tf.word(rng).upper()}_{tf.word(rng, 1).upper()}") for _ in range(2)]
    private = pl.private_hosts(p, 2)
    snow = d.asset(
        f"snowflake://{hosts['snowflake']}",
        db,
        "SNOWFLAKE_ACCOUNT",
        "SNOWFLAKE",
        account=hosts["snowflake"],
        region=region,
        tags={"owner": pl.persons(p, 1)[0]},
        metadata={
            "host": hosts["snowflake_host"],
            "org_url": hosts["snowflake_org"],
            "query_history": pq.query_history(p, logins),
            "grants": pq.query_people(p, zone),
            "rows": pq.people_rows(p, zone),
            "printed": pq.rows_and_listings(p, zone),
            "ops": pq.ops_notes(p),
        },
    )
    table = f"{db}.CRM.CUSTOMERS"
    customers = d.asset(
        _urn("snowflake", table.lower()),
        "customers",
        "DATA_TABLE",
        "SNOWFLAKE",
        account=hosts["snowflake"],
        region=region,
        metadata={
            "columns": pq.catalog_columns(p, zone),
            "ownership": pq.owners(p, zone),
            "properties": {"delta.appendOnly": "false", "comment": "CRM master"},
        },
    )
    bq = d.asset(
        f"//bigquery.googleapis.com/projects/{project}/datasets/{tf.word(rng)}_mart",
        f"{tf.word(rng)}_mart",
        "BIGQUERY_DATASET",
        "GCP",
        account=project,
        region="EU",
        tags={"team": tf.word(rng), "layer": "gold"},
        metadata={"service_account_keys": pq.service_account_keys(p, project)},
    )
    rs_name = f"{tf.word(rng)}-dwh"
    redshift = d.asset(
        f"arn:aws:redshift:{region}:{account}:cluster:{rs_name}",
        rs_name,
        "REDSHIFT_CLUSTER",
        "AWS",
        arn=f"arn:aws:redshift:{region}:{account}:cluster:{rs_name}",
        account=account,
        tags={"cost-center": str(rng.randrange(1000, 9999)), "env": "prod"},
        region=region,
        metadata={
            "endpoint": hosts["redshift"],
            "connections": pq.engine_urls(p, private[0]),
            "more": pq.more_urls(p, private[0]),
        },
    )
    dbx_id = str(rng.randrange(10**15, 10**16))
    databricks = d.asset(
        dbx_id,
        f"{tf.word(rng)}-lakehouse",
        "DATABRICKS_WORKSPACE",
        "DATABRICKS",
        account=sub,
        region="westeurope",
        metadata={
            "url": hosts["databricks"],
            "cluster": pq.cluster_spark_conf(p),
            "notebook": pq.notebook(p, hosts["snowflake"]),
            "result": pq.spark_show(p),
            "history": pq.delta_history(p, zone, hosts["databricks"][8:]),
        },
    )
    synapse = d.asset(
        f"/subscriptions/{sub}/resourceGroups/rg-{tf.word(rng)}/providers/Microsoft.Synapse/"
        f"workspaces/syn-{tf.word(rng)}",
        f"syn-{tf.word(rng)}",
        "SYNAPSE_WORKSPACE",
        "AZURE",
        account=sub,
        region="westeurope",
        metadata={"spark": pq.spark_jobs(p), "files": pq.config_files(p)},
    )
    mwaa_name = f"{tf.word(rng)}-airflow"
    mwaa = d.asset(
        f"arn:aws:airflow:{region}:{account}:environment/{mwaa_name}",
        mwaa_name,
        "MWAA_ENVIRONMENT",
        "AWS",
        arn=f"arn:aws:airflow:{region}:{account}:environment/{mwaa_name}",
        account=account,
        region=region,
        metadata={
            "airflow": pq.airflow(p),
            "dbt": {"profiles.yml": pq.dbt_profiles(p, hosts["snowflake"], project)},
        },
    )
    ingest = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-ingest",
        "ELT_CONNECTOR",
        "AIRBYTE",
        account=zone,
        metadata=pq.connectors(p, private[1]),
    )
    msk_name = f"{tf.word(rng)}-events"
    msk = d.asset(
        f"arn:aws:kafka:{region}:{account}:cluster/{msk_name}/{tf.uuid(rng)}-2",
        msk_name,
        "MSK_CLUSTER",
        "AWS",
        account=account,
        region=region,
        metadata={"bootstrap": hosts["brokers"], "clients": pq.streaming(p)},
    )
    bi = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-analytics",
        "BI_SITE",
        "TABLEAU",
        account=zone,
        metadata={**pq.bi_tools(p), "runbook": pq.runbook(p)},
    )
    chain = [snow, customers, bq, redshift, databricks, synapse, mwaa, ingest, msk, bi]
    link(d, chain, [pl.ip_sentence(p), f"loaded by {logins[0]}"])
    for target in (
        f"{project}.{tf.word(rng)}_raw.orders",
        f"{db}.STAGING.STG_{tf.word(rng).upper()}",
        f"s3://{tf.word(rng)}-landing-{account}/events/",
    ):
        d.external(customers["id"], target, "LINEAGE", relationship="DOWNSTREAM_OF")
    for asset, tool, text in (
        (
            customers,
            "macie",
            f"PII detected in {table}: column email holds {rng.randrange(10**4, 10**6)} e-mail addresses",
        ),
        (snow, "snowflake-trust-center", f"User {logins[1]} has no MFA and ACCOUNTADMIN"),
        (
            databricks,
            "dbx-sat",
            f"Cluster {databricks['metadata']['history'][0]['clusterId']} allows no-isolation shared access",
        ),
    ):
        d.finding(asset, f"{tool}: {tf.word(rng)}", text, source_tool=tool)
    for i in range(fillers):
        d.asset(
            _urn("bigquery", f"{project}.{tf.word(rng)}.t{i:02d}"),
            f"t{i:02d}",
            "DATA_TABLE",
            "GCP",
            account=project,
            region="EU",
            tags={"layer": rng.choice(("bronze", "silver", "gold"))},
        )
    return d.finish(
        name,
        ["snowflake", "gcp", "aws", "azure", "databricks"],
        {"aws": [region], "gcp": ["EU"], "azure": ["westeurope"]},
    )


FAMILIES = (
    {f"url_{s}" for s in tq.ENGINE_URLS}
    | {f"airflow_{s}" for s in tq.AIRFLOW}
    | {f"kafka_{s}" for s in tq.KAFKA}
    | {f"spark_{s}" for s in tq.SPARK}
    | {f"sql_{s}" for s in tq.SQL}
    | {"sas_stage", "sas_scoped"}
    | {f"bi_{s}" for s in tq.BI}
    | {f"sql_{s}" for s in tq.MORE_SQL}
    | {f"cli_{s}" for s in tq.CLIENTS}
    | {f"file_{s}" for s in tq.FILES}
    | {f"url_{s}" for s in tq.MORE_URLS}
)
"""The families of `token_quarto`'s forms, for the coverage check."""
