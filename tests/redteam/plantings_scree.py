"""The twelfth estate's plantings: API traffic captures and client artifacts (`scree`).

One function per class, as `plantings_tarn` does, and its `plant` records each `Told`. Secrets
sit where a capture or a client keeps them: headers, cookies, query strings, form and JSON bodies,
redirects, collection variables, command lines, examples, bundles and app files; identifiers sit
in the tenant host, user and account ids in paths, e-mails in query strings, internal hosts and
forwarded addresses, and the people response bodies and payloads name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import token_forms as tf
import token_scree as tc
from plantings import Planter
from plantings_sleet import plant
from token_sleet import Told


def cast(p: Planter) -> tc.Cast:
    """The vendor (public), the customer's tenant, account and internal domain (identifiers)."""
    rng = p.rng
    vendor = f"{tf.word(rng, 2)}{rng.choice(('api', 'hq', 'ly'))}.io"
    tenant = p.ident("tenant", f"{tf.word(rng)}-{rng.choice(('prod', 'live', 'eu'))}")
    account = p.ident("vendor-account", "acct_" + tf.chars(rng, 16, tf.ALNUM))
    internal = p.ident("internal-domain", f"{tf.word(rng, 2)}.{rng.choice(('corp', 'int', 'lan'))}")
    return tc.Cast(vendor, tenant, account, internal)


CLASSES = {
    "auth_header": "har-header",
    "cookies": "har-header",
    "query": "har-query",
    "post_form": "har-body",
    "post_json": "har-body",
    "redirect": "har-redirect",
    "forwarded": "har-forwarded",
    "postman_collection": "postman",
    "postman_environment": "postman",
    "insomnia": "client-export",
    "bruno": "client-export",
    "thunder": "client-export",
    "curl_user": "curl-line",
    "curl_header": "curl-line",
    "curl_data": "curl-line",
    "curl_bearer": "curl-line",
    "httpie": "http-cli",
    "wget": "http-cli",
    "powershell": "http-cli",
    "openapi": "api-example",
    "swagger": "api-example",
    "graphql": "graphql",
    "grpc": "grpc-metadata",
    "github": "webhook-delivery",
    "stripe": "webhook-delivery",
    "slack": "webhook-delivery",
    "env": "baked-env",
    "firebase": "client-config",
    "auth0": "client-config",
    "amplify": "client-config",
    "supabase": "client-config",
    "sourcemap": "source-map",
    "google_services": "firebase-config",
    "google_service_plist": "firebase-config",
    "strings": "android-resource",
    "manifest": "android-resource",
    "info_plist": "ios-plist",
    "token_response": "oauth-token",
    "code": "oauth-token",
    "saml": "saml-post",
    "access_log": "access-log",
}
"""Each form's class of failure (a style is one variant; a class gathers the variants of one way
to give a value away)."""


def _styles(p: Planter, styles: tuple[str, ...], make: Callable[[random.Random, str], Told]) -> list[Any]:
    return [plant(p, CLASSES[style], make(p.rng, style)) for style in styles]


def captures(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"har": _styles(p, tc.HAR_STYLES, lambda rng, s: tc.har(rng, c, s))}


def clients(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"exports": _styles(p, tc.CLIENT_STYLES, lambda rng, s: tc.api_client(rng, c, s))}


def commands(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"snippets": _styles(p, tc.COMMAND_STYLES, lambda rng, s: tc.command(rng, c, s))}


def descriptions(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"documents": _styles(p, tc.SPEC_STYLES, lambda rng, s: tc.described(rng, c, s))}


def webhooks(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"deliveries": _styles(p, tc.HOOK_STYLES, lambda rng, s: tc.webhook(rng, c, s))}


def bundles(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"assets": _styles(p, tc.BUNDLE_STYLES, lambda rng, s: tc.bundle(rng, c, s))}


def apps(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"files": _styles(p, tc.MOBILE_STYLES, lambda rng, s: tc.mobile(rng, c, s))}


def exchanges(p: Planter, c: tc.Cast) -> dict[str, Any]:
    return {"traces": _styles(p, tc.OAUTH_STYLES, lambda rng, s: tc.exchange(rng, c, s))}
