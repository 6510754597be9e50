"""A twelfth generated estate, `scree`: API traffic captures and client artifacts, what integrators
and front-end and mobile developers leave in an estate's metadata (HAR captures, Postman, Insomnia,
Bruno and Thunder Client exports, curl, httpie, wget and PowerShell lines, OpenAPI and GraphQL,
gRPC metadata, webhook deliveries, minified bundles and source maps, Firebase, Amplify, Auth0 and
Supabase client configs, Android and iOS app files, OAuth and SAML exchanges).

Unlike the first eleven: the assets are a SaaS vendor's surfaces as one customer uses them (an API
gateway, a client workspace, a developer portal, a webhook endpoint, a CDN, two mobile apps, an
identity provider), ids are URNs under the vendor's tenant and the account is the vendor's
(`acct_...`). Secrets sit in headers, cookies, bodies, redirects and baked configs; identifiers
sit in the tenant host, paths, query strings, forwarding headers and response bodies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import plantings as pl
import plantings_scree as psc
import token_forms as tf
import token_scree as tc
from drafting import Draft, Estate, link

Planting = Callable[[pl.Planter, tc.Cast], dict[str, Any]]


def scree(seed: int, fillers: int = 6) -> Estate:
    """API captures and client artifacts, in the forms the twelfth red-team walk looks for;
    `fillers` plain endpoints besides (the CI walk takes two, so the notebook surfaces see enough
    assets: every class and family is planted without them)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-api")
    c = psc.cast(p)

    def surface(kind: str, label: str, plant: Planting | None = None, **kw: Any) -> dict[str, Any]:
        """An asset of the vendor's, under the customer's tenant (its metadata: `plant`'s files)."""
        urn = f"urn:{c.vendor}:{c.tenant}:{kind.lower()}:{rng.randrange(10**5, 10**6)}"
        meta = plant(p, c) if plant else {"endpoint": f"https://{c.api}/{label}"}
        return d.asset(urn, f"{c.tenant}-{label}", kind, "SAAS", account=c.account, metadata=meta, **kw)

    gateway = surface("API_GATEWAY", "gateway", psc.captures, exposed=True)
    workspace = surface("API_CLIENT_WORKSPACE", "workspace", psc.clients)
    portal = surface("DEVELOPER_PORTAL", "portal", psc.commands)
    specs = surface("API_SPEC", "specs", psc.descriptions)
    hooks = surface("WEBHOOK_ENDPOINT", "hooks", psc.webhooks, exposed=True)
    cdn = surface("CDN_DISTRIBUTION", "cdn", psc.bundles, exposed=True)
    app = surface("MOBILE_APP", "app", psc.apps)
    idp = surface("IDENTITY_PROVIDER", "sso", psc.exchanges)
    lb = surface("LOAD_BALANCER", "edge")
    tenant = surface("TENANT", "tenant", tags={"plan": "enterprise"})
    chain = [gateway, workspace, portal, specs, hooks, cdn, app, idp, lb, tenant]
    link(d, chain, [pl.ip_sentence(p), f"called by {tf.word(rng)}-client"])
    d.finding(
        gateway,
        "HAR capture stored with credentials",
        "A browser capture kept Authorization and Cookie headers.",
        source_tool="gitleaks",
    )
    d.finding(
        cdn,
        "Source map published",
        "sourcesContent ships the configuration module.",
        evidence={"file": "main.3f9a1c.js.map"},
        source_tool="trufflehog",
    )
    for i in range(fillers):
        surface("API_ROUTE", f"route-{i:02d}", tags={"tier": "std"})
    return d.finish(name, ["saas"], {"saas": ["global"]})


_STYLED = (
    ("har", tc.HAR_STYLES),
    ("client", tc.CLIENT_STYLES),
    ("cmd", tc.COMMAND_STYLES),
    ("spec", tc.SPEC_STYLES),
    ("hook", tc.HOOK_STYLES),
    ("bundle", tc.BUNDLE_STYLES),
    ("mobile", tc.MOBILE_STYLES),
    ("oauth", tc.OAUTH_STYLES),
)
FAMILIES = {f"{head}_{style}" for head, styles in _STYLED for style in styles}
"""The families of `token_scree`'s forms, for the coverage check."""
