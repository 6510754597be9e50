"""API traffic captures and client artifacts for the twelfth estate (`scree`).

Like `token_tarn`: drawn from a seeded RNG, nothing copied from a real file, each function a
`Told` (what is stored; `secrets` hidden under `standard`, `ids` under `strict`). The shapes are
what integrators and front-end and mobile developers leave in an estate's metadata: HAR captures,
Postman collections and environments, Insomnia, Bruno and Thunder Client exports, curl, httpie,
wget and PowerShell lines, OpenAPI examples, GraphQL requests, gRPC metadata, webhook deliveries,
minified bundles and source maps, Firebase, Amplify, Auth0 and Supabase client configs, Android
and iOS app files, OAuth and SAML exchanges.

Written but no canaries, because the layer leaves them (see the README's list of what stays out of
reach): a person under a bare `name` in a response's member list, a Postman variable named
`refresh` (Grafana's `"refresh": "5s"` is the same key), an OpenAPI parameter's example whose
parameter is a bare `id`, and `google-services.json`'s `package_name` (SBOMs key public package
names the same). A user id is in paths only: a body's bare `"id"` is left likewise.
"""

from __future__ import annotations

import base64
import json
import random
import string
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

from token_forms import ALNUM, chars, jwt, password, person, private_ip, public_ip, token, uuid, word
from token_sleet import HEX, Told

URLSAFE = ALNUM + "-_"


@dataclass(frozen=True)
class Cast:
    """The estate's vendor, the customer tenant on it, its apps and the customer's account."""

    vendor: str
    """The vendor's public API domain (`kovabi.io`): it stays."""
    tenant: str
    """The customer's tenant label (`morvu-prod`): `<tenant>.api.<vendor>` names the customer."""
    account: str
    """The customer's account on the vendor (`acct_7Q2...`)."""
    internal: str
    """The customer's internal domain (`corp.<word>.lan`)."""

    @property
    def api(self) -> str:
        return f"{self.tenant}.api.{self.vendor}"


def user_id(rng: random.Random) -> str:
    """A numeric user id as REST paths carry it (`/users/8841723/`): seven or eight digits."""
    return str(rng.randrange(10**6, 10**8))


def internal_host(rng: random.Random, cast: Cast) -> str:
    return f"{word(rng, 2)}-{rng.choice(('api', 'gw', 'edge', 'svc'))}{rng.randrange(1, 9)}.{cast.internal}"


def mail(rng: random.Random, cast: Cast) -> str:
    return f"{word(rng, 2)}.{word(rng, 3)}@{cast.tenant.split('-')[0]}{word(rng, 1)}.com"


def session_id(rng: random.Random) -> str:
    return chars(rng, 32, string.ascii_lowercase + string.digits)


def refresh_token(rng: random.Random) -> str:
    return "v1." + chars(rng, 64, URLSAFE)


def api_key(rng: random.Random) -> str:
    return chars(rng, 32, HEX)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _hdr(pairs: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"name": n, "value": v} for n, v in pairs]


# --------------------------------------------------------------------------- HAR


