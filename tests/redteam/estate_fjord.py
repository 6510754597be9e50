"""A fifth generated estate, `fjord`: SaaS, identity and edge (Okta, Entra ID, Google Workspace,
GitHub, PagerDuty, Sentry, Datadog, Cloudflare, Vercel, a Terraform workspace, two AWS accounts).

Unlike the first four: asset ids are Okta object ids, Entra object GUIDs, 21-digit Workspace
ids, GitHub integers, 32-hex Cloudflare ids and `prj_` ids; accounts are an Okta org host, a
tenant GUID, a Cloudflare account tag and an AWS account quoted with dashes; secrets sit in
SaaS token formats, hook URLs, vendor headers, HAR records, Terraform state, config sections,
JWKs, bare key bodies, registry auths and stdin pipes (`plantings_saas`); identifiers sit in
SCIM, SAML, OAuth URLs, DNS and TLS records, plus-addresses and people written `Family, Given`
or in other languages. A few of the first estates' classes are planted too.
"""

from __future__ import annotations

import plantings as pl
import plantings_saas as ps
import token_forms as tf
import token_saas as ts
from drafting import Draft, Estate, link


def fjord(seed: int, fillers: int = 6) -> Estate:
    """SaaS, identity and edge, in the forms the fifth red-team walk looks for; `fillers` plain
    directory users besides (the CI walk takes none: every class is planted without them)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-saas")
    zone = f"{tf.word(rng)}{tf.word(rng, 1)}.no"
    p.ident("customer-host", zone)
    okta_org = f"{tf.word(rng)}.okta.com"
    tenant, cf_account = tf.uuid(rng), tf.chars(rng, 32, ts.HEX)
    aws_accounts = [tf.account_number(rng) for _ in range(2)]
    people = pl.persons(p, 4)
    logins = [f"{w.split()[0].lower()}.{tf.word(rng, 2)}@{zone}" for w in people[:3]]
    users = [d.asset(ts.okta_id(rng, "user"), login, "OKTA_USER", "OKTA", account=okta_org,
                     metadata={"profile": {"displayName": person, "login": login,
                                           "mobilePhone": tf.phone(rng)}})
             for person, login in zip(people, logins, strict=False)]
    group = d.asset(ts.okta_id(rng, "group"), f"grp-{tf.word(rng)}-admins", "OKTA_GROUP", "OKTA",
                    account=okta_org,
                    metadata={"members": [u["id"] for u in users],
                              "scim": ps.scim_user(p, users[0]["id"], logins[0], people[0])})
    client = ts.okta_id(rng, "app")
    okta_app = d.asset(client, f"{tf.word(rng)} portal", "OKTA_APP", "OKTA", account=okta_org, exposed=True,
                       metadata={"credentials": {"oauthClient": {"client_id": client}},
                                 "saml_sp": ps.bare_private_key(p), "signing": ps.jwks(p),
                                 "har": ps.har(p, okta_org)})
    app_id = tf.uuid(rng)
    entra = d.asset(tf.uuid(rng), f"{tf.word(rng)}-sso", "ENTRA_APPLICATION", "AZURE", account=tenant,
                    tags={"owner": people[1], **pl.secret_tags(p, 1)},
                    metadata={"appId": app_id, "signInUrls": ps.oauth_urls(p, tenant, app_id),
                              "assertion": ps.saml_assertion(logins[1], people[1], tenant)})
    workspace = d.asset(rng.randrange(10**20, 10**21), logins[2].replace("@", "@g."), "WORKSPACE_USER",
                        "GOOGLE_WORKSPACE",
                        account="C0" + tf.chars(rng, 7, "0123456789abcdefghjk"),
                        metadata={"aliases": ps.plus_emails(p, logins[:2]), "counts": pl.big_counts(p)})
    org = f"{tf.word(rng)}-{tf.word(rng, 2)}"
    repo_name = f"{tf.word(rng)}-{tf.word(rng, 2)}-api"
    repo = d.asset(rng.randrange(10**8, 10**9), repo_name, "GITHUB_REPOSITORY", "GITHUB", account=org,
                   metadata={"clone": ps.repo_slugs(p, org, repo_name), "workflow": ps.stdin_secrets(p),
                             "runbook": ps.cli_logins(p),
                             "registries": ps.registry_auths(p), "tokens": pl.tokens(p, 2, ("openssh",))})
    pager = d.asset("P" + tf.chars(rng, 6, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"), f"{tf.word(rng)}-oncall",
                    "PAGERDUTY_SERVICE", "PAGERDUTY", account=f"{tf.word(rng)}.pagerduty.com",
                    tags={"owner": people[3]},
                    metadata={"hooks": ps.hook_urls(p), "rota": ps.reordered_people(p, people[2:]),
                              "deploy_log": ps.saas_tokens(p)})
    records = ps.dns_records(p, zone)
    zone_asset = d.asset(tf.chars(rng, 32, ts.HEX), zone, "CLOUDFLARE_ZONE", "CLOUDFLARE", account=cf_account,
                         metadata={"records": records, "certificate": ps.certificate_text(p, zone),
                                   "capture": ps.http_capture(p, "api.datadoghq.eu")})
    hosts = [r["name"] for r in records[:2]]
    prose, speakers = ps.foreign_prose(p, [*hosts, zone])
    terraform = d.asset(f"ws-{tf.chars(rng, 16)}", f"{tf.word(rng)}-edge-infra", "TERRAFORM_WORKSPACE",
                        "TERRAFORM", account=f"{tf.word(rng)}-org",
                        tags={"owner": speakers[0], "approver": speakers[1], "maintainer": speakers[2]},
                        metadata={**ps.terraform_state(p), **ps.secret_sections(p),
                                  "notes": " ".join(prose)})
    region = "us-east-1"
    payer, member = aws_accounts
    bastion = d.asset(f"i-0{tf.chars(rng, 16, ts.HEX)}", f"{tf.word(rng)}-bastion", "EC2", "AWS",
                      account=member, arn=f"arn:aws:ec2:{region}:{member}:instance/{tf.word(rng)}",
                      region=region,
                      metadata={"notes": ps.dashed_accounts(p, aws_accounts), "payer_account_id": payer})
    vercel = d.asset(f"prj_{tf.chars(rng, 28)}", f"{tf.word(rng)}-site", "VERCEL_PROJECT", "VERCEL",
                     account=f"team_{tf.chars(rng, 24)}", exposed=True,
                     metadata={"env": pl.secret_list(p), "domains": pl.provider_hosts(p, 2)})
    chain = [*users, group, okta_app, entra, workspace, repo, pager, zone_asset, terraform, bastion, vercel]
    link(d, chain, [f"reviewed with {people[3]}", pl.ip_sentence(p),
                    f"approved by {ts.reordered(people[0])[0]}"])
    d.external(okta_app["id"], f"https://login.microsoftonline.com/{tenant}/saml2", "FEDERATES")
    for asset, text in ((repo, f"Secret scanning: {repo_name} leaked a key; {logins[0]} notified."),
                        (entra, f"Consent granted to {app_id} in {tenant} by {people[1]}."),
                        (zone_asset, f"{hosts[0]} resolves to {records[0]['content']}; "
                                     f"{ts.reordered(people[2])[0]} owns it."),
                        (bastion, ps.dashed_accounts(p, aws_accounts[::-1]))):
        d.finding(asset, f"Review {tf.word(rng)}", text)
    d.finding(repo, "Deploy key with write access", "A deploy key can push.",
              ident=p.ident("finding-id", f"{org}/{repo_name}#deploy-key-{rng.randrange(10, 99)}"))
    for _ in range(fillers):
        d.asset(ts.okta_id(rng, "user"), f"{tf.word(rng)}.{tf.word(rng, 2)}@{zone}", "OKTA_USER", "OKTA",
                account=okta_org, tags={"team": tf.word(rng)})
    return d.finish(name, ["okta", "azure", "github", "cloudflare", "aws"], {"aws": [region]})
