"""The fifth estate's plantings: SaaS, identity and edge forms (`fjord`).

One function per class, as `plantings` does: each returns the fragment the builder places and
records its canaries on the planter. Secrets sit in vendor token formats, hook URLs, vendor
headers and HAR captures, Terraform state flagged `sensitive_attributes`, config sections named
like a secret, JWKs, bare private-key bodies, registry auths and secrets piped on stdin;
identifiers sit in SCIM and SAML payloads, OAuth URLs, console-style account ids, DNS and TLS
records, and people named in other orders and other languages.
"""

from __future__ import annotations

import json
from typing import Any

import token_forms as tf
import token_saas as ts
from plantings import Planter, record

# --------------------------------------------------------------------------- secrets


def saas_tokens(p: Planter) -> str:
    """Every family of `SAAS_FAMILIES`, in one deploy log under a neutral key."""
    found = [record(p, "saas-token-format", ts.saas_token(p.rng, f)) for f in ts.SAAS_FAMILIES]
    return "\n".join(f"[{i:02d}] configured {tok}" for i, tok in enumerate(found))


def hook_urls(p: Planter) -> list[str]:
    return [record(p, "hook-url", ts.hook_url(p.rng, style)) for style in ts.HOOKS]


def http_capture(p: Planter, host: str) -> str:
    """A raw request whose vendor headers carry keys (no `Authorization` among them)."""
    names = p.pick(ts.VENDOR_HEADERS, 4)
    lines = [f"{n}: {p.secret('vendor-header', ts.header_secret(p.rng))}" for n in names]
    return f"POST /api/v2/series HTTP/1.1\r\nHost: {host}\r\n" + "\r\n".join(lines) + "\r\n\r\n{}"


def har(p: Planter, host: str) -> dict[str, Any]:
    """A HAR entry: vendor headers, cookies and form parameters as name/value records."""
    names = p.pick(ts.VENDOR_HEADERS, 3)
    headers = [{"name": "Accept", "value": "application/json"},
               *({"name": n, "value": p.secret("har-record", ts.header_secret(p.rng))} for n in names)]
    cookies = [{"name": f"{tf.word(p.rng, 1)}_sid", "value": p.secret("har-record", tf.chars(p.rng, 32)),
                "httpOnly": True}]
    params = [{"name": "grant_type", "value": "client_credentials"},
              {"name": "client_secret", "value": p.secret("har-record", tf.password(p.rng))}]
    return {"log": {"entries": [{"request": {
        "method": "POST", "url": f"https://{host}/oauth2/v1/token", "headers": headers, "cookies": cookies,
        "postData": {"mimeType": "application/x-www-form-urlencoded", "params": params}}}]}}


def terraform_state(p: Planter) -> dict[str, Any]:
    """A state whose `sensitive_attributes` flag neutral attributes (`result`, `content`), held
    as the state's dict and as its JSON text, and a variable flagged sensitive in HCL."""
    def resource(kind: str, attribute: str) -> dict[str, Any]:
        value = p.secret("terraform-sensitive", tf.password(p.rng))
        return {"mode": "managed", "type": kind, "name": tf.word(p.rng), "instances": [{
            "attributes": {attribute: value, "length": 24, "id": "none"},
            "sensitive_attributes": [[{"type": "get_attr", "value": attribute}]]}]}
    held = {"version": 4, "resources": [resource("random_password", "result")]}
    written = {"version": 4, "resources": [resource("local_sensitive_file", "content"),
                                           resource("random_string", "result")]}
    default = p.secret("terraform-sensitive", tf.password(p.rng))
    hcl = (f'variable "{tf.word(p.rng)}" {{\n  type      = string\n  default   = "{default}"\n'
           "  sensitive = true\n}\n")
    return {"state": held, "state_json": json.dumps(written), "variables_tf": hcl}


def secret_sections(p: Planter) -> dict[str, str]:
    """Config texts whose section or parent key names the secret, the entries under it neutral."""
    s = [p.secret("secret-section", tf.password(p.rng)) for _ in range(5)]
    return {"values_yaml": f"image: {tf.word(p.rng)}:1.4\nsecrets:\n  stripe: {s[0]}\n  mailgun: {s[1]}\n"
                           f"replicas: 2\n",
            "config_toml": f'[server]\nport = 8443\n\n[credentials]\nprimary = "{s[2]}"\n'
                           f'secondary = "{s[3]}"\n',
            "worker_ini": f"[general]\nlog = info\n\n[api_keys]\ningest = {s[4]}\n"}