def har(rng: random.Random, cast: Cast, style: str) -> Told:
    """One HAR 1.2 entry (request, response, timings) whose headers, query, body or redirect
    carry a credential, and whose URL, hosts and body name the customer."""
    t = Told(None, f"har_{style}")
    uid = t.ident(user_id(rng), True)
    url = f"https://{t.ident(cast.api)}/v2/users/{uid}/profile"
    req_headers = [("Accept", "application/json"), ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64)")]
    resp_headers = [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
    query: list[tuple[str, str]] = []
    post: dict[str, Any] | None = None
    body: dict[str, Any] = {"status": "active", "verified": True}
    status, text = 200, "OK"
    if style == "auth_header":
        req_headers += [
            ("Authorization", f"Bearer {t.secret(jwt(rng))}"),
            ("X-Api-Key", t.secret(api_key(rng))),
        ]
        body["display_name"] = t.ident(person(rng))
    elif style == "cookies":
        sid, csrf = t.secret(session_id(rng)), t.secret(chars(rng, 40))
        req_headers.append(("Cookie", f"sessionid={sid}; csrftoken={csrf}; theme=dark"))
        resp_headers.append(
            (
                "Set-Cookie",
                f"__Host-sess={t.secret(chars(rng, 48, URLSAFE))}; Path=/; Secure; HttpOnly; SameSite=Lax",
            )
        )
        body["email"] = t.ident(mail(rng, cast))
    elif style == "query":
        who = t.ident(mail(rng, cast))
        key = t.secret(chars(rng, 40, URLSAFE))
        query = [("email", who), ("api_key", key), ("page", "2")]
        url = f"https://{cast.api}/v2/users/{uid}/search?{urlencode(query)}"
    elif style == "post_form":
        login = t.ident(f"{word(rng, 2)}.{word(rng, 2)}")
        pw, refresh = t.secret(password(rng)), t.secret(refresh_token(rng))
        params = [
            ("grant_type", "password"),
            ("username", login),
            ("password", pw),
            ("refresh_token", refresh),
        ]
        post = {
            "mimeType": "application/x-www-form-urlencoded",
            "params": _hdr(params),
            "text": urlencode(params),
        }
        url = f"https://{cast.api}/v2/users/{uid}/sessions"
        body = {"token_type": "Bearer", "expires_in": 3600}
    elif style == "post_json":
        card = {"holder": t.ident(person(rng)), "account": t.ident(cast.account)}
        secret = t.secret(password(rng))
        post = {
            "mimeType": "application/json",
            "text": json.dumps({"client_id": chars(rng, 24), "client_secret": secret, **card}),
        }
        url = f"https://{cast.api}/v2/accounts/{cast.account}/members/{uid}"
        body = {"members": [{"name": person(rng), "role": "admin"}]}  # `name` says nothing: left
    elif style == "redirect":
        access, ident_token = t.secret(chars(rng, 43, URLSAFE)), t.secret(jwt(rng))
        location = (
            f"https://{cast.tenant}.app.{cast.vendor}/callback#access_token={access}"
            f"&id_token={ident_token}&token_type=Bearer&expires_in=3600"
        )
        resp_headers.append(("Location", location))
        status, text, body = 302, "Found", {}
    else:  # forwarded: the hosts and addresses a proxy adds
        inner = t.ident(internal_host(rng, cast))
        chain = [t.ident(public_ip(rng), True), t.ident(private_ip(rng), True)]
        req_headers += [
            ("Host", inner),
            ("X-Forwarded-Host", inner),
            ("X-Forwarded-For", ", ".join(chain)),
            ("X-Real-IP", chain[0]),
            ("X-Forwarded-Proto", "https"),
        ]
        req_headers.append(("X-Api-Key", t.secret(api_key(rng))))
    request: dict[str, Any] = {
        "method": "POST" if post else "GET",
        "url": url,
        "httpVersion": "HTTP/2.0",
        "headers": _hdr(req_headers),
        "queryString": _hdr(query),
        "cookies": [],
        "headersSize": -1,
        "bodySize": -1,
    }
    if post:
        request["postData"] = post
    t.value = {
        "log": {
            "version": "1.2",
            "creator": {"name": "WebInspector", "version": "537.36"},
            "entries": [
                {
                    "startedDateTime": "2026-11-03T09:14:07.112Z",
                    "time": rng.randrange(40, 900),
                    "request": request,
                    "response": {
                        "status": status,
                        "statusText": text,
                        "httpVersion": "HTTP/2.0",
                        "headers": _hdr(resp_headers),
                        "cookies": [],
                        "content": {"size": -1, "mimeType": "application/json", "text": json.dumps(body)},
                        "redirectURL": "",
                        "headersSize": -1,
                        "bodySize": -1,
                    },
                    "serverIPAddress": t.ident(public_ip(rng), True),
                    "timings": {"send": 0, "wait": rng.randrange(30, 800), "receive": 2},
                }
            ],
        }
    }
    return t


# --------------------------------------------------------------------------- API clients


def api_client(rng: random.Random, cast: Cast, style: str) -> Told:
    """A Postman collection or environment, an Insomnia, Bruno or Thunder Client export."""
    t = Told(None, f"client_{style}")
    uid = t.ident(user_id(rng), True)
    host = t.ident(cast.api)
    if style == "postman_collection":
        t.value = {
            "info": {
                "_postman_id": uuid(rng),
                "name": f"{word(rng).capitalize()} API",
                "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
            },
            "auth": {
                "type": "bearer",
                "bearer": [{"key": "token", "value": t.secret(jwt(rng)), "type": "string"}],
            },
            "item": [
                {
                    "name": "Get user",
                    "request": {
                        "method": "GET",
                        "header": [
                            {"key": "X-Tenant", "value": cast.tenant},
                            {"key": "X-Api-Key", "value": t.secret(api_key(rng))},
                        ],
                        "url": {
                            "raw": f"https://{host}/v2/users/{uid}",
                            "protocol": "https",
                            "host": host.split("."),
                            "path": ["v2", "users", uid],
                        },
                    },
                },
                {
                    "name": "Basic login",
                    "request": {
                        "method": "POST",
                        "auth": {
                            "type": "basic",
                            "basic": [
                                {"key": "username", "value": t.ident(f"{word(rng, 2)}_{word(rng, 2)}")},
                                {"key": "password", "value": t.secret(password(rng))},
                            ],
                        },
                        "url": {"raw": "{{baseUrl}}/session"},
                    },
                },
            ],
        }
    elif style == "postman_environment":
        t.value = {
            "id": uuid(rng),
            "name": f"{cast.tenant} prod",
            "values": [
                {"key": "baseUrl", "value": f"https://{host}", "enabled": True},
                {"key": "token", "value": t.secret(jwt(rng)), "type": "secret", "enabled": True},
                {"key": "refresh", "value": refresh_token(rng), "type": "default", "enabled": True},  # left
                {"key": "userId", "value": uid, "type": "default", "enabled": True},
                {"key": "adminEmail", "value": t.ident(mail(rng, cast)), "type": "default", "enabled": True},
            ],
            "_postman_variable_scope": "environment",
        }
    elif style == "insomnia":
        t.value = {
            "_type": "export",
            "__export_format": 4,
            "resources": [
                {
                    "_id": f"env_{chars(rng, 32, HEX)}",
                    "_type": "environment",
                    "name": "Production",
                    "data": {
                        "base_url": f"https://{host}",
                        "bearer": t.secret(chars(rng, 40, URLSAFE)),
                        "account": t.ident(cast.account),
                    },
                },
                {
                    "_id": f"req_{chars(rng, 32, HEX)}",
                    "_type": "request",
                    "method": "DELETE",
                    "url": "{{ _.base_url }}/v2/users/" + uid,
                    "authentication": {"type": "bearer", "token": "{{ _.bearer }}"},
                    "headers": [{"name": "X-Client-Secret", "value": t.secret(password(rng))}],
                },
            ],
        }
    elif style == "bruno":
        t.value = (
            f"meta {{\n  name: get {word(rng)}\n  type: http\n  seq: 3\n}}\n\n"
            f"get {{\n  url: https://{host}/v2/users/{uid}\n  body: none\n  auth: bearer\n}}\n\n"
            f"headers {{\n  x-api-key: {t.secret(api_key(rng))}\n  accept: application/json\n}}\n\n"
            f"auth:bearer {{\n  token: {t.secret(chars(rng, 48, URLSAFE))}\n}}\n\n"
            f"vars:pre-request {{\n  owner: {t.ident(person(rng))}\n}}\n"
        )
    else:  # thunder
        t.value = {
            "client": "Thunder Client",
            "collectionName": f"{word(rng)}",
            "requests": [
                {
                    "_id": uuid(rng),
                    "name": "me",
                    "url": f"https://{host}/v2/users/{uid}",
                    "method": "GET",
                    "headers": [
                        {
                            "name": "Authorization",
                            "value": f"Basic {t.secret(_b64(word(rng) + ':' + password(rng)))}",
                        }
                    ],
                    "auth": {
                        "type": "oauth2",
                        "oauth2": {
                            "grantType": "client_credentials",
                            "clientId": chars(rng, 20),
                            "clientSecret": t.secret(chars(rng, 40, URLSAFE)),
                        },
                    },
                }
            ],
        }
    return t


# --------------------------------------------------------------------------- command lines


def command(rng: random.Random, cast: Cast, style: str) -> Told:
    """A curl, httpie, wget or PowerShell line an integrator pasted into a ticket or a README."""
    t = Told(None, f"cmd_{style}")
    uid = t.ident(user_id(rng), True)
    host = t.ident(cast.api)
    url = f"https://{host}/v2/users/{uid}"
    if style == "curl_user":
        t.value = f"curl -sS -u {t.ident(word(rng, 2) + '.' + word(rng, 2))}:{t.secret(password(rng))} {url}"
    elif style == "curl_header":
        t.value = (
            f"curl -X PATCH '{url}' -H 'Content-Type: application/json' "
            f"-H 'X-Api-Key: {t.secret(api_key(rng))}' -d '{{\"role\":\"viewer\"}}'"
        )
    elif style == "curl_data":
        who = t.ident(mail(rng, cast))
        t.value = (
            f"curl {url}/sessions --data-urlencode 'username={who}' "
            f"--data-urlencode 'password={t.secret(password(rng))}' -d grant_type=password"
        )
    elif style == "curl_bearer":
        t.value = f"curl --oauth2-bearer {t.secret(chars(rng, 40, URLSAFE))} {url}"
    elif style == "httpie":
        t.value = (
            f"http POST https://{host}/v2/accounts/{t.ident(cast.account)}/users/{uid}/keys "
            f"Authorization:'Bearer {t.secret(chars(rng, 40, URLSAFE))}' name=ci"
        )
    elif style == "wget":
        t.value = (
            f"wget --header='X-Auth-Token: {t.secret(api_key(rng))}' --user={t.ident(word(rng, 3))} "
            f"--password={t.secret(password(rng))} -O export.csv {url}/export"
        )
    else:  # powershell
        t.value = (
            f"$h = @{{ Authorization = 'Bearer {t.secret(chars(rng, 40, URLSAFE))}' }}\n"
            f"Invoke-RestMethod -Uri '{url}' -Method Get -Headers $h\n"
            f"$cred = New-Object PSCredential('{t.ident(word(rng, 3))}', (ConvertTo-SecureString "
            f"'{t.secret(password(rng))}' -AsPlainText -Force))"
        )
    return t


# --------------------------------------------------------------------------- API descriptions


def described(rng: random.Random, cast: Cast, style: str) -> Told:
    """An OpenAPI or Swagger document whose servers and examples hold real values, a GraphQL
    request with its variables, gRPC metadata."""
    t = Told(None, f"spec_{style}")
    host = t.ident(cast.api)
    if style == "openapi":
        t.value = (
            "openapi: 3.0.3\ninfo:\n  title: Accounts\n  version: 2.4.1\nservers:\n"
            f"  - url: https://{host}/v2\ncomponents:\n  securitySchemes:\n    ApiKeyAuth:\n"
            "      type: apiKey\n      in: header\n      name: X-Api-Key\n"
            "  examples:\n    Login:\n      value:\n"
            f"        username: {t.ident(word(rng, 2) + '.' + word(rng, 3))}\n"
            f"        password: {t.secret(password(rng))}\n    Key:\n      value:\n"
            f"        api_key: {t.secret(api_key(rng))}\n"
        )
    elif style == "swagger":
        t.value = {
            "swagger": "2.0",
            "host": host,
            "basePath": "/v2",
            "paths": {
                "/users/{id}": {
                    "get": {
                        "parameters": [
                            {
                                "name": "id",
                                "in": "path",
                                "type": "integer",
                                "x-example": int(user_id(rng)),  # a bare `id` parameter: left
                            },
                            {
                                "name": "Authorization",
                                "in": "header",
                                "type": "string",
                                "x-example": f"Bearer {t.secret(jwt(rng))}",
                            },
                        ],
                        "responses": {
                            "200": {
                                "description": "OK",
                                "examples": {
                                    "application/json": {
                                        "name": t.ident(person(rng)),
                                        "email": t.ident(mail(rng, cast)),
                                    }
                                },
                            }
                        },
                    }
                }
            },
        }
    elif style == "graphql":
        t.value = {
            "operationName": "Login",
            "query": (
                "mutation Login($email: String!, $password: String!) "
                "{ login(email: $email, password: $password)"
                " { token user { id name } } }"
            ),
            "variables": {"email": t.ident(mail(rng, cast)), "password": t.secret(password(rng))},
            "extensions": {"headers": {"authorization": f"Bearer {t.secret(chars(rng, 40, URLSAFE))}"}},
        }
    else:  # grpc
        svc = f"{word(rng)}.v1.{word(rng).capitalize()}Service/GetAccount"
        t.value = (
            f"grpcurl -H 'authorization: Bearer {t.secret(chars(rng, 40, URLSAFE))}' "
            f"-H 'x-tenant-id: {t.ident(cast.tenant)}' -d '{{\"account_id\": \"{cast.account}\"}}' "
            f"grpc.{cast.vendor}:443 {svc}\n"
            "Response headers received:\ncontent-type: application/grpc\n"
            f"x-request-id: {uuid(rng)}\nx-upstream-host: {t.ident(internal_host(rng, cast))}\n"
            "Response trailers received:\ngrpc-status: 0\n"
        )
    return t


# --------------------------------------------------------------------------- webhooks


def webhook(rng: random.Random, cast: Cast, style: str) -> Told:
    """A webhook delivery as its sender's log keeps it: headers, payload naming people and repos."""
    t = Told(None, f"hook_{style}")
    if style == "github":
        org, repo = t.ident(f"{word(rng)}-{word(rng, 2)}"), word(rng)
        sender = t.ident(f"{word(rng, 2)}{word(rng, 1)}")
        t.value = {
            "id": rng.randrange(10**10, 10**11),
            "event": "push",
            "status_code": 200,
            "request": {
                "headers": {
                    "X-GitHub-Event": "push",
                    "X-GitHub-Delivery": uuid(rng),
                    "X-Hub-Signature-256": "sha256=" + chars(rng, 64, HEX),
                    "User-Agent": "GitHub-Hookshot/5b1e2f7",
                },
                "payload": {
                    "ref": "refs/heads/main",
                    "repository": {"full_name": f"{org}/{repo}", "private": True},
                    "pusher": {"name": sender, "email": t.ident(mail(rng, cast))},
                    "sender": {"login": sender, "type": "User"},
                },
            },
            "config": {
                "url": f"https://{t.ident(internal_host(rng, cast))}/hooks/github",
                "content_type": "json",
                "secret": t.secret(chars(rng, 40, URLSAFE)),
            },
        }
    elif style == "stripe":
        t.value = {
            "endpoint": f"https://{cast.api}/webhooks/stripe",
            "headers": {"Stripe-Signature": f"t={rng.randrange(10**9, 2 * 10**9)},v1={chars(rng, 64, HEX)}"},
            "signing_secret": t.secret("whsec_" + chars(rng, 32)),
            "body": {
                "type": "customer.created",
                "data": {
                    "object": {
                        "id": "cus_" + chars(rng, 14),
                        "name": t.ident(person(rng)),
                        "email": t.ident(mail(rng, cast)),
                    }
                },
            },
        }
    else:  # slack
        t.value = (
            f"POST /slack/events HTTP/1.1\nHost: {t.ident(internal_host(rng, cast))}\n"
            f"X-Slack-Signature: v0={chars(rng, 64, HEX)}\nX-Slack-Request-Timestamp: "
            f"{rng.randrange(10**9, 2 * 10**9)}\nContent-Type: application/json\n\n"
            + json.dumps(
                {
                    "token": t.secret(chars(rng, 24)),
                    "team_id": "T" + chars(rng, 10, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"),
                    "event": {
                        "type": "message",
                        "user_name": t.ident(f"{word(rng, 2)}.{word(rng, 2)}"),
                        "text": "deploy done",
                    },
                }
            )
        )
    return t


# --------------------------------------------------------------------------- bundles


def bundle(rng: random.Random, cast: Cast, style: str) -> Told:
    """A minified JS bundle with a baked `.env.production` or a client config, or its source map."""
    t = Told(None, f"bundle_{style}")
    if style == "env":
        t.value = (
            f'!function(){{"use strict";var e={{NODE_ENV:"production",VITE_API_URL:"https://{t.ident(cast.api)}",'
            f'VITE_STRIPE_SECRET:"{t.secret(token(rng, "stripe").text)}",'
            f'VITE_ADMIN_PASSWORD:"{t.secret(password(rng))}",'
            f'VITE_SENTRY_ENV:"prod"}};window.__ENV__=e}}();'
        )
    elif style == "firebase":
        project = t.ident(f"{word(rng)}-{word(rng, 2)}-{rng.randrange(1000, 9999)}")
        t.value = (
            f'const n={{apiKey:"{t.secret(token(rng, "google_api").text)}",'
            f'authDomain:"{project}.firebaseapp.com",'
            f'projectId:"{project}",storageBucket:"{project}.appspot.com",messagingSenderId:"'
            f'{t.ident(str(rng.randrange(10**11, 10**12)), True)}",'
            f'appId:"1:{rng.randrange(10**11, 10**12)}:web:'
            f'{chars(rng, 22, HEX)}"}};export default n;'
        )
    elif style == "auth0":
        domain = t.ident(f"{cast.tenant}.eu.auth0.com")
        t.value = (
            f'var a=new Auth0Client({{domain:"{domain}",clientId:"{chars(rng, 32)}",'
            f'clientSecret:"{t.secret(chars(rng, 64, URLSAFE))}",audience:"https://{cast.api}/"}});'
        )
    elif style == "amplify":
        t.value = (
            "const awsmobile = {\n"
            '    "aws_project_region": "eu-west-1",\n'
            f'    "aws_cognito_identity_pool_id": "eu-west-1:{t.ident(uuid(rng))}",\n'
            f'    "aws_user_pools_id": "{t.ident("eu-west-1_" + chars(rng, 9))}",\n'
            f'    "aws_appsync_graphqlEndpoint": "https://{t.ident(chars(rng, 26, string.ascii_lowercase))}'
            '.appsync-api.eu-west-1.amazonaws.com/graphql",\n'
            '    "aws_appsync_apiKey": '
            f'"{t.secret("da2-" + chars(rng, 26, string.ascii_lowercase + string.digits))}"\n'
            "};\nexport default awsmobile;\n"
        )
    elif style == "supabase":
        ref = t.ident(chars(rng, 20, string.ascii_lowercase))
        t.value = (
            f'import{{createClient as c}}from"@supabase/supabase-js";'
            f'export const s=c("https://{ref}.supabase.co","{t.secret(jwt(rng))}");'
        )
    else:  # sourcemap
        pw = t.secret(password(rng))
        source = (
            f"export const config = {{\n  apiBase: 'https://{t.ident(internal_host(rng, cast))}',\n"
            f"  serviceToken: '{t.secret(chars(rng, 40, URLSAFE))}',\n  dbPassword: '{pw}',\n}};\n"
        )
        t.value = json.dumps(
            {
                "version": 3,
                "file": "main.3f9a1c.js",
                "sources": ["webpack://app/./src/config.ts"],
                "sourcesContent": [source],
                "names": ["config"],
                "mappings": "AAAA,SAASA",
            }
        )
    return t


# --------------------------------------------------------------------------- mobile


def mobile(rng: random.Random, cast: Cast, style: str) -> Told:
    """Android and iOS app files: google-services.json, strings.xml, AndroidManifest meta-data,
    Info.plist, GoogleService-Info.plist."""
    t = Told(None, f"mobile_{style}")
    bundle_id = f"com.{word(rng)}.{word(rng, 2)}"
    project = f"{word(rng)}-{word(rng, 2)}-{rng.randrange(1000, 9999)}"
    if style == "google_services":
        t.ident(project)
        t.value = {
            "project_info": {
                "project_number": t.ident(str(rng.randrange(10**11, 10**12)), True),
                "project_id": project,
                "storage_bucket": f"{project}.appspot.com",
            },
            "client": [
                {
                    "client_info": {
                        "mobilesdk_app_id": f"1:{rng.randrange(10**11, 10**12)}:android:"
                        f"{chars(rng, 16, HEX)}",
                        "android_client_info": {"package_name": bundle_id},  # left
                    },
                    "api_key": [{"current_key": t.secret(token(rng, "google_api").text)}],
                    "oauth_client": [
                        {
                            "client_id": f"{rng.randrange(10**11, 10**12)}-"
                            f"{chars(rng, 32, string.ascii_lowercase)}"
                            ".apps.googleusercontent.com",
                            "client_type": 3,
                        }
                    ],
                }
            ],
            "configuration_version": "1",
        }
    elif style == "strings":
        t.value = (
            '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
            f'    <string name="app_name">{word(rng).capitalize()}</string>\n'
            f'    <string name="backend_url">https://{t.ident(cast.api)}</string>\n'
            f'    <string name="backend_api_secret">{t.secret(chars(rng, 40, URLSAFE))}</string>\n'
            f'    <string name="facebook_client_token">{t.secret(chars(rng, 32, HEX))}</string>\n'
            f'    <string name="support_contact">{t.ident(person(rng))}</string>\n</resources>\n'
        )
    elif style == "manifest":
        t.value = (
            '<manifest xmlns:android="http://schemas.android.com/apk/res/android" '
            f'package="{t.ident(bundle_id)}">\n  <application android:label="@string/app_name">\n'
            '    <meta-data android:name="com.google.android.geo.API_KEY" '
            f'android:value="{t.secret(token(rng, "google_api").text)}"/>\n'
            '    <meta-data android:name="io.sentry.dsn" '
            f'android:value="https://{t.secret(chars(rng, 32, HEX))}'
            f"@o{rng.randrange(10**5, 10**6)}.ingest.sentry.io/"
            f'{rng.randrange(10**6, 10**7)}"/>\n'
            '    <meta-data android:name="com.vendor.sdk.CLIENT_SECRET" '
            f'android:value="{t.secret(password(rng))}"/>\n  </application>\n</manifest>\n'
        )
    elif style == "info_plist":
        t.value = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
            f"\t<key>CFBundleIdentifier</key>\n\t<string>{t.ident(bundle_id)}</string>\n"
            f"\t<key>API_BASE_URL</key>\n\t<string>https://{t.ident(cast.api)}</string>\n"
            f"\t<key>API_SECRET</key>\n\t<string>{t.secret(chars(rng, 40, URLSAFE))}</string>\n"
            f"\t<key>DeveloperContact</key>\n\t<string>{t.ident(mail(rng, cast))}</string>\n"
            "</dict>\n</plist>\n"
        )
    else:  # google_service_plist
        t.value = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
            f"\t<key>API_KEY</key>\n\t<string>{t.secret(token(rng, 'google_api').text)}</string>\n"
            "\t<key>GCM_SENDER_ID</key>\n"
            f"\t<string>{t.ident(str(rng.randrange(10**11, 10**12)), True)}</string>\n"
            f"\t<key>BUNDLE_ID</key>\n\t<string>{t.ident(bundle_id)}</string>\n"
            f"\t<key>PROJECT_ID</key>\n\t<string>{t.ident(project)}</string>\n</dict>\n</plist>\n"
        )
    return t