def jwks(p: Planter) -> dict[str, Any]:
    """Private JWKs: one as a dict, one as the JSON text of a `jwks` setting."""
    held, held_secrets = ts.jwk_private(p.rng)
    written, written_secrets = ts.jwk_private(p.rng)
    for value in held_secrets + written_secrets:
        p.secret("jwk-private", value)
    return {"signing": {"keys": [held]}, "jwks": json.dumps({"keys": [written]})}


def bare_private_key(p: Planter) -> str:
    """A PKCS#8 body without its PEM armour, in a SAML SP's XML."""
    body = p.secret("bare-private-key", ts.pkcs8_body(p.rng))
    return (f'<md:SPSSODescriptor><md:Extensions><sp:SigningMaterial format="pkcs8">{body}'
            f"</sp:SigningMaterial></md:Extensions></md:SPSSODescriptor>")


def registry_auths(p: Planter) -> dict[str, str]:
    """A Docker `config.json` and an `.npmrc`, as texts: base64 `user:password` auths."""
    pw, npm = tf.password(p.rng), tf.password(p.rng)
    auth = tf.b64(f"{tf.word(p.rng, 2)}:{pw}".encode())
    npm_auth = tf.b64(f"{tf.word(p.rng, 2)}:{npm}".encode())
    p.secret("registry-auth", pw, auth)
    p.secret("registry-auth", npm, npm_auth)
    docker = json.dumps({"auths": {f"{tf.word(p.rng)}.jfrog.io": {"auth": auth}}})
    return {"docker_config": docker, "npmrc": f"registry=https://npm.{tf.word(p.rng)}.dev/\n_auth={npm_auth}\n"
                                              "always-auth=true\n"}


def stdin_secrets(p: Planter) -> str:
    """A workflow whose steps pipe a literal secret into a login on stdin."""
    pw, tok = (p.secret("stdin-secret", tf.password(p.rng)) for _ in range(2))
    return ("on: push\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n"
            f"      - run: echo '{pw}' | docker login ghcr.io -u ci --password-stdin\n"
            f"      - run: gh auth login --with-token <<< \"{tok}\"\n")


def cli_logins(p: Planter) -> list[str]:
    """A runbook of identity and CI logins, each with a literal password or token."""
    return [record(p, "cli-login", ts.cli_login(p.rng, style, tf.password(p.rng))) for style in ts.LOGINS]


# --------------------------------------------------------------------------- identifiers


def scim_user(p: Planter, user_id: str, login: str, person: str) -> str:
    """A SCIM create payload as the IdP sends it (JSON text): the user's id, login and name."""
    given, family = person.split(" ", 1)
    return json.dumps({"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"], "externalId": user_id,
                       "userName": login, "name": {"givenName": given, "familyName": family},
                       "displayName": person, "emails": [{"value": login, "primary": True}]},
                      ensure_ascii=False)


def saml_assertion(login: str, person: str, tenant: str) -> str:
    return (f'<saml:Assertion><saml:Issuer>https://sts.windows.net/{tenant}/</saml:Issuer><saml:Subject>'
            '<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">'
            f"{login}</saml:NameID>"
            f'</saml:Subject><saml:Attribute Name="displayname"><saml:AttributeValue>{person}'
            f"</saml:AttributeValue></saml:Attribute></saml:Assertion>")


def oauth_urls(p: Planter, tenant: str, client: str) -> list[str]:
    """OAuth URLs naming the tenant in the path and the client in the query, and the issuer of a
    partner tenant the dataset holds nowhere else."""
    p.ident("tenant-in-url", tenant)
    p.ident("client-id", client)
    partner = p.ident("tenant-in-url", tf.uuid(p.rng))
    return [f"https://sts.windows.net/{partner}/",f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize?client_id={client}"
            "&response_type=code&scope=openid",
            f"https://login.microsoftonline.com/{tenant.upper()}/v2.0/.well-known/openid-configuration"]