# --------------------------------------------------------------------------- OAuth, SAML


def exchange(rng: random.Random, cast: Cast, style: str) -> Told:
    """An OAuth or SAML exchange as a debugging proxy or an access log keeps it."""
    t = Told(None, f"oauth_{style}")
    if style == "token_response":
        t.value = {
            "access_token": t.secret(jwt(rng)),
            "token_type": "Bearer",
            "expires_in": 3600,
            "refresh_token": t.secret(refresh_token(rng)),
            "id_token": t.secret(jwt(rng)),
            "scope": "openid profile offline_access",
        }
    elif style == "code":
        code, verifier = t.secret(chars(rng, 40, URLSAFE)), t.secret(chars(rng, 64, URLSAFE))
        uid = t.ident(user_id(rng), True)
        t.value = (
            f"GET /users/{uid}/callback?code={code}&state={chars(rng, 16, HEX)} HTTP/1.1 302\n"
            f"POST /oauth/token grant_type=authorization_code&code={code}&code_verifier={verifier}"
            f"&redirect_uri={quote(f'https://{t.ident(cast.api)}/done', safe='')}"
        )
    elif style == "saml":
        who = mail(rng, cast)
        assertion = (
            f'<samlp:Response ID="_{chars(rng, 32, HEX)}"><saml:Assertion><saml:Subject>'
            f"<saml:NameID>{who}</saml:NameID></saml:Subject></saml:Assertion></samlp:Response>"
        )
        blob = t.secret(_b64(assertion))
        t.value = (
            f"POST https://{t.ident(cast.tenant)}.sso.{cast.vendor}/saml/acs\n"
            f"Content-Type: application/x-www-form-urlencoded\n\n"
            f"SAMLResponse={quote(blob, safe='')}&RelayState=%2Fdashboard"
        )
    else:  # access_log: e-mails and tokens in query strings
        who = t.ident(mail(rng, cast))
        ip = t.ident(public_ip(rng), True)
        t.value = (
            f'{ip} - - [03/Nov/2026:09:14:07 +0000] "GET /v2/invite?email={quote(who, safe="")}'
            f'&token={t.secret(chars(rng, 32, URLSAFE))} HTTP/1.1" 200 512 "-" "okhttp/4.12.0"'
        )
    return t


HAR_STYLES = ("auth_header", "cookies", "query", "post_form", "post_json", "redirect", "forwarded")
CLIENT_STYLES = ("postman_collection", "postman_environment", "insomnia", "bruno", "thunder")
COMMAND_STYLES = ("curl_user", "curl_header", "curl_data", "curl_bearer", "httpie", "wget", "powershell")
SPEC_STYLES = ("openapi", "swagger", "graphql", "grpc")
HOOK_STYLES = ("github", "stripe", "slack")
BUNDLE_STYLES = ("env", "firebase", "auth0", "amplify", "supabase", "sourcemap")
MOBILE_STYLES = ("google_services", "strings", "manifest", "info_plist", "google_service_plist")
OAUTH_STYLES = ("token_response", "code", "saml", "access_log")