def dashed_accounts(p: Planter, accounts: list[int]) -> str:
    """Account ids as the console prints them (`1234-5678-9012`), quoted in prose."""
    shown = [ts.dashed_account(a) for a in accounts]
    for a, s in zip(accounts, shown, strict=True):
        p.ident("dashed-account", s, f"{a:012d}", bounded=True)
    return f"Switch role into {shown[0]} (billing) or {shown[-1]}; never into the payer."


def plus_emails(p: Planter, logins: list[str]) -> list[str]:
    """Plus-addressed spellings of known logins, and one under a punycode (IDN) domain."""
    out = []
    for login in logins:
        local, domain = login.split("@")
        tag = p.rng.choice(("alerts", "pagerduty", "github", "okta"))
        out.append(p.ident("plus-email", f"{local}+{tag}@{domain}", local))
    idn = f"{tf.word(p.rng, 2)}@xn--{tf.word(p.rng, 2)}-{tf.chars(p.rng, 3, 'abcdefghijk')}.no"
    out.append(p.ident("plus-email", idn))
    return out


def reordered_people(p: Planter, people: list[str]) -> str:
    """Known people as a directory lists them: `Family, Given` and `FAMILY Given`."""
    spelled = []
    for person in people:
        forms = ts.reordered(person)
        p.ident("reordered-name", forms[0], forms[1])
        spelled += forms
    return "On-call rota: " + "; ".join(spelled) + "."


def foreign_prose(p: Planter, hosts: list[str]) -> tuple[list[str], list[str]]:
    """People (the builder names them as owners too) and known hosts in prose in other languages."""
    people = [p.ident("foreign-prose", tf.scripted_person(p.rng) if i % 2 else tf.person(p.rng))
              for i in range(len(hosts))]
    texts = [template.format(who=who, host=host) for who, host, template in
             zip(people, hosts, p.rng.sample(ts.NON_ENGLISH, len(hosts)), strict=True)]
    return texts, people


def dns_records(p: Planter, zone: str) -> list[dict[str, Any]]:
    """A zone's records: customer hosts, an SPF record listing addresses, a DKIM record."""
    hosts = [p.ident("customer-host", f"{tf.word(p.rng, 2)}-{p.rng.randrange(1, 9)}.{zone}")
             for _ in range(3)]
    ips = [tf.public_ip(p.rng), tf.private_ip(p.rng)]
    for ip in ips:
        p.ident("spf-ip", ip, bounded=True)
    spf = f"v=spf1 ip4:{ips[0]} ip4:{ips[1]}/32 include:_spf.google.com ~all"
    return [{"type": "A", "name": hosts[0], "content": tf.public_ip(p.rng), "proxied": True},
            {"type": "CNAME", "name": hosts[1], "content": f"{hosts[2]}.cdn.cloudflare.net"},
            {"type": "TXT", "name": zone, "content": spf},
            {"type": "TXT", "name": f"s1._domainkey.{zone}", "content": "v=DKIM1; k=rsa; p=" + tf.chars(
                p.rng, 64, tf.B64)}]


def certificate_text(p: Planter, zone: str) -> str:
    """`openssl x509 -text` output: SANs glued to `DNS:` and `IP Address:` name internal hosts."""
    internal = [p.ident("san-host", f"{tf.word(p.rng)}-{tf.word(p.rng, 1)}.int.{zone}") for _ in range(2)]
    ip = p.ident("san-host", tf.private_ip(p.rng), bounded=True)
    return ("Certificate:\n    Data:\n        Subject: CN = " + internal[0] + "\n"
            "        X509v3 extensions:\n            X509v3 Subject Alternative Name:\n"
            f"                DNS:{internal[0]}, DNS:{internal[1]}, IP Address:{ip}\n")


def repo_slugs(p: Planter, org: str, repo: str) -> list[str]:
    """A repository named by clone URLs and an Actions run URL (the asset names are canaries)."""
    return [f"git@github.com:{org}/{repo}.git", f"https://github.com/{org}/{repo}/actions/runs/"
            f"{p.rng.randrange(10**9, 10**10)}", f"{org}/{repo}@refs/heads/main"]
